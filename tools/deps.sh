#!/usr/bin/env bash
# Installs what the build and the tests need and is missing (Debian packages), and nothing
# when all is there. Used by `make play`, `make test` and `make web`.
# Core packages (the build) must install. Optional ones are installed when possible; when they
# cannot be (no apt-get, no root, no network) the build and the other suites go on and the
# checks that need them are skipped, and counted (a "skip:" line each; with CI=true any skip
# fails `make test`, tests/run_tests.sh):
#   - classical chess (tests/match, issue 12): Debian's stockfish as an engine no one here
#     wrote, pgn-extract as an independent PGN reader;
#   - a GUI's side (tests/protocol, issue 42): polyglot, the UCI-to-xboard adapter, as a client
#     no one here wrote;
#   - sharded matches (tests/match, issue 14): GNU parallel runs the shards; on real schedulers
#     (tests/slurm, issue 33): slurm-wlm and munge for a one-node Slurm cluster, openssh-server
#     for GNU parallel's several-host path, rsync for its copying of results (--return);
#   - the fuzz suite (tests/fuzz, docs/testers/fuzzing.md): clang with its libFuzzer;
#   - the web board (tests/web, make web): websocketd, chromium, and nodejs/npm when the node
#     and npm commands are missing (node may come from elsewhere, e.g. nodesource);
#   - the board as a static site with the engine in WebAssembly (make wasm, tests/web):
#     emscripten (docs/players/play-in-browser.md).
# QEC_DEPS_EXTRA="…" adds core packages (e.g. the other engines of bench/ladder.sh:
# "ethereal-chess toga2 glaurung"); QEC_DEPS_NO_WEB=1 leaves the web board's packages out.
set -eu
need=(gcc make pkg-config libxxhash-dev libcjson-dev python3)
optional=(stockfish pgn-extract polyglot parallel slurm-wlm munge openssh-server openssh-client rsync clang)
[ -n "${QEC_DEPS_EXTRA:-}" ] && need+=($QEC_DEPS_EXTRA)
if [ -z "${QEC_DEPS_NO_WEB:-}" ]; then
    optional+=(websocketd chromium emscripten)
    command -v node >/dev/null || optional+=(nodejs)
    command -v npm >/dev/null || optional+=(npm)
fi
missing() {
    for p in "$@"; do
        dpkg -s "$p" >/dev/null 2>&1 || echo "$p"
    done
}
core=($(missing "${need[@]}"))
extra=($(missing "${optional[@]}"))
[ ${#core[@]} -eq 0 ] && [ ${#extra[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
can_install() { command -v apt-get >/dev/null && { [ -z "$sudo" ] || command -v sudo >/dev/null; }; }
export DEBIAN_FRONTEND=noninteractive
if [ ${#core[@]} -gt 0 ]; then
    echo "installing: ${core[*]}"
    if ! can_install; then
        echo "error: please install ${core[*]} (Debian package names)" >&2
        exit 1
    fi
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq "${core[@]}" >/dev/null
fi
if [ ${#extra[@]} -gt 0 ]; then
    echo "installing (optional): ${extra[*]}"
    if ! can_install || ! { $sudo apt-get update -qq && $sudo apt-get install -y -qq \
        "${extra[@]}" >/dev/null; }; then
        echo "note: could not install ${extra[*]}; the checks that use them are skipped" >&2
    fi
fi
exit 0
