#!/usr/bin/env python3
"""Every mark of qecreview's output follows the variant's own model (tests/review/run.sh).

Usage: marks.py PROBE VARIANT ANNOTATED. At each mark qecreview writes the evaluations before and
after, for White: `{[%eval A] (B -> A) Blunder. X was best.}`. The model is odd (a score's W is
the negated score's L), so the decider's drop in winning chances is |chances(B) - chances(A)|
from White's view whoever decided; PROBE (review_probe: review/model.c) gives the chances of the
variant and its judgement of that drop, which must be the word written. A mate counts as +-1.
Prints the mismatches and "marks: N marks, M bad"; exit status 1 when one is bad or none is seen.
"""
import re
import subprocess
import sys

probe, variant, path = sys.argv[1:4]
WORDS = {"Inaccuracy": 1, "Mistake": 2, "Blunder": 3}
text = open(path, encoding="utf-8").read()
marks = re.findall(r"\(([-#+\d.]+) -> ([-#+\d.]+)\) (Inaccuracy|Mistake|Blunder)\.", text)


def ask(lines):
    out = subprocess.run([probe], input="".join(lines), capture_output=True, text=True, check=True).stdout
    return out.split("\n")[: len(lines)]


def cp_line(e):
    return None if e.startswith("#") else f"chances {variant} {round(float(e) * 100)}\n"


def mate(e):
    return -1.0 if e.startswith("#-") else 1.0


evals = [e for m in marks for e in m[:2]]
asked = [cp_line(e) for e in evals]
answers = iter(ask([a for a in asked if a]))
chances = [float(next(answers)) if a else mate(e) for a, e in zip(asked, evals)]
drops = [abs(chances[2 * i] - chances[2 * i + 1]) for i in range(len(marks))]
judged = ask([f"judge {d:.6f} 0\n" for d in drops]) if drops else []
bad = 0
for (before, after, word), drop, j in zip(marks, drops, judged):
    if int(j) != WORDS[word]:
        print(f"({before} -> {after}) {word}: the {variant} model's drop is {drop:.3f}, judged {j}")
        bad += 1
print(f"marks: {len(marks)} marks, {bad} bad")
sys.exit(1 if bad or not marks else 0)
