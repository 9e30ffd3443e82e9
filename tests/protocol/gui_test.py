#!/usr/bin/env python3
"""qec as GUIs meet it (issue 42): whole lines on bound lines and on the line before bestmove,
`bestmove … ponder …`, and the start in a variant from the command line (`--variant NAME`, or
the binary named qec-NAME). Same harness and CLI as protocol_test.py (uci_session.py):

Usage: gui_test.py EXE [--sanitized] [--only NAME]

With QEC_POLYGLOT set to a polyglot binary (Debian's `polyglot`, the UCI-to-xboard adapter no
one here wrote; run.sh finds it, and counts a skip when it is missing), a part of the checks
runs through it: xboard's analysis and a game with pondering, its thinking output read as
XBoard reads it, and its log of the UCI lines it received. Polyglot replays every pv move on its
own chess board and shows a line only up to its first illegal move, so the number of moves it
shows is an independent check of the line qec sent."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from uci_session import Engine, registry, main, check, errors, Failure, engine_variants  # noqa: E402

TESTS, test = registry()
SEARCH_TIMEOUT = 300.0  # seconds a bounded poll waits for a search to reach what it waits for
# Kiwipete (perft's classic position): the score moves a lot between iterations, so the
# aspiration windows fail often and the bound lines qec prints after 3 s come soon.
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def pv_of(line):
    return line.split(" pv ", 1)[1].split() if " pv " in line else []


def depth_of(line):
    m = re.match(r"^info depth (\d+) ", line)
    return int(m.group(1)) if m else 0


def is_bound(line):
    return line.startswith("info depth") and (" lowerbound " in line or " upperbound " in line)


def variant_default(exe, args=()):
    e = Engine(exe, args)
    e.send("uci")
    out = e.read_until(lambda s: s == "uciok")
    e.close()
    opt = [s for s in out if s.startswith("option name UCI_Variant ")]
    check(len(opt) == 1, "uci: want one UCI_Variant option, got %r" % opt)
    return re.search(r" default (\S+)", opt[0]).group(1)


def linked(exe, name, tmp):
    """exe under another name (a symbolic link in tmp), as a GUI would start it."""
    path = os.path.join(tmp, name)
    os.symlink(os.path.abspath(exe), path)
    return path


# ---- the lines a search reports ----------------------------------------------------------

def stopped_search(e, min_depth):
    """A `go infinite` already sent: waits for an info line of min_depth, stops; the lines up to
    the bestmove that answers the stop, and that bestmove's words."""
    out = e.read_until(lambda s: depth_of(s) >= min_depth, timeout=SEARCH_TIMEOUT)
    e.send("stop")
    out += e.read_until(lambda s: s.startswith("bestmove"))
    return out, out[-1].split()


@test(threaded=True)
def stop_line_and_ponder_every_variant(exe, cfg):
    # The last info line before the bestmove that answers `stop` carries a whole line, its
    # first decision is the answer and its second the ponder reply; that reply is legal after
    # the answer (the session accepts both as moves). One exception, as in Stockfish: a stop
    # that lands just after a new root decision failed high leaves that decision a lowerbound
    # line of its own, whose reply no search has found (the child failed low: no move in the
    # hash table), so no reply is known and bestmove has no ponder (docs/gui/protocol.md).
    for v in engine_variants(exe):
        e = Engine(exe)
        e.ok("setoption name UCI_Variant value " + v, "position startpos")
        e.send("go infinite")
        out, best = stopped_search(e, 5 if cfg["release"] else 3)
        info = [s for s in out if s.startswith("info depth")]
        check(info, "%s: no info line before bestmove" % v)
        pv = pv_of(info[-1])
        if len(pv) == 1 and " lowerbound " in info[-1] and len(best) == 2:
            check(pv[0] == best[1], "%s: bestmove %s, the fail-high line %r" % (v, best[1], info[-1]))
            e.ok("position startpos moves %s" % best[1])
            e.close()
            continue
        check(len(pv) >= 2, "%s: the line before bestmove after stop has %d decisions: %r" % (v, len(pv), info[-1]))
        check(len(best) == 4 and best[2] == "ponder", "%s: bestmove without ponder: %r" % (v, out[-1]))
        check(pv[:2] == [best[1], best[3]], "%s: bestmove %s ponder %s, the line %r" % (v, best[1], best[3], pv[:4]))
        e.ok("position startpos moves %s %s" % (best[1], best[3]))
        e.close()


# Where each game's search fails an aspiration window after its first 3 s: which positions do
# depends on the search (QEC's startpos stopped doing so once cut-node reduction and correction
# history came to its row), so each game has a few, tried in turn, each for a bounded time.
BOUND_POSITIONS = {
    "qec": ("startpos moves e2e3 e7e5 f1c4 d2d4 d8e7 g8f6 f2f3 b1c3", "startpos moves g2g4 b8c6", "startpos"),
    "tether": ("startpos", "startpos moves e2e4 e7e5"),
}


@test(threaded=True, release_only=True)
def bound_lines_carry_the_line(exe, cfg):
    # In QEC and tether (chess: through polyglot, below) a search left running soon prints
    # lowerbound/upperbound lines (after 3 s, when an aspiration window fails). Each carries the
    # root decision's whole line, not the one or two decisions its child left: at least as many
    # as the line before it where that line starts with the same decision.
    for v, positions in BOUND_POSITIONS.items():
        out = None
        for where in positions:
            e = Engine(exe)
            e.ok("setoption name UCI_Variant value " + v, "position " + where)
            e.send("go infinite")
            seen = []
            try:
                out = e.read_until(lambda s: is_bound(s) and seen.append(s) is None and len(seen) >= 2,
                                   timeout=SEARCH_TIMEOUT / 3)
            except Failure:
                out = None
            e.send("stop")
            e.read_until(lambda s: s.startswith("bestmove"))
            e.close()
            if out:
                break
        check(out, "%s: no two bound lines from any of %r" % (v, positions))
        info = [s for s in (out or []) if s.startswith("info depth")]
        for before, line in zip(info, info[1:]):
            if not is_bound(line):
                continue
            pv, prev = pv_of(line), pv_of(before)
            check(len(pv) >= 2, "%s: a bound line of one decision: %r" % (v, line))
            check(pv[0] != prev[0] or len(pv) >= len(prev),
                  "%s: a bound line of %d decisions after a line of %d: %r" % (v, len(pv), len(prev), line[:150]))


@test()
def depth_search_gives_ponder(exe, cfg):
    # A finished `go depth` answers with the line's reply to ponder on, in every variant.
    for v in engine_variants(exe):
        e = Engine(exe)
        e.ok("setoption name UCI_Variant value " + v, "position startpos")
        out = e.go("depth 4", timeout=SEARCH_TIMEOUT)
        best = out[-1].split()
        pv = pv_of([s for s in out if s.startswith("info depth")][-1])
        check(len(best) == 4 and best[2] == "ponder", "%s: %r" % (v, out[-1]))
        check(pv[:2] == [best[1], best[3]], "%s: bestmove %r, the line %r" % (v, out[-1], pv[:4]))
        e.close()


@test()
def node_limited_lines_and_ponder(exe, cfg):
    # Searches stopped by a node limit (one thread: the same search each run) end anywhere in an
    # iteration, after a fail high or low too: past depth 1 the last line always has a reply,
    # and bestmove gives it to ponder on (the TT's when the line has one decision).
    for v in engine_variants(exe):
        e = Engine(exe)
        e.ok("setoption name UCI_Variant value " + v, "position startpos")
        for nodes in (100, 200, 300, 500, 800, 1200, 2000, 3500, 6000):
            out = e.go("nodes %d" % nodes, timeout=SEARCH_TIMEOUT)
            last = [s for s in out if s.startswith("info depth")][-1]
            best = out[-1].split()
            if depth_of(last) < 2:
                continue
            pv = pv_of(last)
            check(len(pv) >= 2 and len(best) == 4 and pv[:2] == [best[1], best[3]],
                  "%s nodes %d: %r then %r" % (v, nodes, last[:160], out[-1]))
        e.close()


# ---- the variant from the command line ---------------------------------------------------

@test()
def variant_flag(exe, cfg):
    # `--variant NAME` (or `--variant=NAME`, a name or alias in any case) starts the session in
    # that variant: `uci` lists it as UCI_Variant's default and `position startpos` is its start.
    for v in engine_variants(exe):
        check(variant_default(exe, ["--variant", v]) == v, "--variant %s: default %s" % (v, variant_default(exe, ["--variant", v])))
    check(variant_default(exe, ["--variant=Standard"]) == "chess", "--variant=Standard is chess")
    check(variant_default(exe) == "qec", "without a flag the default is qec")
    e = Engine(exe, ["--variant", "chess"])
    check(e.at("position startpos")["Fen"] == CHESS_START, "--variant chess: startpos is chess's")
    check(len(e.legal()) == 20, "--variant chess: 20 moves at the start")
    # still a setoption away from the others
    e.ok("setoption name UCI_Variant value qec", "position startpos")
    check(e.d()["Links"] != "none", "after setoption UCI_Variant qec the position has links")
    e.close()


@test()
def variant_flag_shell_command(exe, cfg):
    # The shell's one command runs in the variant: chess has 20 moves at depth 1 and 400 at
    # depth 2 (well known), QEC's start has other counts.
    for args, want in ((["--variant", "chess", "go", "perft", "2"], 400), (["--variant=chess", "go", "perft", "1"], 20)):
        r = subprocess.run([exe, *args], capture_output=True, text=True, timeout=120)
        check(r.returncode == 0 and r.stdout.strip().endswith("Nodes searched: %d" % want),
              "%r: rc %d, %r" % (args, r.returncode, r.stdout[-60:]))
    r = subprocess.run([exe, "go", "perft", "1"], capture_output=True, text=True, timeout=120)
    check(not r.stdout.strip().endswith("Nodes searched: 20"), "plain qec's perft 1 is QEC's, not chess's")


@test()
def variant_flag_refused(exe, cfg):
    # A name that is no variant, or none: a clear message naming every variant, exit code 2, and
    # nothing on stdout (a GUI reading it sees no engine rather than a wrong one).
    for args in (["--variant", "checkers"], ["--variant"], ["--variant="], ["--variant", "qec-chess", "uci"]):
        r = subprocess.run([exe, *args], input="uci\nquit\n", capture_output=True, text=True, timeout=30)
        check(r.returncode == 2, "%r: exit code %d, want 2" % (args, r.returncode))
        check(r.stdout == "", "%r: printed %r" % (args, r.stdout[:80]))
        check("--variant" in r.stderr and all(v in r.stderr for v in engine_variants(exe)),
              "%r: the message should name the flag and every variant: %r" % (args, r.stderr))


@test()
def variant_from_program_name(exe, cfg):
    # The binary named qec-NAME starts in NAME; a name that is no variant (qec-debug, the
    # sanitizer build) is plain qec.
    with tempfile.TemporaryDirectory() as tmp:
        for v in engine_variants(exe):
            check(variant_default(linked(exe, "qec-" + v, tmp)) == v, "qec-%s: not started in %s" % (v, v))
        check(variant_default(linked(exe, "qec-debugging", tmp)) == "qec", "qec-debugging should be plain qec")
        chess = os.path.join(tmp, "qec-chess")
        check(variant_default(chess, ["--variant", "tether"]) == "tether", "--variant overrides the name")
        e = Engine(chess)
        check(e.at("position startpos")["Fen"] == CHESS_START, "qec-chess: startpos is chess's")
        e.close()


# ---- through polyglot ----------------------------------------------------------------------

THINKING = re.compile(r"^(\d+) ([-+]?\d+) (\d+) (\d+) (.*)$")


class Polyglot(Engine):
    """polyglot in xboard mode over qec-chess (a link in tmp), logging the UCI side to tmp."""

    def __init__(self, exe, tmp):
        self.log = os.path.join(tmp, "polyglot.log")
        engine = linked(exe, "qec-chess", tmp)
        super().__init__(os.environ["QEC_POLYGLOT"], ["-noini", "-ec", engine, "-log", "true", "-lf", self.log])
        self.send("xboard")
        self.send("protover 2")
        self.read_until(lambda s: "done=1" in s)

    def engine_lines(self):
        """The UCI lines polyglot received from qec, in order."""
        with open(self.log, errors="replace") as f:
            return [m.group(1) for m in (re.search(r"Engine->Adapter: (.*)$", l.rstrip("\n")) for l in f) if m]


def thinking(line):
    """(nodes, moves, bound mark) of a thinking line of polyglot's, or None."""
    m = THINKING.match(line)
    if not m:
        return None
    moves = m.group(5).split()
    mark = ""
    if moves and moves[-1][-1] in "!?":
        mark = moves[-1][-1]
        moves[-1] = moves[-1][:-1]
    return int(m.group(4)), [x for x in moves if x], mark


def polyglot_test(fn):
    fn.needs_polyglot = True
    return fn


@test(release_only=True)
@polyglot_test
def polyglot_analysis_lines(exe, cfg):
    # xboard's analysis of Kiwipete through polyglot until it has shown bound lines (polyglot
    # marks them ! and ?): each has more than one move, and every line polyglot shows has as
    # many moves as the line qec sent (all legal chess, by polyglot's own board).
    with tempfile.TemporaryDirectory() as tmp:
        pg = Polyglot(exe, tmp)
        pg.send("new")
        pg.send("post")
        pg.send("force")
        pg.send("setboard " + KIWIPETE)
        pg.send("analyze")
        shown = []

        def enough(line):
            t = thinking(line)
            if t:
                shown.append(t)
            return sum(1 for t in shown if t[2]) >= 3
        pg.read_until(enough, timeout=SEARCH_TIMEOUT)
        pg.send("exit")
        pg.close()
        sent = {}
        for line in pg.engine_lines():
            m = re.search(r" nodes (\d+) ", line)
            if line.startswith("info depth") and m:
                sent[int(m.group(1))] = pv_of(line)
        for nodes, moves, mark in shown:
            check(nodes in sent, "polyglot showed a line of %d nodes that qec did not send" % nodes)
            check(len(moves) == len(sent[nodes]), "polyglot shows %d of the %d moves qec sent: %r for %r"
                  % (len(moves), len(sent[nodes]), moves, sent[nodes]))
            if mark:
                check(len(moves) >= 2, "a bound line (%s) of one move: %r" % (mark, moves))


@test(release_only=True)
@polyglot_test
def polyglot_game_ponders(exe, cfg):
    # A game with pondering on (xboard's `hard`): polyglot plays qec's move, then ponders on the
    # reply qec gave, shown in parentheses at the head of its thinking lines, with the UCI
    # `go … ponder` after `position … <move> <reply>`.
    with tempfile.TemporaryDirectory() as tmp:
        pg = Polyglot(exe, tmp)
        for line in ("new", "post", "hard", "sd 6", "usermove e2e4"):
            pg.send(line)
        out = pg.read_until(lambda s: s.startswith("move "))
        check(any(thinking(s) and len(thinking(s)[1]) >= 2 for s in out), "no line of two moves: %r" % out[-3:])
        out = pg.read_until(lambda s: bool(thinking(s)) and thinking(s)[1][0].startswith("("), timeout=SEARCH_TIMEOUT)
        pg.send("force")
        pg.close()
        lines = pg.engine_lines()
        answers = [s.split() for s in lines if s.startswith("bestmove")]
        check(answers and len(answers[0]) == 4 and answers[0][2] == "ponder", "qec's answer: %r" % answers[:1])
        with open(pg.log, errors="replace") as f:
            log = f.read()
        check(re.search(r"Adapter->Engine: position startpos moves e2e4 %s %s\n" % (answers[0][1], answers[0][3]), log),
              "polyglot did not set up the ponder position")
        check(re.search(r"Adapter->Engine: go .*ponder", log), "polyglot sent no go ponder")


if __name__ == "__main__":
    if not os.environ.get("QEC_POLYGLOT"):
        TESTS[:] = [t for t in TESTS if not getattr(t[0], "needs_polyglot", False)]
    main(TESTS, "gui")
