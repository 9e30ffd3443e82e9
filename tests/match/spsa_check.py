#!/usr/bin/env python3
"""Checks a bench/spsa.py state file on its own terms (tests/match/spsa.sh), recomputing what
the tuner must have done from the recorded configuration and the matches' own JSON summaries:

    spsa_check.py STATE WORKDIR [--expect-iterations N] [--expect-clamp] [-v]

- line 1 is the header; then one line per iteration k = 1, 2, ..., each a JSON object;
- fishtest's schedule, written here again: c_k = c_end N^g / k^g, a_k = r_end c_end^2 (A+N)^al
  / (A+k)^al with c_end = step * C; the recorded c_k and a_k equal it;
- delta is +-1; the engines got round-half-up(clamp(theta -+ c_k delta)) (plus / minus);
- the result r is read from WORKDIR/iter-k's JSON (points of plus - points of minus), games =
  2 * pairs; theta_before is the previous theta (the start for k = 1);
- theta = clamp(theta_before + a_k / c_k * r * delta) within 1e-9, and inside the range;
- --expect-clamp: some unclamped update fell outside its range (and was clamped);
- with the scripted runner (tests/match/spsa_fake_match.py), the options each engine was
  given are the recorded plus and minus values.
Exit 0 when all hold, else 1 with the first difference."""
import json
import math
import os
import sys


def fail(msg):
    print(f"spsa_check: {msg}")
    sys.exit(1)


def main():
    args = sys.argv[1:]
    state, workdir = args[0], args[1]
    want = int(args[args.index("--expect-iterations") + 1]) if "--expect-iterations" in args else None
    lines = open(state, encoding="utf-8").read().split("\n")
    if lines[-1] != "":
        fail("the file does not end with a newline")
    objs = [json.loads(x) for x in lines[:-1]]
    h, its = objs[0], objs[1:]
    if want is not None and len(its) != want:
        fail(f"{len(its)} iterations, expected {want}")
    n, g, al, big_a = h["iterations"], h["gamma"], h["alpha"], h["A"]
    params = h["params"]
    theta = [p["start"] for p in params]
    clamped = False
    for k, it in enumerate(its, 1):
        if it["k"] != k:
            fail(f"line {k + 1}: k = {it['k']}")
        if it["theta_before"] != theta:
            fail(f"iteration {k}: theta_before is not the previous theta")
        files = [os.path.join(workdir, f"iter-{k}", f) for f in ("match.json", "merged.json")]
        summary = json.load(open(next(f for f in files if os.path.exists(f))))
        pts = {e["name"]: e["points"] for e in summary["engines"]}
        r = pts["plus"] - pts["minus"]
        if summary["games"] != 2 * h["pairs"]:
            fail(f"iteration {k}: {summary['games']} games, not {2 * h['pairs']}")
        got = summary.get("options")  # the scripted runner keeps what each engine was given
        if got is not None:
            for side in ("plus", "minus"):
                if got[side] != {p["name"]: v for p, v in zip(params, it[side])}:
                    fail(f"iteration {k}: the {side} engine got {got[side]}, the state says {it[side]}")
        if it["result"] != r:
            fail(f"iteration {k}: recorded result {it['result']}, the match says {r}")
        for i, p in enumerate(params):
            d = it["delta"][i]
            if d not in (1, -1):
                fail(f"iteration {k}: delta {d}")
            c_end = p["step"] * h["c_scale"]
            ck = c_end * n ** g / k ** g
            ak = h["r_end"] * c_end ** 2 * (big_a + n) ** al / (big_a + k) ** al
            if not math.isclose(ck, it["c_k"][i], rel_tol=1e-12) or not math.isclose(ak, it["a_k"][i], rel_tol=1e-12):
                fail(f"iteration {k}, {p['name']}: c_k/a_k {it['c_k'][i]}/{it['a_k'][i]}, expected {ck}/{ak}")
            lo, hi = p["min"], p["max"]
            for side, sign in (("plus", 1), ("minus", -1)):
                v = math.floor(min(max(theta[i] + sign * ck * d, lo), hi) + 0.5)
                if it[side][i] != v:
                    fail(f"iteration {k}, {p['name']}: {side} got {it[side][i]}, expected {v}")
            raw = theta[i] + ak / ck * r * d
            if raw < lo or raw > hi:
                clamped = True
            expect = min(max(raw, lo), hi)
            if abs(it["theta"][i] - expect) > 1e-9 * max(1.0, abs(expect)):
                fail(f"iteration {k}, {p['name']}: theta {it['theta'][i]}, the rule gives {expect}")
        theta = it["theta"]
    if "--expect-clamp" in args and not clamped:
        fail("no update fell outside its range: the clamp was not exercised")
    if "-v" in args:
        print(f"spsa_check: {len(its)} iterations follow the rule{' (with clamping)' if clamped else ''}")


if __name__ == "__main__":
    main()
