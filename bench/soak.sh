#!/usr/bin/env bash
# Soak benchmark of the match runner (issue 5): many fast games of qec vs qec, then checks that
# nothing went wrong and that the runner does not leak.
#   bench/soak.sh [GAMES] [TC] [MARGIN_MS] [CONCURRENCY]
# Defaults: 1000 games, tc=0.01+0.0001 (10 ms + 0.1 ms per decision), timemargin 50 ms,
# concurrency 2, random openings (seed 1, 4 turns), game pairs (-repeat). TC may also be a fixed
# time per decision, `st=0.05`: then the overrun rate (decisions past the movetime) is the
# number to read.
# Environment: RUNNER=./qecmatch (./qecmatch-debug runs it under ASan/UBSan + LeakSanitizer),
#              ENGINE=./qec, OUT=build/soak (PGN, JSON, log, RSS samples).
# Reports: games, terminations, forfeits by reason (crash, time, illegal, garbage, no
# response must all be 0), each engine's overruns (decisions past the time given, forgiven
# by the margin) and the worst, runner RSS / open fds / child processes sampled every 2 s (stable =
# no leak), pgn_check over every record, and the wall time.
set -u
cd "$(dirname "$0")/.."
GAMES=${1:-1000}
TC=${2:-0.01+0.0001}
MARGIN=${3:-50}
CONC=${4:-2}
RUNNER=${RUNNER:-./qecmatch}
ENGINE=${ENGINE:-./qec}
OUT=${OUT:-build/soak}
mkdir -p "$OUT"
case "$TC" in st=*) LIMIT=$TC ;; *) LIMIT=tc=$TC ;; esac
rm -f "$OUT/soak.pgn" "$OUT/soak.json" "$OUT/rss.txt"

cmd=("$RUNNER" -engine cmd="$ENGINE" name=qec-A -engine cmd="$ENGINE" name=qec-B
     -each "$LIMIT" timemargin="$MARGIN" -games "$GAMES" -repeat -concurrency "$CONC"
     -openings random seed=1 plies=4 -pgnout "$OUT/soak.pgn" -jsonout "$OUT/soak.json")
echo "soak: ${cmd[*]}"
start=$(date +%s)
"${cmd[@]}" >"$OUT/soak.log" 2>&1 &
pid=$!
# Samples: seconds, games finished, RSS (kB), open fds, child processes.
while kill -0 "$pid" 2>/dev/null; do
    rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null)
    fds=$(ls "/proc/$pid/fd" 2>/dev/null | wc -l)
    kids=$(pgrep -P "$pid" | wc -l)
    done_games=$(grep -c '^Finished game' "$OUT/soak.log")
    [ -n "$rss" ] && echo "$(($(date +%s) - start)) $done_games $rss $fds $kids" >>"$OUT/rss.txt"
    sleep 2
done
wait "$pid"
rc=$?
secs=$(($(date +%s) - start))

echo "exit status: $rc, wall time: ${secs} s"
tail -n 12 "$OUT/soak.log"
python3 - "$OUT/soak.json" "$OUT/rss.txt" "$CONC" <<'EOF'
import sys
sys.path.insert(0, "bench")
from soak_report import report_games
d, bad = report_games(sys.argv[1])
rows = [list(map(int, l.split())) for l in open(sys.argv[2]) if l.strip()]
if rows:
    rss = [r[2] for r in rows]
    warm = rows[len(rows) // 10:] or rows
    print("runner RSS kB: first %d, after warm-up min %d max %d, last %d (%d samples)" %
          (rss[0], min(r[2] for r in warm), max(r[2] for r in warm), rss[-1], len(rows)))
    print("runner open fds: min %d max %d; child processes: max %d (engines: at most %d)" %
          (min(r[3] for r in rows), max(r[3] for r in rows), max(r[4] for r in rows), 2 * int(sys.argv[3])))
print("SOAK %s" % ("OK: no forfeits" if bad == 0 and d["aborted"] == 0 else "PROBLEMS: %d forfeits" % bad))
EOF
build/release/tests/pgn_check "$OUT/soak.pgn" | tail -n 3
