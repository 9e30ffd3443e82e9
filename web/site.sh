#!/usr/bin/env bash
# Writes the static site of `make wasm` (docs/players/play-in-browser.md): the web board of
# web/static/ (chessground from npm, as web/build.sh installs it), the engine compiled to
# WebAssembly in its two builds (qec.wasm and its loader qec.js: one thread; qec-mt.wasm,
# qec-mt.js and the pthreads' qec-mt.worker.js: threads, for a cross-origin isolated page) with
# the Web Worker that runs one of them, and engine.json, which tells the page to use the Worker
# instead of `make web`'s WebSocket; serve_static.py serves it with the isolation headers.
#   web/site.sh WASM_BUILD_DIR WASM_MT_BUILD_DIR SITE_DIR
set -eu
cd "$(dirname "$0")/.."
build=$1 mtbuild=$2 site=$3
for f in "$build/qec.js" "$build/qec.wasm" "$mtbuild/qec-mt.js" "$mtbuild/qec-mt.wasm" "$mtbuild/qec-mt.worker.js"; do
    [ -f "$f" ] || { echo "error: $f is missing (make wasm builds it)" >&2; exit 1; }
done
web/build.sh
rm -rf "$site"
mkdir -p "$site/vendor"
cp web/static/*.html web/static/*.js web/static/*.css "$site/"
cp web/static/vendor/* "$site/vendor/"
cp web/wasm/engine-worker.js "$build/qec.js" "$build/qec.wasm" "$site/"
cp "$mtbuild/qec-mt.js" "$mtbuild/qec-mt.wasm" "$mtbuild/qec-mt.worker.js" "$site/"
cp web/wasm/vendor/cjson/LICENSE "$site/vendor/cJSON.LICENSE"
printf '{"transport": "worker", "worker": "engine-worker.js"}\n' >"$site/engine.json"
touch "$site/.nojekyll" # GitHub Pages: serve the files as they are
# Netlify and Cloudflare Pages read the headers of their answers from this file: the cross-origin
# isolation that gives the page threads (web/serve_static.py sends the same two).
printf '/*\n  Cross-Origin-Opener-Policy: same-origin\n  Cross-Origin-Embedder-Policy: require-corp\n' >"$site/_headers"
size() { echo "$1 $(stat -c %s "$site/$1") bytes, gzip $(gzip -9c "$site/$1" | wc -c)"; }
echo "wasm: static site in $site/ ($(size qec.wasm); $(size qec-mt.wasm));" \
     "serve it with threads: python3 web/serve_static.py $site 8000"
