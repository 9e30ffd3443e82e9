#!/usr/bin/env bash
# Rule unit tests and random playouts, in release and under ASan+UBSan with key checks
# after every make/unmake (build/debug is compiled with -DQEC_DEBUG).
set -u
cd "$(dirname "$0")/../.."
pass=0 fail=0
for bin in build/release/tests/rules_test build/release/tests/playout_test \
           build/debug/tests/rules_test build/debug/tests/playout_test; do
    [ -x "$bin" ] || { echo "missing $bin"; fail=$((fail + 1)); continue; }
    out=$("$bin" 2>&1); rc=$?
    printf '%s\n' "$out" | grep -E '^FAIL|runtime error|Sanitizer' | head -20
    line=$(printf '%s\n' "$out" | tail -n 1)
    echo "$bin -> $line"
    p=$(printf '%s' "$line" | sed -nE 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\1/p')
    f=$(printf '%s' "$line" | sed -nE 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\2/p')
    [ -z "$p" ] && { p=0; f=1; }
    [ $rc -ne 0 ] && [ "$f" = 0 ] && f=1
    pass=$((pass + p)); fail=$((fail + f))
done
echo "rules: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
