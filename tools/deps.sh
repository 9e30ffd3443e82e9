#!/usr/bin/env bash
# Installs what the build and the tests need and is missing (Debian packages), and nothing
# when all is there. Used by `make play`, `make test` and `make web`.
# The web board's packages (websocketd, chromium, and nodejs/npm when there is no npm) are
# installed too, but a failure there only warns: the build and the other suites do not need
# them, and tests/web says it skipped. QEC_DEPS_NO_WEB=1 leaves them out.
set -eu
need=(gcc make pkg-config libxxhash-dev libcjson-dev python3)
[ -n "${QEC_DEPS_EXTRA:-}" ] && need+=($QEC_DEPS_EXTRA)
web=()
if [ -z "${QEC_DEPS_NO_WEB:-}" ]; then
    web=(websocketd chromium)
    # node may come from elsewhere (e.g. nodesource, which bundles npm): only the commands count.
    command -v node >/dev/null || web+=(nodejs)
    command -v npm >/dev/null || web+=(npm)
fi
missing() {
    for p in "$@"; do
        dpkg -s "$p" >/dev/null 2>&1 || echo "$p"
    done
}
core=($(missing "${need[@]}"))
extra=($(missing "${web[@]}"))
[ ${#core[@]} -eq 0 ] && [ ${#extra[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null; then
    [ ${#core[@]} -eq 0 ] && { echo "warning: web board needs ${extra[*]} (Debian package names)" >&2; exit 0; }
    echo "error: please install ${core[*]} (Debian package names)" >&2
    exit 1
fi
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
echo "installing: ${core[*]} ${extra[*]}"
$sudo apt-get update -qq || [ ${#core[@]} -eq 0 ]
if [ ${#core[@]} -gt 0 ]; then
    $sudo apt-get install -y -qq "${core[@]}" >/dev/null
fi
if [ ${#extra[@]} -gt 0 ]; then
    $sudo apt-get install -y -qq "${extra[@]}" >/dev/null ||
        echo "warning: could not install ${extra[*]}: the web board (make web, tests/web) needs them" >&2
fi
exit 0
