#!/usr/bin/env python3
"""Scripted UCI sessions in Tether Chess (`UCI_Variant tether`, rules-tether.md T1-T8,
docs/gui/protocol.md) against a qec binary over pipes. Same harness and CLI as protocol_test.py (uci_session.py):

Usage: tether_test.py EXE [--sanitized] [--perft-depth N]

Expected values are worked out by hand from the rules (reasoning in the comments) or read
from tests/data/tether-perft-public.epd (an independent implementation)."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from uci_session import (registry, main, variant_engine, selfplay, hostile_after, check, errors, bestmoves, hostile,  # noqa: E402
                         hostile_lines, run_perft, bad_moves_keep_prefix, HOSTILE_COMMANDS, HOSTILE_FENS,
                         HOSTILE_OPTIONS)

TESTS, test = registry()
FILES = "abcdefgh"
# The king on e1 and both rooks at home; a black rook on g8 covers g1 (e1g1 illegal) and f8
# nothing on rank 1.
CASTLE_FEN = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"
G1_COVERED_FEN = "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1"


def tether_engine(exe):
    return variant_engine(exe, "tether")


@test()
def start_position_moves(exe, cfg):
    # T8: each pawn of rank 2 may go to any square of ranks 3 and 4 (its own pushes and every
    # other pawn's); each of the eight first-rank pieces to a3, c3, f3 or h3 (the knights).
    want = sorted(["%s2%s%d" % (f, g, r) for f in FILES for g in FILES for r in (3, 4)] +
                  ["%s1%s3" % (f, g) for f in FILES for g in "acfh"])
    e = tether_engine(exe)
    e.session("position startpos")
    got = e.legal()
    check(sorted(got) == want, "start: %d moves, want %d; extra %r missing %r" %
          (len(got), len(want), sorted(set(got) - set(want))[:5], sorted(set(want) - set(got))[:5]))
    check(e.d()["Links"] == "none", "tether has no links")
    e.close()


@test()
def perft_against_shared_data(exe, cfg):
    e = tether_engine(exe)
    path = os.path.join(cfg["data"], "tether-perft-public.epd")
    with open(path) as f:
        for line in f:
            parts = [s.strip() for s in line.split(";") if s.strip()]
            if not parts:
                continue
            counts = {int(s.split()[0][1:]): int(s.split()[1]) for s in parts[1:]}
            e.session("position fen " + parts[0])
            for dep in range(1, cfg["perft_depth"] + 1):
                total, _ = run_perft(e, dep)
                check(total == counts[dep], "%s D%d: %d, want %d" % (parts[0], dep, total, counts[dep]))
    e.close()


@test()
def castling_tokens(exe, cfg):
    # T6.2: e1h1 is castling (king g1, rook f1); e1g1 is the king borrowing the h1 rook's
    # reach (the rook stays). Both lose the castling rights (T4.1).
    e = tether_engine(exe)
    e.session("position fen " + CASTLE_FEN)
    moves = e.legal()
    check("e1h1" in moves and "e1a1" in moves and "e1g1" in moves and "e1c1" in moves, "castle/teleport tokens")
    e.session("position fen %s moves e1h1" % CASTLE_FEN)
    check(e.d()["Fen"] == "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1", "after e1h1: %s" % e.d()["Fen"])
    e.session("position fen %s moves e1a1" % CASTLE_FEN)
    check(e.d()["Fen"] == "4k3/8/8/8/8/8/8/2KR3R b - - 1 1", "after e1a1: %s" % e.d()["Fen"])
    e.session("position fen %s moves e1g1" % CASTLE_FEN)
    check(e.d()["Fen"] == "4k3/8/8/8/8/8/8/R5KR b - - 1 1", "after e1g1: %s" % e.d()["Fen"])
    e.session("position fen " + CASTLE_FEN)
    _, toks = run_perft(e, 1)
    check("e1h1" in toks and "e1a1" in toks, "perft divide writes castling e1h1/e1a1")
    e.close()


@test()
def bad_input_keeps_state(exe, cfg):
    e = tether_engine(exe)
    e.session("position startpos")
    for fen in ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",  # T6.3
                "4k3/8/8/8/8/8/8/4K2p b - - 0 1"):
        hostile(e, "position fen " + fen)
    out = e.session("position startpos moves e2e4q")
    check(len(errors(out)) == 1 and "not a promotion" in out[0], "promotion letter: %r" % out)
    hostile(e, "position startpos moves e2e4q")
    hostile(e, "position startpos moves e1g1")  # no castling from the start, and no g1 reach
    e.session("position fen " + G1_COVERED_FEN)
    out = e.session("position fen %s moves e1g1" % G1_COVERED_FEN)
    check(len(errors(out)) == 1 and "T6.2" in out[0], "e1g1 with g1 covered: %r" % out)
    hostile(e, "position fen %s moves e1g1" % G1_COVERED_FEN)
    hostile(e, "position fen %s moves e1h1q" % G1_COVERED_FEN)
    hostile(e, "setoption name UCI_Variant value tethers")
    e.close()


@test()
def hostile_commands_options_and_lines(exe, cfg):
    # The hostile input every variant shares (uci_session.py): malformed commands, options
    # and maps, oversize lines, binary garbage; one error line each, the position kept.
    e = tether_engine(exe)
    e.session("position startpos moves e2e4 e7e5 a1a3")
    for line in HOSTILE_COMMANDS + HOSTILE_OPTIONS:
        hostile(e, line)
    hostile_lines(e)
    e.close()


@test()
def hostile_fens(exe, cfg):
    # Malformed FENs (T1 reads classical FENs), and one a tether board cannot hold: 17 white
    # pieces (at most 16 a side, tether_fen_ok).
    fens = HOSTILE_FENS + ("4k3/8/8/8/PPPPPPPP/PPPPPPPP/8/4K3 w - - 0 1",
                           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4 e7e5 a2a6")
    hostile_after(tether_engine(exe), "position startpos moves e2e4 e7e5", ["position fen " + f for f in fens])


@test()
def hostile_moves_keep_prefix(exe, cfg):
    # A bad decision (illegal, malformed, QEC brackets, a promotion letter out of place) gets
    # one error line and leaves the legal prefix before it (PROTOCOL).
    e = tether_engine(exe)
    cases = [
        ("e2e4 e7e5 a2a6", "e2e4 e7e5"),             # no rank-2 piece reaches a6 (T2.2)
        ("e2e4 e7e5 a1a3 h8h6 a3a9", "e2e4 e7e5 a1a3 h8h6"),  # transporter moves, then no a9
        ("e2e4 e4e5", "e2e4"),                      # a white pawn on black's move
        ("a7a6", ""),                               # Black cannot start
        ("e2e4 e7e5[f1c4]", "e2e4"),                # no forced replies in tether (QEC's R2.3)
        ("e2e4 e7e5<e1e2>", "e2e4"),                # no reactive steps either
        ("e2e4 e7e5 g1f3q", "e2e4 e7e5"),           # a promotion letter on a knight move
        ("e2e4 e7e5 e1e2x", "e2e4 e7e5"),
        ("e2e4 " + "e7e5 " * 3, "e2e4 e7e5"),
    ]
    bad_moves_keep_prefix(e, cases)
    e.close()


@test()
def game_ends_cite_t5(exe, cfg):
    # T5.2: the h8 king is alone on rank 8 (its union is its own steps g8 g7 h7, all covered
    # by the f7 queen or the g6 king) and not in check: stalemate. T5.4: K+B v K+B on one
    # colour is played on in tether (no Result line), K+N v K is a draw.
    e = tether_engine(exe)
    e.session("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    check(e.d().get("Result") == "1/2-1/2 stalemate (T5.2)", "stalemate: %r" % e.d().get("Result"))
    out = e.session("go depth 3")
    check(any("game over: stalemate (T5.2)" in s for s in out), "go on a finished game: %r" % out)
    e.session("position fen 4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1")
    check("Result" not in e.d(), "K+B v K+B same colour is played on")
    e.session("position fen 4k3/8/8/8/8/8/8/4KN2 w - - 0 1")
    check(e.d().get("Result") == "1/2-1/2 insufficient material (T5.4)", "K+N v K: %r" % e.d().get("Result"))
    check(e.d().get("Termination") == "insufficient material", "K+N v K: %r" % e.d().get("Termination"))
    e.close()


def legal_kinds(e):
    out = [s for s in e.session("legal kinds") if s.startswith("info string legal-kinds")]
    check(len(out) == 1, "legal kinds: want one 'info string legal-kinds' line, got %r" % out)
    pairs = [w.split(":") for w in out[0].split()[3:]]
    check(all(len(p) == 2 for p in pairs), "tok:kind words %r" % out[0][:200])
    return dict(pairs), [p[0] for p in pairs]


@test()
def legal_kinds_native_transporter_apex(exe, cfg):
    e = tether_engine(exe)
    # T2.2: a6 pawn and c6 knight are rank-mates. The pawn's own move is a7 (native, though the
    # knight lends a7 too, T2.4); the knight's jumps lent to it are transporter moves, and b8
    # and d8 promote at once (T2.6, the seed's Pawn-Knight Apex): apex, all four letters.
    e.session("position fen 4k3/8/P1N5/8/8/8/8/4K3 w - - 0 1")
    kinds, order = legal_kinds(e)
    check(order == e.legal(), "legal kinds lists legal's tokens in legal's order: %r" % order)
    want = {"a6a7": "native", "a6a5": "transporter", "a6b4": "transporter", "a6d4": "transporter",
            "a6e5": "transporter", "a6e7": "transporter", "c6a7": "native", "c6b8": "native",
            "e1d1": "native", "e1f2": "native"}
    for p in "qrbn":
        want["a6b8" + p] = want["a6d8" + p] = "apex"
    for tok, kind in want.items():
        check(kinds.get(tok) == kind, "%s: %r, want %s" % (tok, kinds.get(tok), kind))
    check(sum(k == "apex" for k in kinds.values()) == 8, "8 apex promotions: %r" % kinds)
    # T6.2/T4.1: castling is native (e1h1, e1a1); e1g1 and e1c1 borrow the rooks' reach, and h1d1
    # the a1 rook's (the e1 king stops the h1 rook's own ray).
    e.session("position fen " + CASTLE_FEN)
    kinds, _ = legal_kinds(e)
    for tok, kind in (("e1h1", "native"), ("e1a1", "native"), ("e1g1", "transporter"), ("e1c1", "transporter"),
                      ("e1f1", "native"), ("a1a8", "native"), ("h1f1", "native"), ("h1d1", "transporter")):
        check(kinds.get(tok) == kind, "%s: %r, want %s" % (tok, kinds.get(tok), kind))
    # T4.2/T4.3: en passant and the double step are native; a native promotion is no apex; the
    # a2 pawn borrows the e2 king's steps (T2.5).
    e.session("position fen 4k3/1P6/8/3pP3/8/8/P3K3/8 w - d6 0 1")
    kinds, _ = legal_kinds(e)
    for tok, kind in (("e5d6", "native"), ("e5e6", "native"), ("a2a4", "native"), ("b7b8q", "native"),
                      ("a2e3", "transporter"), ("e2d1", "native")):
        check(kinds.get(tok) == kind, "%s: %r, want %s" % (tok, kinds.get(tok), kind))
    # the start (T8): 16 native pawn moves and 4 native knight jumps; the rest is borrowed
    e.session("position startpos")
    kinds, _ = legal_kinds(e)
    check(len(kinds) == 160 and sum(k == "native" for k in kinds.values()) == 20, "start kinds %r" % kinds)
    e.session("position fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1 moves f7g7")
    check(legal_kinds(e) == ({}, []), "none once the game is over (mate, T5.1)")
    for line in ("legal foo", "legal kinds x", "legal Kinds"):
        hostile(e, line)
    e.close()


@test()
def go_answers_a_legal_move(exe, cfg):
    e = tether_engine(exe)
    # The last FEN starts in check: the e2 rook checks the e1 king (T3.1). (Sharp middle games
    # are left out: quiescence explodes on tether's many captures, see docs/dev/tether.md.)
    for fen in ("startpos", "startpos moves e2e4 d7d5", "fen 4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1"):
        e.session("position " + fen)
        legal = e.legal()
        e.send("go depth %d" % (4 if cfg["release"] else 2))
        out = e.read_until(lambda s: s.startswith("bestmove"), timeout=120)
        best = bestmoves(out)[0].split()[1]
        check(best in legal, "%s: bestmove %s not legal" % (fen, best))
        check(not errors(out), "errors %r" % errors(out))
    e.close()


@test(release_only=True)
def selfplay_game_replays(exe, cfg):
    e = tether_engine(exe)
    out, turns = selfplay(e, "20 40", timeout=300)
    check(1 <= len(turns) <= 80, "turn lines %r" % out[-5:])
    for s in turns:
        check(re.fullmatch(r"\d+\.(\.\.)? [a-h][1-8][a-h][1-8][nbrq]? +\S.*", s), "T6.1 token, then SAN %r" % s)
    out2 = e.session("position startpos moves " + " ".join(s.split()[1] for s in turns))
    check(not errors(out2), "replaying the game: %r" % out2)
    check("Fen: " + e.d()["Fen"] == out[-1], "replayed game ends on the printed FEN")
    e.close()


if __name__ == "__main__":
    main(TESTS, "tether")
