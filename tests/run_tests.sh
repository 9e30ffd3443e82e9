#!/usr/bin/env bash
# Runs every suite tests/*/run.sh from the repository root, then prints the grand total as
# "all: N passed, N failed, K skipped". Each suite prints its own closing line
# "name: N passed, N failed" or "name: N passed, N failed, K skipped", and a "skip: ..." line
# for each group of checks it could not run (an optional tool or build missing, tests/lib.sh).
# A skip is not a failure on a developer's machine, but with CI=true any skip fails the run:
# CI must have every tool (tools/deps.sh) and every build (make test), so a skip there means a
# check silently went missing.
#   QEC_TEST_ROOT=DIR  run DIR/tests/*/run.sh instead (the harness suite's fake suites)
set -u
cd "${QEC_TEST_ROOT:-$(dirname "$0")/..}" || exit 2
total_pass=0 total_fail=0 total_skip=0 broken=() skipping=() skip_lines=()
for suite in tests/*/run.sh; do
    name=$(basename "$(dirname "$suite")")
    echo "=== $name"
    started=$SECONDS
    out=$(bash "$suite" 2>&1); rc=$?
    printf '%s\n' "$out"
    echo "--- $name: $((SECONDS - started)) s"  # for the docs' table of suite times; never judged
    line=$(printf '%s\n' "$out" | grep -E '^([A-Za-z0-9_-]+: )?[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?' | tail -n 1)
    p=$(printf '%s' "$line" | sed -nE 's/^([A-Za-z0-9_-]+: )?([0-9]+) passed.*/\2/p')
    f=$(printf '%s' "$line" | sed -nE 's/^([A-Za-z0-9_-]+: )?[0-9]+ passed, ([0-9]+) failed.*/\2/p')
    k=$(printf '%s' "$line" | sed -nE 's/^([A-Za-z0-9_-]+: )?[0-9]+ passed, [0-9]+ failed, ([0-9]+) skipped.*/\2/p')
    k=${k:-0}
    if [ -z "$line" ]; then p=0; f=1; fi
    if [ $rc -ne 0 ] && [ "$f" = 0 ]; then f=1; fi
    [ "$f" != 0 ] && broken+=("$name")
    if [ "$k" != 0 ]; then
        skipping+=("$name ($k)")
        while IFS= read -r l; do skip_lines+=("  $name: ${l#skip: }"); done \
            < <(printf '%s\n' "$out" | grep -E '^skip: ')
    fi
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f)); total_skip=$((total_skip + k))
done
echo
[ ${#broken[@]} -gt 0 ] && echo "failing suites: ${broken[*]}"
if [ ${#skipping[@]} -gt 0 ]; then
    echo "suites with skipped checks: ${skipping[*]}"
    printf '%s\n' "${skip_lines[@]}"
fi
ci_fail=0
if [ "${CI:-}" = true ] && [ "$total_skip" -gt 0 ]; then
    echo "CI=true: $total_skip skipped check group(s) fail the run (install with tools/deps.sh, build with make test)"
    ci_fail=1
fi
echo "all: $total_pass passed, $total_fail failed, $total_skip skipped"
[ "$total_fail" -eq 0 ] && [ "$ci_fail" -eq 0 ]
