#!/usr/bin/env bash
# Starts the web board: websocketd serves web/static/ and runs one ./qec per WebSocket
# connection (stdin/stdout as messages), all on one origin, 127.0.0.1 only.
#   web/serve.sh [PORT]      (make web PORT=N)
# Stopping it (Ctrl-C, SIGTERM) stops websocketd and every engine it started.
set -eu
cd "$(dirname "$0")/.."
port=${1:-8080}
command -v websocketd >/dev/null || { echo "error: websocketd is missing (Debian package websocketd; make web installs it)" >&2; exit 1; }
[ -x ./qec ] || { echo "error: ./qec is not built (make)" >&2; exit 1; }
web/build.sh
# A port that already answers belongs to another server: websocketd could not bind it, and the
# address printed below would open that server's page.
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "error: port $port is in use by another program (make web PORT=N picks another)" >&2
    exit 1
fi
# --sameorigin: other web sites open in the browser may not start engines (403).
# The isolation headers (COOP/COEP) on the page's files, as make wasm's site needs them for its
# threaded engine (docs/players/play-in-browser.md): the same page, served the same way.
websocketd --port="$port" --address=127.0.0.1 --sameorigin=true --staticdir=web/static --loglevel=error \
    --header-http="Cross-Origin-Opener-Policy: same-origin" \
    --header-http="Cross-Origin-Embedder-Policy: require-corp" ./qec &
wsd=$!
stop() {
    trap - INT TERM EXIT
    local engines
    engines=$(pgrep -P "$wsd" 2>/dev/null || true)
    kill -TERM "$wsd" 2>/dev/null || true
    wait "$wsd" 2>/dev/null || true
    # websocketd signals its engines itself; anything left (a hung engine) is ended here.
    for pid in $engines; do kill -TERM "$pid" 2>/dev/null || true; done
}
trap 'stop; exit 0' INT TERM
trap stop EXIT
# Wait until the port answers, so the address printed is ready to open.
for _ in $(seq 50); do
    kill -0 "$wsd" 2>/dev/null || { echo "error: websocketd did not start (port $port in use?)" >&2; exit 1; }
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    sleep 0.1
done
echo "qec web board: http://127.0.0.1:$port/  (engine sessions: ws://127.0.0.1:$port/; Ctrl-C stops)"
wait "$wsd"
