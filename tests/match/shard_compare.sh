# Comparing a merged sharded match with the unsharded run (issue 14), sourced by
# tests/match/shard.sh and tests/slurm/run.sh; the games themselves are compared by
# tests/match/pgn_rounds.py.

# The "=== Results" part of a summary, the termination counts sorted (their order is the order
# of first occurrence, which differs between a run and a merge), without the overrun lines:
# how late a decision came is a timing of the machine under load, not a result.
summary_of() {
    sed -n '/^=== Results/,$p' "$1" | python3 -c "
import sys
for line in sys.stdin:
    if line.startswith('Overruns of '):
        continue
    if line.startswith('Terminations:'):
        line = 'Terminations: ' + ', '.join(sorted(x.strip() for x in line.split(':', 1)[1].split(','))) + '\n'
    sys.stdout.write(line)"
}
# The counts of two -jsonout files are the same (order-free; the merged file has no progress;
# overruns are timings, as above).
same_counts() {
    python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
def key(d):
    enc = [{k: e[k] for k in ("first", "second", "games", "wins", "losses", "draws", "dualKing", "pentanomial",
                              "byColour", "elo", "los")} for e in d["encounters"]]
    sprt = {k: d["sprt"][k] for k in ("llr", "result")} if "sprt" in d else None
    engines = [{k: v for k, v in e.items() if k not in ("overruns", "worstOverrunMs")} for e in d["engines"]]
    return (d["games"], engines, enc, d["colours"], d["terminations"], sorted(map(str, d["forfeits"])), sprt)
ka, kb = key(a), key(b)
if ka != kb:
    print("differ:\n ", ka, "\n ", kb)
sys.exit(0 if ka == kb else 1)
PY
}
