#!/usr/bin/env python3
"""A slow, independent Tether Chess move generator (rules-tether.md T2-T4), written from the
rules text with no code shared with the engine: square lists instead of bitboards, legality
by make-and-test instead of pin masks. Used to find the first diverging move (divide) and to
count positions that the public EPD does not cover.

  tether_ref.py perft  <fen> <depth>     total count
  tether_ref.py divide <fen> <depth>     one line per move: token count
  tether_ref.py moves  <fen>             the legal tokens, sorted
"""
import sys

KN = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KG = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def on(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def color(pc):
    return 'w' if pc.isupper() else 'b'


class Pos:
    def __init__(self, fen):
        f = fen.split()
        self.b = {}
        r = 7
        for row in f[0].split('/'):
            c = 0
            for ch in row:
                if ch.isdigit():
                    c += int(ch)
                else:
                    self.b[(c, r)] = ch
                    c += 1
            r -= 1
        self.stm = f[1]
        self.cr = set(f[2]) - {'-'}
        self.ep = None
        if f[3] != '-':
            ep = (ord(f[3][0]) - 97, int(f[3][1]) - 1)
            cap = (ep[0], ep[1] - 1 if self.stm == 'w' else ep[1] + 1)
            if self.b.get(cap) == ('p' if self.stm == 'w' else 'P') and ep not in self.b:
                self.ep = ep

    def copy(self):
        q = Pos.__new__(Pos)
        q.b = dict(self.b)
        q.stm, q.cr, q.ep = self.stm, set(self.cr), self.ep
        return q


def attacks(b, s):
    """Classical attack squares of the piece on s (T3.1)."""
    pc = b[s]
    t, col = pc.lower(), color(pc)
    f, r = s
    out = []
    if t == 'p':
        d = 1 if col == 'w' else -1
        return [(f + x, r + d) for x in (-1, 1) if on(f + x, r + d)]
    if t in 'nk':
        return [(f + x, r + y) for x, y in (KN if t == 'n' else KG) if on(f + x, r + y)]
    dirs = (ORTH if t == 'r' else DIAG if t == 'b' else ORTH + DIAG)
    for x, y in dirs:
        g, h = f + x, r + y
        while on(g, h):
            out.append((g, h))
            if (g, h) in b:
                break
            g, h = g + x, h + y
    return out


def reach(b, s):
    """Native reach of the piece on s (T2.2): no en passant, no castling."""
    pc = b[s]
    col = color(pc)
    f, r = s
    if pc.lower() != 'p':
        return [q for q in attacks(b, s) if q not in b or color(b[q]) != col]
    d = 1 if col == 'w' else -1
    out = []
    if on(f, r + d) and (f, r + d) not in b:
        out.append((f, r + d))
        start = 1 if col == 'w' else 6
        if r == start and (f, r + 2 * d) not in b:
            out.append((f, r + 2 * d))
    for q in attacks(b, s):
        if q in b and color(b[q]) != col:
            out.append(q)
    return out


def attacked(b, s, by):
    return any(color(pc) == by and s in attacks(b, q) for q, pc in b.items())


def king_sq(b, col):
    k = 'K' if col == 'w' else 'k'
    return next(q for q, pc in b.items() if pc == k)


def make(p, m):
    """m = (from, to, promo, kind) with kind in '', 'castle', 'ep'."""
    q = p.copy()
    fr, to, promo, kind = m
    pc = q.b.pop(fr)
    col = color(pc)
    q.ep = None
    if kind == 'castle':
        rank = fr[1]
        if to[0] == 7:
            q.b[(6, rank)] = pc
            q.b[(5, rank)] = q.b.pop((7, rank))
        else:
            q.b[(2, rank)] = pc
            q.b[(3, rank)] = q.b.pop((0, rank))
    else:
        if kind == 'ep':
            del q.b[(to[0], fr[1])]
        native_double = (pc.lower() == 'p' and fr[0] == to[0] and abs(to[1] - fr[1]) == 2 and
                         fr[1] == (1 if col == 'w' else 6) and to not in p.b and
                         (fr[0], (fr[1] + to[1]) // 2) not in p.b)
        q.b[to] = promo if promo else pc
        if native_double:
            q.ep = (fr[0], (fr[1] + to[1]) // 2)
    for sq, rights in (((4, 0), 'KQ'), ((7, 0), 'K'), ((0, 0), 'Q'), ((4, 7), 'kq'), ((7, 7), 'k'), ((0, 7), 'q')):
        if fr == sq or to == sq:
            q.cr -= set(rights)
    q.stm = 'b' if p.stm == 'w' else 'w'
    return q


def legal_moves(p):
    b, col = p.b, p.stm
    them = 'b' if col == 'w' else 'w'
    cands = set()
    for s, pc in list(b.items()):
        if color(pc) != col:
            continue
        dests = set()
        for s2, pc2 in b.items():  # every rank-mate, and the piece itself (T2.1, T2.2)
            if color(pc2) == col and s2[1] == s[1]:
                dests.update(reach(b, s2))
        if pc.lower() == 'p':
            dests.discard((s[0], 0 if col == 'w' else 7))  # T2.6: never to its first rank
            dests = {d for d in dests if d[1] != (0 if col == 'w' else 7)}
            epc = p.ep
            if epc and abs(epc[0] - s[0]) == 1 and epc[1] - s[1] == (1 if col == 'w' else -1):
                dests.discard(epc)  # T4.3: it is the capture
                cands.add((s, epc, None, 'ep'))
            last = 7 if col == 'w' else 0
            for d in dests:
                if d[1] == last:
                    for pr in 'QRBN':
                        cands.add((s, d, pr if col == 'w' else pr.lower(), ''))
                else:
                    cands.add((s, d, None, ''))
        else:
            for d in dests:
                cands.add((s, d, None, ''))
    # T4.1 classical castling
    rank = 0 if col == 'w' else 7
    k = 'K' if col == 'w' else 'k'
    if b.get((4, rank)) == k and not attacked(b, (4, rank), them):
        for right, rook, between, path in (('K', 7, [5, 6], [5, 6]), ('Q', 0, [1, 2, 3], [3, 2])):
            r = right if col == 'w' else right.lower()
            if (r in p.cr and b.get((rook, rank)) == ('R' if col == 'w' else 'r') and
                    all((f, rank) not in b for f in between) and
                    not any(attacked(b, (f, rank), them) for f in path)):
                cands.add(((4, rank), (rook, rank), None, 'castle'))
    out = []
    for m in cands:
        q = make(p, m)
        if not attacked(q.b, king_sq(q.b, col), them):
            out.append(m)
    return out


def token(m):
    fr, to, promo, _ = m
    t = '%c%d%c%d' % (97 + fr[0], fr[1] + 1, 97 + to[0], to[1] + 1)
    return t + (promo.lower() if promo else '')


def perft(p, d):
    ms = legal_moves(p)
    if d == 1:
        return len(ms)
    return sum(perft(make(p, m), d - 1) for m in ms)


def main():
    cmd, fen = sys.argv[1], sys.argv[2]
    p = Pos(fen)
    if cmd == 'moves':
        print(' '.join(sorted(token(m) for m in legal_moves(p))))
    elif cmd == 'perft':
        print(perft(p, int(sys.argv[3])))
    elif cmd == 'divide':
        d = int(sys.argv[3])
        for m in sorted(legal_moves(p), key=token):
            print(token(m), perft(make(p, m), d - 1) if d > 1 else 1)


if __name__ == '__main__':
    main()
