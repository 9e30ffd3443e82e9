#!/usr/bin/env bash
# Writes the static site of `make wasm` (docs/players/play-in-browser.md): the web board of
# web/static/ (chessground from npm, as web/build.sh installs it), the engine compiled to
# WebAssembly (qec.wasm and its loader qec.js) with the Web Worker that runs it, and
# engine.json, which tells the page to use the Worker instead of `make web`'s WebSocket.
#   web/site.sh WASM_BUILD_DIR SITE_DIR
set -eu
cd "$(dirname "$0")/.."
build=$1 site=$2
for f in "$build/qec.js" "$build/qec.wasm"; do
    [ -f "$f" ] || { echo "error: $f is missing (make wasm builds it)" >&2; exit 1; }
done
web/build.sh
rm -rf "$site"
mkdir -p "$site/vendor"
cp web/static/*.html web/static/*.js web/static/*.css "$site/"
cp web/static/vendor/* "$site/vendor/"
cp web/wasm/engine-worker.js "$build/qec.js" "$build/qec.wasm" "$site/"
cp web/wasm/vendor/cjson/LICENSE "$site/vendor/cJSON.LICENSE"
printf '{"transport": "worker", "worker": "engine-worker.js"}\n' >"$site/engine.json"
touch "$site/.nojekyll" # GitHub Pages: serve the files as they are
echo "wasm: static site in $site/ (qec.wasm $(stat -c %s "$site/qec.wasm") bytes, gzip $(gzip -9c "$site/qec.wasm" | wc -c));" \
     "serve it with: python3 -m http.server -d $site"
