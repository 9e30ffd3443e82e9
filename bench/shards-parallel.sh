#!/usr/bin/env bash
# A qecmatch match in N shards run by GNU parallel (Debian's `parallel`; tools/deps.sh installs
# it), on this machine or on several hosts over ssh, then merged (issue 14):
#   bench/shards-parallel.sh N OUTDIR [qecmatch arguments ...]
#   SSHLOGIN="4/host1,4/host2,:" bench/shards-parallel.sh 32 OUTDIR ...   # several hosts
# Each shard is `bench/shard-run.sh I N OUTDIR ARGS` (-shard I/N); the result is
# `qecmatch merge OUTDIR/shard-*.json` (OUTDIR/merged.json too). JOBS=K runs K shards at a time
# per host (default: N locally, parallel's one per CPU with SSHLOGIN). With SSHLOGIN the hosts
# need this checkout, built, at the same path: parallel runs the shard there (--workdir .) and
# brings its JSON, PGN and log back (--return, which needs rsync on both ends) and removes them
# there (--cleanup). SHARED_FS=1 when OUTDIR is on a file system the hosts share (NFS, a
# cluster's home): the shards write into it, nothing is copied, and nothing is removed (with
# --return --cleanup on a shared OUTDIR, the cleanup would delete the results themselves).
# PARALLEL_SSH="ssh -F FILE" (GNU parallel's own variable) picks the ssh command and its options.
# The arguments must include -seed S and are passed as they are (parallel -q quotes them).
set -eu
[ $# -ge 2 ] || { echo "usage: $0 N OUTDIR [qecmatch arguments ...]" >&2; exit 2; }
n=$1 out=$2
shift 2
cd "$(dirname "$0")/.."
parallel --version 2>/dev/null | grep -q 'GNU parallel' || { echo "$0: GNU parallel is not installed" >&2; exit 1; }
mkdir -p "$out"
opts=(--halt now,fail=1 -q)
if [ -n "${SSHLOGIN:-}" ]; then
    opts+=(--sshlogin "$SSHLOGIN" --workdir .)
    if [ -z "${SHARED_FS:-}" ]; then
        remote=0 # ":" is this machine, where parallel copies nothing
        IFS=, read -ra logins <<<"$SSHLOGIN"
        for login in "${logins[@]}"; do [ "${login#[0-9]*/}" = ":" ] || remote=1; done
        if [ $remote = 1 ] && ! command -v rsync >/dev/null; then
            echo "$0: GNU parallel needs rsync to bring the shards back (or SHARED_FS=1 when the hosts share $out)" >&2
            exit 1
        fi
        opts+=(--return "$out/shard-{}.json" --return "$out/shard-{}.pgn" --return "$out/shard-{}.log" --cleanup)
    fi
    [ -n "${JOBS:-}" ] && opts+=(-j "$JOBS")
else
    opts+=(-j "${JOBS:-$n}")
fi
status=0
parallel "${opts[@]}" bench/shard-run.sh {} "$n" "$out" "$@" ::: $(seq 0 $((n - 1))) || status=$?
if [ "$status" -ne 0 ]; then
    echo "$0: a shard failed (status $status); see $out/shard-*.log" >&2
    exit "$status"
fi
exec ./qecmatch merge -jsonout "$out/merged.json" "$out"/shard-*.json
