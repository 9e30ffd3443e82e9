#!/usr/bin/env python3
"""SPSA tuning of the search's numbers (issue 44), as fishtest and OpenBench run it.

    bench/spsa.py --state runs/qec.spsa --variant qec --iterations 20 --pairs 8 --nodes 2000
    bench/spsa.py --state runs/qec.spsa ... --sprt      # afterwards: the tuned values vs the defaults

The engine is the tuning build (`make tune` -> ./qec-tune), whose `uci` lists each tunable
number (variants/search_params.h) as a spin option and prints `info string spsa
NAME,value,min,max,c_end,r_end` lines (fishtest's form): the start values (the variant's row),
the ranges and the steps are read from there.

Iteration k (1..N) of fishtest's SPSA, per parameter i with c_end_i = step_i * C:
    c_i = c_end_i * N^gamma                 c_k = c_i / k^gamma
    a_i = r_end * c_end_i^2 * (A + N)^alpha  a_k = a_i / (A + k)^alpha
    delta_i = +1 or -1 (Rademacher, from the seed and k)
    theta+ = theta + c_k delta, theta- = theta - c_k delta   (clamped, rounded for the engine)
    r = points(theta+) - points(theta-) over the iteration's games (= wins - losses; a 0-0
        dual-king game and a draw give 0)
    theta_i <- clamp(theta_i + a_k / c_k * r * delta_i, min_i, max_i)
A is 10% of N unless given, alpha 0.602, gamma 0.101, r_end 0.002 (--a), C 1 (--c).

Each iteration is a qecmatch match of theta+ against theta- at fixed nodes (or at a clock:
--limit "st=0.05 timemargin=200", any of qecmatch's -each limits): --pairs game pairs
(colours swapped) from the variant's balanced openings (book/openings-VARIANT.epd), here
(--runner local, qecmatch -concurrency), in shards on GNU parallel (--runner parallel,
bench/shards-parallel.sh) or as a Slurm job array (--runner slurm, bench/slurm-shards.sh with
sbatch --wait, then qecmatch merge). The match of iteration k has seed S*10000+k, so a run is
reproducible from its seed (one thread, fixed nodes: the same games; at a clock the games
depend on the machine, as fishtest's do). QECMATCH=path picks
the runner (as bench/shard-run.sh does; the tests give a scripted one).

The state file holds JSON lines, appended and fsync'd one per iteration after a header line
with the configuration: a run stopped anywhere resumes from its last whole line with the same
command (a torn last line is dropped with a message; anything else malformed, or another
configuration, is refused). docs/dev/strength-loop.md has the commands.
"""
import argparse
import json
import math
import os
import random
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORMAT = "qec-spsa-1"
# What a resumed run must repeat: these decide every iteration.
CONFIG_KEYS = ("variant", "engine", "iterations", "pairs", "nodes", "limit", "seed", "r_end", "c_scale", "A",
               "alpha", "gamma", "options", "openings")


class Refused(Exception):
    """A state file or command line that cannot be used: the message says why."""


def die(msg, status=2):
    print(f"spsa: {msg}", file=sys.stderr)
    sys.exit(status)


def engine_params(engine, variant):
    """The tuning build's parameters for variant: [{name, start, min, max, step}]."""
    try:
        out = subprocess.run([engine], input=f"setoption name UCI_Variant value {variant}\nuci\nquit\n",
                             capture_output=True, text=True, timeout=30).stdout
    except OSError as e:
        raise Refused(f"cannot run the engine {engine}: {e.strerror}")
    params = []
    for line in out.splitlines():
        if line.startswith("info string spsa "):
            name, value, lo, hi, step, _ = line[len("info string spsa "):].split(",")
            params.append({"name": name, "start": float(value), "min": float(lo), "max": float(hi),
                           "step": float(step)})
    if not params:
        raise Refused(f"{engine} lists no tunable numbers: not a tuning build (make tune builds ./qec-tune)")
    return params


def schedule(cfg, param, k):
    """(c_k, a_k) of a parameter at iteration k, fishtest's formulas."""
    n = cfg["iterations"]
    c_end = param["step"] * cfg["c_scale"]
    c = c_end * n ** cfg["gamma"]
    a = cfg["r_end"] * c_end ** 2 * (cfg["A"] + n) ** cfg["alpha"]
    return c / k ** cfg["gamma"], a / (cfg["A"] + k) ** cfg["alpha"]


def deltas(seed, k, count):
    rng = random.Random(f"spsa:{seed}:{k}")
    return [1 if rng.random() < 0.5 else -1 for _ in range(count)]


def clamp(x, p):
    return min(max(x, p["min"]), p["max"])


def engine_value(x, p):
    """The whole number the engine is given (half up, within the range)."""
    return int(math.floor(clamp(x, p) + 0.5))


# ---------------------------------------------------------------- the state file


def append_line(path, obj):
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(obj, sort_keys=True) + "\n")
        f.flush()
        os.fsync(f.fileno())


def new_state(path, header):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(json.dumps(header, sort_keys=True) + "\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    d = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
    try:
        os.fsync(d)
    finally:
        os.close(d)


def read_state(path):
    """(header, iterations) of a state file. Lines are appended whole with their newline, so only
    bytes after the last newline are a torn write: they are cut off the file with a message.
    Refused: an empty or foreign file, a whole line that is not JSON, iterations out of order."""
    with open(path, "rb") as f:
        data = f.read()
    if not data:
        raise Refused(f"{path} is empty (not a state file of bench/spsa.py; remove it to start anew)")
    lines = data.split(b"\n")
    whole = lines[:-1]  # the part after the last newline is torn (or empty)
    torn = lines[-1]
    objs = []
    for i, raw in enumerate(whole):
        try:
            objs.append(json.loads(raw.decode("utf-8")))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise Refused(f"{path} line {i + 1} is not JSON: a damaged state file (not resumed)")
    if torn:
        keep = sum(len(x) + 1 for x in whole)
        print(f"spsa: {path}: dropped a torn last line ({len(torn)} bytes, an iteration cut by a stop); "
              f"resuming from line {len(whole)}", file=sys.stderr)
        with open(path, "r+b") as f:
            f.truncate(keep)
            f.flush()
            os.fsync(f.fileno())
    if not objs:
        raise Refused(f"{path} has no header line (not a state file of bench/spsa.py)")
    header, its = objs[0], objs[1:]
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise Refused(f"{path} line 1 is not a bench/spsa.py header (format {FORMAT})")
    nparams = len(header.get("params") or [])
    for j, it in enumerate(its):
        line = j + 2
        if not isinstance(it, dict) or it.get("k") != j + 1:
            raise Refused(f"{path} line {line} is not iteration {j + 1}: a damaged state file (not resumed)")
        for key in ("theta", "delta", "theta_before"):
            v = it.get(key)
            if not isinstance(v, list) or len(v) != nparams or not all(isinstance(x, (int, float)) for x in v):
                raise Refused(f"{path} line {line}: '{key}' is not {nparams} numbers (not resumed)")
    return header, its


# ---------------------------------------------------------------- matches


def match_args(cfg, params, plus, minus, seed, extra_each=()):
    def engine(name, values):
        a = ["-engine", f"cmd={cfg['engine']}", f"name={name}"]
        a += [f"option.{p['name']}={v}" for p, v in zip(params, values)]
        return a

    each = limit_words(cfg["limit"], cfg["nodes"]) + [f"option.{o}" for o in cfg["options"]] + list(extra_each)
    return (["-variant", cfg["variant"]] + engine("plus", plus) + engine("minus", minus) + ["-each"] + each +
            ["-games", str(2 * cfg["pairs"]), "-repeat", "-openings", f"file={cfg['openings']}", "order=random",
             "-seed", str(seed)])


def limit_words(limit, nodes):
    """What each engine is given: the --limit words (a clock) or else nodes=N."""
    return limit.split() if limit else [f"nodes={nodes}"]


def limit_ok(words):
    """A --limit: KEY=VALUE words, at least one of them a limit of the search (not only a margin)."""
    pairs = [w.partition("=") for w in words.split()]
    return (bool(pairs) and all(key and eq and value for key, eq, value in pairs)
            and any(key in ("st", "tc", "nodes", "depth") for key, _, _ in pairs))


def describe_limit(limit, nodes):
    return limit if limit else f"{nodes} nodes"


def run_match(args, run, outdir):
    """Plays the qecmatch arguments by the runner; the match's JSON summary (a dict)."""
    os.makedirs(outdir, exist_ok=True)
    qecmatch = os.environ.get("QECMATCH") or os.path.join(ROOT, "qecmatch")
    log = open(os.path.join(outdir, "match.log"), "w")
    if run.runner == "local":
        out = os.path.join(outdir, "match.json")
        cmd = [qecmatch] + args + ["-concurrency", str(run.concurrency), "-jsonout", out]
    elif run.runner == "parallel":
        out = os.path.join(outdir, "merged.json")
        for f in os.listdir(outdir):
            if f.startswith("shard-"):
                os.remove(os.path.join(outdir, f))
        env = dict(os.environ, JOBS=str(run.concurrency))
        cmd = [os.path.join(ROOT, "bench", "shards-parallel.sh"), str(run.shards), outdir] + args
    else:  # slurm: one job array per iteration, waited for
        out = os.path.join(outdir, "merged.json")
        if not shutil.which("sbatch"):
            raise Refused("--runner slurm: sbatch is not on PATH")
        cmd = (["sbatch", "--wait", "--parsable", f"--array=0-{run.shards - 1}", f"--output={outdir}/slurm-%A_%a.out"]
               + run.sbatch.split() + [os.path.join(ROOT, "bench", "slurm-shards.sh"), outdir] + args)
    status = subprocess.run(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                            env=env if run.runner == "parallel" else None).returncode
    if status == 0 and run.runner == "slurm":
        shards = sorted(os.path.join(outdir, f) for f in os.listdir(outdir)
                        if f.startswith("shard-") and f.endswith(".json"))
        status = subprocess.run([qecmatch, "merge", "-jsonout", out] + shards, cwd=ROOT, stdout=log,
                                stderr=subprocess.STDOUT).returncode
    log.close()
    if status != 0 or not os.path.exists(out):
        raise Refused(f"the match failed (status {status}); see {outdir}/match.log")
    with open(out) as f:
        return json.load(f)


def engine_points(summary, name):
    for e in summary["engines"]:
        if e["name"] == name:
            return e
    raise Refused(f"the match summary has no engine {name}")


# ---------------------------------------------------------------- the run


def show(params, theta):
    return " ".join(f"{p['name']}={t:.2f}" for p, t in zip(params, theta))


def configure(a):
    engine = os.path.abspath(a.engine)
    params = engine_params(engine, a.variant)
    if a.params:
        want = a.params.split(",")
        unknown = [w for w in want if w not in [p["name"] for p in params]]
        if unknown:
            raise Refused(f"--params: {', '.join(unknown)} not among the engine's ({', '.join(p['name'] for p in params)})")
        params = [p for p in params if p["name"] in want]
    cfg = {"format": FORMAT, "variant": a.variant, "engine": engine, "iterations": a.iterations, "pairs": a.pairs,
           "nodes": a.nodes, "limit": a.limit, "seed": a.seed, "r_end": a.a, "c_scale": a.c,
           "A": a.A if a.A is not None else 0.1 * a.iterations, "alpha": a.alpha, "gamma": a.gamma,
           "options": a.option, "openings": a.openings or f"book/openings-{a.variant}.epd", "params": params}
    return cfg


def same_config(header, cfg, path):
    for key in CONFIG_KEYS + ("params",):
        if header.get(key) != cfg[key]:
            raise Refused(f"{path} was made with {key} = {json.dumps(header.get(key))}, this command has "
                          f"{json.dumps(cfg[key])}: resume with the same command (or another --state)")


def iterate(a, cfg, path, its):
    params = cfg["params"]
    theta = its[-1]["theta"] if its else [p["start"] for p in params]
    workdir = os.path.abspath(a.workdir or path + ".d")  # the matches run from the checkout's root
    print(f"spsa: {cfg['variant']}, {len(params)} parameters, {cfg['iterations']} iterations of "
          f"{cfg['pairs']} pairs at {describe_limit(cfg['limit'], cfg['nodes'])}; from iteration {len(its) + 1}")
    print(f"theta: {show(params, theta)}")
    for k in range(len(its) + 1, cfg["iterations"] + 1):
        d = deltas(cfg["seed"], k, len(params))
        sched = [schedule(cfg, p, k) for p in params]
        plus = [engine_value(t + ck * di, p) for t, (ck, _), di, p in zip(theta, sched, d, params)]
        minus = [engine_value(t - ck * di, p) for t, (ck, _), di, p in zip(theta, sched, d, params)]
        seed = cfg["seed"] * 10000 + k
        summary = run_match(match_args(cfg, params, plus, minus, seed), a, os.path.join(workdir, f"iter-{k}"))
        ep, em = engine_points(summary, "plus"), engine_points(summary, "minus")
        r = ep["points"] - em["points"]
        enc = summary["encounters"][0]
        penta = enc["pentanomial"] if enc["first"] == "plus" else list(reversed(enc["pentanomial"]))
        new = [clamp(t + ak / ck * r * di, p) for t, (ck, ak), di, p in zip(theta, sched, d, params)]
        rec = {"k": k, "seed": seed, "delta": d, "c_k": [s[0] for s in sched], "a_k": [s[1] for s in sched],
               "plus": plus, "minus": minus, "games": summary["games"], "points_plus": ep["points"],
               "points_minus": em["points"], "result": r, "wins": ep["wins"], "losses": ep["losses"],
               "dual_king": ep["dualKing"], "pentanomial": penta, "theta_before": theta, "theta": new}
        append_line(path, rec)
        theta = new
        print(f"iteration {k}/{cfg['iterations']}: plus-minus {r:+g} ({ep['wins']}-{ep['losses']}, "
              f"pairs {penta}); theta: {show(params, theta)}", flush=True)
    tuned = " ".join(f"option.{p['name']}={engine_value(t, p)}" for p, t in zip(params, theta))
    print(f"spsa: done, {cfg['iterations']} iterations; tuned: {tuned}")


def sprt(a, cfg, path, its):
    """The tuned values (the last theta, rounded) against the row's defaults, an SPRT."""
    if not its:
        raise Refused(f"{path} has no iteration yet: nothing to confirm")
    params = cfg["params"]
    tuned = [engine_value(t, p) for t, p in zip(its[-1]["theta"], params)]
    workdir = os.path.join(os.path.abspath(a.workdir or path + ".d"), "sprt")
    os.makedirs(workdir, exist_ok=True)
    qecmatch = os.environ.get("QECMATCH") or os.path.join(ROOT, "qecmatch")
    own = a.sprt_limit or a.sprt_nodes  # the SPRT's own limit, else the run's
    limit = limit_words(a.sprt_limit, a.sprt_nodes) if own else limit_words(cfg["limit"], cfg["nodes"])
    each = limit + [f"option.{o}" for o in cfg["options"]]
    cmd = ([qecmatch, "-variant", cfg["variant"], "-engine", f"cmd={cfg['engine']}", "name=tuned"] +
           [f"option.{p['name']}={v}" for p, v in zip(params, tuned)] +
           ["-engine", f"cmd={cfg['engine']}", "name=default", "-each"] + each +
           ["-games", str(a.sprt_games), "-repeat", "-openings", f"file={cfg['openings']}", "order=random",
            "-seed", str(cfg["seed"] * 10000), "-concurrency", str(a.concurrency),
            "-sprt", f"elo0={a.elo0}", f"elo1={a.elo1}", "alpha=0.05", "beta=0.05",
            "-state", os.path.join(workdir, "sprt.state"), "-jsonout", os.path.join(workdir, "sprt.json"),
            "-pgnout", os.path.join(workdir, "sprt.pgn")])
    print("spsa: " + " ".join(cmd[1:]), flush=True)
    status = subprocess.run(cmd, cwd=ROOT).returncode
    if status != 0:
        raise Refused(f"the SPRT match failed (status {status})")
    with open(os.path.join(workdir, "sprt.json")) as f:
        res = (json.load(f).get("sprt") or {}).get("result")
    verdict = res if res in ("H0", "H1") else "none"
    with open(os.path.join(workdir, "sprt.verdict"), "w") as f:
        f.write(verdict + "\n")
    print(f"spsa: sprt {verdict}: " + ("the tuned values may ship in the row (variants/variants.c)" if verdict == "H1"
                                       else "the tuned values do not ship"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--state", required=True, help="the state file (JSON lines; resumed if it exists)")
    ap.add_argument("--variant", choices=("qec", "tether"), default="qec")
    ap.add_argument("--engine", default=os.path.join(ROOT, "qec-tune"), help="the tuning build (default ./qec-tune)")
    ap.add_argument("--iterations", type=int, default=20)
    ap.add_argument("--pairs", type=int, default=8, help="game pairs per iteration (default 8)")
    ap.add_argument("--nodes", type=int, default=2000, help="nodes per decision (default 2000)")
    ap.add_argument("--limit", metavar="WORDS",
                    help='play at a clock instead of --nodes: qecmatch -each limits, e.g. "st=0.05 timemargin=200"')
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--a", type=float, default=0.002, help="r_end: a_end = r_end * c_end^2 (fishtest; default 0.002)")
    ap.add_argument("--c", type=float, default=1.0, help="c_end = this * each parameter's step (default 1)")
    ap.add_argument("--A", type=float, default=None, help="stability constant (default 10%% of the iterations)")
    ap.add_argument("--alpha", type=float, default=0.602)
    ap.add_argument("--gamma", type=float, default=0.101)
    ap.add_argument("--params", help="tune only these (comma-separated names; default all)")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a UCI option for both engines (e.g. EvalFile=/abs/net.nnue), repeatable")
    ap.add_argument("--openings", help="an EPD file (default book/openings-VARIANT.epd)")
    ap.add_argument("--runner", choices=("local", "parallel", "slurm"), default="local")
    ap.add_argument("--shards", type=int, default=2, help="shards per match (parallel, slurm; default 2)")
    ap.add_argument("--concurrency", type=int, default=1, help="games (local, sprt) or shards (parallel) at a time")
    ap.add_argument("--sbatch", default="", help="more sbatch arguments (slurm)")
    ap.add_argument("--workdir", help="where the matches go (default STATE.d)")
    ap.add_argument("--sprt", action="store_true", help="play the SPRT of the state's tuned values vs the defaults")
    ap.add_argument("--sprt-games", type=int, default=400)
    ap.add_argument("--sprt-nodes", type=int, help="nodes per decision in the SPRT (default --nodes)")
    ap.add_argument("--sprt-limit", metavar="WORDS", help="the SPRT at a clock (qecmatch -each limits; default the run's)")
    ap.add_argument("--elo0", type=float, default=0)
    ap.add_argument("--elo1", type=float, default=5)
    a = ap.parse_args()
    for name in ("iterations", "pairs", "nodes", "shards", "concurrency", "sprt_games"):
        if getattr(a, name) < 1:
            die(f"--{name.replace('_', '-')} must be at least 1")
    if a.a <= 0 or a.c <= 0:
        die("--a and --c must be positive")
    if a.A is not None and a.A < 0:
        die("--A must not be negative")
    for flag, words in (("--limit", a.limit), ("--sprt-limit", a.sprt_limit)):
        if words is not None and not limit_ok(words):
            die(f'{flag} "{words}": want qecmatch -each words (KEY=VALUE), one of them st=, tc=, nodes= or depth=, '
                f'e.g. "st=0.05 timemargin=200"')
    for o in a.option:
        if "=" not in o:
            die(f"--option {o}: want NAME=VALUE")
    try:
        cfg = configure(a)
        if os.path.exists(a.state):
            header, its = read_state(a.state)
            same_config(header, cfg, a.state)
        else:
            if a.sprt:
                raise Refused(f"{a.state} does not exist: run the SPSA first")
            new_state(a.state, cfg)
            its = []
        if a.sprt:
            sprt(a, cfg, a.state, its)
        else:
            iterate(a, cfg, a.state, its)
    except Refused as e:
        die(str(e))
    except KeyboardInterrupt:
        die("interrupted: the state file ends at the last whole iteration (run the same command to resume)", 130)


if __name__ == "__main__":
    main()
