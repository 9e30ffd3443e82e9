#!/usr/bin/env bash
# The tools' command lines (tools/*.c, docs/testers/building.md "Tools"): a number that is not
# a whole number in range (a word, a sign where none fits, trailing text, nothing) stops the
# tool with exit code 2 and "error: NAME: 'VALUE' is not ..." before it reads data or starts a
# search; atoi() used to take "x" for 0 and "-5" for a movetime (a search without limit). Each
# tool also still runs with good numbers (perft_bench's count against the known 400 and 8,902).
# The trainers' data records (docs/dev/qec-network.md) are read as strictly: a bad one is
# counted and skipped whole.
# Prints "tools: N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
scratch_dir tools
T=build/release/tools
build_or_fail tools $T/perft_bench $T/worlds_bench $T/searchbench $T/qecplay $T/qec_net_data $T/qec_net_train \
    $T/nnue_train $T/texel $T/book_proxy $T/machine_probe
START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# refused NAME TOOL ARG...: exit 2, the argument named on stderr, nothing on stdout
refused() {
    local name=$1 rc
    shift
    timeout 60 "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check_eval '[ $rc -eq 2 ] && grep -qF "error: $name: " "$tmp/err" && [ ! -s "$tmp/out" ]' \
        "${*#"$T/"}: rc $rc, stderr '$(head -c 200 "$tmp/err")', stdout '$(head -c 200 "$tmp/out")'"
}

for d in x -1 13 2.5 "" " 3" 3x 99999999999999999999; do
    refused depth $T/perft_bench chess "$d" "$START" none
done
for r in 0 -2 x 1000001; do
    refused repeat $T/perft_bench chess 2 "$START" none "$r"
done
out=$($T/perft_bench chess 2 "$START" none 2 2>&1)
check_eval '[[ "$out" == "nodes 400 "* ]]' "perft_bench chess 2: $out"
out=$($T/perft_bench chess 3 "$START" none 2>&1)
check_eval '[[ "$out" == "nodes 8902 "* ]]' "perft_bench chess 3: $out"
refused "perft depth" $T/worlds_bench perft -1
refused "perft depth" $T/worlds_bench perft two
refused depth $T/searchbench 0
refused threads $T/searchbench 5 0
refused hashMiB $T/searchbench 5 1 -64

for a in "--games 0" "--games x" "--first -1" "--movetime -5" "--movetime 0" "--nodes 0" "--nodes -1" \
    "--depth 0" "--seed -1" "--seed 1e3" "--random-open -2" "--max-turns 0" "--hash 0" "--hash 99999999"; do
    # shellcheck disable=SC2086 # the option and its value, two words
    refused "${a% *}" $T/qecplay --quiet $a
done
refused --games $T/qecplay --quiet --games
for a in "--games 0" "--first x" "--nodes 0" "--seed -3" "--random 1.5" "--random -0.1" "--random nan" \
    "--max-turns 0" "--hash 0" "--random-open x"; do
    # shellcheck disable=SC2086
    refused "${a% *}" $T/qec_net_data -o "$tmp/data.txt" $a
done
check_eval '[ ! -e "$tmp/data.txt" ]' "qec_net_data wrote $tmp/data.txt after a refused option"
for trainer in qec_net_train nnue_train; do
    for a in "--epochs -1" "--lr abc" "--batch 0" "--lambda 2" "--threads 0" "--hold 0" "--seed x" "--maxcp 0"; do
        # shellcheck disable=SC2086
        refused "${a% *}" $T/$trainer -o "$tmp/net" $a "$tmp/none.txt"
    done
done
refused --links $T/qec_net_train -o "$tmp/net" --links 2 "$tmp/none.txt"
refused --mirror $T/nnue_train -o "$tmp/net" --mirror x "$tmp/none.txt"
check_eval '[ ! -e "$tmp/net" ]' "a trainer wrote $tmp/net after a refused option"
refused EPOCHS $T/texel "$tmp/w.c" five 0 "$tmp/none.txt"
refused LAMBDA $T/texel "$tmp/w.c" 1 -1 "$tmp/none.txt"
refused --block $T/texel "$tmp/w.c" 1 0 --variant tether --block 0 "$tmp/none.txt"
refused EPOCHS $T/texel "$tmp/w.c" x 0 --variant schroedinger "$tmp/none.txt"
refused --skip $T/texel "$tmp/w.c" 1 0 --variant schroedinger --skip -8 "$tmp/none.txt"
timeout 60 $T/texel "$tmp/w.c" 1 0 --variant nochess "$tmp/none.txt" >"$tmp/out" 2>"$tmp/err"
rc=$?
check_eval '[ $rc -eq 2 ] && grep -q "unknown variant .nochess." "$tmp/err"' \
    "texel --variant nochess: rc $rc, $(head -c 200 "$tmp/err") (QEC's table must not be tuned on another game's data)"
check_eval '[ ! -e "$tmp/w.c" ]' "texel wrote $tmp/w.c after a refused argument"
refused --depth $T/book_proxy --engine ./qec --depth z
refused --seed $T/book_proxy --engine ./qec --seed -4
for m in x 0 -1 4097 1.5 "" " 8"; do
    refused MiB $T/machine_probe "$m"
done
out=$(timeout 60 $T/machine_probe 4 2>&1)
check_eval '[[ "$out" =~ ^"page fault (4 KB, first touch): "[0-9.]+" us"$'"'\n'"'"mprotect pair: "[0-9.]+" us"$ ]]' \
    "machine_probe 4: $out"
# Data records read strictly too: a score or result that is not a number, or a flags field
# shorter than the decisions, makes the record bad (counted, skipped whole), not a 0 or a loss.
S0="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
G="$START|e2e4 e7e5 g1f3 b8c6|10 -5 20 -|oooo" # 3 scored positions, none in check, no capture
printf '%s\n' "$G|1.0" "$G|0" "$G|win" "$START|e2e4 e7e5 g1f3 b8c6|10 -5 2o -|oooo|1" \
    "$START|e2e4 e7e5 g1f3 b8c6|10 -5 20 -|oo|1" "$G|1.5" >"$tmp/chess.txt"
out=$(timeout 120 $T/nnue_train -o "$tmp/c.nnue" --epochs 1 --threads 1 "$tmp/chess.txt" 2>&1)
check_eval '[[ "$out" == *"6 positions, "*"; 4 bad games)"* ]]' "nnue_train, 2 good records and 4 bad: $out"
timeout 60 $T/qec_net_data -o "$tmp/qec.txt" --games 2 --nodes 50 --max-turns 10 >/dev/null 2>&1
good=$(head -1 "$tmp/qec.txt")
scored=$(head -2 "$tmp/qec.txt" | awk -F'|' '{ n = split($5, s, " "); for (i = 1; i <= n; i++) c += s[i] != "-" } END { print c + 0 }')
{
    head -2 "$tmp/qec.txt"
    echo "${good%|*}|draw"
    echo "${good%|*}|1.5"
    echo "$good" | awk -F'|' -v OFS='|' '{ sub(/-?[0-9]+/, "9x", $5); print }'
    echo "$good" | awk -F'|' -v OFS='|' '{ $6 = substr($6, 1, 1); print }'
} >"$tmp/qec-mixed.txt"
out=$(timeout 120 $T/qec_net_train -o "$tmp/q.net" --epochs 1 --threads 1 "$tmp/qec-mixed.txt" 2>&1)
taken=$(sed -n 's/^qec: \([0-9]*\) positions.*skipped: \([0-9]*\) best.*/\1+\2/p' <<<"$out")
check_eval '[ "$scored" -gt 0 ] && [ "$(( ${taken:-0} ))" -eq "$scored" ] && [[ "$out" == *"; 4 bad games)"* ]]' \
    "qec_net_train, 2 good records ($scored scored positions) and 4 bad: $out"
printf '%s\n' "$S0 w KQkq - 0 1;none;1" "$S0 w KQkq - 0 1;none;0.25" "$S0 w KQkq - 0 1;none;x" \
    "$S0 w KQkq - 0 1;none;1.5" "$S0 w KQkq - 0 1;none;-0" "$S0 w KQkq - 0 1;none;0.5 " >"$tmp/texel.txt"
out=$(timeout 120 $T/texel "$tmp/w.c" 0 0 --variant chess "$tmp/texel.txt" 2>&1)
check_eval '[[ "$out" == *"3 positions so far (3 bad lines)"* ]]' "texel, 3 good lines and 3 bad: $out"
printf '%s\n' "1;e2e4 e7e5" "0.5;d2d4" "one;e2e4" "2;e2e4" >"$tmp/worlds.txt"
out=$(timeout 120 $T/texel "$tmp/w.c" 0 0 --variant schroedinger "$tmp/worlds.txt" 2>&1)
check_eval '[[ "$out" == *"2 games, "* ]] && [ "$(grep -c "is not a number from 0 to 1: game skipped" <<<"$out")" -eq 2 ]' \
    "texel --variant schroedinger, 2 good games and 2 bad results: $out"

summary tools
