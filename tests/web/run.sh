#!/usr/bin/env bash
# The web board (docs/players/web-board.md), end to end: `make web` serves the page, headless
# Chromium (Debian's chromium, driven by playwright-core from web/package-lock.json) plays a
# whole QEC game by clicks (tests/web/e2e.mjs; also hidden links, tether's move kinds and an
# apex promotion, schroedinger's unknown majors, check marks in every variant, the move list's
# notation; the review of a game: its graph, a known blunder marked, the marks in the move list
# and the record, cancel; the win/draw/loss under the evaluation bar); then the servers
# are stopped the two ways a person stops them (Ctrl-C on `make web`, SIGTERM to
# web/serve.sh) with engine sessions open, and no engine may be left running.
# Then `make wasm`'s static site (docs/players/play-in-browser.md), no websocketd: the same
# scenarios with the engine in WebAssembly in a Web Worker, served by web/serve_static.py with
# the cross-origin isolation headers (the threaded engine build, desktop size) and by
# `python3 -m http.server` without them (the one-thread build, phone size 390x844, taps), and
# the site with its engine files missing or corrupt (tests/web/broken.mjs); and both engine
# builds' `bench` (bench/wasm-bench.mjs; the one-thread build's second run in its Worker,
# --warm), and `make wasm-node`'s, searching as many nodes as ./qec's.
# Skips (counted, and says why) only when chromium, websocketd, node or emcc (emscripten) cannot
# be had: tools/deps.sh installs them.
cd "$(dirname "$0")/../.."
. tests/lib.sh
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
skip() { skip_check "$1"; summary web; exit $((fail > 0)); } # the rest cannot run: one skip
# Adds the counts of a node script's "name: N passed, N failed" line (no line: a failure).
count() {
    local out=$1 what=$2 line
    printf '%s\n' "$out" | grep -E '^FAIL' | head -30
    line=$(printf '%s\n' "$out" | grep -E '^[A-Za-z0-9_-]+: [0-9]+ passed, [0-9]+ failed$' | tail -n 1)
    echo "$what -> ${line:-no result: $(printf '%s' "$out" | tail -n 5)}"
    if [ -n "$line" ]; then
        pass=$((pass + $(echo "$line" | sed -E 's/.*: ([0-9]+) passed.*/\1/')))
        fail=$((fail + $(echo "$line" | sed -E 's/.*passed, ([0-9]+) failed/\1/')))
    else
        fail=$((fail + 1))
    fi
}

command -v node >/dev/null || skip "web unit and browser tests (node is not installed)"
count "$(node tests/web/record.test.mjs 2>&1)" tests/web/record.test.mjs
count "$(node tests/web/links.test.mjs 2>&1)" tests/web/links.test.mjs
count "$(node tests/web/material.test.mjs 2>&1)" tests/web/material.test.mjs
count "$(node tests/web/clock.test.mjs 2>&1)" tests/web/clock.test.mjs
count "$(node tests/web/saved.test.mjs 2>&1)" tests/web/saved.test.mjs
count "$(node tests/web/variants.test.mjs ./qec 2>&1)" tests/web/variants.test.mjs
# the review's thresholds and chances against qecreview's (review/model.c, through its probe)
make -s build/release/tests/review_probe >/dev/null 2>&1
count "$(node tests/web/review.test.mjs ./qec build/release/tests/review_probe 2>&1)" tests/web/review.test.mjs

CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$CHROMIUM" ] || skip "web browser tests (chromium is not installed)"
command -v websocketd >/dev/null || skip "web browser tests (websocketd is not installed)"
command -v npm >/dev/null || skip "web browser tests (npm is not installed)"
[ -x ./qec ] || { echo "FAIL: ./qec is not built"; echo "web: 0 passed, 1 failed"; exit 1; }
web/build.sh >/dev/null || { echo "FAIL: web/build.sh (npm ci)"; echo "web: 0 passed, 1 failed"; exit 1; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
# A process is gone when it does not exist or is a zombie waiting to be reaped.
alive() { [ -e /proc/$1 ] && ! grep -q '^[0-9]* ([^)]*) Z' /proc/$1/stat 2>/dev/null; }

# serve UP COMMAND...: starts COMMAND (its word @PORT@ replaced by a port from free_port) in
# the background, in a process group of its own, output in $log, and waits (bounded) until
# the function UP says this server is the one answering; sets $port, $srv (the group) and
# $log. A server that ends first (its port taken between free_port and its bind, by a
# neighbour on a busy machine) is tried again on another port, three times in all. Only
# this server's own signs count: a port that answers may be someone else's.
serve() {
    local up=$1 try arg cmd; shift
    for try in 1 2 3; do
        port=$(free_port)
        cmd=()
        for arg in "$@"; do cmd+=("${arg//@PORT@/$port}"); done
        log=$(mktemp)
        set -m
        "${cmd[@]}" >"$log" 2>&1 &
        srv=$!
        set +m # (only the start needs job control; no job notices in the output)
        wait_until 120 settled "$srv" "$up" && alive "$srv" && "$up" && return 0
        echo "($* on port $port did not come up (try $try): $(tail -n 3 "$log" | tr '\n' ' '))"
        stop_server
    done
    return 1
}
settled() { ! alive "$1" || "$2"; } # PID ended, or the check UP succeeds
stop_server() { kill -TERM -- "-$srv" 2>/dev/null; wait "$srv" 2>/dev/null; rm -f "$log"; }
# websocketd (make web's or web/serve.sh's) is up: the address line printed (serve.sh prints
# it once its websocketd answers), websocketd in the server's group ($wsd), the port open.
websocketd_up() {
    grep -q "http://127.0.0.1:$port/" "$log" || return 1
    wsd=$(pgrep -g "$srv" -x websocketd | head -n 1)
    [ -n "$wsd" ] && port_open "$port"
}
static_up() { port_open "$port"; }

# Opens two engine sessions (upgrades kept open: websocketd has started their engines), stops
# the server with signal SIG sent to TARGET and checks that the engines and websocketd end.
stop_check() {
    local what=$1 sig=$2 target=$3 wsd=$4 port=$5 fds=() engines="" e left=""
    for _ in 1 2; do
        upgrade "$port" "http://127.0.0.1:$port" && fds+=("$fd")
    done
    [ ${#fds[@]} -eq 2 ] && ok || bad "$what: engine sessions did not open ($status)"
    two_engines() { engines=$(pgrep -P "$wsd" -x qec | tr '\n' ' '); [ "$(echo $engines | wc -w)" -ge 2 ]; }
    wait_until 30 two_engines
    [ "$(echo $engines | wc -w)" -ge 2 ] && ok || bad "$what: two engines running ($engines)"
    kill -"$sig" -- "$target"
    all_gone() { left=""; for e in $engines $wsd; do alive "$e" && left="$left $e"; done; [ -z "$left" ]; }
    wait_until 30 all_gone # a loaded machine may be slow to schedule the exits
    [ -z "$left" ] && ok || bad "$what: processes left running:$left $(for e in $left; do ps -o pid=,stat=,args= -p "$e"; cat /proc/$e/wchan 2>/dev/null; echo; done | tr "\n" " ")"
    for fd in "${fds[@]}"; do exec {fd}<&-; done
}

# A WebSocket upgrade request from ORIGIN on a new file descriptor (raw HTTP over bash's
# /dev/tcp, so no WebSocket client is needed); sets $fd and $status (the status line).
upgrade() {
    local port=$1 origin=$2
    status=""
    exec {fd}<>"/dev/tcp/127.0.0.1/$port" || return 1
    printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nOrigin: %s\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n' \
        "$port" "$origin" >&$fd
    read -r -t 5 status <&$fd
    status=$(printf '%s' "$status" | tr -d '\r')
}
# The response headers of GET / (raw HTTP over /dev/tcp, as upgrade does), CRs dropped.
page_headers() {
    local port=$1 line
    exec {fd}<>"/dev/tcp/127.0.0.1/$port" || return 1
    printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nConnection: close\r\n\r\n' "$port" >&$fd
    while read -r -t 5 line <&$fd; do
        line=${line%$'\r'}
        [ -z "$line" ] && break
        printf '%s\n' "$line"
    done
    exec {fd}<&-
}
upgrade_status() {
    upgrade "$1" "$2" && exec {fd}<&-
    printf '%s' "$status"
}

# make web builds what is out of date before it serves: do that here first, with no time limit,
# so the bounded waits below wait for a server only (an LTO link on a busy machine can outlast
# them, and a build stopped by the test's Ctrl-C would leave no ./qec for the next server).
make --no-print-directory all >/dev/null 2>&1 || bad "make all failed before make web"

# 1. make web, the page played by chromium, then Ctrl-C (SIGINT to make's process group).
# SIGINT at its default, as in a terminal: a test run started in the background (a CI job
# under a non-interactive shell) inherits it ignored, and Ctrl-C would then stop nothing.
if serve websocketd_up env --default-signal=INT make --no-print-directory web PORT=@PORT@; then
    ok
    count "$(WSD_PID=$wsd CHROMIUM=$CHROMIUM timeout 300 node tests/web/e2e.mjs "http://127.0.0.1:$port/" "${SCREENSHOTS:-build/web-screenshots}" ./qec 2>&1)" \
        tests/web/e2e.mjs
    stop_check "Ctrl-C on make web" INT "-$srv" "$wsd" "$port"
    stop_server
else
    bad "make web did not start (three ports tried)"
fi

# 2. web/serve.sh stopped by SIGTERM (kill PID from another terminal).
if serve websocketd_up web/serve.sh @PORT@; then
    st=$(upgrade_status "$port" "http://evil.example")
    case $st in *" 403 "*) ok ;; *) bad "an engine session from another web site: '$st', not 403" ;; esac
    st=$(upgrade_status "$port" "http://127.0.0.1:$port")
    case $st in *" 101 "*) ok ;; *) bad "an engine session from the page's origin: '$st', not 101" ;; esac
    # The page's files come with the cross-origin isolation headers (as make wasm's threaded
    # engine needs them; docs/players/play-in-browser.md).
    hdrs=$(page_headers "$port")
    for h in "Cross-Origin-Opener-Policy: same-origin" "Cross-Origin-Embedder-Policy: require-corp"; do
        printf '%s\n' "$hdrs" | grep -qix "$h" && ok || bad "web/serve.sh's page lacks '$h': $(printf '%s' "$hdrs" | tr '\n' '|')"
    done
    stop_check "SIGTERM to web/serve.sh" TERM "$srv" "$wsd" "$port"
    stop_server
else
    bad "web/serve.sh did not start (three ports tried)"
fi

# 2b. web/serve.sh on a port another program serves: refused with a clear message, not the
# other server's address printed as the board's.
if serve static_up python3 -m http.server -b 127.0.0.1 -d web/static @PORT@; then
    out=$(timeout 120 web/serve.sh "$port" 2>&1)
    rc=$?
    [ $rc -eq 1 ] && printf '%s' "$out" | grep -q "error: port $port is in use" && ! printf '%s' "$out" | grep -q "qec web board:" &&
        ok || bad "web/serve.sh on a port in use: rc $rc, '$out'"
    stop_server
else
    bad "a static server for the port-in-use check did not start (three ports tried)"
fi

# 3. make wasm's static site on a plain static server: the engine in a Web Worker.
if ! command -v emcc >/dev/null; then
    skip_check "the static site (no emcc: Debian package emscripten, tools/deps.sh)"
else
    wasm_log=$(mktemp)
    # Every WebAssembly engine searches bench's tree as ./qec does, node for node (every variant's
    # positions): its own code paths (SIMD output, the set comparison, XXH3's SSE2 path, the
    # 32-bit bucket index, the world key's copy) change no decision. same_bench WHAT OUTPUT.
    native=$(./qec bench 2>&1 | sed -n 's/^Nodes searched *: *//p')
    same_bench() {
        local nodes
        nodes=$(printf '%s\n' "$2" | sed -n 's/^Nodes searched *: *//p')
        if [ -n "$native" ] && [ "$nodes" = "$native" ]; then
            ok
        else
            bad "$1: '$nodes' nodes, ./qec bench '$native': $(printf '%s' "$2" | tail -n 3)"
        fi
    }
    # (both engines' objects on every core: about a fifth less time than one job at a time)
    if make --no-print-directory -j"$(nproc 2>/dev/null || echo 2)" wasm >"$wasm_log" 2>&1 && [ -f build/site/qec.wasm ] && [ -f build/site/qec-mt.wasm ] && [ -f build/site/engine.json ]; then
        ok
        # The site twice: served with the isolation headers (web/serve_static.py: the threaded
        # build, at desktop size) and without (python3 -m http.server: the one-thread build, at
        # phone size); each run checks which build the page chose.
        shots=${SCREENSHOTS:-build/web-screenshots}
        for run in threads single; do
            if [ $run = threads ]; then
                serve static_up python3 web/serve_static.py build/site @PORT@
            else
                serve static_up python3 -m http.server -b 127.0.0.1 -d build/site @PORT@
            fi
            started=$?
            if [ $started -ne 0 ]; then
                bad "the static server ($run) did not start (three ports tried)"
            elif [ $run = threads ]; then
                count "$(TRANSPORT=worker BUILD=threads CHROMIUM=$CHROMIUM timeout 300 node tests/web/e2e.mjs \
                    "http://127.0.0.1:$port/" build/web-screenshots/worker ./qec 2>&1)" \
                    "tests/web/e2e.mjs (static site with COOP/COEP, Worker, threads)"
                # The one-thread build with --warm: a second bench in the same Worker searches
                # the same tree (nothing of the first is left to change it).
                for build in single threads; do
                    warm=
                    [ $build = single ] && warm=--warm
                    out=$(CHROMIUM=$CHROMIUM timeout 300 node bench/wasm-bench.mjs "http://127.0.0.1:$port/" --build $build $warm 2>&1)
                    same_bench "bench in the $build WebAssembly build${warm:+ (its second run, $warm)}" "$out"
                    [ -z "$warm" ] || check "wasm-bench.mjs --warm: no 'Warm-up run ms' line: $(tail -n 3 <<<"$out")" \
                        grep -Eq '^Warm-up run ms *: *[0-9]+$' <<<"$out"
                done
            else
                count "$(TRANSPORT=worker BUILD=single VIEWPORT=390x844 CHROMIUM=$CHROMIUM timeout 300 node tests/web/e2e.mjs \
                    "http://127.0.0.1:$port/" "$shots" ./qec 2>&1)" \
                    "tests/web/e2e.mjs (static site without headers, one thread, phone 390x844)"
            fi
            [ $started -eq 0 ] && stop_server
        done
        count "$(CHROMIUM=$CHROMIUM timeout 300 node tests/web/broken.mjs build/site 2>&1)" tests/web/broken.mjs
        # make wasm-node (bench/wasm-profile.sh's engine: the one-thread build's objects as ./qec's
        # command line for node) builds, and searches as the others do.
        if make --no-print-directory wasm-node >"$wasm_log" 2>&1; then
            same_bench "node build/wasm/node/qec.js bench" "$(timeout 300 node build/wasm/node/qec.js bench 2>&1)"
        else
            bad "make wasm-node: $(tail -n 5 "$wasm_log")"
        fi
    else
        bad "make wasm: $(tail -n 5 "$wasm_log")"
    fi
    rm -f "$wasm_log"
fi

summary web
[ "$fail" -eq 0 ]
