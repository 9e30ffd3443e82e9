// The material on the board, as chess sites show it beside the board: which pieces each side
// has more of, and the difference in points (pawn 1, knight and bishop 3, rook 5, queen 9).
// From the placement field of the engine's FEN (`d`); the page applies no rule here.

const VALUE = {q: 9, r: 5, b: 3, n: 3, p: 1};
const GLYPH = {white: {q: '♕', r: '♖', b: '♗', n: '♘', p: '♙'}, black: {q: '♛', r: '♜', b: '♝', n: '♞', p: '♟'}};

// {points (White's lead, negative when Black leads), white: the glyphs of the pieces White has
// more of, black: Black's}; null for a placement with majors of no known type (schroedinger's
// M and m, S1.1), whose value cannot be counted.
export function materialBalance(placement) {
    if (/[Mm]/.test(placement))
        return null;
    const count = {};
    for (const ch of placement)
        count[ch] = (count[ch] || 0) + 1;
    const out = {points: 0, white: '', black: ''};
    for (const t of Object.keys(VALUE)) {
        const d = (count[t.toUpperCase()] || 0) - (count[t] || 0);
        out.points += d * VALUE[t];
        if (d > 0)
            out.white += GLYPH.white[t].repeat(d);
        else if (d < 0)
            out.black += GLYPH.black[t].repeat(-d);
    }
    return out;
}

// The line under the board: "even", or the side ahead with its points and the pieces each side
// has more of ("White +2: ♖ against ♝"); '' when it cannot be counted.
export function materialText(placement) {
    const m = materialBalance(placement);
    if (!m)
        return '';
    if (!m.white && !m.black)
        return 'material even';
    const lead = m.points > 0 ? `White +${m.points}` : m.points < 0 ? `Black +${-m.points}` : 'even in points';
    const pieces = m.white && m.black ? `${m.white} against ${m.black}` : m.white || m.black;
    return `material ${lead}: ${pieces}`;
}
