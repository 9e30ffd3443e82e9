#!/usr/bin/env bash
# qecreview (issue 42 item 6; docs/players/review.md, its format and flags): records with
# a known blunder get `??` on it and the better decision named; every decision of random games
# in all four variants gets its [%eval], and the annotated records read back the same decisions
# (our reader, and Debian's pgn-extract for chess); malformed games are named and skipped;
# the progress bar on a terminal and the plain lines elsewhere; Ctrl-C leaves whole games; the
# review's model is the engine's (UCI_ShowWDL) and every mark follows its variant's model.
# Uses ./qecreview-debug (ASan+UBSan) when `make debug` built it.
# Prints "review: N passed, N failed[, K skipped]".
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
scratch_dir review
build_or_fail review qec qecreview qecmatch build/release/tests/fixture_engine build/release/tests/pgn_check \
    build/release/tests/review_probe
REVIEW=./qecreview
[ -x ./qecreview-debug ] && REVIEW=./qecreview-debug
FIX=build/release/tests/fixture_engine
PGN_CHECK=build/release/tests/pgn_check
PROBE=build/release/tests/review_probe
# Every variant the engine has (qec --list variants, docs/gui/protocol.md), not a list of our own.
VARIANTS=$(./qec --list variants | cut -f1)
check_eval '[ -n "$VARIANTS" ]' "qec --list variants printed no variants"

tags() { # VARIANT-TAGS...: a record's tags
    printf '[Event "review test"]\n[Site "?"]\n[Date "2026.11.28"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n'
    printf '%s\n' "$@"
}

# Known blunders. Chess: 3...Nf6 walks into 4.Qxf7# (g6, Qe7, Qf6, Nh6, Nd8 and d5 each stop it:
# they cover f7 or block the queen or the bishop).
{ tags '[Result "1-0"]'; printf '\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'; } >"$tmp/chess.pgn"
# QEC without links and tether: Black's queen, attacked on d5, has 1...Qxd1# (the back rank);
# 1...Qd4 stays on the file and is taken.
for v in QEC Tether; do
    map=; [ $v = QEC ] && map='[EntMap "none"]'
    { tags '[Result "*"]' "[Variant \"$v\"]" ${map:+"$map"} '[SetUp "1"]' '[FEN "6k1/5ppp/8/3q4/8/8/5PPP/3R2K1 b - - 0 1"]'
      printf '\n1... Qd4 2. Rxd4 *\n\n'; } >"$tmp/$v.pgn"
done
"$REVIEW" --quiet --nodes 20000 "$tmp/chess.pgn" >"$tmp/chess.out" 2>"$tmp/chess.err"; rc=$?
check_eval '[ $rc -eq 0 ]' "qecreview on the chess blunder: rc $rc, $(cat "$tmp/chess.err")"
check_eval 'grep -q "Nf6??" "$tmp/chess.out"' "3...Nf6 is not marked ??: $(cat "$tmp/chess.out")"
check_eval 'grep -qE "Nf6\?\? \{\[%eval #1\] \(.* -> #1\) Blunder\. (g6|Qe7|Qf6|Nh6|Nd8|d5) was best\.\}" <<<"$(tr "\n" " " <"$tmp/chess.out")"' \
    "3...Nf6?? has no eval #1 (White mates in one) or no move that covers f7 as the better one: $(cat "$tmp/chess.out")"
check_eval 'grep -q "Qxf7# {\[%eval #+0\]}" "$tmp/chess.out"' "the mate has no [%eval #+0]: $(cat "$tmp/chess.out")"
# QEC, a forced reply (R2.3): 1.Nf3 moves the knight linked to the b2 pawn, whose owner (Black)
# must answer with it: promoting to a knight rather than a queen throws a queen away.
{ tags '[Result "*"]' '[Variant "QEC"]' '[EntMap "b2g1"]' '[SetUp "1"]' '[FEN "4k3/p7/8/8/8/8/1p2K2P/6N1 w - - 0 1"]'
  printf '\n1. g1f3[b2b1n] *\n\n'; } >"$tmp/forced.pgn"
"$REVIEW" --quiet --nodes 20000 "$tmp/forced.pgn" >"$tmp/forced.out" 2>&1; rc=$?
check_eval '[ $rc -eq 0 ] && grep -qF "1. Nf3 [↔ b1=N??] {g1f3[b2b1n]}" "$tmp/forced.out" && grep -qF "Blunder. [↔ b1=Q] was best.}" "$tmp/forced.out"' \
    "QEC: the forced reply b1=N is not marked ?? inside its brackets with [↔ b1=Q] as the better one (rc $rc): $(cat "$tmp/forced.out")"
check_eval '[ "$(grep -c "\[%eval" "$tmp/forced.out")" = 2 ]' "QEC: not one [%eval] per decision (base move and forced reply): $(cat "$tmp/forced.out")"
out=$("$PGN_CHECK" --uci "$tmp/forced.out" 2>&1)
check_eval '[ "$out" = "$("$PGN_CHECK" --uci "$tmp/forced.pgn" 2>&1)" ] && grep -q "g1f3 b2b1n" <<<"$out"' \
    "QEC: a mark inside a forced reply's brackets does not read back: $out"
for v in QEC Tether; do
    "$REVIEW" --quiet --nodes 20000 "$tmp/$v.pgn" >"$tmp/$v.out" 2>&1; rc=$?
    check_eval '[ $rc -eq 0 ] && grep -q "Qd4??" "$tmp/$v.out" && grep -q "Blunder. Qxd1# was best." "$tmp/$v.out"' \
        "$v: 1...Qd4 is not marked ?? with Qxd1# as the better decision (rc $rc): $(cat "$tmp/$v.out")"
done

# Random games in every variant (the fixture plays random legal decisions, so there are
# blunders), reviewed at a small budget: an [%eval] on every decision, the same decisions
# read back by our reader, and the review is the same when run again. The fixture answers at
# once, but on a busy machine its schroedinger worlds can take more than the 20 ms: the margin
# keeps a slow answer from ending a game on time (a 7-decision game left too few positions to
# check the model on, 2026-11-30).
extract=$(command -v pgn-extract || ls /usr/games/pgn-extract 2>/dev/null)
for v in $VARIANTS; do
    timeout 120 ./qecmatch -variant $v -engine cmd="$FIX random" -engine cmd="$FIX random 0 2" -each st=0.02 \
        timemargin=10000 -games 2 -maxmoves 30 -pgnout "$tmp/$v-games.pgn" >/dev/null 2>&1
    check_eval '! grep -q "Termination \"time forfeit\"" "$tmp/$v-games.pgn"' \
        "$v: a random game lost on time in spite of the margin: $(grep Termination "$tmp/$v-games.pgn" | tr "\n" " ")"
    "$REVIEW" --nodes 3000 -o "$tmp/$v-review.pgn" "$tmp/$v-games.pgn" 2>"$tmp/$v.err"; rc=$?
    check_eval '[ $rc -eq 0 ]' "$v: qecreview rc $rc: $(cat "$tmp/$v.err")"
    check_eval 'grep -q "^qecreview: game 2/2 .*: [0-9]* decisions; white" "$tmp/$v.err"' \
        "$v: no plain progress line per game off a terminal: $(cat "$tmp/$v.err")"
    "$PGN_CHECK" --uci "$tmp/$v-games.pgn" >"$tmp/$v-games.uci" 2>&1
    "$PGN_CHECK" --uci "$tmp/$v-review.pgn" >"$tmp/$v-review.uci" 2>&1
    check "$v: the annotated records hold other decisions than the originals" cmp -s "$tmp/$v-games.uci" "$tmp/$v-review.uci"
    out=$(python3 tests/review/evals.py "$tmp/$v-games.uci" "$tmp/$v-review.pgn" 2>&1)
    check_eval 'python3 tests/review/evals.py "$tmp/$v-games.uci" "$tmp/$v-review.pgn" >/dev/null' "$v: $out"
    out=$("$PGN_CHECK" "$tmp/$v-review.pgn" 2 2>&1 | tail -n 1)
    check_eval '[ "$out" = "pgn_check: 2 games, 0 bad" ]' "$v: the annotated records do not read back: $out"
    check_eval 'grep -qE "(\?\?|[^?]\?|\?!)[] >]* " "$tmp/$v-review.pgn"' "$v: random games without a single mark"
    "$REVIEW" --quiet --nodes 3000 "$tmp/$v-games.pgn" >"$tmp/$v-again.pgn" 2>&1
    check "$v: a second review of the same records differs" cmp -s "$tmp/$v-review.pgn" "$tmp/$v-again.pgn"
    if [ $v = chess ]; then
        if [ -n "$extract" ]; then
            "$extract" -s -Wuci "$tmp/chess-review.pgn" >"$tmp/extract.uci" 2>"$tmp/extract.err"; rc=$?
            check_eval '[ $rc -eq 0 ] && [ ! -s "$tmp/extract.err" ]' "pgn-extract on the annotated chess records: rc $rc, $(cat "$tmp/extract.err")"
            check_eval 'diff <(grep -v "^\[" "$tmp/chess-games.uci" | tr -s " \n" "  ") <(grep -v "^\[" "$tmp/extract.uci" | tr -s " \n" "  ") >/dev/null' \
                "pgn-extract reads other moves from the annotated chess records than the originals hold"
        else
            skip_check "the annotated chess records read by pgn-extract (not installed)"
        fi
    fi
done

# The review judges by the engine's own winning chances: for every score the engine printed with
# UCI_ShowWDL while searching positions along the random games of each variant, qecreview's
# model (review/model.c, through the probe) gives the same W D L per mille. Scores far from 0
# must be among them, or the check would only see the middle of the curves.
for v in $VARIANTS; do
    : >"$tmp/$v-wdl.txt"
    while IFS= read -r game <&3; do # every game's decisions, each fifth position searched
        read -r -a toks <<<"$(sed -E 's/ (1-0|0-1|1\/2-1\/2|\*)$//' <<<"$game")"
        for ((k = 0; k <= ${#toks[@]}; k += 5)); do
            # The input stays open until the bestmove (end of input stops a search, as quit does):
            # the search reaches its node count however busy the machine is.
            (printf 'setoption name UCI_Variant value %s\nsetoption name UCI_ShowWDL value true\nposition startpos moves %s\ngo nodes 4000\n' \
                "$v" "${toks[*]:0:k}"; while sleep 0.2; do printf 'isready\n'; done) 2>/dev/null | timeout 60 ./qec | sed '/^bestmove/q' |
                sed -nE 's/.* score cp (-?[0-9]+) wdl ([0-9]+ [0-9]+ [0-9]+).*/\1 \2/p' >>"$tmp/$v-wdl.txt"
        done
    done 3< <(grep -v '^\[' "$tmp/$v-games.uci" | grep .)
    sed -E "s/^(-?[0-9]+) .*/wdl $v \1/" "$tmp/$v-wdl.txt" | "$PROBE" >"$tmp/$v-model.txt"
    n=$(wc -l <"$tmp/$v-wdl.txt")
    far=$(awk '$1 > 150 || $1 < -150' "$tmp/$v-wdl.txt" | wc -l)
    differ=$(paste -d' ' "$tmp/$v-wdl.txt" "$tmp/$v-model.txt" | awk '$2 != $5 || $3 != $6 || $4 != $7' | head -3)
    check_eval '[ "$n" -ge 10 ] && [ "$far" -ge 1 ] && [ -z "$differ" ]' \
        "$v: qecreview's model and the engine's wdl lines ($n scores, $far beyond +-150 cp) disagree (cp engine-W-D-L model-W-D-L): $differ"
done

# Every mark follows the variant's own model: games of qec against itself at depth 2 (their
# mistakes are of every size, where random games mostly throw whole pieces away), reviewed; each
# mark's word is what review/model.c judges of the drop between the evaluations it writes
# (tests/review/marks.py). Judged by another variant's model, some marks come out otherwise:
# the check can tell the models apart.
others=0
for v in $VARIANTS; do
    timeout 300 ./qecmatch -variant $v -engine cmd=./qec name=A -engine cmd=./qec name=B -each depth=2 -games 2 \
        -maxmoves 40 -openings random seed=3 plies=4 -pgnout "$tmp/$v-engine.pgn" >/dev/null 2>&1
    "$REVIEW" --quiet --nodes 3000 -o "$tmp/$v-engine-review.pgn" "$tmp/$v-engine.pgn" 2>&1
    out=$(python3 tests/review/marks.py "$PROBE" $v "$tmp/$v-engine-review.pgn" 2>&1)
    check_eval 'python3 tests/review/marks.py "$PROBE" $v "$tmp/$v-engine-review.pgn" >/dev/null' "$v: the marks do not follow the $v model: $out"
    for m in $VARIANTS; do
        [ $m = $v ] && continue
        python3 tests/review/marks.py "$PROBE" $m "$tmp/$v-engine-review.pgn" >/dev/null || others=$((others + 1))
    done
done
check_eval '[ "$others" -gt 0 ]' "no mark of any variant would be judged otherwise by another variant's model: the check cannot tell them apart"

# Malformed input: a game with an illegal move between two good ones is named and skipped,
# the others are written, the status is 1; options and files are checked.
{ cat "$tmp/chess.pgn"; tags '[Result "*"]'; printf '\n1. e4 e5 2. Qh9 *\n\n'; cat "$tmp/chess.pgn"; } >"$tmp/mixed.pgn"
"$REVIEW" --quiet --nodes 2000 "$tmp/mixed.pgn" >"$tmp/mixed.out" 2>"$tmp/mixed.err"; rc=$?
check_eval '[ $rc -eq 1 ]' "a file with a malformed game: rc $rc, not 1"
check_eval 'grep -q "mixed.pgn: game 2: .*Qh9.* (skipped)" "$tmp/mixed.err"' "the malformed game is not named: $(cat "$tmp/mixed.err")"
check_eval '[ "$(grep -c "^\[Event" "$tmp/mixed.out")" = 2 ]' "the two good games are not both written: $(grep -c "^\[Event" "$tmp/mixed.out")"
for args in "--nodes 0" "--depth x" "--hash" "--frobnicate" "$tmp/missing.pgn"; do
    out=$("$REVIEW" $args "$tmp/chess.pgn" 2>&1 </dev/null); rc=$?
    check_eval '[ $rc -eq 2 ] && grep -q "qecreview\|missing" <<<"$out"' "qecreview $args: rc $rc, $out"
done

# On a terminal (script(1) gives one) the progress is a bar.
if command -v script >/dev/null; then
    script -qec "$REVIEW --nodes 2000 -o $tmp/tty.out $tmp/qec-games.pgn" /dev/null >"$tmp/tty.log" 2>&1 </dev/null
    check_eval 'grep -qE "\[#+\.*\] +[0-9]+%  game [12]/2  decision" "$tmp/tty.log"' "no progress bar on a terminal: $(head -c 400 "$tmp/tty.log")"
else
    skip_check "the progress bar on a terminal (script(1) is not installed)"
fi

# Ctrl-C: many games, interrupted once the first is written; what was written is whole.
for i in 1 2 3 4 5 6 7 8 9 10; do cat "$tmp/qec-games.pgn"; done >"$tmp/many.pgn"
"$REVIEW" --quiet --nodes 20000 -o "$tmp/int.pgn" "$tmp/many.pgn" 2>"$tmp/int.err" &
pid=$!
for _ in $(seq 600); do grep -q "^\[Event" "$tmp/int.pgn" 2>/dev/null && break; sleep 0.1; done
kill -INT $pid
wait $pid; rc=$?
games=$(grep -c "^\[Event" "$tmp/int.pgn")
check_eval '[ $rc -eq 130 ]' "qecreview interrupted: rc $rc, not 130 ($(cat "$tmp/int.err"))"
check_eval '[ "$games" -ge 1 ] && [ "$games" -lt 20 ]' "the interrupted review wrote $games of 20 games"
out=$("$PGN_CHECK" "$tmp/int.pgn" "$games" 2>&1 | tail -n 1)
check_eval '[ "$out" = "pgn_check: $games games, 0 bad" ]' "the interrupted review left a broken record: $out"
check_eval 'grep -q "interrupted: $games of 20 games written" "$tmp/int.err"' "no word of the interruption: $(cat "$tmp/int.err")"

summary review
[ "$fail" -eq 0 ]
