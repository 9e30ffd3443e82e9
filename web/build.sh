#!/usr/bin/env bash
# Installs the page's npm packages from the lockfile (npm ci, only when missing or stale) and
# copies chessground's ES module and styles into static/vendor/, which websocketd serves.
# Nothing is fetched by the page itself: it works offline.
set -eu
cd "$(dirname "$0")"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "web: npm ci"
    npm ci --no-audit --no-fund --loglevel=error
fi
mkdir -p static/vendor
cp node_modules/chessground/dist/chessground.min.js static/vendor/
cp node_modules/chessground/assets/chessground.base.css node_modules/chessground/assets/chessground.brown.css \
   node_modules/chessground/assets/chessground.cburnett.css static/vendor/
cp node_modules/chessground/LICENSE static/vendor/chessground.LICENSE
