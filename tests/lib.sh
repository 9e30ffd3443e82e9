# Sourced by the suites' run.sh (from the repository root). A test program or script ends with
# one line "<name>: N passed, N failed" or "<name>: N passed, N failed, K skipped"; run_program
# runs one, shows its failures, skips and sanitizer reports, and adds its counts to $pass,
# $fail and $skip. No result line, a non-zero exit, or a missing program (unless -o) counts as
# a failure.
#   run_program [-o] [-t SECONDS] PROGRAM [ARG]...
#     -o  optional: a skip (counted, with a "skip:" line) when PROGRAM is not built (e.g. no
#         `make debug`)
#     -t  time limit (default 600 s): a hang is a failure, not a stuck suite
# A check that cannot run here (an optional tool or build is missing) is never a silent pass:
# skip_check says what was skipped and why, and adds one to $skip. The suite ends with
# `summary NAME`, whose line tests/run_tests.sh sums (and, with CI=true, fails on any skip).
#   check WHAT COMMAND [ARG]...   a pass when COMMAND succeeds, else "FAIL: WHAT"
#   check_eval 'CONDITION' WHY     the same for a shell condition (eval'd)
#   scratch_dir NAME               $tmp: a temporary directory, removed on exit
#   build_or_fail NAME TARGET...   make the targets, or close suite NAME as failed
#   wait_until SECONDS COMMAND...  polls COMMAND (10 times a second) until it succeeds or
#                                  SECONDS pass; fails then. A test waits for its condition so,
#                                  never for a fixed time: a busy machine only makes it slower.
#   free_port                      a TCP port on 127.0.0.1 that nothing holds, below the
#                                  kernel's ephemeral range (tests/free_port.py says why)
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() { local what=$1; shift; if "$@"; then ok; else bad "$what"; fi; }
check_eval() { if eval "$1"; then ok; else bad "$2"; fi; }
scratch_dir() {
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/qec-$1.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
}
build_or_fail() {
    local name=$1; shift
    make -s "$@" >/dev/null || { echo "$name: 0 passed, 1 failed"; exit 1; }
}
wait_until() {
    local end=$((SECONDS + $1)); shift
    until "$@"; do
        [ $SECONDS -ge $end ] && return 1
        sleep 0.1
    done
}
free_port() { python3 tests/free_port.py 1; }
skip_check() { # WHAT: one group of checks that did not run, and why
    echo "skip: $*"
    skip=$((skip + 1))
}
summary() { # NAME: the closing line ", K skipped" only when something was skipped
    if [ "$skip" -gt 0 ]; then
        echo "$1: $pass passed, $fail failed, $skip skipped"
    else
        echo "$1: $pass passed, $fail failed"
    fi
}
run_program() {
    local optional=0 limit=600
    while [ $# -gt 0 ]; do
        case $1 in
        -o) optional=1; shift ;;
        -t) limit=$2; shift 2 ;;
        *) break ;;
        esac
    done
    if [ ! -x "$1" ]; then
        [ $optional = 1 ] && { skip_check "$1 not built"; return; }
        echo "FAIL: $1 not built"; fail=$((fail + 1)); return
    fi
    local out rc line p f k
    out=$(timeout "$limit" "$@" 2>&1); rc=$?
    printf '%s\n' "$out" | grep -E '^FAIL|^skip: |WARNING: ThreadSanitizer|ERROR: AddressSanitizer|runtime error' | head -20
    line=$(printf '%s\n' "$out" | grep -E ': [0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$' | tail -n 1)
    echo "$* -> ${line:-no result (rc $rc)}"
    p=$(printf '%s' "$line" | sed -nE 's/.*: ([0-9]+) passed, ([0-9]+) failed(, [0-9]+ skipped)?$/\1/p')
    f=$(printf '%s' "$line" | sed -nE 's/.*: ([0-9]+) passed, ([0-9]+) failed(, [0-9]+ skipped)?$/\2/p')
    k=$(printf '%s' "$line" | sed -nE 's/.*, ([0-9]+) skipped$/\1/p')
    [ -z "$p" ] && { p=0; f=1; }
    [ $rc -ne 0 ] && [ "$f" = 0 ] && f=1
    pass=$((pass + p)); fail=$((fail + f)); skip=$((skip + ${k:-0}))
}
