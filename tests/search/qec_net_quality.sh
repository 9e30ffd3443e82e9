#!/usr/bin/env bash
# The compiled-in QEC and tether networks against scored positions they were not trained on
# (issue 31, docs/dev/qec-network.md): tests/search/data/<variant>-net-heldout.txt holds 60
# whole games of each variant that the training held out (every 50th game of the first data
# file: qec_net_train's --hold 50), each decision scored by qec's search at 2,000 nodes with the
# hand-made evaluation. tools/qec_net_train with --epochs 0 --hold 1 --init reads the shipped net
# (eval/qec.nnue, eval/tether.nnue) and evaluates every scored position with the engine's own
# inference; the net must predict the searched scores better than the hand-made evaluation by a
# margin (loss at most 0.95 of it) and predict the games' results better too, and the net the
# trainer read and wrote back must be the shipped file byte for byte (so the net checked is the
# net compiled in, and reading and writing a net lose nothing). For QEC the loss by class of
# decision must cover every position once: the four classes' counts add up to the whole, each
# class is met, and their count-weighted losses average to the whole's loss (to the printed digits).
# Prints "qec_net_quality: N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
scratch_dir qec-net-quality
build_or_fail qec_net_quality build/release/tools/qec_net_train
for v in qec tether; do
    build/release/tools/qec_net_train -o "$tmp/$v.nnue" --epochs 0 --hold 1 --threads 1 --init eval/$v.nnue \
        tests/search/data/$v-net-heldout.txt >"$tmp/out" 2>&1
    rc=$?
    check_eval '[ $rc -eq 0 ] && cmp -s "$tmp/$v.nnue" eval/$v.nnue' "$v: the net read and written back is not eval/$v.nnue: $(tail -n 4 "$tmp/out")"
    # "held-out loss NET over N positions (...); the hand-made evaluation's HAND, ..."
    read -r n net hand < <(sed -n 's/.*held-out loss \([0-9.]*\) over \([0-9]*\) positions.*evaluation.s \([0-9.]*\),.*/\2 \1 \3/p' "$tmp/out")
    check_eval '[ "${n:-0}" -ge 1000 ] && awk -v a="$net" -v b="$hand" "BEGIN { exit !(a <= 0.95 * b) }"' \
        "$v: the net's loss against the searched scores ${net:-?} is not at most 0.95 of the hand-made ${hand:-?} (${n:-0} positions)"
    if [ "$v" = qec ]; then
        # "  CLASS NAME   N positions: net X, hand-made Y"
        classes=$(sed -n 's/.* \([0-9]*\) positions: net \([0-9.]*\), hand-made .*/\1 \2/p' "$tmp/out")
        check_eval 'printf "%s\n" "$classes" | awk -v n="${n:-0}" -v net="${net:-0}" \
            "\$1 > 0 { k++; c += \$1; s += \$1 * \$2 } END { exit !(k == 4 && c == n && (s / c - net) ^ 2 < 1e-11) }"' \
            "qec: the loss by class does not cover the ${n:-0} positions once ($(printf '%s; ' $classes))"
    fi
    # "against the games' results alone (...): net X (K k), hand-made Y (K k), ..."
    read -r rnet rhand < <(sed -n 's/.*results alone.*: net \([0-9.]*\) (K [0-9]*), hand-made \([0-9.]*\) .*/\1 \2/p' "$tmp/out")
    check_eval 'awk -v a="${rnet:-1}" -v b="${rhand:-0}" "BEGIN { exit !(a < b) }"' \
        "$v: the net predicts the results (${rnet:-?}) no better than the hand-made evaluation (${rhand:-?})"
done
summary qec_net_quality
