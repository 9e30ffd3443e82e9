#!/usr/bin/env bash
# The QEC and tether network pipeline end to end on a tiny scale (issue 31,
# docs/dev/qec-network.md): tools/qec_net_data plays a few games of each variant, every line
# replays (the trainer reads every game, none bad); tools/qec_net_train writes a net of the
# variant's file size whose engine inference agrees with the float net it was written from (at
# most 1 cp apart: the features, the decider's view and the quantization are the same on both
# sides); the next generation's data is searched with that net (--net); bad input is refused
# with a message (a net of the wrong shape, a missing file, a data file of another format).
# Prints "qec_net_pipeline: N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
scratch_dir qec-net-pipeline
build_or_fail qec_net_pipeline build/release/tools/qec_net_data build/release/tools/qec_net_train
data=build/release/tools/qec_net_data train=build/release/tools/qec_net_train
for v in qec tether; do
    $data -o "$tmp/$v-1.txt" --variant $v --games 6 --nodes 600 --seed 1 --book book/openings-$v.epd >"$tmp/out" 2>&1; rc=$?
    check_eval '[ $rc -eq 0 ] && [ "$(wc -l <"$tmp/$v-1.txt")" = 6 ]' "$v data: $(cat "$tmp/out")"
    check_eval '[ "$(grep -c "^$v|" "$tmp/$v-1.txt")" = 6 ]' "$v data lines do not start with the variant"
    $train -o "$tmp/$v.net" --epochs 2 --batch 128 --hold 3 "$tmp/$v-1.txt" >"$tmp/train" 2>&1
    rc=$?
    size=$([ $v = qec ] && echo 672192 || echo 201056)
    check_eval '[ $rc -eq 0 ] && grep -q "0 bad games" "$tmp/train" && [ "$(stat -c %s "$tmp/$v.net" 2>/dev/null)" = $size ]' \
        "$v training: $(tail -n 3 "$tmp/train")"
    check_eval 'grep -Eq "largest difference from the float net [01] cp" "$tmp/train"' "$v: engine and float nets differ: $(grep largest "$tmp/train")"
    $data -o "$tmp/$v-2.txt" --variant $v --games 1 --nodes 600 --seed 2 --net "$tmp/$v.net" >"$tmp/out" 2>&1; rc=$?
    check_eval '[ $rc -eq 0 ] && [ "$(wc -l <"$tmp/$v-2.txt")" = 1 ]' "$v data searched with the net: $(cat "$tmp/out")"
done
$data -o "$tmp/x.txt" --variant qec --games 1 --net "$tmp/tether.net" >"$tmp/out" 2>&1; rc=$?
check_eval '[ $rc -eq 1 ] && grep -q "this build.s QEC net has" "$tmp/out" && [ ! -s "$tmp/x.txt" ]' "a tether net as QEC's: $(cat "$tmp/out")"
$data -o "$tmp/x.txt" --variant tether --games 1 --net "$tmp/none.net" >"$tmp/out" 2>&1; rc=$?
check_eval '[ $rc -eq 1 ] && grep -q "cannot open" "$tmp/out"' "a missing net: $(cat "$tmp/out")"
$data -o "$tmp/x.txt" --games >"$tmp/out" 2>&1; rc=$?
check_eval '[ $rc -eq 2 ] && grep -q "usage" "$tmp/out"' "an option without its value: $(cat "$tmp/out")"
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;default;1\n' >"$tmp/texel.txt"
$train -o "$tmp/y.net" "$tmp/texel.txt" >"$tmp/out" 2>&1; rc=$?
check_eval '[ $rc -eq 1 ] && grep -q "no game of qec_net_data" "$tmp/out" && [ ! -e "$tmp/y.net" ]' "another format: $(cat "$tmp/out")"
cat "$tmp/qec-1.txt" "$tmp/tether-1.txt" >"$tmp/mixed.txt"
$train -o "$tmp/y.net" --epochs 1 --hold 3 "$tmp/mixed.txt" >"$tmp/out" 2>&1
check_eval 'grep -q "6 bad games" "$tmp/out"' "tether games in a QEC file are not refused: $(head -n 2 "$tmp/out")"
# --links 0: a QEC net without its link and pending inputs still reads back as the float net
$train -o "$tmp/nolinks.net" --epochs 1 --batch 128 --hold 3 --links 0 "$tmp/qec-1.txt" >"$tmp/train" 2>&1; rc=$?
check_eval '[ $rc -eq 0 ] && grep -Eq "largest difference from the float net [01] cp" "$tmp/train"' "--links 0: $(tail -n 3 "$tmp/train")"
# Resumable generation (bench/qec_net_gen.sh): a run stopped after two games (its training has
# too few positions and fails), with half a game written after them, and the same command
# again give the data of a run never stopped.
gen() { bench/qec_net_gen.sh "$1" --variant qec --games "$2" --nodes 300 --procs 1 --seed 5 --epochs 1 --hold 3 >"$tmp/gen" 2>&1; }
gen "$tmp/whole" 6; rc=$?
check_eval '[ $rc -eq 0 ] && [ "$(wc -l <"$tmp/whole/data-1.txt")" = 6 ] && [ -s "$tmp/whole/net.nnue" ]' "a generation: $(tail -n 3 "$tmp/gen")"
gen "$tmp/resumed" 2
printf 'qec|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|a2b8' >>"$tmp/resumed/data-1.txt"
gen "$tmp/resumed" 6; rc=$?
check_eval '[ $rc -eq 0 ] && cmp -s "$tmp/whole/data-1.txt" "$tmp/resumed/data-1.txt"' \
    "a resumed generation differs from a whole one: $(diff "$tmp/whole/data-1.txt" "$tmp/resumed/data-1.txt" | head -c 300)"
check_eval 'grep -q "2 games there, playing games 2 to 5" "$tmp/resumed/data.log"' "the resume is not in data.log: $(cat "$tmp/resumed/data.log")"
gen "$tmp/resumed" 6
check_eval '[ "$(wc -l <"$tmp/resumed/data-1.txt")" = 6 ]' "a complete generation run again added games"
summary qec_net_pipeline
[ $fail -eq 0 ]
