// Unit tests of web/static/review_model.js (no browser): the review's winning chances, taken
// from the engine's `wdl W D L` (UCI_ShowWDL), and thresholds, held against review/model.c (what
// ./qecreview judges by, through tests/review/review_probe) so that the board and the tool cannot
// disagree; the [%eval] text qecreview writes; engine.js reading the wdl of an info line.
//   node tests/web/review.test.mjs [QEC] [PROBE]   -> "web-review: N passed, N failed"
// QEC: ./qec by default; PROBE: build/release/tests/review_probe (make test-progs).
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {parseInfo} from '../../web/static/engine.js';
import {BLUNDER, DRAWN, INACCURACY, MISTAKE, chances, evalText, expected, flip, judge, wdlText}
    from '../../web/static/review_model.js';

const [qec = './qec', probe = 'build/release/tests/review_probe'] = process.argv.slice(2);
let pass = 0, fail = 0;
function check(name, ok, detail = '') {
    if (ok) pass++;
    else { fail++; console.log(`FAIL: ${name}${detail ? ` (${detail})` : ''}`); }
}
const near = (a, b) => Math.abs(a - b) < 1e-9;

// ---- the model on the page: the engine's per mille ----
check('chances are (W - L) / 1000', near(chances({cp: 35, wdl: [300, 500, 200]}), 0.1) && chances({cp: 0, wdl: [210, 580, 210]}) === 0);
check('a mate is +-1', chances({mate: 3, wins: true}) === 1 && chances({mate: 0, wins: false}) === -1);
check('a drawn end: even chances, 0.00', chances(DRAWN) === 0 && evalText(DRAWN) === '0.00');
let threw = '';
try { chances({cp: 40}); } catch (e) { threw = e.message; }
check('a centipawn score without wdl is refused, not guessed', /UCI_ShowWDL/.test(threw), threw);
check('expected score W + D/2', near(expected({cp: 100, wdl: [277, 568, 155]}), 0.561) && expected({mate: 2, wins: false}) === 0);
check('flip swaps W and L', JSON.stringify(flip({cp: 100, wdl: [277, 568, 155]})) === JSON.stringify({cp: -100, wdl: [155, 568, 277]})
    && evalText(flip({mate: 2, wins: false})) === '#2');
check('W/D/L for people', wdlText({cp: 100, wdl: [277, 568, 155]}) === 'W 28% · D 57% · L 16%'
    && wdlText({mate: 1, wins: true}) === 'W 100% · D 0% · L 0%', wdlText({cp: 100, wdl: [277, 568, 155]}));

check('a drop of 0.3 is a blunder', judge(0.5, 0.2) === BLUNDER);
check('a drop of 0.29 is a mistake', judge(0.5, 0.21) === MISTAKE);
check('a drop of 0.1 is an inaccuracy, 0.09 nothing', judge(0, -0.1) === INACCURACY && judge(0, -0.09) === 0);
check('a gain is never marked', judge(-0.5, 0) === 0);

check('pawns with two decimals', evalText({cp: 35}) === '0.35' && evalText({cp: -120}) === '-1.20'
    && evalText({cp: -5}) === '-0.05' && evalText({cp: 0}) === '0.00' && evalText({cp: 1234}) === '12.34',
    [35, -120, -5, 0, 1234].map((cp) => evalText({cp})).join(' '));
check('mates: #N, #-N, #+0, #-0', evalText({mate: 3, wins: true}) === '#3' && evalText({mate: 2, wins: false}) === '#-2'
    && evalText({mate: 0, wins: true}) === '#+0' && evalText({mate: 0, wins: false}) === '#-0');

// ---- engine.js reads the wdl, the bound before or after it ----
const a = parseInfo('info depth 9 seldepth 12 multipv 2 score cp -41 wdl 120 560 320 lowerbound nodes 900 pv e2e4');
const b = parseInfo('info depth 9 multipv 1 score cp 12 upperbound wdl 300 400 300 nodes 9 pv d2d4');
check('parseInfo: wdl and the bound', JSON.stringify([a.cp, a.wdl, a.bound, a.multipv, a.pv]) === '[-41,[120,560,320],"lowerbound",2,["e2e4"]]'
    && JSON.stringify([b.cp, b.wdl, b.bound]) === '[12,[300,400,300],"upperbound"]', JSON.stringify([a, b]));
check('parseInfo: a wdl that is not numbers is dropped', parseInfo('info depth 1 score cp 5 wdl x y z pv e2e4').wdl === undefined);

// ---- the page and ./qecreview judge alike ----
if (!existsSync(probe) || !existsSync(qec)) {
    check(`${probe} and ${qec} are built (make test-progs)`, false);
} else {
    const run = (cmd, input) => spawnSync(cmd, [], {input, encoding: 'utf8', timeout: 120000}).stdout || '';
    // the thresholds: the same judgement over a grid of chances before and after
    const grid = [];
    for (let x = -20; x <= 20; x++)
        for (let y = -20; y <= 20; y++)
            grid.push([x / 20, y / 20]);
    grid.push([0.5, 0.2], [0.5, 0.21], [0.1, -0.1], [0, -0.1], [0, -0.09], [1, 0.7], [0.3, 0.2 - 1e-12]);
    const cj = run(probe, grid.map(([x, y]) => `judge ${x} ${y}\n`).join('')).trim().split('\n').map(Number);
    const differ = grid.filter(([x, y], i) => judge(x, y) !== cj[i]);
    check('thresholds: the page judges as review/model.c', cj.length === grid.length && differ.length === 0,
        `${cj.length} of ${grid.length}; differ at ${JSON.stringify(differ.slice(0, 3))}`);
    // the chances: the page's from the engine's wdl lines, review/model.c's from the same scores
    // every variant the engine has (`qec --list variants`, docs/gui/protocol.md)
    const variants = (spawnSync(qec, ['--list', 'variants'], {encoding: 'utf8'}).stdout || '').split('\n')
        .filter(Boolean).map((line) => line.split('\t')[0]);
    check('the engine lists its variants', variants.length > 0, variants.join(','));
    for (const v of variants) {
        const out = run(qec, `setoption name UCI_Variant value ${v}\nsetoption name UCI_ShowWDL value true\n`
            + `position startpos moves ${v === 'schroedinger' ? 'g2g4 g7g5 h1b7' : 'e2e4'}\ngo nodes 20000\n`);
        const infos = out.split('\n').map(parseInfo).filter((i) => i && i.cp !== undefined);
        const model = run(probe, infos.map((i) => `chances ${v} ${i.cp}\n`).join('')).trim().split('\n');
        const bad = infos.filter((i, k) => chances({cp: i.cp, wdl: i.wdl}).toFixed(3) !== model[k]);
        check(`${v}: the page's chances (the engine's wdl) are review/model.c's`, infos.length > 0 && infos.every((i) => i.wdl)
            && bad.length === 0, `${infos.length} lines; ${bad.slice(0, 2).map((i) => `${i.cp} ${i.wdl}`).join(', ')} / ${model.slice(0, 2)}`);
    }
}

console.log(`web-review: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
