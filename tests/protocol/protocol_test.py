#!/usr/bin/env python3
"""Scripted UCI/QEC sessions against a qec binary over pipes (docs/gui/protocol.md, docs/players/rules-qec.md).

Usage: protocol_test.py EXE [--threaded-only] [--perft-depth N] [--data DIR]

Every expected value below comes from the rules (worked out by hand, with the reasoning in a
comment) or from tests/data, never from the engine's own output. Each test starts a fresh
engine; a test also fails if the engine exits non-zero or a sanitizer reports anything.
Every wait has a timeout, so a hang fails the test instead of hanging the suite."""
import os
import re
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from uci_session import (Engine, check, hostile_after, errors, bestmoves, registry, main, run_perft,  # noqa: E402
                         hostile, hostile_lines, bad_moves_keep_prefix, HOSTILE_COMMANDS, HOSTILE_FENS,
                         HOSTILE_OPTIONS, engine_table, engine_variants)

TESTS, test = registry()

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
START_MOVES = sorted("a2a3 a2a4 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g2g3 g2g4 h2h3 h2h4 "
                     "b1a3 b1c3 g1f3 g1h3".split())
BLACK_START_MOVES = sorted("a7a6 a7a5 b7b6 b7b5 c7c6 c7c5 d7d6 d7d5 e7e6 e7e5 f7f6 f7f5 g7g6 g7g5 h7h6 h7h5 "
                           "b8a6 b8c6 g8f6 g8h6".split())
DEFAULT_LINKS = "a2a8 b2b8 c2c8 d2d8 e2f8 f2g8 g2h8 a7a1 b7b1 c7c1 d7d1 e7f1 f7g1 g7h1".split()  # R1.4

# 1. f2f3 (f2 is linked to the g8 knight: Black's forced reply g8h6), 1... e7e5 (e7 is linked to
# the f1 bishop, boxed in by e2 and g2: no reply), 2. g2g4 (g2-h8: the rook's only move is
# h8g8), 2... d8h4+ (d8-d2: the d2 pawn cannot end the check, so no reply, R2.3); the e1 king
# has no step (f2 is attacked by the queen): White is mated (R4.1).
MATE_MOVES = "f2f3[g8h6] e7e5 g2g4[h8g8] d8h4"
MATE_FEN = "rnb1kbr1/pppp1ppp/7n/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR"
# Bishop takes f7 with check; no link on the bishop, so Black's king must step (R2.5): e7, f8,
# or take the unprotected bishop on f7 (d7 is Black's own pawn, d8 its queen).
REACT_MAP = "a2a8 b2c8 d2d8 a7a1 b7c1 g7h1"
REACT_FEN = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
# After Ra8+ the h8 king has one step: g8 and g7 are covered by the g2 rook, g8 also by a8.
ONE_OPTION_FEN = "7k/8/8/8/8/8/6R1/R3K3 w - - 0 1"
STALEMATE_FEN = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"   # h8: g8, g7, h7 all covered, no check
DUAL_KING_FEN = "8/8/8/4k3/8/8/8/4K3 w - - 0 1"      # R4.2

OPTIONS = [
    "option name Hash type spin default 16 min 1 max 65536",
    "option name Threads type spin default 1 min 1 max 256",
    "option name MultiPV type spin default 1 min 1 max 256",
    "option name Move Overhead type spin default 10 min 0 max 5000",
    "option name Clear Hash type button",
    "option name Ponder type check default false",
    None,  # UCI_Variant: the engine's variants (uci_variant_line)
    "option name EntMap type string default default",
    "option name EntMapFile type string default <empty>",
    "option name Policy type combo default search var search var random var greedy var minimax2",
    "option name OwnBook type check default false",
    "option name BookFile type string default <empty>",
    "option name BookDepth type spin default 12 min 0 max 1000",
    "option name BookSeed type spin default 0 min 0 max 2147483647",
    "option name Use NNUE type check default true",
    "option name EvalFile type string default <empty>",
    "option name ShowTurns type check default false",
    "option name Skill Level type spin default 20 min 0 max 20",
    "option name UCI_LimitStrength type check default false",
    "option name UCI_Elo type spin default 1350 min 1350 max 2500",
    "option name UCI_ShowWDL type check default false",
]

def uci_variant_line(names):
    """UCI_Variant's line: every variant `--list variants` prints, in its order, the first the default."""
    return "option name UCI_Variant type combo default %s var %s" % (names[0], " var ".join(names))


INFO_RE = re.compile(r"^info depth \d+ seldepth \d+ multipv \d+ score (cp -?\d+|mate -?\d+)"
                     r"( lowerbound| upperbound)? nodes \d+ nps \d+ hashfull \d+ time \d+"
                     r"( pv( [a-h][1-8][a-h][1-8][nbrq]?)+)?$")


@test()
def uci_handshake(exe, cfg):
    e = Engine(exe)
    out = e.session("uci")
    check(out[0].startswith("id name ") and out[1].startswith("id author "), "id lines: %r" % out[:2])
    opts = [s for s in out if s.startswith("option ")]
    want = [o or uci_variant_line(engine_variants(exe)) for o in OPTIONS]
    check(opts == want, "option list differs:\n%s" % "\n".join(opts))
    check(out[-1] == "uciok", "uciok last: %r" % out[-1:])
    e.close()


def uci_default(exe, args):
    """UCI_Variant's default in `uci` of exe started with args."""
    e = Engine(exe, args)
    line = [s for s in e.session("uci") if s.startswith("option name UCI_Variant ")]
    e.close()
    check(len(line) == 1, "%r: want one UCI_Variant line, got %r" % (args, line))
    return line[0].split(" default ")[1].split()[0]


@test()
def list_tables(exe, cfg):
    # `--list variants`: one row per variant, three fields; every name and alias (in any case)
    # starts the engine in that variant (`--variant`), PGN tags and names are each used once.
    rows = engine_table(exe, "variants")
    check(all(len(r) == 3 and all(r) for r in rows), "--list variants: want 3 fields a row: %r" % rows)
    names = [r[0] for r in rows]
    spellings = names + [a for r in rows if r[2] != "-" for a in r[2].split(",")]
    tags = [r[1].lower() for r in rows]
    check({"qec", "chess"} <= set(names), "--list variants lacks qec or chess: %r" % names)
    check(len(set(s.lower() for s in spellings)) == len(spellings) and len(set(tags)) == len(tags),
          "--list variants: a name, alias or tag twice: %r" % rows)
    for r in rows:
        for spelling in [r[0]] + ([] if r[2] == "-" else r[2].split(",")):
            got = uci_default(exe, ["--variant", spelling.upper()])
            check(got == r[0], "--variant %s starts in %s, not %s" % (spelling.upper(), got, r[0]))
    # `--list ends`: the kinds of game end, each termination once; the side to decide lost a mate
    ends = engine_table(exe, "ends")
    check(all(len(r) == 2 and r[1] in ("mated", "-") for r in ends), "--list ends: %r" % ends)
    terms = [r[0] for r in ends]
    check(len(set(terms)) == len(terms) and "mate" in terms and "stalemate" in terms, "--list ends: %r" % terms)
    mated = [r[0] for r in ends if r[1] == "mated"]
    check("mate" in mated and "stalemate" not in mated, "--list ends: mate is mated, stalemate not: %r" % ends)
    for args in (["--list"], ["--list", "varients"], ["--list", "ends", "x"]):
        r = subprocess.run([exe, *args], capture_output=True, text=True, timeout=30)
        check(r.returncode == 2 and not r.stdout and "--list" in r.stderr, "%r: rc %d, %r %r" % (args, r.returncode, r.stdout, r.stderr))


@test()
def options_accept_any_case(exe, cfg):
    e = Engine(exe)
    out = e.session("setoption name hash value 32", "setoption name MOVE OVERHEAD value 100",
                    "setoption name Threads value 2", "setoption name multipv value 3",
                    "setoption name Clear Hash", "setoption name ponder value TRUE",
                    "setoption name Policy value greedy", "setoption name Policy value search",
                    "setoption name uci_variant value chess", "setoption name UCI_Variant value qec",
                    "setoption name EntMapFile value <empty>", "setoption name Threads value 1")
    check(not errors(out), "unexpected errors %r" % errors(out))
    e.close()


def at_decision(e, position, phase, legal=None):
    """Sends the `position` command; its `d` fields, whose (Phase, Decider, Pending), as far as
    phase goes, must be phase (P1), and whose legal list, when given, must be legal."""
    d = e.at(position)
    check((d["Phase"], d["Decider"], d["Pending"])[:len(phase)] == phase, "%s: phase fields %r" % (position, d))
    if legal is not None:
        got = e.legal()
        check(got == legal, "%s: legal %r, want %r" % (position, got, legal))
    return d


@test()
def start_position_fields(exe, cfg):
    e = Engine(exe)
    d = at_decision(e, "position startpos", ("base", "white", "-"), START_MOVES)
    check(d["Fen"] == START, "Fen %r" % d["Fen"])
    check(sorted(d["Links"].split()) == sorted(DEFAULT_LINKS), "Links %r (R1.4)" % d["Links"])
    check(re.fullmatch(r"[0-9A-Fa-f]{16}", d["Key"]), "Key %r" % d["Key"])
    check("Result" not in d, "no Result before the end")
    # `legal kinds`: the same tokens, each the piece's own move in QEC (tether has others)
    out = [s for s in e.session("legal kinds") if s.startswith("info string legal-kinds")]
    check(out == ["info string legal-kinds " + " ".join(t + ":native" for t in START_MOVES)], "legal kinds %r" % out)
    e.close()


@test()
def blocked_counterpart_is_skipped(exe, cfg):
    # P1: e2 is linked to the f8 bishop, boxed in: the next decision is Black's base move.
    e = Engine(exe)
    d = at_decision(e, "position startpos moves e2e3", ("base", "black", "-"), BLACK_START_MOVES)
    check(d["Fen"].split()[1] == "b", "Black's turn: %r" % d["Fen"])
    e.close()


@test()
def forced_reply_by_the_other_side(exe, cfg):
    # P1: after e2e3 e7e5 (e7-f1) White decides, inside Black's turn, with the f1 bishop only.
    e = Engine(exe)
    # only the f1 bishop (R2.3)
    at_decision(e, "position startpos moves e2e3 e7e5", ("forced", "white", "f1"),
                ["f1a6", "f1b5", "f1c4", "f1d3", "f1e2"])
    d = at_decision(e, "position startpos moves e2e3 e7e5 f1c4", ("base", "white", "-"))
    check(d["Fen"] == "rnbqkbnr/pppp1ppp/8/4p3/2B5/4P3/PPPP1PPP/RNBQK1NR w KQkq - 0 2", "Fen %r" % d["Fen"])
    want = [l for l in DEFAULT_LINKS if l not in ("e2f8", "e7f1")] + ["e3f8", "e5c4"]  # R1.5
    check(sorted(d["Links"].split()) == sorted(want), "links follow the pieces: %r" % d["Links"])
    e.close()


@test()
def whole_turn_tokens(exe, cfg):
    # P2 / R5.2: the same decisions written as whole turns, and mixed.
    e = Engine(exe)
    a = e.at("position startpos moves e2e3 e7e5 f1c4")
    out = e.session("position startpos moves e2e3 e7e5[f1c4]")
    b = e.d()
    check(not errors(out), "errors %r" % out)
    check((a["Key"], a["Fen"]) == (b["Key"], b["Fen"]), "whole turn differs from decisions")
    a = e.at("setoption name EntMap value " + REACT_MAP, "position fen %s moves c4f7 e8f7" % REACT_FEN)
    out = e.session("position fen %s moves c4f7<e8f7>" % REACT_FEN)
    b = e.d()
    check(not errors(out), "errors %r" % out)
    check((a["Key"], a["Fen"]) == (b["Key"], b["Fen"]), "reactive whole turn differs")
    e.ok("setoption name EntMap value default", "position startpos moves " + MATE_MOVES)
    # the last whole-turn token may stop inside its turn
    e.ok("position startpos moves e2e3 e7e5[f1c4] d2d4")
    e.close()


@test()
def reactive_step(exe, cfg):
    e = Engine(exe)
    e.session("setoption name EntMap value " + REACT_MAP)
    # the king steps (R2.5), then it is Black's turn (R2.6)
    at_decision(e, "position fen %s moves c4f7" % REACT_FEN, ("react", "black", "e8"), ["e8e7", "e8f7", "e8f8"])
    d = at_decision(e, "position fen %s moves c4f7 e8f7" % REACT_FEN, ("base", "black"))
    # capture: clock 0; Black's king moved: kq gone; Black's turn in move 4
    check(d["Fen"] == "r1bq3r/pppp1kpp/2n2n2/2b1p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQ - 0 4", "Fen %r" % d["Fen"])
    check(sorted(d["Links"].split()) == sorted(REACT_MAP.split()), "links %r" % d["Links"])
    e.close()


@test()
def mate_and_game_over(exe, cfg):
    e = Engine(exe)
    e.ok("position startpos moves " + MATE_MOVES)
    d = e.d()
    check(d["Fen"].split()[0] == MATE_FEN, "board %r" % d["Fen"])
    check(d.get("Result", "").startswith("0-1 ") and "mated" in d["Result"] and "R4.1" in d["Result"],
          "Result %r" % d.get("Result"))
    check(d.get("Termination") == "mate", "the record's Termination tag (record-format.md): %r" % d.get("Termination"))
    # docs/gui/protocol.md's phases are base|forced|react: the king that had to step and could not
    check((d["Phase"], d["Decider"], d["Pending"]) == ("react", "white", "e1"), "phase at the mate %r" % d)
    check(e.legal() == [], "no options once over")
    out = e.go("depth 3")
    check(out == ["info string game over: white is mated (R4.1)", "info depth 0 score mate 0", "bestmove 0000"],
          "P3 answer %r" % out)
    before = e.d()
    out = e.session("position startpos moves %s e1e2" % MATE_MOVES)
    check(len(errors(out)) == 1 and "over" in errors(out)[0], "no token after the end: %r" % out)
    after = e.d()
    check(before["Key"] == after["Key"], "prefix kept")
    e.close()


@test()
def other_game_ends(exe, cfg):
    e = Engine(exe)
    for fen, result, word, tag in ((STALEMATE_FEN, "1/2-1/2", "stalemate (R4.3)", "stalemate"),
                                   (DUAL_KING_FEN, "0-0", "R4.2", "dual king")):
        d = e.at("position fen " + fen)
        check(d.get("Result", "").startswith(result + " ") and word in d["Result"], "Result %r" % d.get("Result"))
        check(d.get("Termination") == tag, "Termination %r, want %r" % (d.get("Termination"), tag))
        out = e.go("movetime 100")
        check(len(out) == 3 and out[0].startswith("info string game over: ") and word in out[0]
              and out[1] == "info depth 0 score cp 0" and out[2] == "bestmove 0000", "P3 answer %r" % out)
    # R4.4: the start position (no links) for the third time after 8 knight turns
    knights = "g1f3 g8f6 f3g1 f6g8 " * 2
    e.ok("setoption name EntMap value none", "position startpos moves " + knights)
    d = e.d()
    check(d.get("Result") == "1/2-1/2 threefold repetition (R4.4)" and d.get("Termination") == "repetition",
          "Result %r, Termination %r" % (d.get("Result"), d.get("Termination")))
    check(e.legal() == [], "no options after a repetition")
    out = e.session("position startpos moves " + knights + "e2e4")
    check(len(errors(out)) == 1 and e.d() == d, "no token after the end: %r" % out)
    e.close()


@test()
def one_option_answers_at_once(exe, cfg):
    e = Engine(exe)
    e.session("position fen %s moves a1a8" % ONE_OPTION_FEN)
    check(e.legal() == ["h8h7"], "one step")
    out = e.go("wtime 100000 btime 100000")
    check(out == ["bestmove h8h7"], "at once: %r" % out)
    e.session("position startpos")
    out = e.go("depth 5 searchmoves g1f3")
    check(out == ["bestmove g1f3"], "one searchmove: %r" % out)
    e.close()


@test(threaded=True)
def held_answer_waits_for_stop(exe, cfg):
    # UCI: an infinite search never answers before stop, even with one option or at the end.
    e = Engine(exe)
    for pos, want in (("fen %s moves a1a8" % ONE_OPTION_FEN, "bestmove h8h7"),
                      ("startpos moves " + MATE_MOVES, "bestmove 0000")):
        e.session("position " + pos)
        out = e.session("go infinite")
        check(not bestmoves(out), "bestmove before stop: %r" % out)
        out = e.session("stop")
        check(bestmoves(out) == [want], "after stop: %r" % out)
    e.session("position fen %s moves a1a8" % ONE_OPTION_FEN)
    out = e.session("go ponder")
    check(not bestmoves(out), "bestmove while pondering: %r" % out)
    out = e.session("ponderhit")
    check(bestmoves(out) == ["bestmove h8h7"], "after ponderhit: %r" % out)
    e.close()


def perft_cases(cfg):
    qec, chess = [], []
    with open(os.path.join(cfg["data"], "qec-perft-public.epd")) as f:
        for line in f:
            parts = [p.strip() for p in line.split(";")]
            if len(parts) < 3:
                continue
            links = parts[1].split(None, 1)[1]
            counts = {int(p.split()[0][1:]): int(p.split()[1]) for p in parts[2:] if p.startswith("D")}
            qec.append((parts[0], links, counts))
    with open(os.path.join(cfg["data"], "perftsuite.epd")) as f:
        for line in list(f)[:12]:
            parts = [p.strip() for p in line.split(";")]
            counts = {int(p.split()[0][1:]): int(p.split()[1]) for p in parts[1:] if p.startswith("D")}
            chess.append((parts[0], counts))
    return qec, chess


@test()
def perft_against_shared_data(exe, cfg):
    # R6: counts from tests/data (an independent implementation), QEC and classical.
    e = Engine(exe)
    qec, chess = perft_cases(cfg)
    depth = cfg["perft_depth"]
    for fen, links, counts in qec:
        e.session("setoption name EntMap value " + links, "position fen " + fen)
        for dep in range(1, depth + 1):
            if dep in counts:
                total, _ = run_perft(e, dep)
                check(total == counts[dep], "%s links %s D%d: %d, want %d" % (fen, links, dep, total, counts[dep]))
    e.session("setoption name UCI_Variant value chess")
    for fen, counts in chess:
        e.session("position fen " + fen)
        for dep in range(1, depth + 1):
            total, _ = run_perft(e, dep)
            check(total == counts[dep], "chess %s D%d: %d, want %d" % (fen, dep, total, counts[dep]))
    e.session("position startpos")
    check(e.d()["Links"] == "none", "chess variant: no links")
    e.close()


@test()
def entmap_forms(exe, cfg):
    e = Engine(exe)
    e.session("setoption name EntMap value none", "position startpos")
    check(e.d()["Links"] == "none", "none")
    pairs = e.at("setoption name EntMap value a2a8 b2b8 a7a1 b7b1", "position startpos")
    check(sorted(pairs["Links"].split()) == ["a2a8", "a7a1", "b2b8", "b7b1"], "pairs %r" % pairs["Links"])
    # the same map as seed 000's JSON; the pairs may come either way round (R7.5)
    js = ('{"W_pawn_to_black": {"W_P_a2": "B_R_a8", "W_P_b2": "B_N_b8"}, "B_pawn_to_white": '
          '{"B_P_a7": "W_R_a1", "B_P_b7": "W_N_b1"}, "white_free_pawn": "W_P_h2", "black_free_pawn": "B_P_h7"}')
    e.ok("setoption name EntMap value " + js, "position startpos")
    check(e.d()["Key"] == pairs["Key"], "JSON map equals the pairs")
    e.session("setoption name EntMap value a8a2 b8b2 a1a7 b1b7", "position startpos")
    check(e.d()["Key"] == pairs["Key"], "pairs either way round")
    r1 = e.at("setoption name EntMap value random 42", "position startpos")
    e.session("setoption name EntMap value random 42", "position startpos")
    check(e.d()["Links"] == r1["Links"] and len(r1["Links"].split()) == 14, "random 42 twice: 7+7, same")
    with tempfile.NamedTemporaryFile("w", suffix=".map", delete=False) as f:
        f.write("a2a8 b2b8\na7a1 b7b1\n")
    try:
        out = e.session("setoption name EntMapFile value " + f.name, "position startpos")
        check(not errors(out) and e.d()["Key"] == pairs["Key"], "EntMapFile: %r" % out)
    finally:
        os.unlink(f.name)
    # the JSON form from a file; a missing file is refused by name and the map in force stays
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write('{"B_pawn_to_white": {"B_P_e7": "W_B_f1"}}\n')
    try:
        out = e.session("setoption name EntMapFile value " + f.name, "position startpos")
        check(not errors(out) and e.d()["Links"] == "e7f1", "EntMapFile JSON: %r %r" % (out, e.d().get("Links")))
        out = e.session("setoption name EntMapFile value " + f.name + ".gone", "position startpos")
        check(any(f.name + ".gone" in x for x in errors(out)) and e.d()["Links"] == "e7f1",
              "EntMapFile missing: %r" % out)
    finally:
        os.unlink(f.name)
    # UCI_Variant chess ignores the map
    e.session("setoption name UCI_Variant value chess", "position startpos")
    check(e.d()["Links"] == "none", "chess: no links")
    e.close()


@test()
def map_that_does_not_fit(exe, cfg):
    # PROTOCOL: rejected at `position`, previous position and previous map kept.
    e = Engine(exe)
    before = e.at("position startpos moves e2e3")
    out = e.session("setoption name EntMap value a3a8")  # parses; a3 is empty in the start position
    check(not errors(out), "parses: %r" % out)
    out = e.session("position startpos")
    check(len(errors(out)) == 1 and "a3" in errors(out)[0], "one error naming a3: %r" % out)
    check(e.d() == before, "position kept")
    e.session("position startpos moves e2e3 e7e5")
    check(e.d()["Phase"] == "forced", "the previous (default) map is still in force")
    e.close()


def book_entries(path, key):
    """Decisions with weight > 0 stored for `key`, read from the file by its documented layout
    (docs/gui/book-format.md: 48-byte header, 24-byte little-endian entries), not through qec."""
    data = open(path, "rb").read()
    n = struct.unpack_from("<Q", data, 16)[0]
    out = set()
    for i in range(n):
        k, mv, w = struct.unpack_from("<QHH", data, 48 + 24 * i)
        if k == key and w > 0:
            fr, to, pr = mv & 63, (mv >> 6) & 63, mv >> 12
            tok = "abcdefgh"[fr % 8] + str(fr // 8 + 1) + "abcdefgh"[to % 8] + str(to // 8 + 1)
            out.add(tok + ("", "n", "b", "r", "q")[pr])
    return out


@test()
def book_options(exe, cfg):
    book = "book/starter.bin"
    e = Engine(exe)
    e.session("setoption name BookFile value " + book, "setoption name OwnBook value true", "position startpos")
    key = int(e.d()["Key"], 16)
    stored = book_entries(book, key)
    check(stored, "the starter book has no entry for the start position")
    out = e.session("go movetime 5000")
    check(any(s.startswith("info string book ") for s in out), "a book answer is announced: %r" % out)
    best = bestmoves(out)
    check(len(best) == 1 and best[0].split()[1] in stored, "bestmove %r is a stored decision %r" % (best, stored))
    # A bad file is refused with one error; the loaded book stays in use.
    for bad in ("/nonexistent/book.bin", "README.md"):
        out = e.session("setoption name BookFile value " + bad)
        check(len(errors(out)) == 1, "one error for %s: %r" % (bad, out))
    out = e.session("go movetime 5000")
    check(bestmoves(out) and bestmoves(out)[0].split()[1] in stored, "old book still used: %r" % out)
    # BookDepth 0 and OwnBook false both turn it off.
    out = e.session("setoption name BookDepth value 0", "go depth 1")
    check(not any(s.startswith("info string book") for s in out), "BookDepth 0: no book: %r" % out)
    out = e.session("setoption name BookDepth value 12", "setoption name OwnBook value false", "go depth 1")
    check(not any(s.startswith("info string book") for s in out), "OwnBook false: no book: %r" % out)
    e.close()


@test()
def hostile_unknown_and_malformed(exe, cfg):
    hostile_after(Engine(exe), "position startpos moves e2e3 e7e5",
                  HOSTILE_COMMANDS + ("position startpos moves e2e3 e7e5 x", "go searchmoves e2e4"))


@test()
def hostile_illegal_tokens_keep_prefix(exe, cfg):
    e = Engine(exe)
    cases = [
        ("e2e4 e7e5 e1e3", "e2e4 e7e5"),          # illegal base move
        ("e2e3 e7e5 d2d4", "e2e3 e7e5"),          # the f1 bishop must reply first (R2.3)
        ("e2e3[f8e7]", ""),                        # no forced reply pending after e2e3 (P1)
        ("e2e3 e7e5[f1c4]<e1e2>", "e2e3"),         # no reactive step in that turn
        ("e2e3 e7e5[f1c4 d2d4", "e2e3"),           # malformed
        ("e2e3 e7e5[f1c4] e1e2x", "e2e3 e7e5[f1c4]"),
        ("e2e3 e7e5[f1c4]] d2d4", "e2e3"),
        ("e2e3 [f1c4]", "e2e3"),
        ("e2e3 e7e5 [f1c4]<e1e2>", "e2e3 e7e5"),
        ("e2e3 e7e5[f1c4] d2d4[d8e7]<e8d8> a2a3", "e2e3 e7e5[f1c4]"),
        ("e2e3 e7e5[f1x4]", "e2e3"),
        ("a7a6", ""),                              # Black cannot start
        ("e2e4 " + "e7e5 " * 3, "e2e4 e7e5"),
    ]
    bad_moves_keep_prefix(e, cases)
    e.close()


@test()
def hostile_bad_fen(exe, cfg):
    hostile_after(Engine(exe), "position startpos moves e2e3 e7e5", ["position fen " + f for f in HOSTILE_FENS])


@test()
def hostile_options(exe, cfg):
    hostile_after(Engine(exe), "position startpos moves e2e3 e7e5", HOSTILE_OPTIONS)


@test()
def use_nnue_switches_evaluations(exe, cfg):
    # Use NNUE false: chess, QEC and tether are evaluated by their hand-made evaluations (a
    # different score at depth 1 in a middlegame), true brings each network back (the first score
    # again).
    fen = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8"
    e = Engine(exe)

    def score(variant, use_nnue):
        out = e.session("setoption name UCI_Variant value " + variant, "setoption name Use NNUE value " + use_nnue,
                        "ucinewgame", "position fen " + fen)
        e.send("go depth 1")
        out += e.read_until(lambda l: l.startswith("bestmove"))
        check(not errors(out), "%s, Use NNUE %s: errors %r" % (variant, use_nnue, errors(out)))
        infos = [l for l in out if l.startswith("info depth 1 ")]
        return infos[-1].split(" score ")[1].split(" nodes")[0] if infos else None

    for variant in ("chess", "qec", "tether"):
        net, hand, again = score(variant, "true"), score(variant, "false"), score(variant, "true")
        check(net is not None and hand is not None, "%s: no depth-1 score: %r %r" % (variant, net, hand))
        check(net != hand, "%s scores %s with and without the network" % (variant, net))
        check(net == again, "%s: Use NNUE true again: %s, first %s" % (variant, again, net))
    e.close()


def random_net_file(path, magic, fields, n16, nbuckets, seed):
    """A network file of random small weights (eval/nnue_links.h's or eval/nnue.h's layout)."""
    import array
    import random
    import struct
    r = random.Random(seed)
    head = magic + struct.pack("<%di" % len(fields), *fields)
    weights = array.array("h", (r.randint(-40, 40) for _ in range(n16)))
    biases = array.array("i", (r.randint(-10000, 10000) for _ in range(nbuckets)))
    with open(path, "wb") as f:
        f.write(head + b"\0" * (64 - len(head)) + weights.tobytes() + biases.tobytes())


@test()
def eval_file_replaces_compiled_in_nets(exe, cfg):
    # EvalFile (docs/dev/qec-network.md), with nets of random weights: a QEC net changes QEC's
    # depth-1 score from the compiled-in net's and not tether's, a net of chess's shape changes
    # tether's; Use NNUE false gives the hand-made scores whatever net is loaded; EvalFile <empty>
    # brings the compiled-in nets back; a file that is neither is refused with a reason and the
    # net in use stays.
    import os
    import tempfile
    tmp = tempfile.mkdtemp()
    qec_net, tether_net, bad = (os.path.join(tmp, n) for n in ("qec.net", "tether.net", "bad.net"))
    random_net_file(qec_net, b"QECLINK1", (2560, 128, 32), 2560 * 128 + 128 + 32 * 256, 32, 1)
    random_net_file(tether_net, b"QECNNUE1", (128, 8), 768 * 128 + 128 + 8 * 256, 8, 2)
    with open(bad, "wb") as f:
        f.write(b"QECLINK1" + b"\0" * 1000)
    e = Engine(exe)

    def score(variant, *options):
        out = e.session("setoption name UCI_Variant value " + variant, *options, "ucinewgame", "position startpos")
        e.send("go depth 1")
        out += e.read_until(lambda l: l.startswith("bestmove"))
        infos = [l for l in out if l.startswith("info depth 1 ")]
        return (infos[-1].split(" score ")[1].split(" nodes")[0] if infos else None), errors(out)

    try:
        qec_built, err = score("qec")
        tether_built, err2 = score("tether")
        check(qec_built and tether_built and not err and not err2, "no compiled-in scores: %r %r" % (err, err2))
        qec_hand = score("qec", "setoption name Use NNUE value false")[0]
        tether_hand = score("tether")[0]
        check(qec_hand != qec_built and tether_hand != tether_built,
              "Use NNUE false: QEC %s (net %s), tether %s (net %s)" % (qec_hand, qec_built, tether_hand, tether_built))
        qec_with, err = score("qec", "setoption name Use NNUE value true", "setoption name EvalFile value " + qec_net)
        check(not err and qec_with != qec_built, "QEC with a QEC net: %s (compiled-in %s) %r" % (qec_with, qec_built, err))
        check(score("tether")[0] == tether_built, "a QEC net changed tether's score")
        check(score("qec", "setoption name Use NNUE value false")[0] == qec_hand, "Use NNUE false kept the net")
        check(score("qec", "setoption name Use NNUE value true")[0] == qec_with, "Use NNUE true lost the net")
        out = e.session("setoption name EvalFile value " + bad)
        check(any("error: setoption EvalFile: not a links net" in l for l in out), "a bad net file: %r" % out)
        check(score("qec")[0] == qec_with, "a refused file changed the net in use")
        tether_with, err = score("tether", "setoption name EvalFile value " + tether_net)
        check(not err and tether_with != tether_built, "tether with a net: %s (compiled-in %s)" % (tether_with, tether_built))
        check(score("qec")[0] == qec_built, "a tether net left QEC's loaded net in use")
        check(score("tether", "setoption name EvalFile value <empty>")[0] == tether_built, "EvalFile <empty> kept the net")
    finally:
        for f in (qec_net, tether_net, bad):
            os.remove(f)
        os.rmdir(tmp)
    e.close()


@test()
def hostile_fifo_files(exe, cfg):
    # A FIFO as BookFile, EntMapFile or EvalFile: refused at once (opening one used to wait for a writer,
    # and the session hung).
    e = Engine(exe)
    e.session("position startpos moves e2e3 e7e5")
    with tempfile.TemporaryDirectory() as tmp:
        fifo = os.path.join(tmp, "fifo")
        os.mkfifo(fifo)
        for name in ("BookFile", "EntMapFile", "EvalFile"):
            hostile(e, "setoption name %s value %s" % (name, fifo))
    e.close()


@test()
def hostile_long_and_binary_lines(exe, cfg):
    e = Engine(exe)
    e.session("position startpos moves e2e3 e7e5")
    hostile_lines(e)
    # a long line below the limit is read whole, not split into several commands
    out = e.session("position startpos moves e2e3 e7e5 f1c4" + " " * 100000 + "d2d4")
    check(not errors(out) and e.d()["Phase"] == "forced", "long line read as one command")
    e.close()


@test()
def hostile_out_of_order(exe, cfg):
    e = Engine(exe)
    out = e.session("go depth 1")
    check(len(errors(out)) == 1 and not bestmoves(out), "go before position: %r" % out)
    out = e.session("go perft 1")
    check(len(errors(out)) == 1, "go perft before position: %r" % out)
    e.session("position startpos moves e2e3")
    hostile(e, "stop")
    hostile(e, "ponderhit")
    e.close()


@test(threaded=True)
def during_search(exe, cfg):
    e = Engine(exe)
    e.go_infinite("position startpos")
    time.sleep(0.3)
    for line in ("setoption name Hash value 32", "go depth 1", "ucinewgame", "bench", "selfplay",
                 "setoption name EntMap value none"):
        out = e.session(line)
        check(len(errors(out)) == 1 and not bestmoves(out), "%r during a search: %r" % (line, out))
    out = e.session("d", "legal", "position startpos moves e2e4")  # allowed during a search
    check(not errors(out) and not bestmoves(out), "d/legal/position during a search: %r" % out)
    out = e.session("stop")
    check(len(bestmoves(out)) == 1, "one bestmove after stop: %r" % out)
    check(bestmoves(out)[0].split()[1] in START_MOVES, "bestmove for the search's root: %r" % out)
    out = e.session("stop")
    check(len(errors(out)) == 1 and not bestmoves(out), "second stop: %r" % out)
    out = e.go("depth 2", timeout=60)  # the position sent during the search is the one searched now
    check(out[-1].split()[1] in BLACK_START_MOVES, "Black answers after e2e4: %r" % out[-1])
    e.close()


@test(threaded=True)
def isready_and_quit_during_search(exe, cfg):
    e = Engine(exe)
    e.go_infinite("position startpos moves e2e3 e7e5")
    out = e.session(timeout=5)  # readyok while searching
    check(not bestmoves(out), "infinite search answered by itself: %r" % out)
    e.send("quit")
    out = e.read_until(lambda s: s.startswith("bestmove"))
    check(out[-1].split()[1] in ("f1a6", "f1b5", "f1c4", "f1d3", "f1e2"), "bestmove is White's forced reply")
    e.close(send_quit=False)
    # end of input during a search: same as quit
    e = Engine(exe)
    e.go_infinite("position startpos")
    time.sleep(0.2)
    e.p.stdin.close()
    rest = e.close(send_quit=False)
    check(len(bestmoves(rest)) == 1, "bestmove at EOF: %r" % rest)


@test(threaded=True)
def one_bestmove_per_go(exe, cfg):
    e = Engine(exe)
    e.session("setoption name Threads value 2", "position startpos moves e2e3 e7e5")
    lines = []
    for limit in ("depth 2", "nodes 5000", "movetime 100", "wtime 2000 btime 2000 winc 10 binc 10",
                  "wtime 500 btime 500 movestogo 5", "depth 3 searchmoves f1c4 f1d3"):
        out = e.go(limit, timeout=60)
        lines += out
        check(len(bestmoves(out)) == 1, "go %s: %r" % (limit, out))
        check(out[-1].split()[1] in ("f1a6", "f1b5", "f1c4", "f1d3", "f1e2"), "legal answer %r" % out[-1])
        if "searchmoves" in limit:
            check(out[-1].split()[1] in ("f1c4", "f1d3"), "searchmoves respected: %r" % out[-1])
    time.sleep(0.2)
    late = e.session()
    check(not bestmoves(late), "extra bestmove %r" % late)
    for s in lines:
        if s.startswith("info") and not s.startswith("info string"):
            check(INFO_RE.match(s), "info format: %r" % s)
    e.send("go ponder wtime 1000 btime 1000")
    time.sleep(0.2)
    e.send("ponderhit")
    out = e.read_until(lambda s: s.startswith("bestmove"), timeout=30)
    check(len(bestmoves(out)) == 1, "ponderhit then one bestmove")
    e.close()


@test(threaded=True)
def pv_is_legal_and_mate_is_found(exe, cfg):
    e = Engine(exe)
    e.session("position startpos moves f2f3[g8h6] e7e5 g2g4[h8g8]")
    out = e.go("depth 3", timeout=60)
    check(out[-1] == "bestmove d8h4", "mate in one turn: %r" % out[-3:])
    infos = [s for s in out if s.startswith("info depth")]
    check(infos and " score mate 1 " in infos[-1], "score mate 1 (turns): %r" % infos[-1:])
    e.session("position startpos moves e2e3 e7e5")
    out = e.go("depth 4", timeout=60)
    for s in out:
        if " pv " in s:
            check(INFO_RE.match(s), "info format %r" % s)
            pv = s.split(" pv ")[1]
            errs = errors(e.session("position startpos moves e2e3 e7e5 " + pv))
            check(not errs, "pv %r is not a legal decision sequence: %r" % (pv, errs))
    e.close()


@test(release_only=True)
def shell_commands(exe, cfg):
    def run(*args, timeout=120):
        r = subprocess.run([exe, *args], capture_output=True, text=True, timeout=timeout)
        check(r.returncode == 0, "%r exit %d" % (args, r.returncode))
        return r.stdout.splitlines(), r.stderr
    out, _ = run("go", "perft", "2")
    check(out[-1] == "Nodes searched: 860", "./qec go perft 2: %r" % out[-1:])  # shared data D2
    out, _ = run("go perft 2")
    check(out[-1] == "Nodes searched: 860", "./qec 'go perft 2'")
    out, _ = run("position", "startpos", "moves", "e2e3", "e7e5")
    out, _ = run("bench", "16", "1", "2")
    nodes = [s for s in out if s.startswith("Nodes searched  : ")]
    check(len(nodes) == 1 and any(s.startswith("Nodes/second    : ") for s in out), "bench summary %r" % out)
    out2, _ = run("bench", "16", "1", "2")
    check([s for s in out2 if s.startswith("Nodes searched  : ")] == nodes, "bench node count deterministic")
    out, _ = run("foo")
    check(len(errors(out)) == 1, "unknown shell command: %r" % out)


@test(release_only=True)
def selfplay_game_replays(exe, cfg):
    r = subprocess.run([exe, "selfplay", "20", "12", "random", "7"], capture_output=True, text=True, timeout=120)
    check(r.returncode == 0, "exit %d" % r.returncode)
    out = r.stdout.splitlines()
    check(out[0].startswith("Links: ") and len(out[0].split()) == 15, "Links line %r" % out[:1])
    turns = [s for s in out if re.match(r"^\d+\.(\.\.)? ", s)]
    check(1 <= len(turns) <= 12, "turn lines %r" % out)
    tok_re = r"[a-h][1-8][a-h][1-8][nbrq]?"
    for i, s in enumerate(turns):
        num, tok = s.split()[:2]  # then the seed's long form, for people
        check(re.fullmatch(r"%s(\[%s\])?(<%s>)?" % (tok_re, tok_re, tok_re), tok), "R5.2 token %r" % s)
        check(num == ("%d." % (i // 2 + 1) if i % 2 == 0 else "%d..." % (i // 2 + 1)), "numbering %r" % s)
    res = [s for s in out if s.startswith("Result: ")]
    fen = [s for s in out if s.startswith("Fen: ")]
    check(len(res) == 1 and len(fen) == 1, "result and fen lines %r" % out[-3:])
    check(re.match(r"^Result: (1-0|0-1|1/2-1/2|0-0) \(.*R4\.\d\)$|^Result: \* \(turn limit\)$", res[0]),
          "result %r" % res[0])
    e = Engine(exe)
    out2 = e.session("setoption name EntMap value random 7",
                     "position startpos moves " + " ".join(s.split()[1] for s in turns))
    check(not errors(out2), "replaying the game: %r" % out2)
    check("Fen: " + e.d()["Fen"] == fen[0], "replayed game ends on the printed FEN")
    e.close()


if __name__ == "__main__":
    main(TESTS)
