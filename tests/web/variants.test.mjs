// Unit test of web/static/variants.js (no browser): the page's table of games against the
// engine's own (`qec --list variants`: name, PGN Variant tag or -, aliases), so that a record
// the page writes carries the tag the engine writes and reads back as the same game.
//   node tests/web/variants.test.mjs [./qec]   -> "web-variants: N passed, N failed"
import {spawnSync} from 'node:child_process';
import {DEFAULT_VARIANT, variantFacts, variantOfTag} from '../../web/static/variants.js';

const [qec = './qec'] = process.argv.slice(2);
let pass = 0, fail = 0;
function check(name, ok, detail = '') {
    if (ok) pass++;
    else { fail++; console.log(`FAIL: ${name}${detail ? ` (${detail})` : ''}`); }
}

const rows = (spawnSync(qec, ['--list', 'variants'], {encoding: 'utf8'}).stdout || '').split('\n')
    .filter(Boolean).map((line) => line.split('\t'));
check('the engine lists its variants', rows.length > 0 && rows.every((r) => r.length === 3), JSON.stringify(rows));
check('the default game is the engine\'s first', rows.length > 0 && rows[0][0] === DEFAULT_VARIANT, rows[0]?.[0]);
for (const [name, tag] of rows) {
    const want = tag === '-' ? '' : tag;
    check(`${name}: the page's PGN tag is the engine's`, variantFacts(name).pgnTag === want,
        `${variantFacts(name).pgnTag} vs ${want}`);
    check(`${name}: its tag reads back as ${name}`, variantOfTag(want) === name, variantOfTag(want));
    check(`${name}: its tag in other case reads back`, variantOfTag(want.toUpperCase()) === name);
}
check('PGN\'s Standard is the game without a tag', variantOfTag('Standard') === variantOfTag(''));
check('an unknown tag stays itself (the page reports it)', variantOfTag('Xiangqi') === 'xiangqi');
check('a game without a row: no links, its name as tag',
    !variantFacts('nosuch').links && !variantFacts('nosuch').rankMates && variantFacts('nosuch').pgnTag === 'nosuch');

console.log(`web-variants: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
