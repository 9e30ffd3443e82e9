#!/usr/bin/env bash
# texel --variant schroedinger (tools/texel_worlds.c), end to end on a tiny data file: with
# 0 epochs it writes back exactly the weights of eval/worlds.c (every HE_ term, the trace and the
# table read right); a game with an illegal token is cut there with a message; training on a
# game White always wins moves the weights. Prints "texel_worlds: N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
scratch_dir texel-worlds
build_or_fail texel_worlds build/release/tools/texel
texel=build/release/tools/texel
# The 15-ply mate of docs/dev/schroedinger.md (S3.2: black's king a8 in every world), White wins.
mate="g1h3 g7g6 e2e3 h8b2 a1b2 g8h8 b2h8 e7e5 h8f8 d8e6 b1b7 b8b7 f8e8 b7g2 e8c8"
for i in 1 2 3 4 5 6 7 8 9 10; do echo "1;$mate"; done >"$tmp/games.txt"
echo "0.5;e2e4 e7e5 c6c4 g1f3" >>"$tmp/games.txt" # c6 is empty: the game stops at ply 2
"$texel" "$tmp/zero.c" 0 0 --variant schroedinger --skip 0 "$tmp/games.txt" 2>"$tmp/zero.err"
check_eval '[ $? -eq 0 ]' "texel exits with an error"
check_eval 'grep -qE "11 games, [1-9][0-9]* positions" "$tmp/zero.err"' "11 games and their quiet positions read: $(cat "$tmp/zero.err")"
check_eval 'grep -q "c6c4 at ply 2" "$tmp/zero.err"' "the illegal token is named"
terms=$(grep -c '^    \[HE_.*\] = -\?[0-9]*,$' "$tmp/zero.c")
check_eval '[ "$terms" -ge 30 ]' "$terms terms written"
same=1 compared=0
while read -r name; do
    v=$(grep -oE "\[${name//+/\\+}\] = -?[0-9]+" eval/worlds.c | head -n 1)
    [ -z "$v" ] && continue # not set there: 0
    compared=$((compared + 1))
    grep -qF "$v," "$tmp/zero.c" || { same=0; echo "differs: $v"; }
done < <(sed -nE 's/^    \[(HE_[A-Z_]+( \+ [0-9])?)\] = .*/\1/p' "$tmp/zero.c")
check_eval '[ $same = 1 ] && [ $compared -ge 25 ]' "0 epochs: the table is not eval/worlds.c's ($compared terms compared)"
"$texel" "$tmp/trained.c" 200 0 --variant schroedinger --skip 0 "$tmp/games.txt" 2>/dev/null
check_eval '! cmp -s <(tail -n +3 "$tmp/zero.c") <(tail -n +3 "$tmp/trained.c")' "200 epochs left every weight as it was"
summary texel_worlds
[ "$fail" -eq 0 ]
