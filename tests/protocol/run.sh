#!/usr/bin/env bash
# The protocol suite (docs/gui/protocol.md): scripted UCI/QEC sessions (and Tether ones, tether_test.py; Schroedinger ones, schroedinger_test.py;
# turn lines and moves in the notation for people in all four, turns_test.py; levels and winning chances in all four, levels_test.py) over pipes against ./qec (all
# of them), ./qec-debug (ASan+UBSan: all but the shell/selfplay runs, shallower perft) and
# ./qec-tsan (ThreadSanitizer: the sessions with searches running while commands arrive);
# gui_test.py (issue 42: whole lines, ponder, --variant and qec-NAME) against ./qec, partly
# through Debian's polyglot (a counted skip without it), and its quick part against ./qec-debug;
# session_test (C: the session layer without uci/) in the release, debug and TSan builds.
set -u
cd "$(dirname "$0")/../.."
export QEC_DATA=${QEC_DATA:-tests/data}
. tests/lib.sh
run() { # [script] exe args...: protocol_test.py unless a script is named
    local script=tests/protocol/protocol_test.py
    case $1 in *.py) script=$1; shift ;; esac
    local out; out=$(timeout 900 python3 "$script" "$@" 2>&1); local rc=$?
    printf '%s\n' "$out"
    local line; line=$(printf '%s\n' "$out" | grep -E '^  .*: [0-9]+ passed, [0-9]+ failed$' | tail -n 1)
    local p f
    p=$(printf '%s' "$line" | sed -nE 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\1/p')
    f=$(printf '%s' "$line" | sed -nE 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\2/p')
    [ -z "$p" ] && { p=0; f=1; echo "FAIL $1: the test script did not finish (rc $rc)"; }
    [ $rc -ne 0 ] && [ "$f" = 0 ] && f=1
    pass=$((pass + p)); fail=$((fail + f))
}
# The session layer under the protocol, without uci/ (session/session.h).
run_program build/release/tests/session_test
run_program -o build/debug/tests/session_test
TSAN_OPTIONS="halt_on_error=1 exitcode=66" run_program -o build/tsan/tests/session_test
if [ -x ./qec ]; then run ./qec; run tests/protocol/tether_test.py ./qec; run tests/protocol/schroedinger_test.py ./qec; run tests/protocol/turns_test.py ./qec; run tests/protocol/levels_test.py ./qec; else echo "FAIL: ./qec not built"; fail=$((fail + 1)); fi
# A client no one here wrote: polyglot (tools/deps.sh installs it), found on PATH or in /usr/games.
POLYGLOT=$(command -v polyglot 2>/dev/null || { [ -x /usr/games/polyglot ] && echo /usr/games/polyglot; } || true)
[ -z "$POLYGLOT" ] && skip_check "GUI sessions through polyglot (polyglot is not installed; tools/deps.sh installs it)"
if [ -x ./qec ]; then QEC_POLYGLOT=$POLYGLOT run tests/protocol/gui_test.py ./qec; fi
if [ -x ./qec-debug ]; then
    run ./qec-debug --sanitized --perft-depth 2
    run tests/protocol/tether_test.py ./qec-debug --sanitized --perft-depth 2
    run tests/protocol/schroedinger_test.py ./qec-debug --sanitized --perft-depth 2
    run tests/protocol/gui_test.py ./qec-debug --sanitized
    run tests/protocol/turns_test.py ./qec-debug --sanitized
    run tests/protocol/levels_test.py ./qec-debug --sanitized
else skip_check "protocol sessions under ASan+UBSan (./qec-debug not built: make debug)"; fi
if [ -x ./qec-tsan ]; then
    TSAN_OPTIONS="halt_on_error=1 exitcode=66" run ./qec-tsan --sanitized --threaded-only
    TSAN_OPTIONS="halt_on_error=1 exitcode=66" run tests/protocol/schroedinger_test.py ./qec-tsan --sanitized --perft-depth 2
    TSAN_OPTIONS="halt_on_error=1 exitcode=66" run tests/protocol/turns_test.py ./qec-tsan --sanitized --threaded-only
else skip_check "protocol sessions under TSan (./qec-tsan not built: make tsan)"; fi
summary protocol
[ "$fail" -eq 0 ]
