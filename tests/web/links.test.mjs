// Unit tests of web/static/links.js (no browser): which links have fired, for the "links
// hidden until activated" option (seed 004 §11). The Links lines are written by hand as RULES
// R1.5 (a link follows its pieces) and R1.6 (a capture breaks it) say the engine prints them.
//   node tests/web/links.test.mjs      -> "web-links: N passed, N failed"
import {firedLinks, linkPairs} from '../../web/static/links.js';

let pass = 0, fail = 0;
function check(name, ok, detail = '') {
    if (ok) pass++;
    else { fail++; console.log(`FAIL: ${name}${detail ? ` (${detail})` : ''}`); }
}
const D = (tok, phase, links) => ({tok, phase, links});
const text = (pairs) => (pairs === null ? 'null' : pairs.map((p) => p.join('')).join(' '));

check('pairs from a Links line', text(linkPairs('a2a8 e3f8')) === 'a2a8 e3f8' && linkPairs('none').length === 0);

// The web e2e game: d7d6 makes the e2 rook's reply due (R2.3); e2h2 fires d7-e2; the rook
// carries the link on (R1.5); h3h8 takes the h8 bishop, which breaks g6-h8, never fired (R1.6).
const game = [D('d7d6', 'base', 'd6e2 g6h8'), D('e2h2', 'forced', 'd6h2 g6h8'), D('h2h3', 'base', 'd6h3 g6h8'),
    D('e3e2', 'base', 'd6h3 g6h8'), D('f1e2', 'react', 'd6h3 g6h8'), D('h3h8', 'base', 'd6h8')];
const after = (n) => text(firedLinks(game.slice(0, n)));
check('nothing fired at the start', after(0) === '');
check('a due forced reply not yet made: nothing fired', after(1) === '');
check('the forced reply fires its link', after(2) === 'd6h2');
check('a fired link follows its piece', after(3) === 'd6h3' && after(5) === 'd6h3', `${after(3)} ${after(5)}`);
check('the fired link\'s piece captures: still fired, the other link never was', after(6) === 'd6h8', after(6));

// A fired link whose piece is captured is gone; the capturer's own link (not fired) stays hidden.
const capture = [D('d2d3', 'base', 'd3d8 c3g7'), D('d8d4', 'forced', 'd3d4 c3g7'), D('c3d4', 'base', 'd4g7')];
check('a captured piece\'s link is gone, the capturer\'s is not taken for it', text(firedLinks(capture)) === '',
    text(firedLinks(capture)));
// Castling moves the rook without a token of its own: the link is found by its pawn.
const castle = [D('g7g6', 'base', 'g6h1'), D('h1h3', 'forced', 'g6h3'), D('h3h1', 'base', 'g6h1'), D('a7a6', 'base', 'g6h1'),
    D('e1g1', 'base', 'g6f1')];
check('castling: the fired rook link follows the rook', text(firedLinks(castle)) === 'g6f1', text(firedLinks(castle)));
check('links not known for a decision: null', firedLinks([{tok: 'e2e4', phase: 'base'}]) === null);

console.log(`web-links: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
