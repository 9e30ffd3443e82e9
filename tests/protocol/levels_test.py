#!/usr/bin/env python3
"""Levels to play against and winning chances (issue 42 items 4 and 5; docs/gui/protocol.md,
"Levels" and "Winning chances"), in all four variants, against a qec binary over pipes (the
harness of uci_session.py):
- `Skill Level`, `UCI_LimitStrength`, `UCI_Elo`, `UCI_ShowWDL` refuse bad values with one
  `info string error` line and keep the last good value;
- Skill Level 20, or UCI_LimitStrength false whatever UCI_Elo says, searches exactly as the
  default (the same lines, node for node); Skill Level 19 and the top of UCI_Elo's range (a node
  limit) do not (full strength is level 20 only);
- a low level answers legal decisions, differs from full strength over a set of positions, and
  is reproducible (the choice is seeded by the position);
- with UCI_ShowWDL every line with a score carries `wdl W D L` summing to 1000, W rising and L
  falling with the score, a mate found 1000 0 0, a side mated 0 0 1000.

Usage: levels_test.py EXE [--sanitized]"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from uci_session import registry, main, variant_engine, check, errors, bestmoves, engine_variants  # noqa: E402

TESTS, test = registry()
# A few positions per variant (move lists from the start; schroedinger has no FEN, S4.2); a
# variant not named here plays from its start and after seven of its first decisions.
POSITIONS = {
    # b1c3, g1f3: the decision at hand is Black's forced reply (R2.3), which the level weakens too.
    "qec": ["", "e2e4", "e2e4 e7e5", "d2d4 d7d5", "g1f3", "c2c4 g8f6", "e2e4 c7c5", "b1c3"],
    "chess": ["", "e2e4", "e2e4 e7e5", "d2d4 d7d5", "g1f3", "c2c4 g8f6", "e2e4 c7c5", "e2e4 e7e5 g1f3 b8c6"],
    "tether": ["", "e2e4", "e2e4 d7d5", "d2d4", "g1f3", "c2c4", "e2e4 e7e5", "d2d4 d7d5"],
    "schroedinger": ["", "e2e4", "e2e4 e7e5", "d2d4 d7d5", "g1f3", "c2c4 g8f6", "e2e4 c7c5", "b1c3"],
}
SCORE_RE = re.compile(r" score (cp|mate) (-?\d+)")
WDL_RE = re.compile(r" score (cp|mate) (-?\d+)( wdl (\d+) (\d+) (\d+))? ")


def position(moves):
    return "position startpos" + (" moves " + moves if moves else "")


def positions(exe, variant):
    if variant in POSITIONS:
        return POSITIONS[variant]
    e = variant_engine(exe, variant)
    e.ok("position startpos")
    first = e.legal()
    e.close()
    return [""] + first[::max(1, len(first) // 7)][:7]


def depth(cfg):
    return 4 if cfg["release"] else 2


def answers(exe, variant, setup, cfg, limit=None):
    """A fresh engine of the variant, the setup lines, then `go` at every position: the
    bestmoves and every info line with a score."""
    e = variant_engine(exe, variant)
    e.ok(*setup)
    best, infos = [], []
    for moves in positions(exe, variant):
        e.ok(position(moves))
        out = e.go(limit or "depth %d" % depth(cfg), timeout=120)
        check(not errors(out), "%s %r: errors %r" % (variant, moves, errors(out)))
        best.append(bestmoves(out)[0].split()[1])
        infos += [s for s in out if SCORE_RE.search(s)]
    e.close()
    return best, infos


@test()
def options_refuse_bad_values(exe, cfg):
    e = variant_engine(exe, "chess")
    out = e.session("uci")
    for want in ("option name Skill Level type spin default 20 min 0 max 20",
                 "option name UCI_LimitStrength type check default false",
                 "option name UCI_ShowWDL type check default false"):
        check(want in out, "uci lists %r" % want)
    elo = [s for s in out if s.startswith("option name UCI_Elo ")]
    m = re.fullmatch(r"option name UCI_Elo type spin default (\d+) min (\d+) max (\d+)", elo[0] if elo else "")
    check(m and int(m.group(2)) <= int(m.group(1)) <= int(m.group(3)), "UCI_Elo spin: %r" % elo)
    lo, hi = int(m.group(2)), int(m.group(3))
    e.ok("setoption name Skill Level value 3", "setoption name UCI_Elo value %d" % lo,
         "setoption name UCI_LimitStrength value false", "setoption name UCI_ShowWDL value true")
    for bad in ("setoption name Skill Level value 21", "setoption name Skill Level value -1",
                "setoption name Skill Level value x", "setoption name Skill Level value 2.5",
                "setoption name Skill Level", "setoption name UCI_Elo value %d" % (lo - 1),
                "setoption name UCI_Elo value %d" % (hi + 1), "setoption name UCI_Elo value elo",
                "setoption name UCI_LimitStrength value maybe", "setoption name UCI_LimitStrength value 1",
                "setoption name UCI_ShowWDL value yes", "setoption name UCI_ShowWDL"):
        out = e.session(bad)
        check(len(out) == 1 and len(errors(out)) == 1, "%r: want one error line, got %r" % (bad, out))
    e.close()


@test()
def full_strength_searches_as_the_default(exe, cfg):
    for variant in engine_variants(exe):
        base = answers(exe, variant, [], cfg)
        for setup in (["setoption name Skill Level value 20"],
                      ["setoption name UCI_Elo value 1400", "setoption name UCI_LimitStrength value false"],
                      ["setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 1400",
                       "setoption name UCI_LimitStrength value false", "setoption name Skill Level value 5",
                       "setoption name Skill Level value 20"]):
            got = answers(exe, variant, setup, cfg)
            strip = [re.sub(r" (nps|time) \d+", "", s) for s in got[1]]
            want = [re.sub(r" (nps|time) \d+", "", s) for s in base[1]]
            check(got[0] == base[0] and strip == want, "%s %r: the search changed" % (variant, setup))


@test()
def only_level_20_is_full_strength(exe, cfg):
    """Skill Level 19 searches other lines than the default (its choice among four); the top of
    UCI_Elo's range is a node limit: `go depth 40` answers by itself, well short of depth 40."""
    _, hi = elo_range(exe)
    for variant in ("chess", "qec"):
        base = answers(exe, variant, [], cfg)
        got = answers(exe, variant, ["setoption name Skill Level value 19"], cfg)
        strip = [re.sub(r" (nps|time) \d+", "", s) for s in got[1]]
        want = [re.sub(r" (nps|time) \d+", "", s) for s in base[1]]
        check(strip != want, "%s Skill Level 19: searched as full strength, node for node" % variant)
        e = variant_engine(exe, variant)
        e.ok("setoption name UCI_Elo value %d" % hi, "setoption name UCI_LimitStrength value true", position(""))
        out = e.go("depth 40", timeout=300)
        e.close()
        depths = [int(m.group(1)) for m in (re.search(r"^info depth (\d+) ", s) for s in out) if m]
        check(depths and max(depths) < 40 and bestmoves(out),
              "%s UCI_Elo %d: depth 40 not cut short by its node limit: %r" % (variant, hi, out[-2:]))


# The node limit of a level (docs/gui/protocol.md, "Levels"): 1,000 at level 0 in qec and tether,
# 250 in schroedinger, doubling every two levels (an odd level sqrt(2) times the even one below,
# rounded down to a whole node after the doubling); chess limits the depth only.
LEVEL_NODES = {"qec": {4: 4000, 9: 22624}, "tether": {4: 4000, 9: 22624}, "schroedinger": {4: 1000, 9: 5656}}


def last_nodes(out):
    nodes = [int(m.group(1)) for m in (re.search(r"^info .*\bnodes (\d+)", s) for s in out) if m]
    return nodes[-1] if nodes else None


@test()
def level_limits_nodes(exe, cfg):
    """In qec, tether and schroedinger a level stops at its node limit (`go depth 40` answers by
    itself, its last line within the limit, give or take the nodes of the decision the stop
    lands in); the limit grows with the level; `go nodes` lower than the level's wins."""
    for variant, limits in LEVEL_NODES.items():
        if variant not in engine_variants(exe):
            continue
        e = variant_engine(exe, variant)
        e.ok(position("e2e4"))
        got = {}
        for level, limit in limits.items():
            e.ok("setoption name Skill Level value %d" % level)
            out = e.go("depth 40", timeout=300)
            got[level] = last_nodes(out)
            check(bestmoves(out) and got[level] and got[level] <= limit * 1.02 + 50,
                  "%s Skill Level %d: %s nodes, its limit %d" % (variant, level, got[level], limit))
        check(got[9] > got[4], "%s: level 9 searched %s nodes, level 4 %s" % (variant, got[9], got[4]))
        out = e.go("nodes 5000", timeout=300)
        check(bestmoves(out) and (last_nodes(out) or 0) <= 5000 * 1.02 + 50,
              "%s Skill Level 9, go nodes 5000: %s nodes" % (variant, last_nodes(out)))
        e.close()
    if cfg["release"]:  # chess at level 12 searches depth 13: past level 12's limit elsewhere
        e = variant_engine(exe, "chess")
        e.ok("setoption name Skill Level value 12", position(""))
        out = e.go("depth 40", timeout=300)
        e.close()
        check(bestmoves(out) and (last_nodes(out) or 0) > 64000 * 1.02 + 50,
              "chess Skill Level 12: %s nodes, as if limited like the other variants" % last_nodes(out))


def elo_range(exe):
    e = variant_engine(exe, "chess")
    out = e.session("uci")
    e.close()
    elo = [s for s in out if s.startswith("option name UCI_Elo ")]
    m = re.fullmatch(r"option name UCI_Elo type spin default (\d+) min (\d+) max (\d+)", elo[0] if elo else "")
    check(m, "UCI_Elo spin: %r" % elo)
    return int(m.group(2)), int(m.group(3))


@test()
def low_level_is_legal_different_and_reproducible(exe, cfg):
    for variant in engine_variants(exe):
        full, _ = answers(exe, variant, [], cfg)
        low_setup = ["setoption name Skill Level value 0"]
        low, infos = answers(exe, variant, low_setup, cfg)
        e = variant_engine(exe, variant)
        for moves, move in zip(positions(exe, variant), low):
            e.session(position(moves))
            check(move in e.legal(), "%s %r: %s is not legal" % (variant, moves, move))
        e.close()
        check(low != full, "%s: Skill Level 0 played as full strength at every position %r" % (variant, low))
        check(all(" multipv 1 " in s for s in infos), "%s: a weakened search shows MultiPV 1 only" % variant)
        again, _ = answers(exe, variant, low_setup, cfg)
        check(again == low, "%s: Skill Level 0 not reproducible: %r then %r" % (variant, low, again))


@test()
def refused_value_keeps_the_level(exe, cfg):
    variant = "chess"
    low, _ = answers(exe, variant, ["setoption name Skill Level value 0"], cfg)
    e = variant_engine(exe, variant)
    out = e.session("setoption name Skill Level value 0", "setoption name Skill Level value 99")
    check(len(errors(out)) == 1, "99 refused: %r" % out)
    got = []
    for moves in positions(exe, variant):
        e.ok(position(moves))
        got.append(bestmoves(e.go("depth %d" % depth(cfg), timeout=120))[0].split()[1])
    e.close()
    check(got == low, "after a refused Skill Level the level is still 0: %r, want %r" % (got, low))


@test()
def limit_strength_weakens(exe, cfg):
    full, _ = answers(exe, "chess", [], cfg)
    weak, _ = answers(exe, "chess", ["setoption name UCI_LimitStrength value true",
                                      "setoption name UCI_Elo value 1350"], cfg)
    check(weak != full, "UCI_Elo 1350 played as full strength: %r" % weak)


def wdl_lines(infos, variant):
    rows = []
    for s in infos:
        m = WDL_RE.search(s + " ")
        check(m and m.group(3), "%s: no wdl after the score: %r" % (variant, s))
        w, d, l = int(m.group(4)), int(m.group(5)), int(m.group(6))
        check(w + d + l == 1000, "%s: %d + %d + %d != 1000 in %r" % (variant, w, d, l, s))
        rows.append((m.group(1), int(m.group(2)), w, d, l))
    return rows


@test()
def wdl_on_every_scored_line(exe, cfg):
    for variant in engine_variants(exe):
        _, plain = answers(exe, variant, [], cfg)
        check(plain and not any(" wdl " in s for s in plain), "%s: wdl without UCI_ShowWDL" % variant)
        _, infos = answers(exe, variant, ["setoption name UCI_ShowWDL value true", "setoption name MultiPV value 12"],
                           cfg)
        rows = wdl_lines(infos, variant)
        cps = sorted((cp, w, l) for kind, cp, w, _, l in rows if kind == "cp")
        check(len({cp for cp, _, _ in cps}) >= 10, "%s: too few distinct scores %r" % (variant, cps[:5]))
        for (c1, w1, l1), (c2, w2, l2) in zip(cps, cps[1:]):
            check(w1 <= w2 and l1 >= l2, "%s: not monotone: cp %d -> %d/%d, cp %d -> %d/%d" % (variant, c1, w1, l1,
                                                                                             c2, w2, l2))
        check(cps[0][1] < cps[-1][1], "%s: W does not rise over %d..%d cp" % (variant, cps[0][0], cps[-1][0]))


# A mate in one for White (Qg7#), and the position after it (Black mated), per Position variant;
# qec without links plays these as chess does here (no forced reply, R2.3).
MATE_FEN = "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"


@test()
def wdl_of_mates(exe, cfg):
    for variant in ("qec", "chess", "tether"):
        e = variant_engine(exe, variant)
        e.ok("setoption name UCI_ShowWDL value true", "setoption name EntMap value none" if variant == "qec" else "isready")
        e.ok("position fen " + MATE_FEN)
        rows = wdl_lines([s for s in e.go("depth 3", timeout=60) if SCORE_RE.search(s)], variant)
        mates = [r for r in rows if r[0] == "mate" and r[1] > 0]
        check(mates and all(r[2:] == (1000, 0, 0) for r in mates), "%s: mate found: %r" % (variant, rows[-3:]))
        e.ok("position fen %s moves f7g7" % MATE_FEN)
        rows = wdl_lines([s for s in e.go("depth 1") if SCORE_RE.search(s)], variant)
        check(rows == [("mate", 0, 0, 0, 1000)], "%s: mated side: %r" % (variant, rows))
        e.close()
    # Schroedinger: the game-over line of a side mated (S3.1, fool's mate), and any mate line.
    e = variant_engine(exe, "schroedinger")
    e.ok("setoption name UCI_ShowWDL value true")
    e.ok("position startpos moves f2f3 e7e5 g2g4 d8h4")
    out = e.go("depth 1")
    rows = wdl_lines([s for s in out if SCORE_RE.search(s)], "schroedinger")
    if any("game over" in s for s in out):
        check(rows == [("mate", 0, 0, 0, 1000)], "schroedinger: mated side: %r" % rows)
    e.close()


if __name__ == "__main__":
    main(TESTS, "levels")
