#!/usr/bin/env bash
# The test harness itself: tests/run_tests.sh and tests/lib.sh run on fake suites whose counts
# are known here, so that the sums, the skip counts and CI=true's rule (any skip fails) are
# checked, not trusted. The fake suites live in a temporary root (QEC_TEST_ROOT) beside a copy
# of tests/lib.sh; nothing of the real suites runs.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
scratch_dir harness

suites() { # ROOT [NAME BODY]...: fake suites tests/NAME/run.sh
    local root=$1; shift
    mkdir -p "$root/tests"
    cp tests/lib.sh "$root/tests/lib.sh"
    while [ $# -ge 2 ]; do
        mkdir -p "$root/tests/$1"
        printf '#!/usr/bin/env bash\ncd "$(dirname "$0")/../.."\n%s\n' "$2" >"$root/tests/$1/run.sh"
        shift 2
    done
}
run_root() { # ROOT CI-VALUE: sets $out and $rc
    out=$(cd /tmp && QEC_TEST_ROOT="$1" CI="$2" bash "$OLDPWD/tests/run_tests.sh" 2>&1); rc=$?
}
last() { printf '%s\n' "$out" | tail -n 1; }
check_total() { # WHAT LINE: run_root's last line is LINE
    check "$1: $2 ($(last))" [ "$(last)" = "$2" ]
}

# 1. Only passes, in both closing-line shapes: summed, no skip, CI=true passes too.
r=$tmp/clean
suites "$r" a 'echo "a: 3 passed, 0 failed"' b 'echo "b: 4 passed, 0 failed, 0 skipped"' c '. tests/lib.sh; pass=2; summary c'
run_root "$r" ""
check_total clean "all: 9 passed, 0 failed, 0 skipped"
check "clean: exit 0 ($rc)" [ $rc -eq 0 ]
check "clean: summary without ', 0 skipped'" grep -qx "c: 2 passed, 0 failed" <<<"$out"
run_root "$r" true
check "clean under CI=true: exit 0 ($rc)" [ $rc -eq 0 ]

# 2. Skips: counted through lib.sh (skip_check, run_program -o on a missing program, and a
#    child program's ", K skipped"), summed over suites, named; a failure only under CI=true.
r=$tmp/skips
suites "$r" a 'echo "a: 3 passed, 0 failed"' s '. tests/lib.sh
pass=1
skip_check "frobnicator games (frobnicator is not installed)"
run_program -o build/nowhere/tests/none
run_program tests/s/child.sh
summary s
[ "$fail" -eq 0 ]'
printf '#!/usr/bin/env bash\necho "skip: inner check (no tool)"\necho "child: 5 passed, 0 failed, 2 skipped"\n' >"$r/tests/s/child.sh"
chmod +x "$r/tests/s/child.sh"
run_root "$r" ""
check "skips: s closes with 6 passed, 0 failed, 4 skipped" grep -qx "s: 6 passed, 0 failed, 4 skipped" <<<"$out"
check_total skips "all: 9 passed, 0 failed, 4 skipped"
check "skips: exit 0 without CI ($rc)" [ $rc -eq 0 ]
check "skips: the suite and its count are named" grep -qx "suites with skipped checks: s (4)" <<<"$out"
check "skips: each reason is listed under its suite" eval 'grep -qx "  s: frobnicator games (frobnicator is not installed)" <<<"$out" &&
    grep -qx "  s: build/nowhere/tests/none not built" <<<"$out" && grep -qx "  s: inner check (no tool)" <<<"$out"'
run_root "$r" true
check "skips under CI=true: exit non-zero ($rc)" [ $rc -ne 0 ]
check "skips under CI=true: says why" grep -q "^CI=true: 4 skipped" <<<"$out"
check_total "skips under CI=true: the total line keeps its shape" "all: 9 passed, 0 failed, 4 skipped"
run_root "$r" false
check "skips with CI=false: exit 0 ($rc)" [ $rc -eq 0 ]

# 3. Failures: counted fails, a crash with no closing line, a non-zero exit behind "0 failed",
#    an unnamed closing line; failing suites named.
r=$tmp/fails
suites "$r" a 'echo "a: 2 passed, 1 failed, 1 skipped"; exit 1' b 'echo "no closing line here"; exit 3' \
    c 'echo "c: 5 passed, 0 failed"; exit 1' d 'echo "7 passed, 0 failed"'
run_root "$r" ""
check_total fails "all: 14 passed, 3 failed, 1 skipped"
check "fails: exit non-zero ($rc)" [ $rc -ne 0 ]
check "fails: failing suites named" grep -qx "failing suites: a b c" <<<"$out"

# 4. lib.sh alone: a missing required program is a failure, not a skip.
out=$(cd "$tmp/skips" && bash -c '. tests/lib.sh; run_program build/nowhere/x; summary t')
check "lib.sh: a missing required program fails ($out)" grep -qx "t: 0 passed, 1 failed" <<<"$(tail -n 1 <<<"$out")"

summary harness
[ "$fail" -eq 0 ]
