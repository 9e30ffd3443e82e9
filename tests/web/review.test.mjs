// Unit tests of web/static/review_model.js (no browser): lichess's winning-chances curve and
// thresholds (docs/players/review.md), with values worked out by hand from the formula
// 2 / (1 + exp(-0.00368208 * cp)) - 1, and the [%eval] text qecreview writes (review/model.c).
//   node tests/web/review.test.mjs      -> "web-review: N passed, N failed"
import {BLUNDER, INACCURACY, MISTAKE, chances, evalText, flip, judge} from '../../web/static/review_model.js';

let pass = 0, fail = 0;
function check(name, ok, detail = '') {
    if (ok) pass++;
    else { fail++; console.log(`FAIL: ${name}${detail ? ` (${detail})` : ''}`); }
}
const near = (a, b) => Math.abs(a - b) < 1e-4;

check('an even score: no side\'s chances', chances({cp: 0}) === 0);
check('+1000 cp: 2/(1+e^-3.68208)-1 = 0.95089', near(chances({cp: 1000}), 0.95089), String(chances({cp: 1000})));
check('+300 cp: 0.50216; -100 cp: -0.18205', near(chances({cp: 300}), 0.50216) && near(chances({cp: -100}), -0.18205),
    `${chances({cp: 300})} ${chances({cp: -100})}`);
check('scores past 1000 cp count as 1000', chances({cp: 5000}) === chances({cp: 1000}) && near(chances({cp: -5000}), -0.95089));
check('a mate is +-1', chances({mate: 3, wins: true}) === 1 && chances({mate: 0, wins: false}) === -1);
check('the curve is odd', near(chances({cp: 250}), -chances({cp: -250})));

check('a drop of 0.3 is a blunder', judge(0.5, 0.2) === BLUNDER);
check('a drop of 0.29 is a mistake', judge(0.5, 0.21) === MISTAKE);
check('a drop of 0.2 is a mistake', judge(0.1, -0.1) === MISTAKE);
check('a drop of 0.1 is an inaccuracy, 0.09 nothing', judge(0, -0.1) === INACCURACY && judge(0, -0.09) === 0);
check('a gain is never marked', judge(-0.5, 0) === 0);
check('+3.00 to -1.00 for the decider: a blunder', judge(chances({cp: 300}), chances({cp: -100})) === BLUNDER);
check('a mate given away for +5.00: a mistake (1 - 0.72613)', judge(1, chances({cp: 500})) === MISTAKE,
    String(1 - chances({cp: 500})));
check('a mate given away for +10.00: not marked (1 - 0.95089)', judge(1, chances({cp: 1000})) === 0);

check('pawns with two decimals', evalText({cp: 35}) === '0.35' && evalText({cp: -120}) === '-1.20'
    && evalText({cp: -5}) === '-0.05' && evalText({cp: 0}) === '0.00' && evalText({cp: 1234}) === '12.34',
    [35, -120, -5, 0, 1234].map((cp) => evalText({cp})).join(' '));
check('mates: #N, #-N, #+0, #-0', evalText({mate: 3, wins: true}) === '#3' && evalText({mate: 2, wins: false}) === '#-2'
    && evalText({mate: 0, wins: true}) === '#+0' && evalText({mate: 0, wins: false}) === '#-0');
check('flip: the other side\'s view', evalText(flip({cp: 35})) === '-0.35' && evalText(flip({mate: 2, wins: false})) === '#2');

console.log(`web-review: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
