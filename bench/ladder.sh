#!/usr/bin/env bash
# Classical-chess strength ladder (issue 12): ./qec in chess mode against Debian's stockfish
# with UCI_LimitStrength at several UCI_Elo levels (the anchors) and against the other Debian
# UCI engines at full strength, through qecmatch -variant chess: a gauntlet, random balanced
# openings (bench/chess_openings.py: random moves, kept when stockfish scores them within
# +-50 cp), each opening played with both colours.
# Prints every encounter's score with its Elo difference and 95% error bar, and qec's Elo
# implied by the anchors: weighted least squares over the anchors' estimates UCI_Elo + diff
# (anchors at 0% or 100% have no finite estimate and are left out of it), and the
# maximum-likelihood fit of the logistic model over every anchor game (which uses them too).
# The UCI_Elo scale is stockfish's (calibrated by its authors against CCRL 40/4 at 60+0.6);
# at a faster clock it is only roughly right, so the estimate is "qec on stockfish's UCI_Elo
# scale at this clock".
# Usage: bench/ladder.sh [games per opponent (even, default 40)]
#   env TC=time control (default 10+0.1), ELOS="1400 1800 2200 2600 2800",
#       OTHERS="ethereal-chess toga2 glaurung" (the installed ones are used), SEED (1),
#       CONC=concurrency (1), MARGIN=ms of time overrun tolerated (200), OUT=directory (build/ladder)
set -eu
cd "$(dirname "$0")/.."
GAMES=${1:-40}
TC=${TC:-10+0.1}
ELOS=${ELOS:-"1400 1800 2200 2600 2800"}
OTHERS=${OTHERS-"ethereal-chess toga2 glaurung"}
SEED=${SEED:-1}
CONC=${CONC:-1}
MARGIN=${MARGIN:-200}
OUT=${OUT:-build/ladder}
find_engine() { command -v "$1" 2>/dev/null || { [ -x "/usr/games/$1" ] && echo "/usr/games/$1"; } || true; }
SF=$(find_engine stockfish)
[ -n "$SF" ] || { echo "ladder: stockfish is not installed (apt-get install stockfish)"; exit 1; }
make -s qec qecmatch >/dev/null
mkdir -p "$OUT"
# Enough openings for every game pair of every encounter, then shuffled by the seed.
nelo=$(wc -w <<<"$ELOS")
python3 bench/chess_openings.py $(( (GAMES / 2 + 1) * (nelo + 3) )) --seed "$SEED" --engine "$SF" >"$OUT/openings.epd"
engines=(-engine cmd=./qec name=qec)
for e in $ELOS; do
    engines+=(-engine cmd="$SF" name="sf$e" option.UCI_LimitStrength=true option.UCI_Elo="$e")
done
for o in $OTHERS; do
    cmd=$(find_engine "$o")
    if [ -n "$cmd" ]; then engines+=(-engine cmd="$cmd" name="$o"); else echo "ladder: $o is not installed, skipped"; fi
done
echo "== qec (chess) gauntlet: $GAMES games per opponent, tc=$TC, openings $OUT/openings.epd (seed $SEED)"
echo "qecmatch -variant chess ${engines[*]} -each tc=$TC timemargin=$MARGIN option.Hash=16 -games $GAMES -repeat -tournament gauntlet ..."
nice ./qecmatch -variant chess "${engines[@]}" -each tc="$TC" timemargin="$MARGIN" option.Hash=16 \
    -games "$GAMES" -repeat -tournament gauntlet -concurrency "$CONC" -seed "$SEED" \
    -openings file="$OUT/openings.epd" format=epd order=random seed="$SEED" \
    -pgnout "$OUT/ladder.pgn" -jsonout "$OUT/ladder.json" >"$OUT/ladder.log" 2>&1 || true
grep -E "^(Terminations|Forfeits)" "$OUT/ladder.log" | awk '!seen[$0]++' || true
python3 - "$OUT/ladder.json" <<'PY'
import json, math, re, sys
d = json.load(open(sys.argv[1]))
rows, anchors = [], []
print("%-16s %7s %5s %13s %7s %16s %13s" % ("opponent", "UCI_Elo", "games", "W-L-D (qec)", "score", "Elo diff (95%)", "qec implied"))
for e in d["encounters"]:
    opp, n = e["second"], e["games"]
    w, l, dr = e["wins"], e["losses"], e["draws"] + e.get("dualKing", 0)
    m = re.match(r"sf(\d+)$", opp)
    r = int(m.group(1)) if m else None
    diff, err = e["elo"], e["eloError"]
    finite = diff is not None and err is not None and math.isfinite(diff) and math.isfinite(err) and err > 0
    implied = "%6.0f +- %3.0f" % (r + diff, err) if r is not None and finite else "-"
    print("%-16s %7s %5d %13s %6.1f%% %16s %13s" % (opp, r if r else "-", n, "%d-%d-%d" % (w, l, dr), 100 * e["score"],
          ("%+.0f +- %.0f" % (diff, err)) if finite else ("%+.0f" % diff if diff is not None else "n/a"), implied))
    if r is not None and n:
        anchors.append((r, w + dr / 2, n, diff if finite else None, err if finite else None))
fin = [(r, dd, er) for r, s, n, dd, er in anchors if dd is not None]
if fin:
    ws = [(1.96 / er) ** 2 for _, _, er in fin]
    x = sum(w * (r + dd) for w, (r, dd, _) in zip(ws, fin)) / sum(ws)
    print("qec Elo, weighted least squares over %d anchors: %.0f +- %.0f (95%%)" % (len(fin), x, 1.96 / math.sqrt(sum(ws))))
if anchors:
    p = lambda x, r: 1 / (1 + 10 ** ((r - x) / 400))
    ll = lambda x: sum(s * math.log(p(x, r)) + (n - s) * math.log(1 - p(x, r)) for r, s, n, _, _ in anchors)
    lo, hi = -1000.0, 4500.0
    for _ in range(200):  # ll is concave in x: ternary search
        a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        lo, hi = (a, hi) if ll(a) < ll(b) else (lo, b)
    x = (lo + hi) / 2
    k = math.log(10) / 400
    info = sum(n * k * k * p(x, r) * (1 - p(x, r)) for r, s, n, _, _ in anchors)
    print("qec Elo, maximum likelihood over %d anchors (%d games): %.0f +- %.0f (95%%)" % (len(anchors), sum(a[2] for a in anchors), x, 1.96 / math.sqrt(info)))
PY
