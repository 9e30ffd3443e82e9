#!/usr/bin/env bash
# The test harness itself: tests/run_tests.sh and tests/lib.sh run on fake suites whose counts
# are known here, so that the sums, the skip counts and CI=true's rule (any skip fails) are
# checked, not trusted. The fake suites live in a temporary root (QEC_TEST_ROOT) beside a copy
# of tests/lib.sh; nothing of the real suites runs.
set -u
cd "$(dirname "$0")/../.."
. tests/lib.sh
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() { local what=$1; shift; if "$@"; then ok; else bad "$what"; fi; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/qec-harness.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

suite() { # ROOT NAME BODY: a fake tests/NAME/run.sh
    mkdir -p "$1/tests/$2"
    cp tests/lib.sh "$1/tests/lib.sh"
    printf '#!/usr/bin/env bash\ncd "$(dirname "$0")/../.."\n%s\n' "$3" >"$1/tests/$2/run.sh"
}
run_root() { # ROOT CI-VALUE: sets $out and $rc
    out=$(cd /tmp && QEC_TEST_ROOT="$1" CI="$2" bash "$OLDPWD/tests/run_tests.sh" 2>&1); rc=$?
}
last() { printf '%s\n' "$out" | tail -n 1; }

# 1. Only passes, in both closing-line shapes: summed, no skip, CI=true passes too.
r=$tmp/clean
suite "$r" a 'echo "a: 3 passed, 0 failed"'
suite "$r" b 'echo "b: 4 passed, 0 failed, 0 skipped"'
suite "$r" c '. tests/lib.sh; pass=2; summary c'
run_root "$r" ""
check "clean: all: 9 passed, 0 failed, 0 skipped ($(last))" [ "$(last)" = "all: 9 passed, 0 failed, 0 skipped" ]
check "clean: exit 0 ($rc)" [ $rc -eq 0 ]
check "clean: summary without ', 0 skipped'" grep -qx "c: 2 passed, 0 failed" <<<"$out"
run_root "$r" true
check "clean under CI=true: exit 0 ($rc)" [ $rc -eq 0 ]

# 2. Skips: counted through lib.sh (skip_check, run_program -o on a missing program, and a
#    child program's ", K skipped"), summed over suites, named; a failure only under CI=true.
r=$tmp/skips
suite "$r" a 'echo "a: 3 passed, 0 failed"'
suite "$r" s '. tests/lib.sh
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
check "skips: all: 9 passed, 0 failed, 4 skipped ($(last))" [ "$(last)" = "all: 9 passed, 0 failed, 4 skipped" ]
check "skips: exit 0 without CI ($rc)" [ $rc -eq 0 ]
check "skips: the suite and its count are named" grep -qx "suites with skipped checks: s (4)" <<<"$out"
check "skips: each reason is listed under its suite" eval 'grep -qx "  s: frobnicator games (frobnicator is not installed)" <<<"$out" &&
    grep -qx "  s: build/nowhere/tests/none not built" <<<"$out" && grep -qx "  s: inner check (no tool)" <<<"$out"'
run_root "$r" true
check "skips under CI=true: exit non-zero ($rc)" [ $rc -ne 0 ]
check "skips under CI=true: says why" grep -q "^CI=true: 4 skipped" <<<"$out"
check "skips under CI=true: the total line keeps its shape" [ "$(last)" = "all: 9 passed, 0 failed, 4 skipped" ]
run_root "$r" false
check "skips with CI=false: exit 0 ($rc)" [ $rc -eq 0 ]

# 3. Failures: counted fails, a crash with no closing line, a non-zero exit behind "0 failed",
#    an unnamed closing line; failing suites named.
r=$tmp/fails
suite "$r" a 'echo "a: 2 passed, 1 failed, 1 skipped"; exit 1'
suite "$r" b 'echo "no closing line here"; exit 3'
suite "$r" c 'echo "c: 5 passed, 0 failed"; exit 1'
suite "$r" d 'echo "7 passed, 0 failed"'
run_root "$r" ""
check "fails: all: 14 passed, 3 failed, 1 skipped ($(last))" [ "$(last)" = "all: 14 passed, 3 failed, 1 skipped" ]
check "fails: exit non-zero ($rc)" [ $rc -ne 0 ]
check "fails: failing suites named" grep -qx "failing suites: a b c" <<<"$out"

# 4. lib.sh alone: a missing required program is a failure, not a skip.
out=$(cd "$tmp/skips" && bash -c '. tests/lib.sh; run_program build/nowhere/x; summary t')
check "lib.sh: a missing required program fails ($out)" grep -qx "t: 0 passed, 1 failed" <<<"$(tail -n 1 <<<"$out")"

summary harness
[ "$fail" -eq 0 ]
