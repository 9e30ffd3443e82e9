#!/usr/bin/env python3
"""The docs suite: the manual cannot drift from the code it describes.

  python3 tests/docs/check_docs.py [--qec ./qec] [--qecmatch ./qecmatch] [--qecreview ./qecreview] [--root .]

Checks, each one a counted test (a failure names the page, the line and what is wrong):
  links     every relative link and #anchor in README.md and docs/**/*.md resolves: the file
            (page, image, source file, directory) exists, and an anchor names a heading of the
            target page by GitHub's slug rules (lower case, punctuation dropped, spaces to
            hyphens, -1, -2 ... for repeated headings);
  shared    no page points at the design references that sit beside the repository during
            development (OUTSIDE below; they are not part of the product: the docs say the
            rules in their own words);
  options   every option `uci` prints, in every UCI_Variant, has its row in
            docs/gui/protocol.md with the type, default and range `uci` prints;
  commands  every command and variant `qec help` lists has its row in docs/gui/protocol.md,
            and help lists the variants `qec --list variants` prints; every kind of game end
            `qec --list ends` prints is among docs/gui/record-format.md's Termination values;
  flags     every flag (and -engine key) of qecmatch's usage text appears in docs/;
  review    every flag of qecreview's usage text has its row in docs/players/review.md;
  sessions  every ```uci block of docs/gui/*.md and README.md, run through qec, gives the
            output the page shows (the convention is explained at the top of
            docs/gui/sessions.md);
  figures   figures the build produces are today's or dated (outside docs/results/, the
            dated logs): a paragraph that names the bench signature gives only today's
            `qec bench` figures (the total and each variant's part, whose position counts the
            sentence "N QEC positions …, N classical-chess positions, … and N schroedinger
            positions" of docs/testers/perft-and-bench.md gives, one count for each variant of
            `qec --list variants`); any other
            `bench` node count, every size of the WebAssembly files and every count of passed
            tests carries its date (YYYY-MM-DD in its paragraph or the one before it), and a
            WebAssembly size also links its results page in docs/results/;
  guide     docs/dev/adding-a-variant.md's section "Every file a new game touches" names every
            source file that holds a per-row table or switch (an entry or `case` by a
            VARIANT_* or EVAL_* id) or branches on the row's `worlds` family, and every path it
            names (without a <placeholder>) exists.
Closing line: `docs: N passed, N failed`.
"""
import argparse
import os
import queue
import re
import subprocess
import sys
import threading

WILDCARD = "\u2026"  # … : any text inside a line; a line that is only … : any lines
SESSION_TIMEOUT = 30.0


class Results:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL " + what)
        return ok


# ---- pages -------------------------------------------------------------------------------

def doc_pages(root):
    pages = ["README.md"] if os.path.exists(os.path.join(root, "README.md")) else []
    for d, _, files in os.walk(os.path.join(root, "docs")):
        for f in sorted(files):
            if f.endswith(".md"):
                pages.append(os.path.relpath(os.path.join(d, f), root))
    return sorted(pages)


def read(root, page):
    with open(os.path.join(root, page), encoding="utf-8") as f:
        return f.read()


def read_checked(root, page, res):
    """The page's text, or None with a failed check when it is missing."""
    try:
        return read(root, page)
    except OSError:
        res.check(False, page + ": missing")
        return None


def prose_lines(text):
    """(line number, line) outside fenced code blocks; inline code spans blanked."""
    fence = None
    for n, line in enumerate(text.split("\n"), 1):
        m = re.match(r"^\s{0,3}(`{3,}|~{3,})", line)
        if m:
            mark = m.group(1)
            if fence is None:
                fence = mark
                continue
            if mark[0] == fence[0] and len(mark) >= len(fence):
                fence = None
                continue
        if fence is None:
            yield n, re.sub(r"(`+)(.+?)\1", lambda s: " " * len(s.group(0)), line)


def slug(heading):
    """GitHub's anchor for a heading: the rendered text, lower case, every character that is
    not a letter, digit, space, hyphen or underscore dropped, spaces to hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)   # links and images: their text
    text = re.sub(r"<[^>]+>", "", text)                          # inline HTML tags
    text = text.replace("`", "")
    text = re.sub(r"(\*+|(?<!\w)_+|_+(?!\w))", "", text)          # emphasis marks
    text = text.strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(text):
    seen = {}
    out = set()
    fence = None
    for line in text.split("\n"):
        m = re.match(r"^\s{0,3}(`{3,}|~{3,})", line)
        if m:
            fence = None if fence else m.group(1)
            continue
        if fence:
            continue
        h = re.match(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not h:
            continue
        base = slug(h.group(1))
        k = seen.get(base, 0)
        seen[base] = k + 1
        out.add(base if k == 0 else "%s-%d" % (base, k))
    for m in re.finditer(r'<a\s+(?:name|id)="([^"]+)"', text):
        out.add(m.group(1))
    return out


LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFDEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\".*\")?\s*$")
IMG = re.compile(r"<img\s[^>]*src=\"([^\"]+)\"")


def split_links(lines):
    """(line number, target) of the links whose text or target runs over a line break into the
    next prose line (a paragraph wrapped inside `[the text](target)`), from that line."""
    for (n, line), (m, nxt) in zip(lines, lines[1:]):
        if m != n + 1 or not line.strip() or not nxt.strip():
            continue
        joined = line + " " + nxt.lstrip()
        for k in LINK.finditer(joined):
            if k.start() < len(line) < k.end():
                yield n, k.group(1)


def check_links(root, pages, res):
    cache = {}
    for page in pages:
        text = read(root, page)
        lines = list(prose_lines(text))
        split = {}
        for n, t in split_links(lines):
            split.setdefault(n, []).append(t)
        for n, line in lines:
            targets = [m.group(1) for m in LINK.finditer(line)] + split.get(n, [])
            targets += [m.group(1) for m in IMG.finditer(line)]
            m = REFDEF.match(line)
            if m:
                targets.append(m.group(1))
            for t in targets:
                if not t or re.match(r"^[a-z][a-z0-9+.-]*:", t, re.I):  # http:, mailto: ...
                    continue
                path, _, anchor = t.partition("#")
                where = "%s:%d: link '%s'" % (page, n, t)
                if path:
                    full = os.path.normpath(os.path.join(root, os.path.dirname(page), path))
                    if not res.check(os.path.exists(full), where + ": no such file"):
                        continue
                    if os.path.relpath(full, root).split(os.sep)[0] == "..":
                        res.check(False, where + ": points outside the repository")
                        continue
                else:
                    full = os.path.join(root, page)
                if anchor:
                    if not full.endswith(".md"):
                        res.check(False, where + ": an anchor into a file that is not a page")
                        continue
                    if full not in cache:
                        with open(full, encoding="utf-8") as f:
                            cache[full] = anchors(f.read())
                    res.check(anchor in cache[full], where + ": no heading '#%s' there" % anchor)
                elif path:
                    res.passed += 1


# The folder of design references beside a developer's checkout, spelled in parts so that this
# check is not itself a mention of it.
OUTSIDE = "/".join(("..", "sha" + "red"))


def check_shared(root, pages, res):
    for page in pages:
        bad = [n for n, line in enumerate(read(root, page).split("\n"), 1) if OUTSIDE in line]
        res.check(not bad, "%s: names %s (line %s); the docs must stand alone"
                  % (page, OUTSIDE, ", ".join(map(str, bad))))


# ---- figures -----------------------------------------------------------------------------

DATE = re.compile(r"\b20\d\d-\d\d-\d\d\b")
BIG = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d{5,})(?![\w]|[.,]\d)")
# perft-and-bench.md's count of bench positions per variant, in bench order: "13 QEC positions
# and maps, 4 classical-chess positions, … and 4 schroedinger positions" (one part a variant).
GROUPS = re.compile(r"\d+ [\w-]+ positions(?: and maps)?(?:(?:,| and) \d+ [\w-]+ positions(?: and maps)?)+")


def paragraphs(text):
    """The prose paragraphs of a page (code blocks left out), each on one line."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip()]


def bench_figures(root, qec, res):
    """Today's bench: the total and each variant's part (None when it cannot be run)."""
    try:
        out = subprocess.run([qec, "bench"], capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as e:
        res.check(False, "figures: %s bench did not run (%s)" % (qec, e))
        return None
    text = out.stdout + out.stderr
    total = re.search(r"Nodes searched\s*:\s*(\d+)", text)
    nodes = [int(n) for n in re.findall(r"^Position: \d+/\d+ .* nodes (\d+)$", text, re.M)]
    sentence = GROUPS.search(" ".join(read(root, "docs/testers/perft-and-bench.md").split()))
    groups = [int(n) for n in re.findall(r"(\d+) [\w-]+ positions", sentence.group(0))] if sentence else []
    variants = engine_list(qec, "variants")
    if not res.check(total and len(groups) == len(variants) and sum(groups) == len(nodes) and sum(nodes) == int(total.group(1)),
                     "figures: `%s bench` gives no total and %s positions, or perft-and-bench.md's count of "
                     "positions per variant (%s, one for each of the %d variants) does not add up to them"
                     % (qec, len(nodes), groups, len(variants))):
        return None
    figures, at = {int(total.group(1))}, 0
    for n in groups:
        figures.add(sum(nodes[at:at + n]))
        at += n
    return figures


def number(s):
    return int(s.replace(",", ""))


def check_figures(root, qec, pages, res):
    bench = bench_figures(root, qec, res)
    for page in pages:
        if page.startswith("docs/results/"):
            continue
        paras = paragraphs(read(root, page))
        for i, p in enumerate(paras):
            dated = bool(DATE.search(p) or (i and DATE.search(paras[i - 1])))
            where = "%s: '%s'" % (page, p[:90])
            for s in re.split(r"(?<=[.!?])\s+(?=[A-Z*`(\[])", p):  # the sentences that name the signature
                if bench and re.search(r"\bsignature\b", s, re.I):
                    stale = [n for n in BIG.findall(s) if number(n) not in bench]
                    res.check(not stale, "%s names the bench signature with %s, not today's `qec bench` figures "
                              "%s (a past figure goes to docs/results/)" % (where, ", ".join(stale), sorted(bench)))
            counts = re.findall(r"`(?:\./qec )?bench`[^.;]{0,40}?\b(\d{7,})\b", p)
            if counts:
                res.check(dated or all(number(n) in (bench or ()) for n in counts),
                          "%s gives a `bench` node count (%s) that is neither today's nor dated" % (where, ", ".join(counts)))
            if re.search(r"qec\.wasm|qec\.js", p) and \
                    re.search(r"(?<![=\w])\d[\d,.]* ?(bytes|KB|MB|KiB|MiB)\b|\| *\d{1,3}(,\d{3})+ *\|", p):
                res.check(dated and "results/" in p, "%s gives a WebAssembly size without its date and results page" % where)
            if re.search(r"\b[1-9][\d,]* passed, \d+ failed", p):
                res.check(dated, "%s gives a count of passed tests without its date" % where)


# ---- options -----------------------------------------------------------------------------

def engine_list(qec, what):
    """`qec --list what` (variants, ends): its lines as lists of tab-separated fields."""
    out = subprocess.run([qec, "--list", what], capture_output=True, text=True, timeout=30).stdout
    return [line.split("\t") for line in out.splitlines()]


def engine_options(qec, variant):
    out = subprocess.run([qec], input="setoption name UCI_Variant value %s\nuci\nquit\n" % variant,
                         capture_output=True, text=True, timeout=30).stdout
    opts = []
    for line in out.splitlines():
        m = re.match(r"^option name (.+?) type (\w+)(.*)$", line)
        if m:
            opts.append((m.group(1), m.group(2), m.group(3).strip()))
    return opts


def option_row_ok(row, typ, rest):
    """What a protocol.md table row must say about an option `uci` prints."""
    cells = [c.strip() for c in row.strip().strip("|").split("|")]
    text = " ".join(cells[1:])
    missing = []
    if not re.search(r"\b%s\b" % typ, text):
        missing.append("type " + typ)
    d = re.search(r"default (.*?)(?: min | var |$)", rest)
    if d and d.group(1) not in text:
        missing.append("default " + d.group(1))
    r = re.search(r"min (-?\d+) max (-?\d+)", rest)
    if r and not re.search(r"%s\s*(–|-|\.\.|to)\s*%s" % (r.group(1), r.group(2)), text):
        missing.append("range %s–%s" % (r.group(1), r.group(2)))
    for v in re.findall(r"var (\S+)", rest):
        if v not in text:
            missing.append("value " + v)
    return missing


def check_options(root, qec, res):
    page = "docs/gui/protocol.md"
    text = read_checked(root, page, res)
    if text is None:
        return
    rows = {}
    for line in text.split("\n"):
        m = re.match(r"^\|\s*`([^`]+)`\s*\|", line)
        if m and m.group(1) not in rows:
            rows[m.group(1)] = line
    variants = [row[0] for row in engine_list(qec, "variants")]
    res.check(len(variants) > 0, "qec --list variants printed no variants")
    for variant in variants:
        opts = engine_options(qec, variant)
        res.check(len(opts) > 0, "uci in %s printed no options" % variant)
        for name, typ, rest in opts:
            where = "option '%s' (UCI_Variant %s)" % (name, variant)
            if not res.check(name in rows, "%s: no row `%s` in %s's option tables" % (where, name, page)):
                continue
            missing = option_row_ok(rows[name], typ, rest)
            res.check(not missing, "%s: its row in %s does not say %s" % (where, page, ", ".join(missing)))


def help_commands(qec):
    """The commands and variants `qec help` lists: its UCI: line, and the first word (with
    `perft` after `go`) of each comma-separated item of its QEC: lines."""
    out = subprocess.run([qec, "help"], capture_output=True, text=True, timeout=30).stdout
    uci = re.search(r"^UCI:\s+(.*)$", out, re.M)
    ext = re.search(r"^QEC:(.*?)^Variants", out, re.M | re.S)
    var = re.search(r"UCI_Variant value …\):\s+(.*)$", out, re.M)
    words = uci.group(1).split() if uci else []
    if ext:
        words += re.findall(r"(?:^|,)\s*([a-z]+(?: perft)?)", ext.group(1).strip(), re.M)
    return words, var.group(1).split() if var else []


def check_commands(root, qec, res):
    """Every command `help` lists has its row in the tables of protocol.md's "Commands" section
    (first cell, in backticks), and every variant it lists is named on the page."""
    page = "docs/gui/protocol.md"
    text = read_checked(root, page, res)
    if text is None:
        return
    section = re.search(r"^## Commands\n(.*?)(?=^## )", text, re.M | re.S)
    if not res.check(section, page + ": no '## Commands' section"):
        return
    words, variants = help_commands(qec)
    res.check(len(words) >= 15 and len(variants) >= 4,
              "qec help: found only %d commands and %d variants" % (len(words), len(variants)))
    for w in words:
        res.check(re.search(r"^\|\s*`%s(?:`| )" % re.escape(w), section.group(1), re.M),
                  "command '%s' (in qec's help) has no row in %s's command tables" % (w, page))
    for v in variants:
        res.check("`%s`" % v in text, "variant '%s' (in qec's help) is not in %s" % (v, page))
    listed = [row[0] for row in engine_list(qec, "variants")]
    res.check(variants == listed, "qec help lists the variants %s, qec --list variants %s" % (variants, listed))
    page = "docs/gui/record-format.md"
    text = read_checked(root, page, res)
    term = text and re.search(r"^- \*\*`Termination`\*\*:(.*?)(?=^- |^$)", text, re.M | re.S)
    if res.check(term, page + ": no '- **`Termination`**:' item"):
        ends = [row[0] for row in engine_list(qec, "ends")]
        res.check(len(ends) > 0, "qec --list ends printed no kinds of game end")
        for end in ends:
            res.check("`%s`" % end in term.group(1), "game end '%s' (qec --list ends) is not among %s's "
                      "Termination values" % (end, page))


# ---- qecmatch flags ----------------------------------------------------------------------

def usage_words(qecmatch):
    p = subprocess.run([qecmatch, "-help"], capture_output=True, text=True, timeout=30)
    text = p.stdout + p.stderr
    flags = set(re.findall(r"(?:^|[\s(,;])(--?[a-z][a-z0-9-]*)(?=[\s,;)]|$)", text, re.M))
    keys = set(re.findall(r"^  ([a-z]+\.?)(?:[A-Z]+)?=", text, re.M))  # cmd=, option.NAME=
    for line in text.splitlines():
        keys.update(re.findall(r"(?:^|, )([a-z]+)=N\b", line.strip()))
    commands = set(re.findall(r"`qecmatch (\w+)", text))
    return sorted(flags), sorted(keys), sorted(commands), text


def check_flags(root, qecmatch, res):
    flags, keys, commands, text = usage_words(qecmatch)
    res.check(len(flags) >= 10, "qecmatch -help: found only %d flags in its usage text" % len(flags))
    docs = "\n".join(read(root, p) for p in doc_pages(root) if p.startswith("docs" + os.sep))
    for f in flags:
        res.check(re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(f), docs),
                  "qecmatch flag %s (in its usage text) appears nowhere in docs/" % f)
    for k in keys:
        res.check(re.search(r"(?<![\w.-])%s%s" % (re.escape(k), "" if k.endswith(".") else "="), docs),
                  "qecmatch key %s (in its usage text) appears nowhere in docs/" % (k if k.endswith(".") else k + "="))
    for c in commands:
        res.check(re.search(r"qecmatch %s\b" % re.escape(c), docs),
                  "qecmatch command '%s' (in its usage text) appears nowhere in docs/" % c)


# ---- qecreview flags --------------------------------------------------------------------

def check_review_flags(root, qecreview, res):
    p = subprocess.run([qecreview, "--help"], capture_output=True, text=True, timeout=30)
    flags = sorted(set(re.findall(r"(?:^|[\s\[|])(--?[a-z][a-z0-9-]*)(?=[\s\]|]|$)", p.stdout, re.M)))
    res.check(p.returncode == 0 and len(flags) >= 5, "qecreview --help: status %d, flags %s" % (p.returncode, flags))
    page = os.path.join("docs", "players", "review.md")
    rows = [l for l in read(root, page).splitlines() if l.startswith("| `")]
    for f in flags:
        res.check(any(re.match(r"\| `%s(?![\w-])" % re.escape(f), r) for r in rows),
                  "qecreview flag %s (in its usage text) has no row in %s" % (f, page))


# ---- sessions ----------------------------------------------------------------------------

def session_blocks(text):
    """(first line number, [(command, [expected lines])]) for every ```uci block."""
    blocks, cur, start = [], None, 0
    for n, line in enumerate(text.split("\n"), 1):
        if cur is None:
            if re.match(r"^```uci\s*$", line):
                cur, start = [], n
            continue
        if re.match(r"^```\s*$", line):
            blocks.append((start, cur))
            cur = None
            continue
        if line.startswith("> "):
            cur.append((line[2:].strip(), []))
        elif cur:
            cur[-1][1].append(line.rstrip())
        elif line.strip():
            cur.append((None, [line.rstrip()]))  # output before any command: an error
    return blocks


def line_pattern(expected):
    return re.compile(".*?".join(re.escape(p) for p in expected.split(WILDCARD)) + r"\Z", re.S)


def lines_match(expected, actual):
    """True when actual fits expected: … alone matches any lines, … inside a line any text."""
    memo = {}

    def go(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(expected):
            ok = j == len(actual)
        elif expected[i].strip() == WILDCARD:
            ok = any(go(i + 1, k) for k in range(j, len(actual) + 1))
        else:
            ok = j < len(actual) and bool(line_pattern(expected[i]).match(actual[j])) and go(i + 1, j + 1)
        memo[(i, j)] = ok
        return ok
    return go(0, 0)


class Engine:
    def __init__(self, exe):
        self.p = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.q = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self):
        for line in self.p.stdout:
            self.q.put(line.rstrip("\n").rstrip())
        self.q.put(None)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def read_until(self, test, limit):
        """Lines up to and including the first that passes test (None at end of output)."""
        got = []
        while True:
            line = self.q.get(timeout=limit)
            if line is None:
                return got, False
            got.append(line)
            if test(line):
                return got, True

    def close(self):
        try:
            self.p.stdin.close()
        except OSError:
            pass
        try:
            self.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.p.kill()


def searches(cmd):
    """A `go` that ends with its own bestmove (not perft; infinite/ponder wait for stop)."""
    w = cmd.split()
    return w[:1] == ["go"] and "perft" not in w[1:2] and "infinite" not in w and "ponder" not in w


def run_command(eng, cmd):
    """The output of one command. `isready` follows it and its readyok is dropped, so each
    command's lines are known to be its own; a search is waited for (its bestmove) unless
    `go` was refused (its one error line)."""
    if cmd == "quit":
        eng.send(cmd)
        got, _ = eng.read_until(lambda l: False, SESSION_TIMEOUT)
        return got
    eng.send(cmd)
    eng.send("isready")
    out = []
    for _ in range(2 if cmd == "isready" else 1):
        got, ok = eng.read_until(lambda l: l == "readyok", SESSION_TIMEOUT)
        out += got
        if not ok:
            return out
    out.pop()  # our readyok
    refused = any(l.startswith("info string error: go") for l in out)
    if searches(cmd) and not refused and not any(l.startswith("bestmove") for l in out):
        got, _ = eng.read_until(lambda l: l.startswith("bestmove"), SESSION_TIMEOUT)
        out += got
    return out


def check_sessions(root, qec, res):
    pages = [p for p in doc_pages(root) if p == "README.md" or p.startswith(os.path.join("docs", "gui"))]
    count = 0
    for page in pages:
        for start, cmds in session_blocks(read(root, page)):
            count += 1
            where = "%s:%d: session" % (page, start)
            if cmds and cmds[0][0] is None:
                res.check(False, where + ": output before the first '> ' command")
                continue
            eng = Engine(qec)
            try:
                for cmd, expected in cmds:
                    try:
                        actual = run_command(eng, cmd)
                    except queue.Empty:
                        res.check(False, "%s: '> %s': no answer within %d s" % (where, cmd, SESSION_TIMEOUT))
                        break
                    if not res.check(lines_match(expected, actual),
                                     "%s: '> %s' answered:\n    %s\n  the page shows:\n    %s"
                                     % (where, cmd, "\n    ".join(actual) or "(nothing)",
                                        "\n    ".join(expected) or "(nothing)")):
                        break
            finally:
                eng.close()
    res.check(count > 0, "no ```uci session found in docs/gui/ or README.md")


# ---- the guide to a new game ---------------------------------------------------------------

GUIDE = "docs/dev/adding-a-variant.md"
GUIDE_SECTION = "## Every file a new game touches"
SOURCE_DIRS = ["engine", "variants", "search", "eval", "session", "uci", "match", "record", "book", "tools", "review", "io"]
ROW_USE = re.compile(r"case (?:VARIANT|EVAL)_[A-Z]+\b|\[(?:VARIANT|EVAL)_[A-Z]+\] *=|(?:->|\.)worlds\b")


def row_users(root):
    """Source files that hold a per-row table or switch, or branch on the worlds family."""
    users = []
    for d in SOURCE_DIRS:
        for dirpath, _, files in os.walk(os.path.join(root, d)):
            for f in sorted(files):
                if f.endswith((".c", ".h")):
                    path = os.path.join(dirpath, f)
                    with open(path, encoding="utf-8", errors="replace") as fh:
                        if ROW_USE.search(fh.read()):
                            users.append(os.path.relpath(path, root))
    return sorted(users)


def check_guide(root, res):
    text = read(root, GUIDE)
    start = text.find(GUIDE_SECTION)
    if not res.check(start >= 0, "%s: no section '%s'" % (GUIDE, GUIDE_SECTION)):
        return
    end = text.find("\n## ", start + len(GUIDE_SECTION))
    section = text[start:end if end > 0 else len(text)]
    named = set(re.findall(r"`([a-z_]+/[\w./<>-]+)`", section))
    users = row_users(root)
    res.check(len(users) >= 10, "guide: only %d users of the variant table found (the scan is broken)" % len(users))
    for u in users:
        res.check(u in named, "%s: '%s' holds a per-row table or switch or a worlds branch but is not in "
                  "'%s'" % (GUIDE, u, GUIDE_SECTION))
    for path in sorted(named):
        if "<" not in path:
            res.check(os.path.exists(os.path.join(root, path)), "%s: '%s' named in '%s' does not exist"
                      % (GUIDE, path, GUIDE_SECTION))
    # the other way: a C file the section names is one a new game edits (engine/position.h holds
    # the ids, variants/variants.h the row count; a family's example files are its own)
    edited_by_hand = {"engine/position.h", "variants/variants.h"}
    for path in sorted(named):
        if path.endswith((".c", ".h")) and "<" not in path and path not in edited_by_hand:
            res.check(path in users or os.path.basename(path).startswith(("tether", "worlds", "texel_worlds")),
                      "%s: '%s' is named in '%s' but holds no per-row table, switch or worlds branch"
                      % (GUIDE, path, GUIDE_SECTION))


# ---- the rows' search knobs ----------------------------------------------------------------

ARCHITECTURE = "docs/dev/architecture.md"
SEARCH_PAGE = "docs/dev/search.md"
NUMBER_WORDS = {0: "none", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def row_knobs(root):
    """The SearchKnobs switches (variants/variants.h) and, from VARIANT_ROWS, {row name: (the
    switches it sets true, its checkMask or None)}."""
    knobs_h = read(root, "variants/variants.h")
    head = knobs_h[:knobs_h.find("} SearchKnobs;")]
    switches = set(re.findall(r"bool (\w+);", head[head.rfind("typedef struct {"):]))
    text = read(root, "variants/variants.c")
    table = text[text.find("VARIANT_ROWS[VARIANT_ROW_COUNT]"):]
    table = table[:table.find("\n};")]
    rows = {}
    for chunk in re.split(r"\n\s*\[VARIANT_\w+\] = \{", table)[1:]:
        name = re.search(r'\.name = "(\w+)"', chunk)
        search = re.search(r"\.search = \{(.*?)\}", chunk, re.S)
        if name:
            on = set(re.findall(r"\.(\w+) = true", search.group(1))) if search else set()
            mask = re.search(r"\.checkMask = (\d+)", search.group(1)) if search else None
            rows[name.group(1)] = (on & switches, int(mask.group(1)) if mask else None)
    return switches, rows


def check_knobs(root, res):
    """The architecture page's `search` row lists, per game, the switches its row sets and the
    clock interval; the search page says how many of chess's QEC's row and tether's row turn on."""
    switches, rows = row_knobs(root)
    if not res.check(switches and {"qec", "chess", "tether"} <= set(rows),
                     "knobs: VARIANT_ROWS or SearchKnobs not found in variants/ (the scan is broken)"):
        return
    lines = read(root, ARCHITECTURE).splitlines()
    header = next((l for l in lines if l.startswith("| field |")), "")
    cols = [c.strip() for c in header.strip("|").split("|")][1:]
    line = next((l for l in lines if l.startswith("| `search`")), "")
    cells = [c.strip() for c in line.strip("|").split("|")][1:]
    if not res.check(len(cells) == len(cols) and set(rows) <= set(cols),
                     "%s: no `search` row in the variant table with a cell per game" % ARCHITECTURE):
        return
    for name, (on, mask) in sorted(rows.items()):
        cell = cells[cols.index(name)]
        if cell.startswith("same"):
            continue
        listed = set(re.findall(r"`(\w+)`", cell)) & switches
        res.check(listed == on, "%s: the `search` cell of %s lists %s, its row sets %s"
                  % (ARCHITECTURE, name, sorted(listed) or "none", sorted(on) or "none"))
        if mask is not None:
            res.check("clock every %d nodes" % (mask + 1) in cell,
                      "%s: the `search` cell of %s should say 'clock every %d nodes' (checkMask %d)"
                      % (ARCHITECTURE, name, mask + 1, mask))
    prose = " ".join(read(root, SEARCH_PAGE).split())
    for name, label in (("qec", "QEC's row"), ("tether", "tether's row")):
        n = len(rows[name][0] & rows["chess"][0])
        word = NUMBER_WORDS.get(n, str(n))
        res.check(("%s turns on %s" % (label, word)) in prose,
                  "%s: should say '%s turns on %s' (of chess's techniques; variants/variants.c)"
                  % (SEARCH_PAGE, label, word))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=".")
    ap.add_argument("--qec", default="./qec")
    ap.add_argument("--qecmatch", default="./qecmatch")
    ap.add_argument("--qecreview", default="./qecreview")
    ap.add_argument("--only", choices=["links", "shared", "options", "commands", "flags", "review", "sessions", "figures", "guide", "knobs"])
    a = ap.parse_args()
    res = Results()
    pages = doc_pages(a.root)
    res.check(len(pages) > 1, "no pages under docs/")
    checks = {
        "links": lambda: check_links(a.root, pages, res),
        "shared": lambda: check_shared(a.root, pages, res),
        "options": lambda: check_options(a.root, a.qec, res),
        "commands": lambda: check_commands(a.root, a.qec, res),
        "flags": lambda: check_flags(a.root, a.qecmatch, res),
        "review": lambda: check_review_flags(a.root, a.qecreview, res),
        "sessions": lambda: check_sessions(a.root, a.qec, res),
        "figures": lambda: check_figures(a.root, a.qec, pages, res),
        "guide": lambda: check_guide(a.root, res),
        "knobs": lambda: check_knobs(a.root, res),
    }
    for name, run in checks.items():
        if a.only and name != a.only:
            continue
        if name in ("options", "commands", "sessions", "figures") and not os.access(a.qec, os.X_OK):
            res.check(False, "%s: %s is not built (make)" % (name, a.qec))
            continue
        if name == "flags" and not os.access(a.qecmatch, os.X_OK):
            res.check(False, "%s: %s is not built (make)" % (name, a.qecmatch))
            continue
        if name == "review" and not os.access(a.qecreview, os.X_OK):
            res.check(False, "%s: %s is not built (make)" % (name, a.qecreview))
            continue
        before = (res.passed, res.failed)
        run()
        print("  %s: %d passed, %d failed" % (name, res.passed - before[0], res.failed - before[1]))
    print("docs: %d passed, %d failed" % (res.passed, res.failed))
    return 1 if res.failed else 0


if __name__ == "__main__":
    sys.exit(main())
