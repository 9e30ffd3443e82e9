"""What every soak of qecmatch reports first (bench/soak.sh, bench/clock_soak.sh), from the
runner's -jsonout file: games, terminations, each engine's forfeits by reason and its overruns
(decisions past the time given, the forfeited ones included)."""
import json


def report_games(path):
    """Prints the games' lines; returns (the JSON, the forfeits of all engines together)."""
    d = json.load(open(path))
    print("games: %d (aborted %d)" % (d["games"], d["aborted"]))
    print("terminations:", ", ".join("%s %d" % kv for kv in d["terminations"].items()))
    bad = 0
    for e in d["engines"]:
        f = {k: v for k, v in e["forfeits"].items() if v}
        bad += sum(f.values())
        print("forfeits of %s: %s" % (e["name"], f or "none"))
        if e.get("decisions"):
            print("overruns of %s: %d of %d decisions (%.3f%%), worst %.1f ms past the time given" %
                  (e["name"], e["overruns"], e["decisions"], 100.0 * e["overruns"] / e["decisions"],
                   e["worstOverrunMs"] or 0))
    return d, bad
