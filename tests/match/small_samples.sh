# Honest numbers on small samples (issue 41), sourced by tests/match/run.sh (uses its check/ok/bad,
# $TMP, $FIX, $RUNNER). A figure the counts do not define is printed "n/a (why)" and written as
# null with a "<field>Reason"; below 30 games (pairs) the summary and the JSON carry a caution.
#   - the issue's cases, as `qecmatch merge` summaries of hand-written results (the same report
#     code as a played match, with the counts known in advance): 6 games "Elo 120.4 +/- 334.5"
#     with its caution, one won game ("Elo +inf +/- nan" before), one pair of 1.5 points
#     ("Elo 190.8 +/- 0.0, nElo nan" before), all draws ("+/- 0.0"), and 60 games with no caution;
#   - the running lines and the ranking of a played 3-engine round robin in which one engine
#     loses every game; every "Score of" line below 30 games ends in "(too few games, …)" (29
#     games do, 30 do not);
#   - no "nan", "inf" or "+/- 0.0" in any of these outputs, no NaN or Infinity in the JSON.

SS="$TMP/small"
mkdir -p "$SS"
# FILE W L D [LL,LD,DD+WL,WD,WW]: one shard (0 of 1) of a match of two engines, A and B.
sample_json() {
    python3 - "$@" <<'PY'
import json, sys
path, w, l, d = sys.argv[1], *map(int, sys.argv[2:5])
penta = [int(x) for x in sys.argv[5].split(",")] if len(sys.argv) > 5 else [0] * 5
n = w + l + d
eng = lambda name, w, l: {"name": name, "games": n, "wins": w, "losses": l, "draws": d, "dualKing": 0,
                          "points": w + d / 2, "forfeits": {}}
json.dump({"seed": "41", "games": n, "aborted": 0, "interrupted": False, "sprtStopped": False,
           "scheduledGames": n, "repeat": len(sys.argv) > 5, "shard": {"index": 0, "count": 1},
           "engines": [eng("A", w, l), eng("B", l, w)],
           "encounters": [{"first": "A", "second": "B", "games": n, "wins": w, "losses": l, "draws": d,
                           "dualKing": 0, "pentanomial": penta,
                           "byColour": [[w - w // 2, l // 2, d - d // 2], [w // 2, l - l // 2, d // 2]]}],
           "colours": {"whiteWins": w, "blackWins": l, "draws": d, "dualKing": 0},
           "terminations": {"mate": w + l, "repetition": d} if n else {}, "forfeits": []}, open(path, "w"))
PY
}
# No figure of a summary or a JSON file may read nan, inf or +/- 0.0.
honest_text() { ! grep -Eiq '(^|[^a-z])(-?nan|[+-]?inf)([^a-z]|$)|\+/- 0\.0([^0-9]|$)' "$1"; }
# The JSON: no NaN/Infinity token, every null figure has its reason.
honest_json() {
    python3 - "$1" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
bad = lambda c: (_ for _ in ()).throw(ValueError("not JSON: " + c))
d = json.loads(text, parse_constant=bad)
for e in d["encounters"]:
    for k, v in e.items():
        if v is None and not k.endswith("aution"):
            assert isinstance(e.get(k + "Reason"), str), (k, e)
    assert "caution" in e and "pentaCaution" in e, e
if "sprt" in d:
    assert d["sprt"]["llr"] is not None or isinstance(d["sprt"].get("llrReason"), str), d["sprt"]
PY
}
# CASE ARGS...: the merged summary (and JSON) of a hand-written result.
sample_case() {
    local name=$1; shift
    sample_json "$SS/$name-in.json" "$@"
    ./qecmatch merge -sprt elo0=0 elo1=5 -jsonout "$SS/$name.json" "$SS/$name-in.json" >"$SS/$name.out" 2>&1
    check "small samples, $name: no nan, inf or +/- 0.0 in the summary" honest_text "$SS/$name.out"
    check "small samples, $name: JSON figures are numbers or null with a reason" honest_json "$SS/$name.json"
}
has() { grep -qF -- "$2" "$SS/$1.out" || { echo "   $1: no '$2' in:"; sed 's/^/     /' "$SS/$1.out"; return 1; }; }
json_is() { python3 -c "import json,sys; e=json.load(open('$SS/$1.json'))['encounters'][0]; sys.exit(0 if $2 else 1)"; }

sample_case six 3 1 2 0,0,1,2,0
check "6 games: the issue's Elo 120.4 +/- 334.5" has six "Elo difference: 120.4 +/- 334.5, LOS: 84.1 %"
check "6 games: the summary cautions" has six "Caution: only 6 games (fewer than 30): the Elo, its error bar and the LOS are not yet meaningful"
check "6 games: 3 pairs, cautioned too" has six "Caution: only 3 pairs (fewer than 30): the pentanomial Elo and nElo are not yet meaningful"
check "6 games: the Score line cautions" has six "Elo 120.4 +/- 334.5  (too few games, fewer than 30)"
check "6 games: JSON caution" json_is six "e['caution'].startswith('only 6 games') and e['pentaCaution'].startswith('only 3 pairs') and abs(e['eloError'] - 334.546) < 1e-3"

sample_case won 1 0 0
check "1-0: the running line says why there is no Elo, and that one game is too few" \
    has won "Score of A vs B: 1 - 0 - 0  [1.000] 1  (dual king 0-0: 0)  100.0%  Elo n/a (all games won)  (too few games, fewer than 30)"
check "1-0: summary" has won "Elo difference: n/a (all games won), LOS: 84.1 %"
check "1-0: no pairs, no pentanomial line" eval '! grep -q "^Pentanomial" "$SS/won.out"'
check "1-0: JSON elo null, reason" json_is won "e['elo'] is None and e['eloReason'] == 'all games won' and e['pentaEloReason'] == 'no pairs'"
check "1-0: the SPRT goes on (exact LLR of one game)" has won "- no decision yet"

sample_case lost 0 2 0
check "0-2: all games lost" has lost "Elo n/a (all games lost)"

sample_case pair 1 0 1 0,0,0,1,0
check "one pair of 1.5 points: games' Elo 190.8, the interval reaches 100%" has pair "Elo difference: 190.8 +/- n/a (the 95% interval reaches a 0% or 100% score)"
check "one pair of 1.5 points: pentanomial Elo without error bar or nElo" has pair "Pentanomial [LL, LD, DD+WL, WD, WW]: [0, 0, 0, 1, 0], Elo 190.8 +/- n/a (one pair), nElo n/a (one pair)"
check "one pair: JSON" json_is pair "e['pentaEloError'] is None and e['pentaEloErrorReason'] == 'one pair' and e['pentaNelo'] is None and abs(e['pentaElo'] - 190.849) < 1e-3"

sample_case draws 0 0 40 0,0,20,0,0
check "40 draws: Elo 0.0 without error bar, no LOS" has draws "Elo difference: 0.0 +/- n/a (every game drawn), LOS: n/a (no decisive game), DrawRatio: 100.0 %"
check "40 draws: 40 games, no games caution" eval '! grep -q "Caution: only 40" "$SS/draws.out"'
check "40 draws: pentanomial" has draws "Elo 0.0 +/- n/a (every pair scored the same), nElo n/a (every pair scored the same)"
check "40 draws: JSON los null, reason" json_is draws "e['los'] is None and e['losReason'] == 'no decisive game' and e['caution'] is None and e['pentaCaution'].startswith('only 20 pairs')"

sample_case many 25 20 15 2,8,10,7,3
check "60 games, 30 pairs: no caution" eval '! grep -q "^Caution" "$SS/many.out"'
check "60 games: the Score line has no caution" eval 'grep "^Score of" "$SS/many.out" | grep -qv "too few"'
# The threshold itself: 29 games are too few, 30 are not.
sample_case g29 10 9 10
check "29 games: the Score line cautions" eval 'grep "^Score of" "$SS/g29.out" | grep -q "29  (dual.*(too few games, fewer than 30)$"'
sample_case g30 10 10 10
check "30 games: the Score line does not" eval 'grep "^Score of" "$SS/g30.out" | grep -qv "too few" && ! grep -q "^Caution: only" "$SS/g30.out"'
check "60 games, 30 pairs: JSON cautions null" json_is many "e['caution'] is None and e['pentaCaution'] is None"

# A played round robin: Bad forfeits every game, the others play random decisions.
out=$(timeout 120 $RUNNER -engine cmd="$FIX random" name=R1 -engine cmd="$FIX illegal 0" name=Bad \
    -engine cmd="$FIX random 0 7" name=R2 -each st=0.05 timemargin=2000 -games 2 -jsonout "$SS/rr.json" 2>&1)
printf '%s\n' "$out" >"$SS/rr.out"
check "round robin: the running lines after Bad's first loss" \
    grep -qE "^Score of R1 vs Bad: 1 - 0 - 0 .* Elo n/a \(all games won\)  \(too few games, fewer than 30\)$" "$SS/rr.out"
check "round robin: every running line of these 2-game encounters cautions" \
    eval '[ "$(grep -c "^Score of" "$SS/rr.out")" -gt 0 ] && ! grep "^Score of" "$SS/rr.out" | grep -qv "(too few games, fewer than 30)$"'
check "round robin: the ranking says why Bad has no Elo" grep -q "^Bad: Elo n/a (all games lost)$" "$SS/rr.out"
check "round robin: the ranking cautions" grep -q "^Caution for Bad: only 4 games (fewer than 30): the Elo and its error bar are not yet meaningful$" "$SS/rr.out"
check "round robin: no nan, inf or +/- 0.0" honest_text "$SS/rr.out"
check "round robin: JSON" honest_json "$SS/rr.json"
