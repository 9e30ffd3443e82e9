#!/usr/bin/env bash
# Installs what the build and the tests need and is missing (Debian packages), and nothing
# when all is there. Used by `make play` and `make test`.
set -eu
need=(gcc make pkg-config libxxhash-dev libcjson-dev python3)
[ -n "${QEC_DEPS_EXTRA:-}" ] && need+=($QEC_DEPS_EXTRA)
missing=()
for p in "${need[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
if ! command -v apt-get >/dev/null; then
    echo "error: please install ${missing[*]} (Debian package names)" >&2
    exit 1
fi
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${missing[@]}" >/dev/null
