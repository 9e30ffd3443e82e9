# Balanced random openings (issue 14), sourced by tests/match/run.sh (uses check/ok/bad, cli_case,
# $TMP, $FIX). The fixture engine in mode `balance` scores a position by the map it was given
# (byte sum of the EntMap pairs mod 3: 0 a mate, 1 +500 cp, 2 +30 cp), so the test knows from
# each game's [EntMap] tag what the check must have said.
map_classes() { # PGN -> the sorted set of "byte sum mod 3" of the games' maps, and the count
    python3 -c "
import re, sys
maps = re.findall(r'^\[EntMap \"(.*)\"\]$', open(sys.argv[1]).read(), re.M)
print(len(maps), ''.join(sorted(set(str(sum(map(ord, m)) % 3) for m in maps))))" "$1"
}
B="$TMP/balance"
mkdir -p "$B"
BAL_ARGS=(-each st=0.01 timemargin=10000 -games 12 -repeat -maxmoves 6)
timeout 120 ./qecmatch -engine cmd="$FIX balance" name=judge -engine cmd="$FIX random 0 2" name=b "${BAL_ARGS[@]}" \
    -openings random seed=20 plies=2 nodes=777 -pgnout "$B/on.pgn" -debug >"$B/on.out" 2>"$B/on.log"
check "balance on (default): exit 0 ($?)" [ $? -eq 0 ]
check "balance on: every game's map was scored +30 cp (no mate, none beyond 200 cp)" eval '[ "$(map_classes "$B/on.pgn")" = "12 2" ]'
check "balance on: the summary counts the replaced openings" grep -q "^Random openings replaced by the balance check: [1-9]" "$B/on.out"
check "balance on: the check is 'go nodes 777' to the first engine" grep -q "< go nodes 777" "$B/on.log"
check "balance on: both games of a pair have the same opening" python3 -c "
import re, sys
t = open('$B/on.pgn').read()
g = dict(re.findall(r'^\[Round \"(\d+\.\d)\"\]\n(?:.*\n)*?\[EntMap \"(.*)\"\]', t, re.M))
sys.exit(0 if len(g) == 12 and all(g[k] == g[k[:-1] + '2'] for k in g if k.endswith('.1')) else 1)"
timeout 120 ./qecmatch -engine cmd="$FIX balance" -engine cmd="$FIX random 0 2" "${BAL_ARGS[@]}" \
    -openings random seed=20 plies=2 balance=off -pgnout "$B/off.pgn" >"$B/off.out" 2>&1
check "balance=off: the old openings, decided ones among them" eval '[ "$(map_classes "$B/off.pgn")" = "12 012" ]'
check "balance=off: no replacement" eval '! grep -q "replaced by the balance check" "$B/off.out"'
timeout 120 ./qecmatch -engine cmd="$FIX balance" -engine cmd="$FIX random 0 2" "${BAL_ARGS[@]}" \
    -openings random seed=20 plies=2 balance=600 -pgnout "$B/wide.pgn" >/dev/null 2>&1
check "balance=600: +500 cp kept, mates still replaced" eval '[ "$(map_classes "$B/wide.pgn")" = "12 12" ]'
timeout 120 ./qecmatch -engine cmd="$FIX random" -engine cmd="$FIX balance" "${BAL_ARGS[@]}" \
    -openings random seed=20 plies=2 -pgnout "$B/second.pgn" >/dev/null 2>&1
check "balance: only the first engine is asked (a scoreless answer keeps the opening)" \
    eval '[ "$(map_classes "$B/second.pgn")" = "12 012" ]'
out=$(timeout 120 ./qecmatch -engine cmd="$FIX balance" -engine cmd="$FIX random 0 2" "${BAL_ARGS[@]}" \
    -openings random seed=20 plies=2 balance=20 2>&1); rc=$?
check "balance=20: every candidate rejected: exit 1 ($rc), named" eval '[ $rc -eq 1 ] && grep -q "no balanced random opening" <<<"$out"'
cli_case "balance=abc" -engine cmd=./qec -engine cmd=./qec -each st=1 -openings random plies=2 balance=abc
cli_case "nodes=0" -engine cmd=./qec -engine cmd=./qec -each st=1 -openings random plies=2 nodes=0
if [ -x ./qecmatch-tsan ]; then # the check runs in the worker threads, the count under the lock
    out=$(TSAN_OPTIONS="halt_on_error=1 exitcode=66" timeout 120 ./qecmatch-tsan -engine cmd="$FIX balance" \
        -engine cmd="$FIX random 0 2" "${BAL_ARGS[@]}" -concurrency 3 -openings random seed=20 plies=2 \
        -pgnout "$B/tsan.pgn" 2>&1); rc=$?
    check "balance under TSan (concurrency 3): exit 0 ($rc), no report" eval '[ $rc -eq 0 ] && ! grep -q ThreadSanitizer <<<"$out"'
    [ $rc -eq 0 ] || printf "%s\n" "$out" | head -40
    check "balance under TSan: every game's map was scored +30 cp" eval '[ "$(map_classes "$B/tsan.pgn")" = "12 2" ]'
else
    skip_check "balanced openings under TSan (./qecmatch-tsan not built: make tsan)"
fi
