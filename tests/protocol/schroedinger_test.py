#!/usr/bin/env python3
"""Scripted UCI sessions in Haft Schroedinger Chess (`UCI_Variant schroedinger`,
docs/players/rules-schroedinger.md S1-S5, docs/gui/protocol.md) against a qec binary over pipes. Same harness
and CLI as protocol_test.py (uci_session.py):

Usage: schroedinger_test.py EXE [--sanitized] [--perft-depth N]

Expected values are worked out by hand from the rules (reasoning in the comments) or read
from tests/data/schroedinger-perft-public.epd (an independent implementation of seed 003's
model)."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from uci_session import (registry, main, variant_engine, selfplay, Engine, check, errors, bestmoves,  # noqa: E402
                         run_perft, hostile, hostile_lines, TIMEOUT, HOSTILE_COMMANDS, HOSTILE_FENS,
                         HOSTILE_OPTIONS)

TESTS, test = registry()
FILES = "abcdefgh"
# 8!/(2!2!2!) valid Scramble Chess starts per side (S1.2).
SIDE = 5040
START_FEN = "mmmmmmmm/pppppppp/8/8/8/8/PPPPPPPP/MMMMMMMM w - - 0 1"
# Knight shuffles: the position after ply 2 (knights on c3 and c6, b1 and b8 fixed as knights)
# comes back after plies 6 and 10 with the same worlds: the third occurrence (S3.3).
REPEAT = "b1c3 b8c6 c3b1 c6b8 b1c3 b8c6 c3b1 c6b8 b1c3 b8c6"


def worlds_engine(exe, moves=None):
    """An engine playing schroedinger, whose `d` fields have S4.3's Worlds and Types; at the
    position after `moves` from the start if given."""
    e = variant_engine(exe, "schroedinger",
                       ("Fen|Key|Phase|Decider|Worlds|Types|Result|Termination", ("Fen", "Key", "Worlds", "Types")))
    if moves is not None:
        e.session("position startpos moves " + moves)
    return e


def types_map(line):
    return dict(item.split("=") for item in line.split())


@test()
def variant_is_listed(exe, cfg):
    e = Engine(exe)
    out = e.session("uci")
    opt = [s for s in out if s.startswith("option name UCI_Variant ")]
    check(len(opt) == 1 and " var schroedinger" in opt[0], "UCI_Variant lists schroedinger: %r" % opt)
    e.close()


@test()
def start_position(exe, cfg):
    # S5.2: 16 pawn moves + 14 knight jumps of the majors (each back-rank major may be a knight).
    jumps = []
    for f in range(8):
        for df in (-1, 1):
            if 0 <= f + df < 8:
                jumps.append("%s1%s3" % (FILES[f], FILES[f + df]))
    pawns = ["%s2%s%d" % (f, f, r) for f in FILES for r in (3, 4)]
    want = sorted(jumps + pawns)
    check(len(want) == 30, "S5.2 says 30")
    e = worlds_engine(exe)
    e.session("position startpos")
    check(e.legal() == want, "start moves %r" % e.legal())
    total, toks = run_perft(e, 1)
    check(total == 30 and toks == want, "perft 1 = %d" % total)
    d = e.d()
    check(d["Fen"] == START_FEN, "S4.3 Fen %r" % d["Fen"])
    check(int(d["Worlds"]) == SIDE * SIDE, "S1.4 worlds at the start %r" % d["Worlds"])
    t = types_map(d["Types"])
    want_sq = ["%s1" % f for f in FILES] + ["%s8" % f for f in FILES]
    check(list(t) == want_sq and all(v == "KQRBN" for v in t.values()), "S4.3 Types %r" % d["Types"])
    check("Result" not in d, "no result at the start")
    e.close()


@test()
def legal_kinds_all_native(exe, cfg):
    # A major moves as a type it may have (S2.2): every move is its own, none borrowed.
    e = worlds_engine(exe, "b1c3 g8f6")
    legal = e.legal()
    out = [s for s in e.session("legal kinds") if s.startswith("info string legal-kinds")]
    check(out == ["info string legal-kinds " + " ".join(t + ":native" for t in legal)], "legal kinds %r" % out)
    out = e.session("legal kinds please")
    check(len(errors(out)) == 1 and len(out) == 1, "one error for a bad argument: %r" % out)
    e.close()


@test()
def perft_against_shared_data(exe, cfg):
    e = worlds_engine(exe)
    path = os.path.join(cfg["data"], "schroedinger-perft-public.epd")
    maxd = min(2, cfg["perft_depth"])
    n = 0
    with open(path) as f:
        for line in f:
            parts = [s.strip() for s in line.split(";") if s.strip()]
            if not parts:
                continue
            e.ok("position " + parts[0])
            for p in parts[1:]:
                d, count = p.split()
                depth = int(d[1:])
                if depth > maxd:
                    continue
                total, _ = run_perft(e, depth)
                check(total == int(count), "%s D%d: %d, want %s" % (parts[0][:50], depth, total, count))
                n += 1
    check(n >= 10, "only %d counts checked" % n)
    e.close()


def refused(e, line, *wants, timeout=TIMEOUT):
    """One bad line: exactly one error line saying each of wants, isready answered, state kept."""
    before = e.d()
    out = e.session(line, timeout=timeout)
    check(len(out) == 1 and len(errors(out)) == 1, "%r: want one error line, got %r" % (line[:60], out[:4]))
    for want_in in wants:
        check(want_in in out[0], "%r: error %r should say %r" % (line[:60], out[0], want_in))
    after = e.d()
    check(after == before, "%r changed the state: %r -> %r" % (line[:60], before, after))


def refused_token(e, moves, bad, *wants):
    """`moves` from the start, then the token bad: refused as refused() wants, naming bad."""
    refused(e, "position startpos moves %s %s" % (moves, bad), "'%s'" % bad, *wants)


@test()
def fen_refused(exe, cfg):
    # S4.2: a FEN cannot say which worlds are consistent; the position stays.
    e = worlds_engine(exe)
    e.session("position startpos moves e2e4 e7e5")
    refused(e, "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "S4.2")
    refused(e, "position fen " + START_FEN, "S4.2")
    refused(e, "position startpos junk", "junk")
    check(e.d()["Fen"] == "mmmmmmmm/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/MMMMMMMM w - e6 0 2",
          "S4.3: the ep field after a double step")
    e.close()


# White's a-pawn walks to b7 (capturing the b7 pawn), black's h-pawn walks down; then the b7
# pawn can capture on a8 or c8 and promote (S2.5).
PROMO_LINE = "a2a4 h7h6 a4a5 h6h5 a5a6 h5h4 a6b7 h4h3"


@test()
def promotion_without_letter(exe, cfg):
    e = worlds_engine(exe)
    e.ok("position startpos moves " + PROMO_LINE)
    check("b7a8" in e.legal() and "b7c8" in e.legal(), "S2.5 promotions listed without a letter")
    refused(e, "position startpos moves %s b7a8q" % PROMO_LINE, "S2.5")
    # The refused token keeps the legal prefix, which is the position we had.
    e.ok("position startpos moves %s b7a8" % PROMO_LINE)
    d = e.d()
    check(d["Fen"].startswith("Mmmmmmmm/p1ppppp1/"), "a white major on a8 (S2.5): %r" % d["Fen"])
    # S1.2: a promoted piece is Q, R, B or N, never the king.
    check(types_map(d["Types"]).get("a8") == "QRBN", "promoted types %r" % d["Types"])
    e.close()


@test()
def third_knight_jump_refused(exe, cfg):
    # S2.3: b1 and g1 jumped like knights, so they are the two knights in every consistent world;
    # a third white major cannot jump.
    knights = "b1c3 b8c6 g1f3 g8f6"
    e = worlds_engine(exe, knights)
    check("d1e3" not in e.legal() and "e1d3" not in e.legal(), "no third knight jump in legal")
    refused_token(e, knights, "d1e3", "S2.2")  # the legal prefix is kept
    refused_token(e, knights, "h7h6")  # a black pawn on white's move
    e.close()


@test()
def worlds_and_types_small_cases(exe, cfg):
    e = worlds_engine(exe)
    # After b1c3 b1 is a knight in every world: white has 7!/(2!2!1!) = 1260 orders of
    # K Q R R B B N on the other seven (= 5040 * 2/8), black all 5040; nothing attacks across.
    d = e.at("position startpos moves b1c3")
    check(int(d["Worlds"]) == 1260 * SIDE, "after b1c3: %s" % d["Worlds"])
    t = types_map(d["Types"])
    check(t["c3"] == "N" and "b1" not in t, "c3 is the knight: %r" % d["Types"])
    check(all(v == "KQRBN" for k, v in t.items() if k != "c3"), "the others keep every type %r" % t)
    # Both knights of each side known: the other six are K Q R R B B, 6!/(2!2!) = 180 per side;
    # the knights' squares never attack across the board, so no check constraint removes worlds.
    for moves in ("b1c3 b8c6 g1f3 g8f6", "b1c3 b8c6 g1f3 g8f6 c3b1 c6b8 f3g1 f6g8 b1a3"):
        d = e.at("position startpos moves " + moves)
        check(int(d["Worlds"]) == 180 * 180, "%s: %s" % (moves, d["Worlds"]))
        t = types_map(d["Types"])
        check(all(v in ("N", "KQRB") for v in t.values()), "%s: %r" % (moves, t))
        check(sorted(k for k, v in t.items() if v == "N") == sorted(
            ["c3", "c6", "f3", "f6"] if len(moves.split()) == 4 else ["a3", "b8", "g1", "g8"]), "knights %r" % t)
    e.close()


@test()
def repetition_ends_the_game(exe, cfg):
    e = worlds_engine(exe)
    e.ok("position startpos moves " + REPEAT)
    d = e.d()
    check(d.get("Result", "").startswith("1/2-1/2") and "S3.3" in d["Result"], "S3.3 result %r" % d)
    check(e.legal() == [], "no legal tokens once the game is over")
    out = e.go("depth 3")
    check(any(s.startswith("info string game over:") for s in out), "P3 game over line %r" % out)
    check("info depth 0 score cp 0" in out and out[-1] == "bestmove 0000", "P3 answer %r" % out)
    out = e.session("position startpos moves %s c3b1" % REPEAT)
    check(len(errors(out)) == 1 and "game is over" in out[0], "a move after the end %r" % out)
    e.close()


@test()
def ten_thousand_plies(exe, cfg):
    # A 10,000-token list: the game ends by repetition at ply 10 (S3.3), the rest is refused
    # with one error line and the engine answers isready (no stall); the position is the one
    # after the last legal token.
    e = worlds_engine(exe)
    moves = ("b1c3 b8c6 c3b1 c6b8 " * 2500).split()
    out = e.session("position startpos moves " + " ".join(moves), timeout=60)
    check(len(out) == 1 and "token 11 'c3b1'" in out[0] and "S3.3" in out[0], "%r" % out)
    check("Result" in e.d(), "the game over position is kept")
    e.close()


@test()
def bad_tokens_keep_the_position(exe, cfg):
    # #11 item 6: each bad token after a legal prefix gets one error line naming it, and the
    # position is the legal prefix (PROTOCOL), which is the position we had.
    prev = "b1c3 b8c6 g1f3"
    e = worlds_engine(exe, prev)
    # c6 jumped from b8 like a knight, so it is a knight in every world (S2.2); c6c4 is a
    # rook/queen step that no consistent world allows (S2.1).
    check(types_map(e.d()["Types"]).get("c6") == "N", "c6 is the knight")
    refused_token(e, prev, "c6c4", "S2.1")
    for bad in ("g8e7",    # a knight jump onto its own pawn (no type captures its own side)
                "d8d6",    # a line through its own d7 pawn: no type reaches d6 (S2.2)
                "e2e4",    # a white pawn on black's move
                "a7a4",    # a pawn three squares
                "e4e5",    # an empty square
                "d7d5q",   # a promotion letter, and no promotion (S2.5)
                "e9e5", "zzzz", "e7"):
        refused_token(e, prev, bad)
    e.close()


@test()
def hostile_commands_options_and_lines(exe, cfg):
    # The hostile input every variant shares (uci_session.py): malformed commands, options
    # and maps, FENs (refused here whatever they say, S4.2), oversize lines, binary garbage;
    # one error line each, the position kept with its worlds and types (its `d`).
    e = worlds_engine(exe, "e2e4 e7e5 b1c3")
    for line in HOSTILE_COMMANDS + HOSTILE_OPTIONS + tuple("position fen " + f for f in HOSTILE_FENS):
        hostile(e, line)
    hostile_lines(e)
    for line in ("position startpos moves", "position startpos moves e2e4 e7e5 b1c3 b8c6 c3b1 x",
                 "position startpos moves e2e4 e7e5[f1c4]", "position startpos moves e2e4 e7e5<e1e2>"):
        out = e.session(line)
        check(line.endswith("moves") or len(errors(out)) == 1, "%r: %r" % (line, out))
        e.session("position startpos moves e2e4 e7e5 b1c3")
    e.close()


@test()
def ten_thousand_plies_one_error(exe, cfg):
    # #11 item 6: a 10,000-ply move list whose third token no world allows: one error line
    # (at token 3), the position of the two legal plies, the same as before it; isready is
    # answered after it (Engine.session waits for readyok; no timing is asserted). Then a
    # 10,000-ply list of junk from the start: one error, the start position.
    e = worlds_engine(exe)
    prev = "position startpos moves e2e4 e7e5"
    e.session(prev)
    refused(e, prev + " d1d3" * 9998, "token 3 'd1d3'", timeout=60)  # d1 cannot pass its d2 pawn
    out = e.session("position startpos moves" + " h9h9" * 10000, timeout=60)
    check(len(out) == 1 and "token 1 'h9h9'" in out[0], "%r" % out[:3])
    check(e.d()["Fen"] == START_FEN, "the legal prefix is empty: the start position")
    # A refused FEN with 10,000 move tokens keeps the previous position whole (S4.2).
    e.session(prev)
    refused(e, "position fen " + START_FEN + " moves" + " e2e4" * 10000, "S4.2")
    e.close()


# S3.2 mate: 15 plies found by a random search over the rules core, checked by hand:
#   ply  4 h8b2  black's h8 major captures diagonally (Q or B);   5 a1b2 white recaptures
#   diagonally (a1: Q or B); 6 g8h8 a one-square step; 7 b2h8 white's a1 major captures it;
#   9 h8f8 takes black's f8 major along the rank (a1 now moved both ways: Q); 10 d8e6 a knight
#   jump (d8: N); 11/12 b1b7 b8b7 (b8 takes a white Q/R/B/N on b7); 13 f8e8 takes black's e8;
#   14 b7g2 (b8 moved one step then five diagonally: Q). Captured majors were not the king
#   (S2.3), so black's king is a8 or c8; c8 stood on the white queen's open rank after ply 13
#   and black did not answer it, so c8 is not the king in any consistent world: a8 is the
#   king. 15 e8c8: the queen (Q in every world) takes c8 and checks a8 along the rank; a7 is
#   black's pawn, b7 and b8 are the queen's, no black piece reaches c8 or b8 (e6 is a knight,
#   g2 the queen, d7 a pawn): no legal move and in check in every world, black is mated.
MATE_LINE = "g1h3 g7g6 e2e3 h8b2 a1b2 g8h8 b2h8 e7e5 h8f8 d8e6 b1b7 b8b7 f8e8 b7g2 e8c8"


@test()
def mate_is_a_loss(exe, cfg):
    e = worlds_engine(exe)
    pre = " ".join(MATE_LINE.split()[:-1])
    d = e.at("position startpos moves " + pre)
    check(types_map(d["Types"]).get("a8") == "K", "a8 is black's king in every world: %r" % d["Types"])
    check("Result" not in d and "e8c8" in e.legal(), "white to move, e8c8 legal")
    e.ok("position startpos moves " + MATE_LINE)
    d = e.d()
    check(d.get("Result", "").startswith("1-0") and "mated in every consistent world (S3.2)" in d["Result"],
          "S3.2 mate: %r" % d.get("Result"))
    check(d.get("Termination") == "mate", "the record's Termination tag: %r" % d.get("Termination"))
    check(types_map(d["Types"]).get("c8") == "Q" and e.legal() == [], "queen on c8, no legal move")
    out = e.go("depth 2")
    check(any(s.startswith("info string game over:") and "mated" in s for s in out), "game over line %r" % out)
    check(out[-1] == "bestmove 0000", "%r" % out[-1:])
    e.close()


# S3.2 stalemate: 35 plies found by the same search. At the end black has only the d4 major,
# its king in every world; white has a queen on b3, a rook on a5, a knight on f2 (each that type
# in every world, Types below) and pawns a2 b2 d2 e2 g2. Nothing attacks d4 in any world (b3
# and a5 are off its lines, f2's jumps miss it, the other white majors are blocked by their own
# pawns), but c3 (pawns b2, d2), c4 (queen), c5 d5 e5 (rook), d3 (queen, pawn e2), e3 (queen,
# pawn d2) and e4 (knight) are all attacked whatever the types: no legal move, not in check:
# a draw, not a loss.
STALEMATE_LINE = ("c2c4 c8b6 b1h7 b6c8 h7g8 h8h2 g8f7 d8f7 g1h2 f7d8 h2g3 f8f2 f1f2 a7a5 g3c7 b8a7 c7d8 e8h5 "
                  "h1h5 a7f2 d8c8 a8a7 d1f2 g7g5 c8d7 a7b6 d7e7 b6c6 e7b7 c6c5 h5g5 c5c4 g5a5 c4d4 b7b3")


@test()
def stalemate_is_a_draw(exe, cfg):
    e = worlds_engine(exe)
    e.ok("position startpos moves " + STALEMATE_LINE)
    d = e.d()
    check(d["Fen"] == "8/8/8/M7/3m4/1M6/PP1PPMP1/M1M1M3 b - - 2 18", "the position: %r" % d["Fen"])
    t = types_map(d["Types"])
    check((t["d4"], t["b3"], t["a5"], t["f2"]) == ("K", "Q", "R", "N"), "types %r" % d["Types"])
    check(d.get("Result", "").startswith("1/2-1/2 stalemate") and "S3.2" in d["Result"], "S3.2: %r" % d.get("Result"))
    check(d.get("Termination") == "stalemate", "the record's Termination tag: %r" % d.get("Termination"))
    check(e.legal() == [], "no legal move")
    out = e.go("depth 2")
    check(any(s.startswith("info string game over:") and "stalemate" in s for s in out), "game over line %r" % out)
    check("info depth 0 score cp 0" in out and out[-1] == "bestmove 0000", "%r" % out[-2:])
    e.close()


def legal_after(e, moves):
    e.session("position startpos moves " + " ".join(moves))
    return e.legal()


@test()
def go_answers_a_legal_move(exe, cfg):
    e = worlds_engine(exe)
    for moves, args in (([], "depth 2"), (["e2e4", "e7e5"], "depth 2"), (PROMO_LINE.split(), "nodes 3000"),
                        (["b1c3", "g8f6"], "movetime 100"), (["d2d4"], "wtime 1000 btime 1000")):
        legal = legal_after(e, moves)
        out = e.go(args, timeout=60)
        best = out[-1].split()[1]
        check(best in legal, "go %s after %r: %r not legal" % (args, moves, best))
    # searchmoves restricts the root; a token that is not legal is refused.
    e.session("position startpos")
    out = e.go("depth 2 searchmoves h2h3", timeout=60)
    check(out[-1].split()[:2] == ["bestmove", "h2h3"], "searchmoves %r" % out[-1:])
    out = e.session("go depth 2 searchmoves d1e2")
    check(len(errors(out)) == 1 and not bestmoves(out), "bad searchmoves %r" % out)
    e.close()


@test()
def infinite_waits_for_stop(exe, cfg):
    e = worlds_engine(exe, "e2e4")
    legal = e.legal()
    e.send("go infinite")
    out = e.session("isready")  # answered while searching
    check(not bestmoves(out), "no bestmove before stop: %r" % out)
    e.send("stop")
    out = e.read_until(lambda s: s.startswith("bestmove"), timeout=30)
    check(out[-1].split()[1] in legal, "bestmove after stop %r" % out[-1])
    out = e.session("d")
    check(not bestmoves(out), "exactly one bestmove")
    e.close()


@test()
def search_reports(exe, cfg):
    # The search (issue 11 item 4): `info depth … score … nodes … nps … pv …` lines whose PV
    # starts with the answer, MultiPV 2 gives two lines, two threads answer a legal move, and a
    # ponder search waits for ponderhit, then answers on its own (go ponder with a clock).
    e = worlds_engine(exe)
    legal = legal_after(e, ["e2e4", "e7e5"])
    out = e.go("depth 4", timeout=60)
    infos = [s for s in out if s.startswith("info depth")]
    pat = r"^info depth (\d+) seldepth \d+ multipv 1 score (cp -?\d+|mate -?\d+)( lowerbound| upperbound)? " \
          r"nodes \d+ nps \d+ hashfull \d+ time \d+ pv( [a-h][1-8][a-h][1-8])+$"
    check(infos and all(re.match(pat, s) for s in infos), "info lines %r" % infos)
    check([int(s.split()[2]) for s in infos] == [1, 2, 3, 4], "one line per depth %r" % infos)
    best = out[-1].split()[1]
    check(best in legal and infos[-1].split(" pv ")[1].split()[0] == best, "PV starts with %r: %r" % (best, infos[-1]))
    e.session("setoption name MultiPV value 2")
    out = e.go("depth 3", timeout=60)
    lines = [s for s in out if s.startswith("info depth 3 ")]
    check(sorted(s.split()[6] for s in lines) == ["1", "2"], "MultiPV 2 lines %r" % lines)
    e.session("setoption name MultiPV value 1", "setoption name Threads value 2")
    out = e.go("nodes 5000", timeout=60)
    check(out[-1].split()[1] in legal, "2 threads: %r" % out[-1])
    e.session("setoption name Threads value 1")
    e.send("go ponder wtime 2000 btime 2000")
    out = e.session("isready")
    check(not bestmoves(out), "no bestmove while pondering: %r" % out)
    e.send("ponderhit")
    out = e.read_until(lambda s: s.startswith("bestmove"), timeout=30)
    check(out[-1].split()[1] in legal, "bestmove after ponderhit %r" % out[-1])
    e.close()


@test()
def policy_random(exe, cfg):
    e = worlds_engine(exe)
    e.session("setoption name Policy value random", "position startpos moves g1f3")
    legal = e.legal()
    for _ in range(3):
        out = e.go("movetime 50", timeout=30)
        check(out[-1].split()[1] in legal, "random %r" % out[-1])
    e.close()


@test(release_only=True)
def selfplay_game_replays(exe, cfg):
    e = worlds_engine(exe)
    out, plies = selfplay(e, "20 8", timeout=120)
    check(out[0] == "Links: none", "Links line %r" % out[:1])
    check(1 <= len(plies) <= 8, "at most maxturns (8) move lines, a turn being one move: %r" % out)
    for i, s in enumerate(plies):
        num, tok, long = s.split()
        check(re.fullmatch(r"[a-h][1-8][a-h][1-8]", tok), "S4.1 token %r" % s)
        m = re.fullmatch(r"M?([a-h][1-8])[-x]([a-h][1-8])(=M)?[+#]?", long)
        check(m and m.group(1) + m.group(2) == tok, "long form with M for a major, same squares %r" % s)
        check(num == ("%d." % (i // 2 + 1) if i % 2 == 0 else "%d..." % (i // 2 + 1)), "numbering %r" % s)
    res = [s for s in out if s.startswith("Result: ")]
    check(len(res) == 1 and re.match(r"^Result: (1-0|0-1|1/2-1/2) .*\(S3\.\d\)$|^Result: \* \(turn limit\)$",
                                     res[0]), "result %r" % res)
    out2 = e.session("position startpos moves " + " ".join(s.split()[1] for s in plies))
    check(not errors(out2), "replaying the game: %r" % out2)
    check("Fen: " + e.d()["Fen"] == out[-1], "the replayed game ends on the printed FEN")
    last = [s for s in e.session("d") if s.startswith("Last move: ")]
    check(last == ["Last move: " + plies[-1].split()[2]], "d: the last move in the long form %r" % last)
    e.close()


@test()
def random_game_to_its_end(exe, cfg):
    # Policy random plays a whole game (hundreds of plies) to an S3 end; replaying it with one
    # `position` command reaches the same FEN and `d` gives the same result.
    e = worlds_engine(exe)
    e.send("setoption name Policy value random")
    out, lines = selfplay(e, "1 5000", timeout=300)
    plies = [s.split()[1] for s in lines]
    res = [s for s in out if s.startswith("Result: ")]
    check(len(res) == 1 and not res[0].startswith("Result: *"), "the game ended: %r" % res)
    out2 = e.session("position startpos moves " + " ".join(plies), timeout=60)
    check(not errors(out2), "replay %r" % out2[:2])
    d = e.d()
    check("Fen: " + d["Fen"] == out[-1], "same FEN")
    check("Result: " + d.get("Result", "") == res[0], "same result: %r vs %r" % (d.get("Result"), res[0]))
    check(e.legal() == [], "nothing legal after the end")
    e.close()


@test()
def other_variants_unaffected(exe, cfg):
    # Back to qec: a FEN is accepted again and `d` has no Worlds line.
    e = worlds_engine(exe, "e2e4")
    out = e.session("setoption name UCI_Variant value qec", "position fen " +
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "d")
    check(not errors(out) and not any(s.startswith("Worlds:") for s in out), "%r" % out[-8:])
    e.close()


if __name__ == "__main__":
    main(TESTS, "schroedinger")
