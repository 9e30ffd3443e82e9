# Sourced by the suites' run.sh (from the repository root). A C test program ends with one
# line "<name>: N passed, N failed"; run_program runs one, shows its failures and sanitizer
# reports, and adds its counts to $pass and $fail. No result line, a non-zero exit, or a
# missing program (unless -o) counts as a failure.
#   run_program [-o] [-t SECONDS] PROGRAM [ARG]...
#     -o  optional: skip quietly when PROGRAM is not built (e.g. no `make debug`)
#     -t  time limit (default 600 s): a hang is a failure, not a stuck suite
pass=0 fail=0
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
        [ $optional = 1 ] && { echo "skip: $1 not built"; return; }
        echo "FAIL: $1 not built"; fail=$((fail + 1)); return
    fi
    local out rc line p f
    out=$(timeout "$limit" "$@" 2>&1); rc=$?
    printf '%s\n' "$out" | grep -E '^FAIL|WARNING: ThreadSanitizer|ERROR: AddressSanitizer|runtime error' | head -20
    line=$(printf '%s\n' "$out" | grep -E ': [0-9]+ passed, [0-9]+ failed$' | tail -n 1)
    echo "$* -> ${line:-no result (rc $rc)}"
    p=$(printf '%s' "$line" | sed -nE 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\1/p')
    f=$(printf '%s' "$line" | sed -nE 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\2/p')
    [ -z "$p" ] && { p=0; f=1; }
    [ $rc -ne 0 ] && [ "$f" = 0 ] && f=1
    pass=$((pass + p)); fail=$((fail + f))
}
