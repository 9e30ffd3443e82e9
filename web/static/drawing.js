// The board's drawing from the engine's words, for chessground (app.js draws with it): the links
// shown, schroedinger's unknown majors as pieces with their possible types, the checked side,
// and the square classes of a position. The page applies no rule here: every fact is the
// engine's (`d`).
import {parseTypes} from './engine.js';
import {firedLinks, linkPairs} from './links.js';

// The links drawn: all of them, or (hidden links, seed 004 §11) those whose first forced reply
// has been made in the decisions shown.
export function shownLinks(board, decisions, hidden) {
    const pairs = linkPairs(board.links);
    if (!hidden)
        return pairs;
    const fired = firedLinks(decisions) || [];
    return pairs.filter(([a, b]) => fired.some((f) => f[0] === a && f[1] === b));
}

// Schroedinger's unknown majors (`M`/`m` in the engine's FEN, S1.1): chessground's FEN reader
// knows only the six piece letters, so they are taken out of the FEN and put back as pieces
// of role `major` (drawn by style.css).
export function splitMajors(fen) {
    const majors = new Map();
    const rows = fen.split('/').map((row, i) => {
        let out = '', empty = 0, file = 0;
        for (const ch of row) {
            if (/[1-8]/.test(ch)) {
                empty += +ch;
                file += +ch;
                continue;
            }
            if (ch === 'M' || ch === 'm') {
                majors.set(`${'abcdefgh'[file]}${8 - i}`, {role: 'major', color: ch === 'M' ? 'white' : 'black'});
                empty++;
            } else {
                out += (empty || '') + ch;
                empty = 0;
            }
            file++;
        }
        return out + (empty || '');
    });
    return {fen: rows.join('/'), majors};
}

// Small letters on a major's square: the types it may still have (`Types:` of `d`). Squares
// take classes, not text, so each set of letters gets a class and a rule once.
const typeRules = new Set();
export function typesClass(letters) {
    const cls = `types-${letters}`;
    if (!typeRules.has(letters)) {
        typeRules.add(letters);
        document.getElementById('type-styles').textContent += `cg-board square.${cls}::after { content: "${letters}"; }\n`;
    }
    return `types ${cls}`;
}

// The side whose king is in check in a position, from the engine's own words: QEC's reactive
// step (R2.5), or the `+`/`#` the engine's notation puts on the last turn (every variant).
export function checkedSide(board) {
    if (board.phase === 'react')
        return board.decider || 'white';
    if (/[+#]$/.test(board.lastShort || ''))
        return (board.fen || '').split(' ')[1] === 'b' ? 'black' : 'white';
    return false;
}

// The square classes of a position: links, the pending piece, schroedinger's types, and in
// schroedinger the checked side's majors that may be its king (no piece there is drawn as a
// king for chessground's own check mark).
export function squareClasses(board, pairs, markers, majors) {
    const squares = new Map();
    const add = (sq, cls) => squares.set(sq, `${squares.get(sq) || ''} ${cls}`.trim());
    pairs.forEach(([a, b], i) => { // markers: the two squares of a link carry the same number
        const cls = markers ? `linked lk lk-${i + 1}` : 'linked';
        add(a, cls);
        add(b, cls);
    });
    if (board.pending && board.pending !== '-')
        add(board.pending, 'pending');
    const checked = checkedSide(board);
    const types = parseTypes(board.types);
    const kings = [...types].filter(([sq, letters]) => majors.get(sq)?.color === checked && letters.includes('K'));
    const sure = kings.filter(([, letters]) => letters === 'K');
    for (const [sq] of sure.length ? sure : kings)
        add(sq, 'check');
    for (const [sq, letters] of types)
        if (majors.has(sq))
            add(sq, typesClass(letters));
    return squares;
}

// Numbers for the link markers (chessground squares take classes, not text).
export function markerStyles() {
    const css = Array.from({length: 16}, (_, i) => `cg-board square.lk-${i + 1}::after { content: "${i + 1}"; }`);
    const el = document.createElement('style');
    el.textContent = css.join('\n');
    document.head.append(el);
}
