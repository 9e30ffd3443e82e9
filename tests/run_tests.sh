#!/usr/bin/env bash
# Runs every suite tests/*/run.sh from the repository root, then prints the grand total as
# "N passed, N failed". Each suite prints its own closing "N passed, N failed" line.
set -u
cd "$(dirname "$0")/.."
total_pass=0 total_fail=0 broken=()
for suite in tests/*/run.sh; do
    name=$(basename "$(dirname "$suite")")
    echo "=== $name"
    out=$(bash "$suite" 2>&1); rc=$?
    printf '%s\n' "$out"
    line=$(printf '%s\n' "$out" | grep -E '^([A-Za-z_-]+: )?[0-9]+ passed, [0-9]+ failed' | tail -n 1)
    p=$(printf '%s' "$line" | sed -E 's/.*\b([0-9]+) passed.*/\1/')
    f=$(printf '%s' "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
    if [ -z "$line" ]; then p=0; f=1; fi
    if [ $rc -ne 0 ] && [ "$f" = 0 ]; then f=1; fi
    [ "$f" != 0 ] && broken+=("$name")
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
done
echo
[ ${#broken[@]} -gt 0 ] && echo "failing suites: ${broken[*]}"
echo "all: $total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
