// Unit tests of web/static/material.js (no browser): the material line under the board. The
// placements and the expected lines are written by hand.
//   node tests/web/material.test.mjs      -> "web-material: N passed, N failed"
import {materialBalance, materialText} from '../../web/static/material.js';

let pass = 0, fail = 0;
function check(name, ok, detail = '') {
    if (ok) pass++;
    else { fail++; console.log(`FAIL: ${name}${detail ? ` (${detail})` : ''}`); }
}
const is = (name, placement, want) => {
    const got = materialText(placement);
    check(name, got === want, `${got} / ${want}`);
};

is('the start position: even', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR', 'material even');
is('Black without a knight: White +3', 'r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR', 'material White +3: ♘');
is('White without its queen: Black +9', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR', 'material Black +9: ♛');
is('a knight against two pawns: White +1, both sides\' extras', 'r1bqkbnr/pppppppp/8/8/8/8/PPPPPP2/RNBQKBNR',
    'material White +1: ♘ against ♟♟');
is('a bishop for a knight: even in points, both named', 'rnbqk1nr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR',
    'material even in points: ♗ against ♞');
is('the web e2e game\'s start: a rook against a bishop, White +2', 'k6b/p1Pp2p1/P5P1/3P4/8/4p3/4R3/5K2',
    'material White +2: ♖ against ♝');
is('a promoted queen counts as a queen', 'k7/8/8/8/8/8/8/KQQ5', 'material White +18: ♕♕');
check('schroedinger\'s majors of no known type: not counted', materialBalance('mmmkmmmm/pppppppp/8/8/8/8/PPPPPPPP/MMMKMMMM') === null
    && materialText('mmmkmmmm/pppppppp/8/8/8/8/PPPPPPPP/MMMKMMMM') === '');
check('points are White\'s lead', materialBalance('k7/8/8/8/8/8/8/KR6').points === 5
    && materialBalance('kr6/8/8/8/8/8/8/K7').points === -5);

console.log(`web-material: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
