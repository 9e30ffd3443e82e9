#!/usr/bin/env python3
"""Every rule number the code and tests cite (R2.3, T4.2, S3.2 ...) must have its own heading or
bold label on the players' rules page of its game (docs/players/rules-qec.md for R,
rules-tether.md for T, rules-schroedinger.md for S), so that a citation always points at a rule
someone can read, and docs and code cannot drift apart. A label is a heading that starts with
the number (`### R2.3 The forced reply`) or the number in bold (`**R2.3**`, `**R2.3 Forced**`).
Run from the repository root; prints "rule_refs: N passed, N failed" (one check per number)."""
import os
import re
import subprocess
import sys

CITED = re.compile(r"\b[RTS][1-8](?:\.[0-9]+)+\b|\b[RTS][1-8]\b")
SOURCE_ENDINGS = (".c", ".h", ".py", ".sh", ".mjs", ".js")
SKIP_DIRS = {".git", "build", "node_modules", "vendor"}
PAGES = {"R": "docs/players/rules-qec.md", "T": "docs/players/rules-tether.md",
         "S": "docs/players/rules-schroedinger.md"}


def source_files():
    """The tracked sources when this is a git checkout, else every source file on disk."""
    try:
        out = subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True).stdout
        files = out.split("\n")
    except (OSError, subprocess.CalledProcessError):
        files = []
        for root, dirs, names in os.walk("."):
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
            files += [os.path.relpath(os.path.join(root, n)) for n in names]
    return [f for f in files if f.endswith(SOURCE_ENDINGS) and os.path.isfile(f)]


def citations():
    """number -> the first file that cites it."""
    where = {}
    for path in source_files():
        with open(path, encoding="utf-8", errors="replace") as f:
            for number in CITED.findall(f.read()):
                where.setdefault(number, path)
    return where


def labels(text):
    """The rule numbers a page labels, each with how often."""
    found = re.findall(r"^#{1,6}[ \t]+([RTS][1-8](?:\.[0-9]+)*)(?=[ \t]|$)", text, re.M)
    found += re.findall(r"\*\*([RTS][1-8](?:\.[0-9]+)*)(?=\*\*|[ \t])", text)
    counts = {}
    for n in found:
        counts[n] = counts.get(n, 0) + 1
    return counts


def main():
    passed = failed = 0
    page_labels = {}
    for letter, page in PAGES.items():
        if not os.path.isfile(page):
            print("FAIL: %s is missing" % page)
            failed += 1
            page_labels[letter] = {}
            continue
        with open(page, encoding="utf-8") as f:
            page_labels[letter] = labels(f.read())
        twice = sorted(n for n, c in page_labels[letter].items() if c > 1)
        if twice:
            print("FAIL: %s labels %s more than once" % (page, " ".join(twice)))
            failed += 1
        else:
            passed += 1
    cited = citations()
    if len(cited) < 20:  # the scan itself must have found the code's citations
        print("FAIL: only %d rule numbers found in the sources: the scan is broken" % len(cited))
        failed += 1
    for number in sorted(cited):
        if number in page_labels[number[0]]:
            passed += 1
        else:
            print("FAIL: %s (cited in %s) has no heading or bold label in %s"
                  % (number, cited[number], PAGES[number[0]]))
            failed += 1
    print("rule_refs: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
