// Unit tests of web/static/clock.js (no browser): the web board's game clock. The times are
// numbers passed in (no timers); the expected values are worked out by hand.
//   node tests/web/clock.test.mjs      -> "web-clock: N passed, N failed"
import {clockForLimit, clockFromSaved, clockText, clockTo, clockToSave, flagFell, goArgs, limitTimeControl, newClock, parseTimeControl, tcTag,
    tcText, timeLeft} from '../../web/static/clock.js';

let pass = 0, fail = 0;
function check(name, ok, detail = '') {
    if (ok) pass++;
    else { fail++; console.log(`FAIL: ${name}${detail ? ` (${detail})` : ''}`); }
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// ---- the control as people write it ----
const tcs = [['5+3', {base: 300000, inc: 3000}], ['5', {base: 300000, inc: 0}], [' 90 + 30 ', {base: 5400000, inc: 30000}],
    ['0.5+1', {base: 30000, inc: 1000}], ['0.05+0', {base: 3000, inc: 0}], ['1+0.1', {base: 60000, inc: 100}],
    ['600+600', {base: 36000000, inc: 600000}]];
for (const [text, want] of tcs)
    check(`time control '${text}'`, same(parseTimeControl(text), want), JSON.stringify(parseTimeControl(text)));
for (const bad of ['', '+3', '5+', '5+3+1', '-5+3', '5:00', 'five', '0+5', '0.01+0', '601+0', '5+601', '1e3', null, undefined])
    check(`not a time control: ${JSON.stringify(bad)}`, parseTimeControl(bad) === null, JSON.stringify(parseTimeControl(bad)));
check('a game\'s limit `clock 5+3` has that control', same(limitTimeControl('clock 5+3'), {base: 300000, inc: 3000}));
for (const limit of ['movetime 300', 'depth 5', 'clock ', 'clock 5:00', 'clock 5 +3', 'clocks 5+3'])
    check(`a limit without a control: '${limit}'`, limitTimeControl(limit) === null, JSON.stringify(limitTimeControl(limit)));
check('written back as the form does', tcText({base: 300000, inc: 3000}) === '5+3' && tcText({base: 30000, inc: 1000}) === '0.5+1',
    tcText({base: 30000, inc: 1000}));
check('the record\'s TimeControl in seconds', tcTag({base: 300000, inc: 3000}) === '300+3' && tcTag({base: 3000, inc: 0}) === '3+0'
    && tcTag({base: 60000, inc: 100}) === '60+0.1', tcTag({base: 60000, inc: 100}));

// ---- a game: 60 s + 2 s a decision ----
const c = newClock({base: 60000, inc: 2000});
check('a new clock runs for nobody, both sides full', c.side === null && timeLeft(c, 'white', 5000) === 60000
    && timeLeft(c, 'black', 5000) === 60000);
check('White to decide at t=1000: nobody lost', clockTo(c, 'white', 0, 1000) === null && c.side === 'white');
check('White\'s clock runs, Black\'s does not', timeLeft(c, 'white', 11000) === 50000 && timeLeft(c, 'black', 11000) === 60000);
check('the engine is told both clocks and increments', goArgs(c, 11000) === 'wtime 50000 btime 60000 winc 2000 binc 2000',
    goArgs(c, 11000));
// White's base move after 10 s: 60 - 10 + 2
clockTo(c, 'black', 1, 11000);
check('a decision after 10 s: debited, the increment added, Black\'s clock runs', c.left.white === 52000 && c.side === 'black'
    && timeLeft(c, 'black', 14000) === 57000, JSON.stringify(c));
// Black's forced reply (3 s), then Black's own base move (4 s): two decisions in a row, one side
clockTo(c, 'black', 2, 14000);
clockTo(c, 'white', 3, 18000);
check('two decisions in a row by one side: each debited and each given the increment', c.left.black === 60000 - 3000 + 2000
    - 4000 + 2000 && c.left.white === 52000, JSON.stringify(c.left));
// a take back while White decides (5 s in): no time back, no increment
clockTo(c, 'white', 1, 23000);
check('take back: the time spent stays spent, no increment', c.left.white === 47000 && c.counted === 1 && c.side === 'white',
    JSON.stringify(c));
// what a reload keeps: the times as they stand, running for nobody
const saved = JSON.parse(JSON.stringify(clockToSave(c, 25000)));
const back = clockFromSaved(saved);
check('saved and read back: the times at the save, running for nobody', back && back.left.white === 45000
    && back.left.black === 57000 && back.side === null && back.counted === 1 && back.inc === 2000, JSON.stringify(back));
for (const bad of [null, {}, {...saved, base: -1}, {...saved, inc: 'x'}, {...saved, left: {white: 1}}, {...saved, counted: 1.5},
    {...saved, left: {white: NaN, black: 1}}])
    check(`a saved clock that is not one: ${JSON.stringify(bad)}`, clockFromSaved(bad) === null);
// the game over: the clock stops
clockTo(c, null, 1, 26000);
check('game over: debited, running for nobody', c.left.white === 44000 && c.side === null && timeLeft(c, 'white', 99000) === 44000);

// ---- the flag ----
const f = newClock({base: 3000, inc: 1000});
clockTo(f, 'white', 0, 0);
check('the flag has not fallen with time left', flagFell(f, 2999) === null);
check('the flag falls when the time is out', flagFell(f, 3000) === 'white' && flagFell(f, 4000) === 'white');
check('a decision after the flag fell loses on time: no increment, the clock at 0, stopped',
    clockTo(f, 'black', 1, 3500) === 'white' && f.left.white === 0 && f.side === null, JSON.stringify(f));
check('a stopped clock has no flag to fall', flagFell(f, 10000) === null);
check('the engine is never told 0 ms', goArgs(f, 10000) === 'wtime 1 btime 3000 winc 1000 binc 1000', goArgs(f, 10000));

// ---- the face ----
const faces = [[300000, '5:00'], [299999, '4:59'], [20000, '0:20'], [19999, '0:19.9'], [9300, '0:09.3'], [99, '0:00.0'],
    [0, '0:00.0'], [-5, '0:00.0'], [3600000, '1:00:00'], [3723000, '1:02:03'], [61000, '1:01']];
for (const [ms, want] of faces)
    check(`${ms} ms shows ${want}`, clockText(ms) === want, clockText(ms));

// ---- a game's limit as a clock ----
check('clock 5+3: a full clock, running for nobody', same(clockForLimit('clock 5+3'),
    {base: 300000, inc: 3000, left: {white: 300000, black: 300000}, side: null, since: 0, counted: 0}));
for (const other of ['movetime 1000', 'depth 3', 'clock 5:00', 'clock', ''])
    check(`no clock for the limit '${other}'`, clockForLimit(other) === null, JSON.stringify(clockForLimit(other)));

console.log(`web-clock: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
