#!/usr/bin/env bash
# Clocks under load (issue 41): qec against qec at fast clocks with a CPU hog on every core
# beside the match, then every forfeit with what the runner saw.
#   bench/clock_soak.sh [GAMES] [TC] [MARGIN_MS] [CONCURRENCY]
# Defaults: 1000 games, tc=4+0.04, timemargin 50 ms, concurrency 2, random openings (seed 1,
# 4 turns), game pairs (-repeat). The hogs are `yes > /dev/null`, one per core (nproc), at nice
# 0 like the match; they are ended by their own pids when the script ends.
# Environment: RUNNER=./qecmatch, ENGINE=./qec, OUT=build/clock-soak (PGN, JSON, log),
#              HOGS=N (default: nproc; 0 = no hog), TIMING=1 adds -debug, whose per-decision
#              `timing:` lines (what the runner saw, its own wait for a CPU, what it charged,
#              the engine's reported time and CPU time) go to OUT/debug.log with the protocol
#              lines, and prints their percentiles. SEED=1.
# Reports: games, terminations, forfeits by reason with each time forfeit's note (how long
# the engine took, what the runner saw and kept for itself, the clock and the margin), each
# engine's overruns (every decision asked, forfeited ones included) and the wall time.
set -u
cd "$(dirname "$0")/.."
GAMES=${1:-1000}
TC=${2:-4+0.04}
MARGIN=${3:-50}
CONC=${4:-2}
RUNNER=${RUNNER:-./qecmatch}
ENGINE=${ENGINE:-./qec}
OUT=${OUT:-build/clock-soak}
HOGS=${HOGS:-$(nproc)}
SEED=${SEED:-1}
mkdir -p "$OUT"
rm -f "$OUT/soak.pgn" "$OUT/soak.json" "$OUT/soak.log" "$OUT/debug.log"

hogs=()
stop_hogs() {
    for h in "${hogs[@]}"; do kill "$h" 2>/dev/null; done
    hogs=()
}
trap stop_hogs EXIT
trap 'stop_hogs; exit 130' INT TERM
for ((i = 0; i < HOGS; i++)); do
    nice -n 0 yes >/dev/null &
    hogs+=($!)
done

cmd=("$RUNNER" -engine cmd="$ENGINE" name=qec-A -engine cmd="$ENGINE" name=qec-B
     -each tc="$TC" timemargin="$MARGIN" -games "$GAMES" -repeat -concurrency "$CONC"
     -openings random seed="$SEED" plies=4 -pgnout "$OUT/soak.pgn" -jsonout "$OUT/soak.json")
[ "${TIMING:-0}" = 1 ] && cmd+=(-debug)
echo "clock soak: ${cmd[*]}  (with $HOGS x 'yes > /dev/null' at nice 0)"
start=$(date +%s)
"${cmd[@]}" >"$OUT/soak.log" 2>"$OUT/debug.log"
rc=$?
secs=$(($(date +%s) - start))
stop_hogs
echo "exit status: $rc, wall time: ${secs} s, $(date -u +%FT%TZ)"
python3 - "$OUT" <<'EOF'
import re, sys
sys.path.insert(0, "bench")
from soak_report import report_games
out = sys.argv[1]
d, bad = report_games(out + "/soak.json")
starved = 0
for f in d.get("forfeits", []):
    print("forfeit: game %d, %s, %s: %s" % (f["game"], f["engine"], f["reason"], f["detail"]))
    # The note: "no bestmove after Y ms" or "the runner saw Y ms", and "the engine ran X ms on
    # a CPU meanwhile": an engine on a CPU less than half the time was starved by the machine.
    seen = re.search(r"(?:no bestmove after|the runner saw) ([0-9.]+) ms", f["detail"])
    ran = re.search(r"the engine ran ([0-9.]+) ms on a CPU", f["detail"])
    if f["reason"] == "time forfeit" and seen and ran and float(ran.group(1)) < 0.5 * float(seen.group(1)):
        starved += 1
if d.get("forfeits"):
    print("time forfeits with the engine on a CPU less than half the time (starved by the machine): %d of %d"
          % (starved, len(d["forfeits"])))
rows = []
pat = re.compile(r"^\[(\d+)\] .*timing: seen (\d+) us .*runner's own (\d+) us, charged (\d+) us of (\d+) allowed; "
                 r"engine said (-?\d+) ms, "
                 r"ran (-?\d+) us .*written in (\d+) us; at (\d+)\.\.(\d+)")
try:
    for line in open(out + "/debug.log", errors="replace"):
        m = pat.search(line)
        if m:
            g = [int(x) for x in m.groups()]
            rows.append(g[1:4] + g[5:] + [g[0], g[4]])
except OSError:
    pass
if rows:
    def pct(v, p):
        v = sorted(v)
        return v[min(len(v) - 1, int(p * len(v)))]
    cols = {"seen (go written -> bestmove read)": [r[0] for r in rows],
            "of which the runner's own lateness": [r[1] for r in rows],
            "seen - engine's reported time": [r[0] - 1000 * r[3] for r in rows if r[3] >= 0],
            "engine off a CPU (seen - its CPU time)": [r[0] - r[4] for r in rows if r[4] >= 0],
            "position+go write": [r[5] for r in rows]}
    # The runner's own work between a bestmove read and its next position write in the same
    # worker (the game's bookkeeping; between games it includes the next game's set-up).
    last, gaps = {}, []
    for r in rows:
        if r[8] in last and r[6] - last[r[8]] < 1000000:
            gaps.append(r[6] - last[r[8]])
        last[r[8]] = r[7]
    cols["runner: bestmove read -> next position"] = gaps
    saved = sum(1 for r in rows if r[0] > r[9] and r[2] <= r[9])
    print("decisions the runner saw past the allowance but charged within it: %d" % saved)
    print("timing over %d decisions, us: median / 99%% / 99.9%% / max" % len(rows))
    for k, v in cols.items():
        if v:
            print("  %-45s %8d %8d %8d %8d" % (k, pct(v, .5), pct(v, .99), pct(v, .999), max(v)))
print("CLOCK SOAK: %d games, %d forfeits" % (d["games"], bad))
EOF
