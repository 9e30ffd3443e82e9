#!/usr/bin/env python3
"""A/B speed ratio that holds still (issue 45): runs two commands in interleaved rounds until the
ratio's 95% confidence interval is within +-TARGET (default 3%) or a round cap is hit, and
prints the interval and the machine's load.

    bench/ab.py [options] -a 'COMMAND A' -b 'COMMAND B'

  -a, -b CMD        the two commands, each one shell string (two builds, or qec vs Stockfish)
  --metric M        what is compared: `time` (wall seconds, the default: the ratio is B's time /
                    A's time, i.e. A's speed over B's), or a regular expression with one group
                    matching a number in the command's output (stdout and stderr), e.g.
                    'Nodes/second\\s*:\\s*(\\d+)'; a parsed figure is taken as a speed (higher is
                    better) unless --lower is given; -ma/-mb give each command its own regex
  --lower           the parsed figure is a cost (lower is better), e.g. a time it prints itself
  --target F        stop once the interval's half-width is within F of the ratio (0.03)
  --min N, --max N  at least N rounds (5), at most N (40)
  --quiet           only the closing lines

Each round runs A then B, the next B then A (ABBA): a machine that speeds up or slows down
during the run falls on both sides. The ratio is taken round by round (A's speed / B's in that
round), and the interval is the t-interval of the mean of the log-ratios, exponentiated (a
ratio's noise is multiplicative). The closing line:
    ratio A/B 1.234 [1.201, 1.268] +-2.8% (95%), 12 rounds, target met; load 1.02 1.10 1.31
A ratio above 1 means A is faster. Exit 0 when the target was met, 1 when the cap stopped it
(the interval is still printed), 2 on a command that failed or printed no figure.
"""
import argparse
import math
import os
import re
import subprocess
import sys
import time

# Two-sided 95% quantiles of Student's t for 1..30 degrees of freedom; 1.96 past that.
T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
        2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
        2.045, 2.042]


def t975(df):
    return T975[df - 1] if df <= len(T975) else 1.96


def interval(log_ratios):
    """(ratio, low, high, half-width as a fraction) of the mean log-ratio's t-interval."""
    n = len(log_ratios)
    mean = sum(log_ratios) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in log_ratios) / (n - 1)) if n > 1 else float("inf")
    half = t975(n - 1) * sd / math.sqrt(n) if n > 1 else float("inf")
    if not math.isfinite(half):
        return math.exp(mean), None, None, None
    return math.exp(mean), math.exp(mean - half), math.exp(mean + half), math.exp(half) - 1


def measure(cmd, regex, lower):
    """One run: its speed (higher is better)."""
    t0 = time.monotonic()
    p = subprocess.run(cmd, shell=True, capture_output=True, text=True)
    wall = time.monotonic() - t0
    if p.returncode != 0:
        sys.exit("bench/ab.py: '%s' exited with %d: %s" % (cmd, p.returncode, (p.stderr or p.stdout)[-300:]))
    if regex is None:
        return 1.0 / wall
    m = re.findall(regex, p.stdout + p.stderr)
    if not m:
        print("bench/ab.py: no figure matching %r in the output of '%s'" % (regex, cmd), file=sys.stderr)
        sys.exit(2)
    v = float(m[-1] if isinstance(m[-1], str) else m[-1][0])
    if v <= 0:
        print("bench/ab.py: '%s' printed %g, not a positive figure" % (cmd, v), file=sys.stderr)
        sys.exit(2)
    return 1.0 / v if lower else v


def load():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "n/a"


def main():
    ap = argparse.ArgumentParser(add_help=False)
    ap.add_argument("-a", required=True)
    ap.add_argument("-b", required=True)
    ap.add_argument("--metric", default="time")
    ap.add_argument("-ma")
    ap.add_argument("-mb")
    ap.add_argument("--lower", action="store_true")
    ap.add_argument("--target", type=float, default=0.03)
    ap.add_argument("--min", type=int, default=5)
    ap.add_argument("--max", type=int, default=40)
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("-h", "--help", action="store_true")
    args = ap.parse_args()
    if args.help:
        print(__doc__)
        return 0
    if args.min < 2 or args.max < args.min or not 0 < args.target < 1:
        print("bench/ab.py: want 2 <= --min <= --max and 0 < --target < 1", file=sys.stderr)
        return 2
    rx = None if args.metric == "time" else args.metric
    ra, rb = args.ma or rx, args.mb or rx
    for r in (ra, rb):
        if r is not None:
            try:
                if re.compile(r).groups != 1:
                    raise re.error("want exactly one group")
            except re.error as e:
                print("bench/ab.py: bad --metric %r: %s" % (r, e), file=sys.stderr)
                return 2
    started = "load %s at the start" % load()
    logs = []
    met = False
    for k in range(args.max):
        order = [("A", args.a, ra), ("B", args.b, rb)]
        if k % 2:
            order.reverse()
        speed = {name: measure(cmd, r, args.lower) for name, cmd, r in order}
        logs.append(math.log(speed["A"] / speed["B"]))
        ratio, lo, hi, half = interval(logs)
        if not args.quiet:
            print("round %d: A/B %.4f%s" % (k + 1, speed["A"] / speed["B"],
                  "" if half is None else "  running %.4f [%.4f, %.4f] +-%.1f%%" % (ratio, lo, hi, 100 * half)),
                  flush=True)
        if k + 1 >= args.min and half is not None and half <= args.target:
            met = True
            break
    ratio, lo, hi, half = interval(logs)
    print("A: %s\nB: %s" % (args.a, args.b))
    print("ratio A/B %.3f [%.3f, %.3f] +-%.1f%% (95%%), %d rounds, %s; load %s (%s)" % (
        ratio, lo, hi, 100 * half, len(logs),
        "target met" if met else "round cap hit, target +-%.1f%% not met" % (100 * args.target), load(), started))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
