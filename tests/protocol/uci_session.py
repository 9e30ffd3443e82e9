"""The harness of the protocol sessions (protocol_test.py: QEC and chess; tether_test.py;
schroedinger_test.py): an engine over pipes whose every wait has a timeout (a hang fails the
test, never the suite), the exit and sanitizer checks at close, the test registry and runner
with its closing line, and the hostile input every UCI_Variant shares."""
import os
import queue
import re
import subprocess
import sys
import threading
import time

TIMEOUT = 20.0  # seconds for any single answer (sanitizer builds are slow)
SANITIZER_RE = re.compile(r"ERROR: AddressSanitizer|runtime error:|WARNING: ThreadSanitizer|LeakSanitizer")


class Failure(Exception):
    pass


def check(cond, msg):
    if not cond:
        raise Failure(msg)


class Engine:
    # The `d` fields of QEC, chess and tether: the names and those that must be there.
    D_FIELDS = ("Fen|Links|Key|Phase|Decider|Pending|Result|Termination", ("Fen", "Links", "Key", "Phase", "Decider", "Pending"))

    def __init__(self, exe, args=(), d_fields=D_FIELDS):
        self.d_fields = d_fields
        self.p = subprocess.Popen([exe, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, bufsize=0)
        self.q = queue.Queue()
        self.stderr = []
        self.readers = [threading.Thread(target=self._read_out, daemon=True),
                        threading.Thread(target=self._read_err, daemon=True)]
        for t in self.readers:
            t.start()

    def _read_out(self):
        for raw in self.p.stdout:
            self.q.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        self.q.put(None)

    def _read_err(self):
        for raw in self.p.stderr:
            self.stderr.append(raw.decode("utf-8", "replace"))

    def send(self, line):
        data = line if isinstance(line, bytes) else line.encode()
        try:
            self.p.stdin.write(data + b"\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError):
            raise Failure("engine closed its input (crashed?) while sending %r" % data[:60])

    def read_until(self, pred, timeout=TIMEOUT):
        """Lines up to and including the first one matching pred."""
        out, end = [], time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise Failure("timeout waiting for an answer; got %r" % out[-5:])
            try:
                line = self.q.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise Failure("engine exited; last lines %r" % out[-5:])
            out.append(line)
            if pred(line):
                return out

    def pending(self):
        """Lines already printed, without waiting."""
        out = []
        while True:
            try:
                line = self.q.get_nowait()
            except queue.Empty:
                return out
            if line is None:
                return out
            out.append(line)

    def session(self, *lines, timeout=TIMEOUT):
        """Send lines, then isready; the lines printed before readyok."""
        for line in lines:
            self.send(line)
        self.send("isready")
        return self.read_until(lambda s: s == "readyok", timeout)[:-1]

    def fields(self, names, required):
        """The `d` lines named in names (a regex alternation) as a dict; each of required must be there."""
        out = self.session("d")
        fields = {}
        for line in out:
            m = re.match(r"^(%s): ?(.*)$" % names, line)
            if m:
                fields[m.group(1)] = m.group(2)
        for k in required:
            check(k in fields, "d: no '%s:' line in %r" % (k, out))
        return fields

    def d(self):
        """The `d` fields of the engine's variant (d_fields)."""
        return self.fields(*self.d_fields)

    def go(self, limits, timeout=TIMEOUT):
        """Sends `go limits`; the lines up to and including its bestmove."""
        self.send("go " + limits)
        return self.read_until(lambda s: s.startswith("bestmove"), timeout)

    def go_infinite(self, *setup):
        """Sends the setup lines (a `position`, say), then `go infinite`: a search runs."""
        self.session(*setup)
        self.send("go infinite")

    def ok(self, *lines, timeout=TIMEOUT):
        """session(), whose lines must hold no error."""
        out = self.session(*lines, timeout=timeout)
        check(not errors(out), "%r: errors %r" % ([l[:60] for l in lines], errors(out)))
        return out

    def at(self, *lines):
        """Sends lines (a `position` command, say); the `d` fields after them."""
        self.session(*lines)
        return self.d()

    def legal(self):
        out = [s for s in self.session("legal") if s.startswith("info string legal")]
        check(len(out) == 1, "legal: want one 'info string legal' line, got %r" % out)
        return out[0].split()[3:]

    def close(self, send_quit=True, timeout=TIMEOUT):
        if send_quit:
            try:
                self.send("quit")
            except Failure:
                pass
        try:
            self.p.stdin.close()
        except OSError:
            pass
        try:
            rc = self.p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            raise Failure("engine did not exit after quit/EOF")
        # The readers end at the pipes' end of file, after the engine's last line: wait for
        # them (bounded), not for a fixed time, so a busy machine cannot lose that line.
        for t in self.readers:
            t.join(timeout)
            check(not t.is_alive(), "engine's output did not end after it exited")
        err = "".join(self.stderr)
        check(not SANITIZER_RE.search(err), "sanitizer report:\n" + err[:3000])
        check(rc == 0, "exit code %d; stderr: %s" % (rc, err[-500:]))
        return self.pending()


def errors(lines):
    return [s for s in lines if s.startswith("info string error:")]


def bestmoves(lines):
    return [s for s in lines if s.startswith("bestmove")]


def engine_table(exe, what):
    """`exe --list what` (variants, ends; protocol.md "One command from the shell"): its lines
    as lists of tab-separated fields, so the harnesses take the variants and the kinds of game
    end from the engine instead of lists of their own."""
    r = subprocess.run([exe, "--list", what], capture_output=True, text=True, timeout=TIMEOUT)
    rows = [line.split("\t") for line in r.stdout.splitlines()]
    check(r.returncode == 0 and rows, "%s --list %s: rc %d, %r" % (exe, what, r.returncode, r.stderr[-200:]))
    return rows


def engine_variants(exe):
    """The UCI_Variant names, in the engine's order (the first is the default)."""
    return [row[0] for row in engine_table(exe, "variants")]


def variant_engine(exe, variant, d_fields=Engine.D_FIELDS):
    """A fresh engine playing UCI_Variant variant, whose `d` reads d_fields."""
    e = Engine(exe, d_fields=d_fields)
    out = e.session("setoption name UCI_Variant value " + variant)
    check(not errors(out), "UCI_Variant %s refused: %r" % (variant, out))
    return e


def selfplay(e, args, timeout):
    """Sends `selfplay args`; the lines up to its closing `Fen:` line, and the numbered move lines
    among them."""
    e.send("selfplay " + args)
    out = e.read_until(lambda s: s.startswith("Fen: "), timeout=timeout)
    return out, [s for s in out if re.match(r"^\d+\.(\.\.)? ", s)]


def registry():
    """A script's list of tests and its decorator @test(threaded=False, release_only=False)."""
    tests = []

    def test(threaded=False, release_only=False):
        def wrap(fn):
            tests.append((fn, threaded, release_only))
            return fn
        return wrap
    return tests, test


def run_perft(e, depth):
    e.send("go perft %d" % depth)
    out = e.read_until(lambda s: s.startswith("Nodes searched:"), timeout=120)
    total = int(out[-1].split(":")[1])
    check(out[-2] == "", "blank line before the total: %r" % out[-3:])
    lines = out[:-2]
    toks = [s.split(":")[0] for s in lines]
    check(toks == sorted(toks), "divide lines sorted by token")
    check(all(re.fullmatch(r"[a-h][1-8][a-h][1-8][nbrq]?: \d+", s) for s in lines), "divide format %r" % lines[:3])
    check(sum(int(s.split(":")[1]) for s in lines) == total, "divide sums to the total")
    return total, toks


def hostile(e, line, want_errors=1):
    """Send one bad line; exactly one error line, isready still answered, state unchanged (as
    the variant's `d` shows it: schroedinger's with its Worlds and Types)."""
    before = e.d()
    out = e.session(line)
    check(len(errors(out)) == want_errors and len(out) == want_errors,
          "%r: want exactly one error line, got %r" % (line[:60] if isinstance(line, str) else line[:60], out[:4]))
    after = e.d()
    check(after == before, "%r changed the state: %r -> %r" % (line[:60], before, after))


def hostile_after(e, position, lines):
    """Sends the `position` command, then each of lines through hostile; closes e."""
    e.session(position)
    for line in lines:
        hostile(e, line)
    e.close()


# Hostile input every UCI_Variant shares (PROTOCOL: one `info string error: …` line each, the
# last good state kept, no crash, no hang): protocol_test.py runs them in QEC, tether_test.py
# and schroedinger_test.py in theirs, after a `position … moves` of their own.
HOSTILE_COMMANDS = (
    "foo", "foo bar baz", "Go depth 3", "uci_", "position", "position fen", "position startfen",
    "position startpos e2e4", "setoption", "setoption name", "setoption value 3", "setoption name Hash",
    "go wtime", "go depth", "go depth x", "go depth 0", "go depth -3", "go nodes -5", "go wtime 12abc",
    "go movetime 99999999999999999999999", "go mate", "go perft", "go perft x", "go perft 0", "go perft 3 4",
    "go perft 13", "go searchmoves", "go foo", "stop now", "debug maybe", "bench x", "bench 16 1 2 3", "bench 0",
    "selfplay 0", "selfplay 100 60 nonsense", "openings x", "openings 0", "legal foo", "legal kinds 2",
    "legal  native", "ucinewgame now", "ponderhit now", "stop", "ponderhit")
HOSTILE_OPTIONS = (
    "setoption name Hash value 0", "setoption name Hash value 65537", "setoption name Hash value abc",
    "setoption name Threads value 257", "setoption name MultiPV value 1.5", "setoption name Move Overhead value -1",
    "setoption name Nope value 1", "setoption name Hash Size value 1", "setoption name UCI_Variant value shogi",
    "setoption name Ponder value maybe", "setoption name Use NNUE value maybe", "setoption name Policy value alphazero",
    "setoption name OwnBook value 2",
    "setoption name BookDepth value -1", "setoption name BookSeed value x", "setoption name BookFile value /nonexistent/b.bin",
    "setoption name EntMap value a2a9", "setoption name EntMap value {bad json",
    'setoption name EntMap value {"W_pawn_to_black": 3}', "setoption name EntMap value random",
    "setoption name EntMap value random x", "setoption name EntMap",
    "setoption name EntMapFile value /nonexistent/qec.map", "setoption name Hash value",
    # Not regular files: the engine's own input (it used to read its next commands as a map),
    # a device, a directory.
    "setoption name EntMapFile value /dev/stdin", "setoption name BookFile value /dev/stdin",
    "setoption name EntMapFile value /dev/zero", "setoption name BookFile value /dev/zero",
    "setoption name EntMapFile value /", "setoption name BookFile value /",
    "setoption name EvalFile value /nonexistent/qec.net", "setoption name EvalFile value /dev/stdin",
    "setoption name EvalFile value /dev/zero", "setoption name EvalFile value /")
# Malformed FENs in any variant that reads FENs (QEC, chess, tether: RULES R1, T1).
HOSTILE_FENS = (
    "8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
    "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
    "k7/8/8/8/8/8/8/7K w - - 0 1 extra", "kk6/8/8/8/8/8/8/7K w - - 0 1",
    "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 junk", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
    "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "x" * 300, "8/8/8/8/8/8/8/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - e3 0 1")


def hostile_lines(e):
    """Oversize lines, binary garbage, NULs, control bytes and stray UTF-8: one error each."""
    hostile(e, "x" * (1 << 20))
    hostile(e, "position startpos moves " + "e2e4 " * 220000)
    hostile(e, b"\x00\x01\x02\xff\xfe binary")
    hostile(e, b"isready\x00")
    hostile(e, b"go\x07 depth 1")
    hostile(e, b"\xff" * 5000)
    hostile(e, "\u00e9\u00e8 unicode")


def bad_moves_keep_prefix(e, cases):
    """Each (moves, prefix): `position startpos moves` with moves gets exactly one error line and
    leaves the position of the legal prefix before the bad token (PROTOCOL)."""
    for moves, prefix in cases:
        out = e.session("position startpos moves " + moves)
        check(len(errors(out)) == 1 and len(out) == 1, "%r: want one error, got %r" % (moves, out))
        got = e.d()
        want = e.at("position startpos moves " + prefix if prefix else "position startpos")
        check(got == want, "%r: state should be the prefix %r" % (moves, prefix))


def parse_args(args):
    """EXE [--threaded-only] [--sanitized] [--perft-depth N] [--only NAME] -> exe, cfg."""
    exe = args[0]
    cfg = {"perft_depth": 3, "data": os.environ.get("QEC_DATA", "tests/data"), "threaded_only": False,
           "release": True}
    i = 1
    while i < len(args):
        if args[i] == "--threaded-only":
            cfg["threaded_only"] = True
        elif args[i] == "--sanitized":
            cfg["release"] = False
        elif args[i] == "--perft-depth":
            i += 1
            cfg["perft_depth"] = int(args[i])
        elif args[i] == "--only":
            i += 1
            cfg["only"] = args[i]
        i += 1
    return exe, cfg


def run_tests(exe, cfg, tests, label=""):
    """Runs (fn, threaded, release_only) tests, prints `  EXE[ label]: N passed, N failed`, exits."""
    passed = failed = 0
    for fn, threaded, release_only in tests:
        if cfg["threaded_only"] and not threaded:
            continue
        if release_only and not cfg["release"]:
            continue
        if "only" in cfg and cfg["only"] not in fn.__name__:
            continue
        try:
            fn(exe, cfg)
            passed += 1
            print("ok   %s %s" % (exe, fn.__name__))
        except Failure as err:
            failed += 1
            print("FAIL %s %s: %s" % (exe, fn.__name__, err))
        except Exception as err:  # a broken test is a failure too
            failed += 1
            print("FAIL %s %s: %s: %s" % (exe, fn.__name__, type(err).__name__, err))
        sys.stdout.flush()
    print("  %s%s: %d passed, %d failed" % (exe, " " + label if label else "", passed, failed))
    sys.exit(1 if failed else 0)


def main(tests, label=""):
    exe, cfg = parse_args(sys.argv[1:])
    run_tests(exe, cfg, tests, label)
