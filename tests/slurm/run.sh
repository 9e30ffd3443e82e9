#!/usr/bin/env bash
# Sharded matches on real schedulers (issue 33): the scripts of bench/ run by the programs they
# are written for, on this machine, and compared game for game with the unsharded run.
#   - Slurm: munged, slurmctld and slurmd as a one-node cluster on 127.0.0.1, everything in a
#     temporary directory (key, sockets, state, spool, logs, pid files; free ports; nothing in
#     /etc). bench/slurm-shards.sh is submitted as it is with `sbatch --array=0-3`, the merge
#     as a job with --dependency=afterok on the array; one task submitted again replaces its
#     shard; a second array whose tasks fail leaves its merge never run.
#   - GNU parallel over ssh: an sshd of its own (port, host key, user key, config in the
#     temporary directory) and bench/shards-parallel.sh with SSHLOGIN naming two hosts, both
#     127.0.0.1: with SHARED_FS=1 (the "hosts" share the file system), and, as root with rsync,
#     the copy path (--return, --cleanup) to hosts whose OUTDIR is their own (a tmpfs in sshd's
#     private mount namespace).
# docs/testers/slurm.md says what is checked, and how to set the same up by hand.
# The match is the fixture engine (tests/match/fixture_engine.c) against itself with restart=on:
# a fresh process and seed per game, so each game is the same in any shard. Every daemon is
# stopped at the end (and on any exit), no process of the test may be left, and the temporary
# directory is removed. Each part is skipped when its programs are not installed
# (tools/deps.sh installs slurm-wlm, munge, openssh-server, parallel and rsync when it can).
set -u
cd "$(dirname "$0")/../.."
pass=0 fail=0 skipped=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() { local what=$1; shift; if "$@"; then ok; else bad "$what"; fi; }
skip() { skipped=$((skipped + 1)); echo "skipped: $*"; }
result_line() {
    local line="slurm: $pass passed, $fail failed"
    [ "$skipped" -gt 0 ] && line+=", $skipped skipped"
    echo "$line"
}
have() { for c in "$@"; do command -v "$c" >/dev/null 2>&1 || return 1; done; }

REL=build/release/tests
FIX="$PWD/$REL/fixture_engine"
for f in ./qecmatch "$FIX"; do
    [ -x "$f" ] || { echo "missing $f (run make)"; echo "slurm: 0 passed, 1 failed"; exit 1; }
done
slurm_ok=0 ssh_ok=0
have munged mungekey munge unmunge slurmctld slurmd sbatch scontrol sinfo scancel && slurm_ok=1
have sshd ssh ssh-keygen && parallel --version 2>/dev/null | grep -q 'GNU parallel' && ssh_ok=1
if [ $slurm_ok = 0 ] && [ $ssh_ok = 0 ]; then
    echo "skipped: slurm-wlm/munge and openssh-server/GNU parallel are not installed (tools/deps.sh)"
    echo "slurm: 0 passed, 0 failed, 1 skipped"
    exit 0
fi

T=$(mktemp -d /tmp/qec-slurm.XXXXXX)
chmod 755 "$T" # munged runs as user munge and must reach its socket under here
W="$T/work"
mkdir -p "$W"
PIDS=() # every daemon started here, stopped by stop_all
NAMES=()

# waits up to SECONDS for COMMAND to succeed (polls 5 times a second)
wait_for() {
    local limit=$(($1 * 5)) k; shift
    for ((k = 0; k < limit; k++)); do
        "$@" 2>/dev/null && return 0
        sleep 0.2
    done
    return 1
}
free_ports() { python3 tests/free_port.py "$1"; } # N: N distinct ports, below the ephemeral range
started() { PIDS+=("$1"); NAMES+=("$2"); }
running() { [ -e "/proc/$1" ] && ! grep -q '^[0-9]* ([^)]*) Z' "/proc/$1/stat" 2>/dev/null; }
stop_pid() { # PID: TERM, up to 10 s, then KILL; reaped (the daemons are this shell's children)
    kill -TERM "$1" 2>/dev/null
    wait_for 10 eval '! running '"$1" || kill -KILL "$1" 2>/dev/null
    wait "$1" 2>/dev/null
}
# Processes (not zombies) other than this scan whose command line, environment, working
# directory or open files name $T: the daemons (their files are there), slurmstepd (its
# command line and environment are rewritten, but it holds slurmd's log and the job's output
# open), the jobs and their engines (SLURM_CONF, the arguments).
leftovers() {
    python3 - "$T" <<'PY'
import os, sys
mark = sys.argv[1].encode()
for pid in filter(str.isdigit, os.listdir("/proc")):
    if int(pid) == os.getpid():
        continue
    try:
        stat = open(f"/proc/{pid}/stat", "rb").read()
        if stat.rsplit(b")", 1)[1].split()[0] == b"Z":
            continue
        text = open(f"/proc/{pid}/cmdline", "rb").read() + open(f"/proc/{pid}/environ", "rb").read()
    except OSError:
        continue
    try:
        links = [f"/proc/{pid}/cwd"] + [f"/proc/{pid}/fd/{fd}" for fd in os.listdir(f"/proc/{pid}/fd")]
    except OSError:
        links = []
    for link in links:
        try:
            text += b"\0" + os.readlink(link).encode()
        except OSError:
            pass
    if mark in text:
        print(pid, open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace"))
PY
}
stopped=0
stop_all() { # the last started first: slurmd before slurmctld before munged
    local k
    [ $stopped = 1 ] && return
    stopped=1
    [ -n "${CONF:-}" ] && [ -e "$CONF" ] && SLURM_CONF="$CONF" timeout 10 scancel --quiet --user "$(id -un)" 2>/dev/null
    for ((k = ${#PIDS[@]} - 1; k >= 0; k--)); do
        stop_pid "${PIDS[k]}"
    done
}
cleanup() { stop_all; rm -rf "$T"; }
trap cleanup EXIT
trap 'exit 1' INT TERM

# The match: 8 pairs, deterministic game by game (see the header).
ARGS=(-engine cmd="$FIX random 0 1" name=A -engine cmd="$FIX random 0 2" name=B
    -each st=0.1 timemargin=10000 restart=on -games 16 -repeat -maxmoves 60
    -openings random seed=5 plies=2 -seed 5)
nice timeout 120 ./qecmatch "${ARGS[@]}" -concurrency 2 -pgnout "$W/all.pgn" -jsonout "$W/all.json" >"$W/all.out" 2>&1
check "unsharded run: exit 0 ($?)" [ $? -eq 0 ]
. tests/match/shard_compare.sh
same_as_unsharded() { # WHAT DIR SUMMARY MERGED_JSON: the 4 shards' games, the summary, the counts
    check "$1: the 4 shards play each game of the unsharded run, the same" \
        python3 tests/match/pgn_rounds.py "$W/all.pgn" "$2"/shard-{0,1,2,3}.pgn
    check "$1: merged summary = the unsharded run's" diff <(summary_of "$W/all.out") <(summary_of "$3")
    check "$1: merged JSON counts = the unsharded run's" same_counts "$W/all.json" "$4"
    check "$1: merge reports 4 of 4 shards" grep -q "^Merged 4 of 4 shards: 16 games of the 16 scheduled" "$3"
}

# ---- Slurm: a one-node cluster ----
as_munge=() # munged refuses to be root's: run it as user munge when there is one
start_munge() {
    M="$T/munge"
    mkdir -p "$M"
    if [ "$(id -u)" = 0 ] && id munge >/dev/null 2>&1; then
        as_munge=(setpriv --reuid=munge --regid=munge --init-groups)
        chown munge:munge "$M"
    fi
    chmod 755 "$M" # every client needs to reach the socket
    "${as_munge[@]}" mungekey --create --keyfile="$M/munge.key" || return 1
    "${as_munge[@]}" munged --foreground --socket="$M/munge.socket" --key-file="$M/munge.key" \
        --log-file="$M/munged.log" --pid-file="$M/munged.pid" --seed-file="$M/munged.seed" \
        >"$M/munged.out" 2>&1 &
    started $! munged
    wait_for 10 test -S "$M/munge.socket"
}
write_slurm_conf() {
    local ports hw user
    ports=($(free_ports 2))
    hw=$(slurmd -C 2>/dev/null | head -n 1 | sed 's/^NodeName=[^ ]* //') # this machine's CPUs, memory
    user=$(id -un)
    mkdir -p "$T/etc" "$T/state" "$T/spool" "$T/log" "$T/jobs"
    CONF="$T/etc/slurm.conf"
    # SlurmctldHost must be this host's short name (slurmctld refuses another); the node has a
    # name of its own (slurmd -N). kill_invalid_depend: a merge whose shards failed is cancelled.
    cat >"$CONF" <<EOF
ClusterName=qectest
SlurmctldHost=$(hostname -s 2>/dev/null || hostname)(127.0.0.1)
SlurmctldPort=${ports[0]}
SlurmdPort=${ports[1]}
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$M/munge.socket
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/log/slurmctld.log
SlurmdLogFile=$T/log/slurmd.log
PlugStackConfig=$T/etc/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
MailProg=/bin/true
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
DependencyParameters=kill_invalid_depend
ReturnToService=2
NodeName=qecnode NodeAddr=127.0.0.1 NodeHostname=qecnode $hw State=UNKNOWN
PartitionName=qec Nodes=qecnode Default=YES MaxTime=5 State=UP
EOF
    printf 'CgroupPlugin=cgroup/v1\nIgnoreSystemd=yes\n' >"$T/etc/cgroup.conf"
    : >"$T/etc/plugstack.conf"
}
sl() { SLURM_CONF="$CONF" "$@"; } # a Slurm client command talking to this cluster
node_idle() { [ "$(sl sinfo -h -n qecnode -o %t)" = idle ]; }
start_slurm() {
    write_slurm_conf
    slurmctld -D -f "$CONF" >"$T/log/slurmctld.out" 2>&1 &
    started $! slurmctld
    slurmd -D -N qecnode -f "$CONF" >"$T/log/slurmd.out" 2>&1 &
    started $! slurmd
    wait_for 30 node_idle
}
job_field() { # JOBID FIELD: FIELD=value of each job (array task) of JOBID, one a line
    sl scontrol show job "$1" 2>/dev/null | grep -o "\b$2=[^ ]*" | cut -d= -f2-
}
show_logs() { tail -n 20 "$T"/log/*.out "$T"/log/*.log "$T"/munge/munged.out 2>/dev/null; }

slurm_part() {
    if ! start_munge; then
        bad "munged did not start"; show_logs; return
    fi
    check "munge: a credential made and read back" eval 'echo qec | munge -S "$M/munge.socket" | unmunge -S "$M/munge.socket" >/dev/null'
    if ! start_slurm; then
        bad "slurm: the node did not become idle in 30 s"; show_logs; return
    fi
    ok # the one-node cluster is up: sinfo shows qecnode idle

    # The array, submitted as the script is, N from SLURM_ARRAY_TASK_COUNT; output kept out of
    # the checkout (the script's own --output is relative to the submit directory).
    local jid mjid rc q
    jid=$(sl sbatch --parsable --array=0-3 --cpus-per-task=1 --time=3 --output="$T/jobs/shard-%A_%a.out" \
        bench/slurm-shards.sh "$W/slurm" "${ARGS[@]}")
    check "sbatch --array=0-3 bench/slurm-shards.sh: a job id ($jid)" eval '[[ "$jid" =~ ^[0-9]+$ ]]'
    q=$(printf '%q ' ./qecmatch merge -jsonout "$W/slurm/merged.json") # --wrap is a shell line
    mjid=$(sl timeout 90 sbatch --parsable --wait --dependency="afterok:$jid" --time=2 \
        --output="$T/jobs/merge.out" --wrap "$q $(printf '%q' "$W/slurm")/shard-*.json"); rc=$?
    check "merge job (afterok:$jid, sbatch --wait): exit 0 ($rc)" [ $rc -eq 0 ]
    check "array: 4 tasks COMPLETED ($(job_field "$jid" JobState | sort | uniq -c | xargs))" \
        eval '[ "$(job_field "$jid" JobState | grep -c "^COMPLETED$")" -eq 4 ]'
    check "array: 4 tasks with exit code 0:0" eval '[ "$(job_field "$jid" ExitCode | grep -c "^0:0$")" -eq 4 ]'
    check "merge job: COMPLETED" eval '[ "$(job_field "$mjid" JobState)" = COMPLETED ]'
    # afterok: the merge starts once the last task has ended (times to the second)
    check "merge job: started after every task ended" python3 - "$(job_field "$mjid" StartTime)" $(job_field "$jid" EndTime) <<'PY'
import sys
start, ends = sys.argv[1], sys.argv[2:]
sys.exit(0 if len(ends) == 4 and all(e <= start for e in ends) else 1)
PY
    for i in 0 1 2 3; do # SLURM_ARRAY_TASK_COUNT=4 made each task shard i of 4: 2 pairs
        check "array task $i: shard $i/4, 4 games" eval '[ "$(grep -c "^Started game" "$W/slurm/shard-$i.log")" -eq 4 ]'
    done
    same_as_unsharded "slurm" "$W/slurm" "$T/jobs/merge.out" "$W/slurm/merged.json"

    # A task run again replaces its shard (bench/shard-run.sh starts its PGN afresh). SHARDS=4:
    # an array of one task has SLURM_ARRAY_TASK_COUNT=1.
    # Without SHARDS it is refused: shard 2 of 1 is no shard (into another OUTDIR, in parallel).
    local alone
    alone=$(sl sbatch --parsable --array=2 --cpus-per-task=1 --time=2 --output="$T/jobs/alone-%A_%a.out" \
        bench/slurm-shards.sh "$W/alone" "${ARGS[@]}")
    mv "$W/slurm/shard-2.pgn" "$W/shard-2.first.pgn"
    echo '[Event "a stale game the rerun must not keep"]' >"$W/slurm/shard-2.pgn"
    jid=$(sl env SHARDS=4 timeout 90 sbatch --parsable --wait --array=2 --cpus-per-task=1 --time=2 \
        --output="$T/jobs/rerun-%A_%a.out" bench/slurm-shards.sh "$W/slurm" "${ARGS[@]}"); rc=$?
    check "task 2 run again (SHARDS=4 sbatch --array=2 --wait): exit 0 ($rc), COMPLETED" \
        eval '[ $rc -eq 0 ] && [ "$(job_field "$jid" JobState)" = COMPLETED ]'
    check "task 2 run again: the same 4 games, once each" python3 tests/match/pgn_rounds.py "$W/shard-2.first.pgn" "$W/slurm/shard-2.pgn"
    ./qecmatch merge "$W"/slurm/shard-*.json >"$W/remerge.out" 2>&1
    check "task 2 run again: merged summary = the unsharded run's" diff <(summary_of "$W/all.out") <(summary_of "$W/remerge.out")
    wait_for 60 eval '[ "$(job_field "$alone" JobState)" = FAILED ]'
    check "task 2 run again without SHARDS: FAILED ($(job_field "$alone" JobState)), -shard 2/1 refused" \
        eval '[ "$(job_field "$alone" JobState)" = FAILED ] && grep -q "shard 2/1" "$W/alone/shard-2.log"'

    # Shards that fail (no -seed: qecmatch refuses -shard) never let their merge run.
    jid=$(sl sbatch --parsable --array=0-1 --cpus-per-task=1 --time=2 --output="$T/jobs/bad-%A_%a.out" \
        bench/slurm-shards.sh "$W/bad" -engine cmd="$FIX random" -engine cmd="$FIX random" -each st=0.1 -games 4)
    mjid=$(sl timeout 90 sbatch --parsable --wait --dependency="afterok:$jid" --time=2 \
        --output="$T/jobs/bad-merge.out" --wrap "./qecmatch merge -jsonout $(printf '%q' "$W/bad/merged.json") $(printf '%q' "$W/bad")/shard-*.json"); rc=$?
    # sbatch --wait exits 0 for a job cancelled before it ran: the job's state tells.
    check "failing shards: sbatch --wait on the merge returns, not by timeout ($rc)" [ $rc -ne 124 ]
    check "failing shards: 2 tasks FAILED with exit code 2" eval '[ "$(job_field "$jid" ExitCode | grep -c "^2:0$")" -eq 2 ]'
    check "failing shards: the merge job was cancelled, never run ($(job_field "$mjid" JobState))" \
        eval '[ "$(job_field "$mjid" JobState)" = CANCELLED ] && [ ! -e "$W/bad/merged.json" ]'
    check "failing shards: the tasks' logs say why" grep -q -- "-shard needs -seed" "$W/bad/shard-0.log"
    generation_part
    spsa_part
}

# ---- GNU parallel on two "hosts" over ssh ----
start_sshd() {
    S="$T/ssh"
    mkdir -p "$S"
    local port sshd
    port=$(free_ports 1)
    sshd=$(command -v sshd)
    ssh-keygen -q -t ed25519 -N '' -f "$S/host_key" && ssh-keygen -q -t ed25519 -N '' -f "$S/user_key" || return 1
    cp "$S/user_key.pub" "$S/authorized_keys"
    cat >"$S/sshd_config" <<EOF
Port $port
ListenAddress 127.0.0.1
HostKey $S/host_key
AuthorizedKeysFile $S/authorized_keys
PidFile $S/sshd.pid
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
PermitRootLogin prohibit-password
StrictModes no
MaxStartups 64
MaxSessions 64
EOF
    # qec-a and qec-b: two sshlogins, one sshd
    cat >"$S/ssh_config" <<EOF
Host qec-a qec-b
    HostName 127.0.0.1
    Port $port
    User $(id -un)
    IdentityFile $S/user_key
    IdentitiesOnly yes
    BatchMode yes
    StrictHostKeyChecking no
    UserKnownHostsFile $S/known_hosts
    LogLevel ERROR
    ConnectTimeout 5
EOF
    # As root, sshd runs in a private mount namespace (unshare, when allowed): there $REMOTE is
    # a tmpfs of its own, so that the "hosts" have an OUTDIR this machine does not see (the
    # copy path), and /run is one of its own when /run/sshd is missing (sshd as root wants that
    # privilege separation directory, which Debian's service makes) rather than a directory
    # made on the machine. As another user, sshd needs no /run/sshd and runs as it is.
    REMOTE="$W/copy"
    mkdir -p "$REMOTE"
    private_ns=0
    if [ "$(id -u)" = 0 ] && unshare --mount true 2>/dev/null; then
        private_ns=1
        unshare --mount sh -c 'if [ ! -d /run/sshd ]; then
                mount -t tmpfs -o mode=755 qec-run /run && mkdir -m 755 /run/sshd || exit 1
            fi
            mount -t tmpfs -o mode=755 qec-remote "$2" && exec "$0" -D -e -f "$1"' \
            "$sshd" "$S/sshd_config" "$REMOTE" >"$S/sshd.log" 2>&1 &
    elif [ "$(id -u)" = 0 ] && [ ! -d /run/sshd ]; then
        echo "sshd as root needs /run/sshd or a private mount namespace (unshare is not allowed here)" >"$S/sshd.log"
        return 1
    else
        "$sshd" -D -e -f "$S/sshd_config" >"$S/sshd.log" 2>&1 &
    fi
    started $! sshd
    wait_for 10 timeout 10 ssh -F "$S/ssh_config" qec-a true && wait_for 10 timeout 10 ssh -F "$S/ssh_config" qec-b true
}

ssh_part() {
    if ! start_sshd; then
        bad "sshd did not start or ssh to it failed"; tail -n 20 "$S/sshd.log"; return
    fi
    ok # ssh to qec-a and qec-b (127.0.0.1) works
    local rc
    PARALLEL="--joblog $S/joblog" PARALLEL_SSH="ssh -F $S/ssh_config" SSHLOGIN="2/qec-a,2/qec-b" SHARED_FS=1 \
        timeout 120 bench/shards-parallel.sh 4 "$W/ssh" "${ARGS[@]}" >"$W/ssh.out" 2>&1; rc=$?
    check "GNU parallel --sshlogin 2/qec-a,2/qec-b: exit 0 ($rc)" [ $rc -eq 0 ]
    [ $rc -eq 0 ] || tail -n 5 "$W/ssh.out"
    check "GNU parallel: both hosts ran shards, each with exit 0 ($(awk 'NR > 1 {print $2 ":" $7}' "$S/joblog" 2>/dev/null | sort | xargs))" \
        eval '[ "$(awk '\''NR > 1 && $7 == 0 {print $2}'\'' "$S/joblog" | sort -u | xargs)" = "qec-a qec-b" ] &&
              [ "$(awk '\''NR > 1'\'' "$S/joblog" | wc -l)" -eq 4 ]'
    check "sshd: the shards came in over ssh (4 or more logins)" \
        eval '[ "$(grep -c "Accepted publickey" "$S/sshd.log")" -ge 4 ]'
    same_as_unsharded "GNU parallel over ssh" "$W/ssh" "$W/ssh.out" "$W/ssh/merged.json"
    if ! command -v rsync >/dev/null; then
        out=$(SSHLOGIN="1/qec-a" bench/shards-parallel.sh 2 "$W/norsync" "${ARGS[@]}" 2>&1); rc=$?
        check "GNU parallel, hosts without a shared OUTDIR and no rsync: exit 1 ($rc) with a message" \
            eval '[ $rc -eq 1 ] && grep -q "needs rsync" <<<"$out"'
        skip "GNU parallel's copy path (--return, --cleanup): rsync is not installed (tools/deps.sh)"
    elif [ $private_ns = 0 ]; then
        skip "GNU parallel's copy path (--return, --cleanup): needs root and unshare for an OUTDIR of the hosts' own"
    else
        copy_path
    fi
}

# The hosts write into their own OUTDIR (the tmpfs over $REMOTE in sshd's namespace); parallel
# brings the results back by rsync over ssh and removes them there.
copy_path() {
    local rc remote_files
    check "copy path: the hosts' OUTDIR is not this machine's" \
        eval 'timeout 20 ssh -F "$S/ssh_config" qec-a "touch $(printf %q "$REMOTE/probe")" && [ ! -e "$REMOTE/probe" ] &&
              timeout 20 ssh -F "$S/ssh_config" qec-b "rm $(printf %q "$REMOTE/probe")"'
    PARALLEL_SSH="ssh -F $S/ssh_config" SSHLOGIN="2/qec-a,2/qec-b" \
        timeout 120 bench/shards-parallel.sh 4 "$REMOTE" "${ARGS[@]}" >"$W/copy.out" 2>&1; rc=$?
    check "copy path, GNU parallel --sshlogin 2/qec-a,2/qec-b --return: exit 0 ($rc)" [ $rc -eq 0 ]
    [ $rc -eq 0 ] || tail -n 5 "$W/copy.out"
    same_as_unsharded "copy path" "$REMOTE" "$W/copy.out" "$REMOTE/merged.json"
    remote_files=$(timeout 20 ssh -F "$S/ssh_config" qec-a "ls -A $(printf %q "$REMOTE")" 2>&1)
    check "copy path: --cleanup left nothing on the hosts (${remote_files:-empty})" [ -z "$remote_files" ]
}

# A tiny network generation (issue 44, docs/dev/strength-loop.md) submitted by
# bench/generation.sh: the data as a job array, the training, the gating SPRT and the manifest
# as jobs, each after the one before (afterok); the same generation run here on GNU parallel
# gives byte-identical data and net (the seeds decide everything), and with links=0 a QEC net
# without link inputs; a gate that decided nothing ships nothing; a generation whose data fails
# never trains.
generation_part() {
    local g="$W/gen-slurm" p="$W/gen-parallel" rc
    local args=(--variant qec --procs 2 --games 6 --nodes 300 --epochs 1 --batch 128 --hold 4
        --gate-games 4 --gate-nodes 300 --seed 3)
    sl bench/generation.sh "$g" --runner slurm --sbatch "--time=3" "${args[@]}" >"$W/gen.out" 2>&1; rc=$?
    check "generation on Slurm: 4 jobs submitted ($rc: $(tail -n 2 "$W/gen.out" | tr '\n' ' '))" \
        eval '[ $rc -eq 0 ] && [ "$(wc -l <"$g/jobs/ids" 2>/dev/null)" = 4 ]'
    local data train gate manifest
    read -r _ data < <(grep '^data ' "$g/jobs/ids"); read -r _ train < <(grep '^train ' "$g/jobs/ids")
    read -r _ gate < <(grep '^gate ' "$g/jobs/ids"); read -r _ manifest < <(grep '^manifest ' "$g/jobs/ids")
    ended() { case $(job_field "$1" JobState) in COMPLETED|FAILED|CANCELLED|TIMEOUT|OUT_OF_MEMORY) return 0 ;; esac; return 1; }
    wait_for 280 ended "$manifest"
    check "generation on Slurm: 2 data tasks, train, gate and manifest COMPLETED ($(for j in $data $train $gate $manifest; do
        job_field $j JobState; done | xargs); $(tail -n 3 "$g"/jobs/*.out 2>/dev/null | tr '\n' ' ' | cut -c 1-600))" eval \
        '[ "$(job_field "$data" JobState | grep -c "^COMPLETED$")" = 2 ] && [ "$(job_field "$train" JobState)" = COMPLETED ] &&
         [ "$(job_field "$gate" JobState)" = COMPLETED ] && [ "$(job_field "$manifest" JobState)" = COMPLETED ]'
    check "generation on Slurm: each step started after the one before ended" python3 - \
        "$(job_field "$data" EndTime | sort | tail -n 1)" "$(job_field "$train" StartTime)" "$(job_field "$train" EndTime)" \
        "$(job_field "$gate" StartTime)" "$(job_field "$gate" EndTime)" "$(job_field "$manifest" StartTime)" <<'PY'
import sys
t = sys.argv[1:]
sys.exit(0 if len(t) == 6 and all(t) and t[0] <= t[1] <= t[2] <= t[3] <= t[4] <= t[5] else 1)
PY
    check "generation on Slurm: 6 games a process, a net" eval \
        '[ "$(wc -l <"$g/data-1.txt")" = 6 ] && [ "$(wc -l <"$g/data-2.txt")" = 6 ] && [ -s "$g/net.nnue" ]'
    check "generation on Slurm: the manifest's checksums are the files'" eval \
        '( for f in data-1.txt data-2.txt net.nnue; do grep -q "$(sha256sum "$g/$f" | cut -d" " -f1) .*$f" "$g/manifest.txt" || exit 1; done )'
    check "generation on Slurm: 4 gate games cannot decide the SPRT: verdict none ($(cat "$g/gate.verdict" 2>/dev/null))" \
        eval '[ "$(cat "$g/gate.verdict" 2>/dev/null)" = none ] && grep -q "^gate: none" "$g/manifest.txt"'
    local before
    before=$(sha256sum eval/qec.nnue)
    bench/generation.sh ship "$g" >"$W/ship.out" 2>&1; rc=$?
    check "generation: a net whose gate decided nothing is not shipped ($rc)" eval \
        '[ $rc -eq 1 ] && grep -q "not shipped" "$W/ship.out" && [ "$(sha256sum eval/qec.nnue)" = "$before" ]'
    if parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
        # its gate at a clock instead of nodes (the gate's settings may differ; the data may not)
        bench/generation.sh "$p" --runner parallel "${args[@]}" --gate-movetime 20 >"$W/genp.out" 2>&1; rc=$?
        check "the same generation on GNU parallel: exit 0 ($rc)" [ $rc -eq 0 ]
        check "the same generation on GNU parallel: --gate-movetime 20 gates at 20 ms a decision" eval \
            '[ "$(grep -c "^\[TimeControl \"0.02/move\"\]" "$p/gate.pgn")" = 4 ] && ! grep -q "^\[TimeControl \"0.02/move" "$g/gate.pgn"'
        check "the same generation on GNU parallel: the same data and net, byte for byte" eval \
            'cmp -s "$g/data-1.txt" "$p/data-1.txt" && cmp -s "$g/data-2.txt" "$p/data-2.txt" && cmp -s "$g/net.nnue" "$p/net.nnue"'
        # the same data trained with links=0 (the shipped QEC net's way): piece-square rows only
        local nl="$W/gen-nolinks"
        mkdir -p "$nl" && cp "$p"/data-*.txt "$nl"/ && sed 's/^links=1$/links=0/' "$p/generation.conf" >"$nl/generation.conf"
        bench/generation-step.sh train "$nl" >"$W/gennl.out" 2>&1; rc=$?
        check "links=0 trains a QEC net with no weight on the link and pending inputs ($rc: $(tail -n 1 "$W/gennl.out"))" \
            python3 - "$nl/net.nnue" <<'PY'
import struct, sys
d = open(sys.argv[1], "rb").read()
inputs, hidden = struct.unpack("<2i", d[8:16])
w = struct.unpack("<%dh" % (inputs * hidden), d[64:64 + 2 * inputs * hidden])
piece = 12 * 64 * hidden  # the 768 piece-square rows come first (nnue_links.h)
sys.exit(0 if inputs == 2560 and any(w[:piece]) and not any(w[piece:]) else 1)
PY
        sed 's/^links=1$/links=2/' "$p/generation.conf" >"$nl/generation.conf"
        bench/generation-step.sh train "$nl" >"$W/gennl.out" 2>&1; rc=$?
        check "links=2 in a configuration is refused ($rc: $(tail -n 1 "$W/gennl.out"))" \
            eval '[ $rc -eq 2 ] && grep -q "links 0 or 1" "$W/gennl.out"'
        bench/generation.sh "$W/gen-tether-nl" --variant tether --links 0 >"$W/gennl.out" 2>&1; rc=$?
        check "generation.sh --links 0 for tether is refused ($rc: $(tail -n 1 "$W/gennl.out"))" \
            eval '[ $rc -eq 2 ] && grep -q "for QEC" "$W/gennl.out" && [ ! -e "$W/gen-tether-nl/generation.conf" ]'
    else
        skip "a generation on GNU parallel (parallel is not installed)"
    fi
    # data that fails (a net file that is not one) never lets the training run
    printf 'not a net' >"$W/bad.nnue"
    sl bench/generation.sh "$W/gen-bad" --runner slurm --sbatch "--time=2" --net "$W/bad.nnue" "${args[@]}" >"$W/genb.out" 2>&1
    read -r _ data < <(grep '^data ' "$W/gen-bad/jobs/ids"); read -r _ train < <(grep '^train ' "$W/gen-bad/jobs/ids")
    wait_for 120 ended "$train"
    check "generation on Slurm: failed data tasks, the training cancelled, never run ($(job_field "$train" JobState))" \
        eval '[ "$(job_field "$data" JobState | grep -c "^FAILED$")" = 2 ] && [ "$(job_field "$train" JobState)" = CANCELLED ] && [ ! -e "$W/gen-bad/net.nnue" ]'
}

# SPSA tuning (issue 44) with its matches on Slurm: bench/spsa.py --runner slurm submits one job
# array per iteration (sbatch --wait) and merges it; 2 iterations of 2 pairs in 2 shards give
# the state file the same run gives here (fixed nodes, one thread: the same games).
spsa_part() {
    if [ ! -x ./qec-tune ]; then
        skip "SPSA on Slurm (./qec-tune not built: make tune)"
        return
    fi
    local args=(--variant qec --iterations 2 --pairs 2 --nodes 300 --seed 7) rc
    sl timeout 300 bench/spsa.py --state "$W/spsa-slurm" "${args[@]}" --runner slurm --shards 2 \
        --sbatch "--cpus-per-task=1 --time=3" >"$W/spsa-slurm.out" 2>&1; rc=$?
    check "SPSA on Slurm: 2 iterations, exit 0 ($rc: $(tail -n 2 "$W/spsa-slurm.out" | tr '\n' ' ' | cut -c 1-300))" \
        eval '[ $rc -eq 0 ] && [ "$(grep -c "^iteration [12]/2: " "$W/spsa-slurm.out")" = 2 ]'
    check "SPSA on Slurm: each iteration's 2 shards merged" eval \
        '[ -s "$W/spsa-slurm.d/iter-2/shard-1.json" ] && [ -s "$W/spsa-slurm.d/iter-2/merged.json" ]'
    timeout 300 bench/spsa.py --state "$W/spsa-here" "${args[@]}" >"$W/spsa-here.out" 2>&1
    check "SPSA on Slurm: the state file of the same run here" cmp -s "$W/spsa-slurm" "$W/spsa-here"
    check "SPSA on Slurm: the update rule, recomputed from the merged matches" \
        python3 tests/match/spsa_check.py "$W/spsa-slurm" "$W/spsa-slurm.d" --expect-iterations 2
}

if [ $slurm_ok = 1 ]; then
    slurm_part
else
    skip "Slurm: slurm-wlm or munge is not installed (tools/deps.sh)"
fi
if [ $ssh_ok = 1 ]; then
    ssh_part
else
    skip "GNU parallel over ssh: openssh-server, openssh-client or parallel is not installed (tools/deps.sh)"
fi

# ---- everything stopped, nothing left ----
stop_all
for ((k = 0; k < ${#PIDS[@]}; k++)); do
    check "${NAMES[k]} (pid ${PIDS[k]}) stopped" eval '! running "${PIDS[k]}"'
done
left=$(leftovers)
check "no process of the test left${left:+: $left}" [ -z "$left" ]
rm -rf "$T"
check "temporary directory removed" [ ! -e "$T" ]
result_line
[ "$fail" -eq 0 ]
