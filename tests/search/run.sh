#!/usr/bin/env bash
# Search and evaluation suite (issue 4): search_test (mates, forced replies chosen by their
# owner, draws, TT keys, determinism, policies, limits, eval symmetry) from build/release and
# build/debug (ASan+UBSan, keys re-verified after every make/unmake), and search_smp_test (the
# threaded API with 2 threads) from build/release, build/debug and build/tsan.
set -u
cd "$(dirname "$0")/../.."
pass=0 fail=0
run() {
    local bin=$1; shift
    if [ ! -x "$bin" ]; then
        echo "skip: $bin not built"
        return
    fi
    local out; out=$(timeout 600 "$bin" "$@" 2>&1); local rc=$?
    printf '%s\n' "$out" | grep -E '^FAIL|WARNING: ThreadSanitizer|ERROR: AddressSanitizer|runtime error' | head -20
    local line; line=$(printf '%s\n' "$out" | grep -E ': [0-9]+ passed, [0-9]+ failed$' | tail -n 1)
    echo "$bin $* -> ${line:-no result (rc $rc)}"
    local p f
    p=$(printf '%s' "$line" | sed -nE 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\1/p')
    f=$(printf '%s' "$line" | sed -nE 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\2/p')
    [ -z "$p" ] && { p=0; f=1; }
    [ $rc -ne 0 ] && [ "$f" = 0 ] && f=1
    pass=$((pass + p)); fail=$((fail + f))
}
if [ ! -x build/release/tests/search_test ]; then
    echo "FAIL: build/release/tests/search_test not built"; fail=$((fail + 1))
fi
run build/release/tests/search_test
run build/release/tests/search_smp_test 2
run build/debug/tests/search_test
run build/debug/tests/search_smp_test 2
TSAN_OPTIONS="halt_on_error=1 exitcode=66" run build/tsan/tests/search_smp_test 2
echo "search: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
