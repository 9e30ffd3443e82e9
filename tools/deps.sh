#!/usr/bin/env bash
# Installs what the build and the tests need and is missing (Debian packages), and nothing
# when all is there. Used by `make play` and `make test`.
# Optional packages (the classical-chess tests of tests/match, issue 12: Debian's stockfish as an
# engine no one here wrote, pgn-extract as an independent PGN reader) are installed when
# possible; when they cannot be (no apt-get, no root, no network) the build and the tests go on
# and those checks report "skipped". QEC_DEPS_EXTRA="…" adds packages (e.g. the other engines of
# bench/ladder.sh: "ethereal-chess toga2 glaurung").
set -eu
need=(gcc make pkg-config libxxhash-dev libcjson-dev python3)
optional=(stockfish pgn-extract)
[ -n "${QEC_DEPS_EXTRA:-}" ] && need+=($QEC_DEPS_EXTRA)
missing=() missingOpt=()
for p in "${need[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
for p in "${optional[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missingOpt+=("$p")
done
[ ${#missing[@]} -eq 0 ] && [ ${#missingOpt[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
can_install() { command -v apt-get >/dev/null && { [ -z "$sudo" ] || command -v sudo >/dev/null; }; }
export DEBIAN_FRONTEND=noninteractive
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}"
    if ! can_install; then
        echo "error: please install ${missing[*]} (Debian package names)" >&2
        exit 1
    fi
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ ${#missingOpt[@]} -gt 0 ]; then
    echo "installing (optional): ${missingOpt[*]}"
    if ! can_install || ! { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends \
        "${missingOpt[@]}" >/dev/null; }; then
        echo "note: could not install ${missingOpt[*]}; the tests that use them are skipped" >&2
    fi
fi
exit 0
