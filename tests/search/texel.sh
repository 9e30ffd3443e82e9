#!/usr/bin/env bash
# The weight tables are what tools/texel.c writes, and a variant's table names QEC's blocks
# instead of copying them: texel with 0 epochs on a tiny data file writes back
# eval/weights_qec.h, eval/weights_tether.c and eval/weights_chess.c (all but the first comment,
# which gives a run's numbers); no row run of a QEC block is pasted into the tether or chess
# table; a group tuned away from QEC's is written as rows, one kept frozen is named.
# Prints "texel: N passed, N failed".
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
scratch_dir texel
build_or_fail texel build/release/tools/texel
texel=build/release/tools/texel
body() { sed '1,/\*\//d' "$1"; } # the file after its first comment
cat >"$tmp/data.txt" <<'EOF'
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;default;1
rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2;default;0.5
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3;default;0
EOF
for v in qec tether chess; do
    case $v in
    qec) committed=eval/weights_qec.h out=$tmp/qec.h opt= ;;
    *) committed=eval/weights_$v.c out=$tmp/$v.c opt="--variant $v" ;;
    esac
    $texel "$out" 0 0 $opt "$tmp/data.txt" 2>"$tmp/err"
    rc=$?
    check_eval '[ $rc -eq 0 ] && grep -q "3 positions so far (0 bad lines)" "$tmp/err"' "$v: texel failed: $(cat "$tmp/err")"
    diff <(body "$committed") <(body "$out") >"$tmp/diff"
    rc=$?
    check_eval '[ $rc -eq 0 ]' "$v: 0 epochs do not write back $committed: $(head -n 8 "$tmp/diff")"
done
# What texel checks by value, checked on the files: the groups tether was tuned with frozen are
# QEC's by name, every named block is defined once, and no block's rows stand pasted in a table.
check_eval '[ "$(grep -cE "^    EVAL_ROWS_(PST|MOBILITY|LINKS) " eval/weights_tether.c)" = 3 ]' \
    "eval/weights_tether.c does not name QEC's piece-square, mobility and link blocks"
for f in eval/weights_tether.c eval/weights_chess.c; do
    for name in $(grep -oE '^    EVAL_ROWS_[A-Z]+' "$f"); do
        check_eval '[ "$(grep -c "^#define $name \\\\$" eval/weights_qec.h)" = 1 ]' "$f names $name, not defined once in eval/weights_qec.h"
    done
done
python3 - eval/weights_qec.h eval/weights_tether.c eval/weights_chess.c >"$tmp/pasted" <<'EOF'
import re, sys
header, tables = sys.argv[1], sys.argv[2:]
blocks, name = {}, None
for line in open(header):
    m = re.match(r"#define (EVAL_ROWS_\w+) \\$", line)
    if m:
        name = m.group(1)
        blocks[name] = []
    elif name and re.match(r"\s*(\[\w+\] = )?\{", line):
        blocks[name].append(re.sub(r"^\s*(\[\w+\] = )?|\s*\\$", "", line).strip())
    else:
        name = None
for t in tables:
    rows = [l.strip() for l in open(t) if re.match(r"\s*\{", l)]
    for name, b in blocks.items():
        if b and any(rows[i:i + len(b)] == b for i in range(len(rows) - len(b) + 1)):
            print(f"{t} copies {name}")
EOF
rc=$?
check_eval '[ $rc -eq 0 ] && [ ! -s "$tmp/pasted" ]' "a table copies a block: $(cat "$tmp/pasted")"
# One epoch moves every weight the data reach: tether's piece-square rows are then its own,
# unless frozen.
$texel "$tmp/moved.c" 1 0 --variant tether "$tmp/data.txt" 2>/dev/null
check_eval '! grep -q "EVAL_ROWS_PST" "$tmp/moved.c" && grep -qE "^    (\{-?[0-9]+, -?[0-9]+\}, ){4}/\* pst N rank 1 file 1-4 \*/$" "$tmp/moved.c"' \
    "tuned piece-square rows are not written as tether's own"
$texel "$tmp/frozen.c" 1 0 --variant tether --freeze 5-262 "$tmp/data.txt" 2>/dev/null
check_eval 'grep -q "^    EVAL_ROWS_PST " "$tmp/frozen.c" && ! cmp -s <(body "$tmp/frozen.c") <(body eval/weights_tether.c)' \
    "frozen piece-square rows are not named, or 1 epoch moved nothing"
$texel "$tmp/qec.c" 0 0 "$tmp/data.txt" 2>"$tmp/err"
rc=$?
check_eval '[ $rc -eq 2 ] && grep -q "header of named blocks" "$tmp/err" && [ ! -e "$tmp/qec.c" ]' "a .c for QEC's table is not refused"
summary texel
[ "$fail" -eq 0 ]
