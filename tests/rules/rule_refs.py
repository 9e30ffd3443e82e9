#!/usr/bin/env python3
"""Every rule number the code and tests cite (R2.3, T4.2, S3.2 ...) must have its own heading or
bold label on the players' rules page of its game, so that a citation always points at a rule
someone can read, and docs and code cannot drift apart. A label is a heading that starts with
the number (`### R2.3 The forced reply`) or the number in bold (`**R2.3**`, `**R2.3 Forced**`).
The rules pages are docs/players/rules-*.md, and each page's letter is the one its labels use
(rules-qec.md R, rules-tether.md T, rules-schroedinger.md S): a new game's page brings its
letter, with no list here to extend. A page with labels of two letters, or two pages with one
letter, fail.
Run from the repository root; prints "rule_refs: N passed, N failed" (one check per number)."""
import glob
import os
import re
import subprocess
import sys

RULE_PAGES = "docs/players/rules-*.md"
SOURCE_ENDINGS = (".c", ".h", ".py", ".sh", ".mjs", ".js")
SKIP_DIRS = {".git", "build", "node_modules", "vendor"}


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


def citations(letters):
    """number -> the first file that cites it, for the rule letters given."""
    cited = re.compile(r"\b[%s][1-8](?:\.[0-9]+)+\b|\b[%s][1-8]\b" % (letters, letters))
    where = {}
    for path in source_files():
        with open(path, encoding="utf-8", errors="replace") as f:
            for number in cited.findall(f.read()):
                where.setdefault(number, path)
    return where


def labels(text):
    """The rule numbers a page labels, each with how often."""
    found = re.findall(r"^#{1,6}[ \t]+([A-Z][1-8](?:\.[0-9]+)*)(?=[ \t]|$)", text, re.M)
    found += re.findall(r"\*\*([A-Z][1-8](?:\.[0-9]+)*)(?=\*\*|[ \t])", text)
    counts = {}
    for n in found:
        counts[n] = counts.get(n, 0) + 1
    return counts


def main():
    passed = failed = 0
    page_labels, pages = {}, {}
    for page in sorted(glob.glob(RULE_PAGES)):
        with open(page, encoding="utf-8") as f:
            found = labels(f.read())
        letters = sorted({n[0] for n in found})
        if len(letters) != 1 or letters[0] in pages:
            taken = " (%s is %s's)" % (letters[0], pages[letters[0]]) if len(letters) == 1 else ""
            print("FAIL: %s labels its rules with %s: want one letter of its own%s"
                  % (page, " ".join(letters) or "no letter", taken))
            failed += 1
            continue
        pages[letters[0]], page_labels[letters[0]] = page, found
        twice = sorted(n for n, c in found.items() if c > 1)
        if twice:
            print("FAIL: %s labels %s more than once" % (page, " ".join(twice)))
            failed += 1
        else:
            passed += 1
    if len(pages) < 2:  # the pages must have been found (qec's and tether's at least)
        print("FAIL: only %d rules pages (%s) found: run from the repository root" % (len(pages), RULE_PAGES))
        failed += 1
    cited = citations("".join(sorted(pages)) or "R")
    if len(cited) < 20:  # the scan itself must have found the code's citations
        print("FAIL: only %d rule numbers found in the sources: the scan is broken" % len(cited))
        failed += 1
    for number in sorted(cited):
        if number in page_labels[number[0]]:
            passed += 1
        else:
            print("FAIL: %s (cited in %s) has no heading or bold label in %s"
                  % (number, cited[number], pages[number[0]]))
            failed += 1
    print("rule_refs: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
