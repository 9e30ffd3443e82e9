// End-to-end test of the web board: headless Chromium (Debian's) driven by playwright-core
// plays a whole QEC game against the engine by clicks on the board.
//   node tests/web/e2e.mjs URL SCREENSHOT_DIR QEC_BINARY
// Prints FAIL lines and ends with "web-e2e: N passed, N failed".
// TRANSPORT=websocket (make web: ./qec behind websocketd, the default) or worker (make wasm's
// static site: the engine in WebAssembly in a Web Worker) says which engine the page must use;
// VIEWPORT=390x844 runs the page as a phone (touch, taps instead of clicks). BUILD=threads or
// single (worker only) says which engine build the Worker must have chosen: threads when the
// site is served cross-origin isolated (web/serve_static.py), single without the headers.
//
// The game (black to move, links d7-e2 and g6-h8, RULES R1.2) is built so that every engine
// decision has exactly one option, hence the game is the same on every run whatever the
// engine's strength:
//   1... d7d6        the d7 pawn is linked to the e2 rook: White (the human) owes a forced
//        [e2h2]      reply with that rook (R2.3), chosen by clicks
//   2. h2h3          the rook, linked to d6 now, moves; d6 has no move, no forced reply
//   2... e3e2        check (the only black move): the White king must step (R2.5)
//        <f1e2>      the human's reactive step, capturing the checker
//   3. h3h8          the rook takes the h8 bishop (the g6-h8 link breaks, R1.6) with check;
//                    the a8 king has no step: black is mated (R4.1)
import {chromium} from '../../web/node_modules/playwright-core/index.mjs';
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {tmpdir} from 'node:os';

const [url, shots, qec] = process.argv.slice(2);
const TRANSPORT = process.env.TRANSPORT || 'websocket';
const [VW, VH] = (process.env.VIEWPORT || '1200x720').split('x').map(Number);
const PHONE = VW < 700;
const PREFIX = PHONE ? 'phone-' : ''; // screenshot names
let dialogs = 0, dismissNext = false;
const FEN = 'k6b/p1Pp2p1/P5P1/3P4/8/4p3/4R3/5K2 b - - 0 1';
const SCRIPTED_TOKENS = 'd7d6 e2h2 h2h3 e3e2 f1e2 h3h8'.split(' '); // the scripted game's decisions
const MAP = 'd7e2 g6h8';
let pass = 0, fail = 0;

function check(name, ok, detail = '') {
    if (ok) pass++;
    else { fail++; console.log(`FAIL: ${name}${detail ? ` (${detail})` : ''}`); }
}

// The page's own view of the game.
const status = (page) => page.evaluate(() => {
    const g = window.qecPage.game;
    return {
        state: document.body.dataset.state, n: g.decisions.length,
        phase: g.board.phase, decider: g.board.decider, pending: g.board.pending,
        links: g.board.links, fen: g.board.fen, result: g.board.result || '',
        shownPhase: document.getElementById('phase').textContent,
        shownDecider: document.getElementById('decider').textContent,
        shownResult: document.getElementById('result').textContent,
        // each turn as `label token` (the R5.2 whole-turn token), and as the page shows it
        moves: [...document.querySelectorAll('#moves li.turn')].map((li) => li.firstChild.textContent + li.dataset.uci),
        shortMoves: [...document.querySelectorAll('#moves li.turn .short')].map((s) => s.textContent),
        longMoves: [...document.querySelectorAll('#moves li.turn')].map((li) => li.dataset.long),
        dests: [...(window.qecPage.cg.state.movable.dests || new Map()).keys()],
        linkArrows: window.qecPage.cg.state.drawable.autoShapes.filter((s) => s.brush === 'link').length,
        pendingSquares: document.querySelectorAll('cg-board square.pending').length,
    };
});

// Waits until the page awaits the human (or the game is over) after n decisions, and until
// the board is drawn: the page sets its state after chessground's state, but chessground draws
// its squares on the next animation frame, which a busy machine may delay. Two frames after the
// state, that draw has run (bounded: a page that never paints fails its checks, not the run).
async function settle(page, n, states = ['human', 'over']) {
    await page.waitForFunction(([k, ss]) => ss.includes(document.body.dataset.state)
        && document.body.dataset.decisions === String(k), [n, states], {timeout: 30000});
    await drawn(page);
    return status(page);
}
const drawn = (page) => page.evaluate(() => new Promise((done) => {
    const timer = setTimeout(done, 5000);
    requestAnimationFrame(() => requestAnimationFrame(() => { clearTimeout(timer); done(); }));
}));
// Polls until the page shows what a check expects (bounded), so that the check reads the page
// after the redraw it checks and never its first state; the check itself then decides.
const until = (page, fn, arg) => page.waitForFunction(fn, arg, {timeout: 10000}).catch(() => {});

async function squareXY(page, sq) {
    await page.locator('cg-board').scrollIntoViewIfNeeded(); // a phone scrolls to the form and back
    const box = await page.locator('cg-board').boundingBox();
    const white = await page.evaluate(() => window.qecPage.cg.state.orientation === 'white');
    let f = sq.charCodeAt(0) - 97, r = sq.charCodeAt(1) - 49;
    if (!white) { f = 7 - f; r = 7 - r; }
    return [box.x + (f + 0.5) * box.width / 8, box.y + (7 - r + 0.5) * box.height / 8];
}

// Clicks the piece, waits until chessground has selected it (a piece that may not move is not
// selected: then after a short wait), and clicks the destination.
// On a phone, taps.
const tap = async (page, sq) => (PHONE ? page.touchscreen.tap(...await squareXY(page, sq))
    : page.mouse.click(...await squareXY(page, sq)));
async function clickMove(page, from, to) {
    await tap(page, from);
    await page.waitForFunction((sq) => window.qecPage.cg.state.selected === sq, from, {timeout: 1500}).catch(() => {});
    await tap(page, to);
}

// On a phone the panels under the board are tabs (web/static/layout.js): shows the one named
// (moves, analysis, record, setup) before the test uses it; on a wide screen all are shown.
async function panel(page, name) {
    if (!PHONE)
        return;
    await page.click(`#tabs button[data-tab="${name}"]`);
    await page.waitForFunction((n) => document.body.dataset.tab === n, name);
}

// What qec itself says after the tokens (a separate engine, over a pipe).
function engineD(fen, map, tokens, variant = 'qec') {
    const root = fen ? `fen ${fen}` : 'startpos';
    const input = `setoption name UCI_Variant value ${variant}\nsetoption name EntMap value ${map}\n`
        + `position ${root}${tokens.length ? ` moves ${tokens.join(' ')}` : ''}\nd\nquit\n`;
    const out = spawnSync(qec, [], {input, encoding: 'utf8'}).stdout;
    const get = (k) => (out.match(new RegExp(`^${k.replace(/[()]/g, '\\$&')}: (.*)$`, 'm')) || [])[1];
    return {fen: get('Fen'), result: get('Result'), phase: get('Phase'), links: get('Links'), types: get('Types'),
        lastShort: get('Last turn (short)'), lastLong: get('Last turn'), lastMove: get('Last move')}; // schroedinger's one form
}

// The analysis lines shown (#pv li), n of them: by line number, each `score dDepth` and then the
// line as whole turns, whose first turn (with its number) is what a separate qec's `d` says after
// that turn's tokens (the li's data-uci, the pv it shows) from the root (fen, map, toks).
async function analysisLines(page, n, variant, fen, map, toks) {
    await page.waitForFunction((k) => document.querySelectorAll('#pv li').length === k, n, {timeout: 20000});
    const lines = await page.$$eval('#pv li', (ls) => ls.map((l) => ({text: l.textContent, uci: l.dataset.uci, k: l.dataset.multipv})));
    const shown = lines.map((l) => l.text).join(' | ');
    check(`analysis (${variant}): ${n} lines in line-number order`, lines.map((l) => l.k).join() === [...Array(n).keys()].map((k) => k + 1).join(), shown);
    const root = engineD(fen, map, toks, variant).fen.split(' ');
    const number = root[1] === 'w' ? `${root[5]}. ` : `${root[5]}... `;
    for (const l of lines) {
        const m = /^([+-]?\d+\.\d\d|#-?\d+) d(\d+) (.+)$/.exec(l.text);
        check(`analysis (${variant}): score, depth and turns`, m && l.uci, l.text);
        if (!m || !l.uci)
            continue;
        const pv = l.uci.split(' ');
        let d;
        for (let k = 1; k <= pv.length; k++) {
            d = engineD(fen, map, [...toks, ...pv.slice(0, k)], variant);
            if (d.phase === 'base' || d.result)
                break;
        }
        const first = number + (d.lastShort || d.lastMove);
        check(`analysis (${variant}): a line's first turn as the engine's d writes it`,
            m[3] === first || m[3].startsWith(`${first} `), `${l.text} / ${first} (${l.uci})`);
    }
}

const formChecked = new Set();
async function newGame(page, {fen = '', map = 'default', custom = '', side = 'white', limit = 'depth', value = '1',
    variant = 'qec', hidden = false, level = '20'}) {
    const before = await page.evaluate(() => window.qecPage.game.id);
    await panel(page, 'setup');
    await page.selectOption('#variant', variant);
    const qec = variant === 'qec';
    if (!formChecked.has(variant)) {
        formChecked.add(variant);
        check(`new game: map and hidden links shown for ${variant} ${qec ? '' : 'not '}(links are QEC's)`,
            await page.isVisible('#map') === qec && await page.isVisible('#hidden-links') === qec);
    }
    await page.fill('#fen', fen);
    if (qec) {
        await page.setChecked('#hidden-links', hidden);
        await page.selectOption('#map', map);
        if (map === 'custom') await page.fill('#custom-map', custom);
    }
    await page.selectOption('#side', side);
    await page.selectOption('#limit', limit);
    await page.fill('#limit-value', value);
    await page.selectOption('#level', level);
    await page.click('#new-game');
    await page.waitForFunction((id) => window.qecPage.game.id > id, before);
}

// The page's engine: the transport asked for, named by its `id name` once `uciok` came.
async function transport(page) {
    const t = await page.evaluate(() => [document.body.dataset.transport, document.getElementById('conn').textContent]);
    check(`the page uses the ${TRANSPORT} engine`, t[0] === TRANSPORT, t[0]);
    check('the status line names the engine once connected', /^engine connected: qec \d/.test(t[1])
        && t[1].includes(TRANSPORT === 'worker' ? 'WebAssembly' : 'WebSocket'), t[1]);
}

// The engine build the Worker chose (BUILD): the status line says which; the threaded build
// offers Threads up to the browser's cores (at most 8) and a search with Threads 2 runs to its
// end and stops when told (a helper thread that never started would hang it); the one-thread
// build refuses Threads 2. A probe engine of its own, so the page's game is untouched.
async function engineBuild(page) {
    const BUILD = process.env.BUILD;
    if (TRANSPORT !== 'worker' || !BUILD)
        return;
    const b = await page.evaluate(() => ({build: window.qecPage.main.build, isolated: window.crossOriginIsolated,
        conn: document.getElementById('conn').textContent, cores: navigator.hardwareConcurrency}));
    check(`the Worker runs the ${BUILD} engine build`, b.build === BUILD, b.build);
    check(`the page is ${BUILD === 'threads' ? '' : 'not '}cross-origin isolated`, b.isolated === (BUILD === 'threads'));
    check('the status line says how the engine runs', BUILD === 'threads'
        ? /\d+ threads?: cross-origin isolated\)$/.test(b.conn) : /one thread: the page is not cross-origin isolated\)$/.test(b.conn),
    b.conn);
    const r = await page.evaluate(async (threaded) => {
        const {Engine} = await import('./engine.js');
        const e = new Engine({worker: 'engine-worker.js'}, 'probe');
        const out = {};
        try {
            await e.connect();
            out.option = (await e.query(['uci'])).find((l) => l.startsWith('option name Threads '));
            out.set = await e.query(['setoption name Threads value 2']);
            if (threaded) {
                out.fixed = await e.search(['position startpos', 'go depth 8'], () => {});
                let deep = 0;
                out.stopped = await e.search(['position startpos', 'go infinite'], (l) => {
                    const d = /^info depth (\d+)/.exec(l);
                    if (d && +d[1] >= 4 && !deep++)
                        e.stop();
                });
            }
        } catch (err) {
            out.error = String(err);
        } finally {
            e.close();
        }
        return out;
    }, BUILD === 'threads');
    const ceiling = BUILD === 'threads' ? Math.max(1, Math.min(8, b.cores || 1)) : 1;
    check('Threads goes up to the build\'s ceiling', r.option === `option name Threads type spin default 1 min 1 max ${ceiling}`,
        r.option || r.error);
    const refused = (r.set || []).some((l) => l.startsWith('info string error: setoption Threads'));
    if (ceiling < 2) {
        check('Threads 2 refused where the ceiling is 1', refused, JSON.stringify(r.set));
        return;
    }
    check('Threads 2 accepted', r.set && !refused, JSON.stringify(r.set || r.error));
    check('a search with Threads 2 answers', r.fixed?.[0] === 'bestmove' && /^[a-h][1-8]/.test(r.fixed?.[1] || ''),
        JSON.stringify(r.fixed || r.error));
    check('a go infinite with Threads 2 stops on stop', r.stopped?.[0] === 'bestmove' && /^[a-h][1-8]/.test(r.stopped?.[1] || ''),
        JSON.stringify(r.stopped || r.error));
}

async function run(page) {
    // ---- start position ----
    await page.goto(url);
    let s = await settle(page, 0);
    await transport(page);
    await engineBuild(page);
    const variants = await page.$$eval('#variant option', (os) => os.map((o) => o.value));
    check('variants come from the engine', variants.includes('qec') && variants.includes('chess'), variants.join(','));
    check('start: white base move', s.phase === 'base' && s.decider === 'white' && s.shownPhase === 'base move', JSON.stringify(s));
    check('start: 14 links drawn (R1.4)', s.linkArrows === 14, String(s.linkArrows));
    check('start: White at the bottom', await page.evaluate(() => window.qecPage.cg.state.orientation) === 'white');
    check('start: 10 pieces can move', s.dests.length === 10, s.dests.join(','));
    await page.screenshot({path: `${shots}/${PREFIX}start.png`});
    await page.selectOption('#links', 'markers');
    /* the board redraws after the change event: wait for the markers (a missing one fails the check) */
    await page.waitForFunction(() => document.querySelector('cg-board square.lk-14'), null, {timeout: 15000})
        .catch(() => {});
    const marked = await page.evaluate(() => [document.querySelectorAll('cg-board square.lk').length,
        window.qecPage.cg.state.drawable.autoShapes.filter((x) => x.brush === 'link').length,
        afterContent('cg-board square.lk-14')]);
    check('links as numbered markers: 28 squares, no arrows', marked[0] === 28 && marked[1] === 0 && marked[2] === '"14"',
        JSON.stringify(marked));
    await page.selectOption('#links', 'arrows');

    // ---- analysis: the engine's lines as whole turns (ShowTurns), MultiPV 3 ----
    await panel(page, 'analysis');
    await page.selectOption('#multipv', '3');
    await page.check('#analyse');
    await analysisLines(page, 3, 'qec', '', 'default', []);
    await page.click('#best');
    await page.waitForFunction(() => window.qecPage.game.bestArrow, null, {timeout: 20000});
    const best = await page.evaluate(() => window.qecPage.cg.state.drawable.autoShapes.filter((x) => x.brush === 'best').length);
    check('analysis: bestmove drawn as an arrow', best === 1);
    await page.screenshot({path: `${shots}/${PREFIX}analysis.png`});
    await page.uncheck('#analyse');
    await page.click('#stop');

    // ---- the scripted QEC game (at the lowest level: its engine decisions have one option each) ----
    const levels = await page.evaluate(() => [...document.querySelectorAll('#level option')].map((o) => `${o.textContent}=${o.value}`));
    check('new game: the levels by name, beginner to full strength', levels.join() ===
        'beginner=0,novice=4,intermediate=8,club player=12,expert=16,full strength=20', levels.join());
    await newGame(page, {fen: FEN, map: 'custom', custom: MAP, level: '0'});
    const sent = await page.waitForFunction(() => document.getElementById('log').textContent
        .includes('setoption name Skill Level value 0'), null, {timeout: 5000}).then(() => true, () => false);
    check('new game: the level is sent to the engine (Skill Level 0)', sent);
    s = await settle(page, 1);
    check('engine played its only move d7d6', s.moves.join(' ') === '1... d7d6', s.moves.join(' '));
    check('forced reply: white decides, e2 pending (R2.3)', s.phase === 'forced' && s.decider === 'white' && s.pending === 'e2'
        && s.shownPhase === 'forced reply', JSON.stringify(s));
    check('forced reply: only the pending rook can move', s.dests.join(',') === 'e2', s.dests.join(','));
    check('forced reply: pending square highlighted', s.pendingSquares === 1);
    await clickMove(page, 'f1', 'g1'); // not an option: nothing happens
    s = await status(page);
    check('a king move is refused during the forced reply', s.n === 1 && s.state === 'human');
    await tap(page, 'e2'); // select the rook: its options show
    await page.waitForFunction(() => window.qecPage.cg.state.selected === 'e2'
        && document.querySelectorAll('cg-board square.move-dest').length > 0);
    await page.screenshot({path: `${shots}/${PREFIX}forced.png`});
    await tap(page, 'h2');
    s = await settle(page, 2);
    check('after the forced reply: white base move', s.phase === 'base' && s.decider === 'white', JSON.stringify(s));
    check('move list in whole turns', s.moves.join(' ') === '1... d7d6[e2h2]', s.moves.join(' '));

    await clickMove(page, 'h2', 'h3');
    s = await settle(page, 4);
    check('engine checks with e3e2: reactive step for white (R2.5)', s.phase === 'react' && s.decider === 'white' && s.pending === 'f1'
        && s.shownPhase === 'reactive step', JSON.stringify(s));
    check('reactive step: only the king can move', s.dests.join(',') === 'f1', s.dests.join(','));
    const checked = await page.evaluate(() => window.qecPage.cg.state.check);
    check('qec: the king in check marked on its square', checked === 'f1', String(checked));
    await clickMove(page, 'f1', 'e2');
    s = await settle(page, 5);
    check('after the reactive step: white base move', s.phase === 'base' && s.decider === 'white', JSON.stringify(s));
    check('two links before the capture', s.linkArrows === 2 && s.links === 'd6h3 g6h8', s.links);

    await clickMove(page, 'h3', 'h8');
    s = await settle(page, 6, ['over']);
    check('mate: game over with the reason (R4.1)', /^1-0 black is mated/.test(s.result) && s.shownResult.includes('black is mated'), s.result);
    check('capture broke the g6-h8 link (R1.6)', s.linkArrows === 1 && s.links === 'd6h8', s.links);
    const turns = '1... d7d6[e2h2] | 2. h2h3 | 2... e3e2<f1e2> | 3. h3h8';
    check('move list', s.moves.join(' | ') === turns, s.moves.join(' | '));
    const tokens = s.moves.map((m) => m.split(' ')[1]);
    const d = engineD(FEN, MAP, tokens);
    check('move list replays in qec to the page\'s position', d.fen === s.fen && d.result === s.result && d.phase === 'react',
        `${d.fen} / ${s.fen}`);
    await page.screenshot({path: `${shots}/${PREFIX}over.png`});

    // ---- the move list in the engine's notation for people (d's Last turn lines) ----
    const ends = [1, 2, 3, 4].map((k) => engineD(FEN, MAP, tokens.slice(0, k)));
    check('move list: the short form of each turn is the engine\'s', s.shortMoves.join(' | ') === ends.map((e) => e.lastShort).join(' | ')
        && s.shortMoves[0] === 'd6 [↔ Rh2]', s.shortMoves.join(' | '));
    check('move list: the long form of each turn is the engine\'s', s.longMoves.join(' | ') === ends.map((e) => e.lastLong).join(' | ')
        && s.longMoves[0] === 'd7-d6 [↔ e2R:e2-h2]', s.longMoves.join(' | '));
    await panel(page, 'moves');
    const longShown = () => page.$eval('#move-hover', (e) => (e.checkVisibility() ? e.textContent : 'hidden'));
    const before = await longShown();
    await page.hover('#moves li.turn:nth-of-type(2)'); // the gap, then 1... d7d6[e2h2]
    const hovered = await longShown();
    const title = await page.getAttribute('#moves li.turn:nth-of-type(2)', 'title');
    await page.screenshot({path: `${shots}/${PREFIX}notation.png`});
    await page.mouse.move(0, 0);
    const after = await longShown();
    check('move list: hovering a turn shows its long form', before === '' && hovered === 'd7-d6 [↔ e2R:e2-h2]'
        && title === hovered && after === '', `${before} / ${hovered} / ${title} / ${after}`);

    // ---- stepping back ----
    await page.click('#moves li.turn:nth-of-type(3)'); // the gap, then 1... d7d6[e2h2], 2. h2h3
    await page.waitForFunction(() => document.body.dataset.state === 'viewing');
    const viewFen = await page.evaluate(() => window.qecPage.game.viewBoard.fen);
    check('clicking a turn shows that position', viewFen === engineD(FEN, MAP, tokens.slice(0, 2)).fen, viewFen);
    await page.click('#live');
    await settle(page, 6, ['over']);

    // ---- the record ----
    const record = await page.inputValue('#record');
    check('record: tags', record.includes('[Result "1-0"]') && record.includes(`[FEN "${FEN}"]`)
        && record.includes('[EntMap "g6h8 d7e2"]') && record.includes('[Termination "mate"]'), record);
    // qecmatch's QEC form (R5.3): each turn in the engine's short form, its token in a comment
    const recTokens = [...record.matchAll(/\{([a-h][1-8][a-h][1-8][^}\s]*)\}/g)].map((m) => m[1]).join(' ');
    const shown = (await status(page)).shortMoves;
    check('record: movetext tokens', recTokens === 'd7d6[e2h2] h2h3 e3e2<f1e2> h3h8'
        && record.includes('{black is mated (R4.1)} 1-0'), record);
    check('record: movetext for people, as the move list shows it', shown.length === 4
        && record.replace(/\s+/g, ' ').includes(`1... ${shown[0]} {d7d6[e2h2]} 2. ${shown[1]} {h2h3} ${shown[2]} {e3e2<f1e2>} 3. ${shown[3]} {h3h8}`),
        `${shown}\n${record}`);

    await panel(page, 'record');
    const download = page.waitForEvent('download');
    await page.click('#download');
    const file = await (await download).path();
    check('record: download', readFileSync(file, 'utf8') === record);
    await page.click('#copy');
    const copied = await page.evaluate(() => navigator.clipboard.readText()).catch((e) => String(e));
    check('record: copy', copied === record, copied.slice(0, 80));

    await newGame(page, {});
    await settle(page, 0);
    const bad = record.replace('{h2h3}', '{h2g3}'); // the page replays the token comments
    await panel(page, 'record');
    await page.fill('#record', bad);
    await page.click('#replay');
    await page.waitForFunction(() => document.getElementById('record-error').textContent !== '');
    const err = await page.textContent('#record-error');
    check('illegal paste names the bad token', err.includes("'h2g3'"), err);
    s = await status(page);
    check('illegal paste leaves the game as it was', s.n === 0 && s.phase === 'base', JSON.stringify(s));
    await panel(page, 'record');
    await page.fill('#record', record);
    await page.click('#replay');
    s = await settle(page, 6, ['over']);
    check('pasted record replays to the same end', s.moves.join(' | ') === turns && /^1-0 black is mated/.test(s.result), s.moves.join(' | '));
    check('pasted record: the move list in the engine\'s short form', s.shortMoves.join(' | ') === ends.map((e) => e.lastShort).join(' | '),
        s.shortMoves.join(' | '));
    const again = await page.inputValue('#record');
    check('record round-trips', again === record, again);
    await qecmatchRecord(page);
}

// A game recorded by qecmatch (record/write.c writes it) replays on the page to its FinalFEN,
// and the page writes the same movetext back.
async function qecmatchRecord(page) {
    const dir = mkdtempSync(join(tmpdir(), 'qec-web-'));
    const pgn = join(dir, 'game.pgn');
    spawnSync(resolve(dirname(qec), 'qecmatch'), ['-engine', `cmd=${qec}`, 'name=A', '-engine', `cmd=${qec}`, 'name=B',
        '-each', 'depth=1', '-games', '1', '-openings', 'random', 'seed=5', 'plies=2', '-maxmoves', '40',
        '-seed', '3', '-pgnout', pgn], {encoding: 'utf8', timeout: 120000});
    let text = '';
    try { text = readFileSync(pgn, 'utf8'); } catch { /* checked below */ }
    rmSync(dir, {recursive: true, force: true});
    check('qecmatch wrote a record', text.includes('[Variant "QEC"]'), text.slice(0, 200));
    const finalFen = (text.match(/\[FinalFEN "([^"]*)"\]/) || [])[1];
    const before = await page.evaluate(() => window.qecPage.game.id);
    await panel(page, 'record');
    await page.fill('#record', text);
    await page.click('#replay');
    // the replay is done when the page shows a position after the last decision of the record
    await page.waitForFunction(([id, fen]) => window.qecPage.game.id > id && document.body.dataset.state === 'over'
        && window.qecPage.game.board.fen === fen, [before, finalFen], {timeout: 20000}).catch(() => {});
    const s = await status(page);
    check('qecmatch record replays to its FinalFEN', finalFen && s.fen === finalFen, `${s.fen} / ${finalFen}`);
    const movetext = (t) => t.split(/\n\n/)[1].replace(/\{[^}]*\}/g, ' ').replace(/\s+/g, ' ').trim();
    const mine = await page.inputValue('#record');
    check('the page writes qecmatch\'s movetext', movetext(mine) === movetext(text), `${movetext(mine)}\n${movetext(text)}`);
}

// ---- links hidden until activated (seed 004 §11) ----
// The scripted game's start: the engine's d7d6 makes the e2 rook's forced reply due, but the
// d7-e2 link is drawn only once that reply (e2h2) is made; g6-h8 never fires.
async function hiddenLinks(page) {
    await newGame(page, {fen: FEN, map: 'custom', custom: MAP, hidden: true});
    let s = await settle(page, 1);
    check('hidden links: none drawn before a forced reply (the engine has 2)', s.linkArrows === 0 && s.links === 'd6e2 g6h8'
        && s.phase === 'forced', JSON.stringify(s));
    await page.selectOption('#links', 'markers');
    const marked = await page.evaluate(() => document.querySelectorAll('cg-board square.lk').length);
    check('hidden links: no markers either', marked === 0, String(marked));
    await page.selectOption('#links', 'arrows');
    await clickMove(page, 'e2', 'h2');
    s = await settle(page, 2);
    const arrows = await page.evaluate(() => window.qecPage.cg.state.drawable.autoShapes.filter((x) => x.brush === 'link')
        .map((x) => x.orig + x.dest));
    check('hidden links: the link appears once its forced reply is made (R2.3), the other stays hidden',
        arrows.join() === 'd6h2' && s.links === 'd6h2 g6h8', `${arrows.join()} / ${s.links}`);
    await clickMove(page, 'h2', 'h3');
    s = await settle(page, 4);
    const moved = await page.evaluate(() => window.qecPage.cg.state.drawable.autoShapes.filter((x) => x.brush === 'link')
        .map((x) => x.orig + x.dest));
    check('hidden links: an activated link follows its pieces (R1.5)', moved.join() === 'd6h3' && s.links === 'd6h3 g6h8',
        `${moved.join()} / ${s.links}`);
    await page.screenshot({path: `${shots}/${PREFIX}hidden-links.png`});
}

// ---- tether: moves coloured by kind (the engine's `legal kinds`), an apex promotion ----
// a6 pawn and c6 knight are rank-mates (T2.2): a7 is the pawn's own move, the knight's jumps
// are lent to it, and its jumps to b8 and d8 promote at once (T2.6, the seed's Pawn-Knight Apex).
const TETHER_FEN = '4k3/8/P1N5/8/8/8/8/4K3 w - - 0 1';
async function tether(page) {
    await newGame(page, {variant: 'tether', fen: TETHER_FEN});
    let s = await settle(page, 0);
    check('tether: white base move, no links', s.phase === 'base' && s.linkArrows === 0, JSON.stringify(s));
    await panel(page, 'analysis');
    await page.selectOption('#multipv', '2');
    await page.check('#analyse');
    await analysisLines(page, 2, 'tether', TETHER_FEN, 'none', []);
    await page.uncheck('#analyse');
    await page.click('#stop');
    await tap(page, 'a6');
    await page.waitForFunction(() => document.querySelectorAll('cg-board square.kind-apex').length > 0, null, {timeout: 15000})
        .catch(() => {});
    const mates = await page.evaluate(() => [...window.qecPage.cg.state.highlight.custom]
        .filter(([, cls]) => cls.split(' ').includes('rank-mate')).map(([sq]) => sq).sort().join(' '));
    check('tether: the selected pawn\'s rank-mate outlined, the knight it borrows from (T2.2)', mates === 'c6', mates);
    const kinds = await page.evaluate(() => {
        const custom = window.qecPage.cg.state.highlight.custom;
        const of = (k) => [...custom].filter(([, cls]) => cls.includes(`kind-${k}`)).map(([sq]) => sq).sort().join(' ');
        return {native: of('native'), transporter: of('transporter'), apex: of('apex'),
            star: afterContent('cg-board square.kind-apex'),
            legend: !document.getElementById('kinds-legend').hidden};
    });
    check('tether: the a6 pawn\'s native move (T2.1)', kinds.native === 'a7', kinds.native);
    check('tether: its transporter moves coloured apart (T2.2)', kinds.transporter === 'a5 b4 d4 e5 e7', kinds.transporter);
    check('tether: apex promotions marked (T2.6)', kinds.apex === 'b8 d8' && kinds.star === '"★"', JSON.stringify(kinds));
    check('tether: the legend is shown', kinds.legend);
    await page.screenshot({path: `${shots}/${PREFIX}tether.png`});
    await tap(page, 'b8');
    await page.waitForFunction(() => !document.getElementById('promo').hidden);
    check('tether: the promotion box says apex', await page.isVisible('#promo-apex'));
    await page.click('#promo button[data-p="q"]');
    s = await settle(page, 2, ['human', 'over']);
    const d = engineD(TETHER_FEN, 'none', s.moves.map((m) => m.split(' ')[1]), 'tether');
    check('tether: the apex promotion and the engine\'s reply played', s.moves[0] === '1. a6b8q' && d.fen === s.fen, `${s.moves} ${d.fen} / ${s.fen}`);
    check('tether: the move list in the engine\'s SAN, the apex turn marked', s.shortMoves[0] === engineD(TETHER_FEN, 'none', ['a6b8q'], 'tether').lastShort
        && await page.$eval('#moves li.turn', (li) => li.classList.contains('apex')), s.shortMoves.join(' '));
    const record = await page.inputValue('#record');
    check('tether: the record says the variant, the move in SAN with its token', record.includes('[Variant "Tether"]') // the engine's tag (qec --list variants)
        && record.includes(`1. ${s.shortMoves[0].replace(/^\d+\.+\s*/, '')} {a6b8q}`) && !record.includes('[EntMap'), record);
    await replaysItself(page, 'tether', record, s);

    // castling by clicks: the king onto its own rook, e1h1 (T6.2); the king's e1g1 would
    // borrow the rook's reach (transporter)
    const CASTLE = '4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1';
    await newGame(page, {variant: 'tether', fen: CASTLE});
    await settle(page, 0);
    const k = await page.evaluate(() => [window.qecPage.game.kinds.get('e1h1'), window.qecPage.game.kinds.get('e1g1')]);
    check('tether: castling native, the king\'s teleport transporter', k.join() === 'native,transporter', k.join());
    await clickMove(page, 'e1', 'h1');
    s = await settle(page, 2);
    const cd = engineD(CASTLE, 'none', s.moves.map((m) => m.split(' ')[1]), 'tether');
    check('tether: castling e1h1 played by clicks', s.moves[0] === '1. e1h1' && s.fen === cd.fen && s.fen.includes('/R4RK1 '),
        `${s.moves} ${s.fen}`);
}

// A variant's record pasted back: the same variant, moves (short forms too) and record.
async function replaysItself(page, variant, record, s) {
    const before = await page.evaluate(() => window.qecPage.game.id);
    await panel(page, 'record');
    await page.fill('#record', record);
    await page.click('#replay');
    await page.waitForFunction((id) => window.qecPage.game.id > id, before);
    const r = await settle(page, s.n);
    const again = await page.inputValue('#record');
    const v = await page.evaluate(() => window.qecPage.game.variant);
    check(`${variant}: its record replays`, v === variant && r.moves.join() === s.moves.join()
        && r.shortMoves.join() === s.shortMoves.join() && r.fen === s.fen && again === record, `${v} ${r.moves} ${r.shortMoves}\n${again}`);
}

// ---- the review (review.js): the scripted game, a pasted chess game with a known blunder ----
const reviewState = (page) => page.evaluate(() => {
    const r = window.qecPage.review;
    return {state: document.body.dataset.review, done: r.done, total: r.total, running: r.running,
        points: r.points.map((p) => ({i: p.i, judge: p.judge, best: p.bestText})),
        dots: [...document.querySelectorAll('#review-graph circle.pt')].map((c) => +c.dataset.i),
        marks: [...document.querySelectorAll('#review-marks li')].map((li) => ({i: +li.dataset.i, cls: li.className, text: li.textContent})),
        status: document.getElementById('review-status').textContent, summary: document.getElementById('review-summary').textContent};
});
async function startReview(page, nodes) {
    await panel(page, 'review');
    await page.fill('#review-nodes', String(nodes));
    const gen = await page.evaluate(() => window.qecPage.review.gen);
    await page.click('#review');
    await page.waitForFunction((g) => window.qecPage.review.gen > g, gen);
}
// The move list after a review: each turn shows the marks of its decisions' points, in their
// order (the judged ones only), its hover says the review's words with the better decision.
async function marksInMoves(page, what) {
    await panel(page, 'moves');
    await until(page, () => window.qecPage.review.points.filter((p) => p.judge).length
        === [...document.querySelectorAll('#moves li.turn .short')].map((e) => e.textContent.match(/\?\?|\?!|\?/g) || []).flat().length);
    const m = await page.evaluate(() => {
        const pts = window.qecPage.review.points;
        const marks = ['', '?!', '?', '??'];
        let start = 0;
        return [...document.querySelectorAll('#moves li.turn')].map((li) => {
            const end = +li.dataset.end;
            const want = pts.filter((p) => p.i >= start && p.i < end && p.judge);
            start = end;
            return {text: li.querySelector('.short').textContent, want: want.map((p) => marks[p.judge]).join(''),
                shown: (li.querySelector('.short').textContent.match(/\?\?|\?!|\?/g) || []).join(''),
                title: li.title, review: li.dataset.review, better: want.map((p) => p.bestText)};
        });
    });
    const wrong = m.filter((t) => t.want !== t.shown || (t.want && !(t.better.every((b) => t.title.includes(`better ${b}`)))));
    check(`review (${what}): the move list shows each decision's mark, the review's words and the better decision on hover`,
        m.length > 0 && wrong.length === 0, JSON.stringify(wrong.length ? wrong : m));
    return m;
}

// The record with the review (the Record tab's setting): an [%eval] per decision, the marks and
// comments as ./qecreview writes them; it reads back to the same decisions (the page's reader,
// and qec's own record reader); the download is the same text. Unticked, the plain record.
async function annotatedRecord(page, what, n) {
    await panel(page, 'record');
    const plain = await page.inputValue('#record');
    await page.check('#record-review');
    await until(page, () => document.getElementById('record').value.includes('[%eval'));
    const text = await page.inputValue('#record');
    const pts = await page.evaluate(() => window.qecPage.review.points.map((p) => ({judge: p.judge, best: p.bestPart})));
    const evals = [...text.matchAll(/\{\[%eval (#[+-]?\d+|-?\d+\.\d\d)\]( \([^)]*\) (Inaccuracy|Mistake|Blunder)\. .+? was best\.)?\}/g)];
    const words = ['', 'Inaccuracy', 'Mistake', 'Blunder'];
    check(`review (${what}): the record with the review has an [%eval] per decision, the words at each mark`,
        evals.length === n && pts.length === n && evals.every((e, i) => (e[3] || '') === words[pts[i].judge]
            && (!pts[i].judge || e[0].includes(`${pts[i].best} was best.`))), `${evals.length} of ${n}\n${text}`);
    const download = page.waitForEvent('download');
    await page.click('#download');
    const file = await (await download).path();
    check(`review (${what}): the download is the record with the review`, readFileSync(file, 'utf8') === text);
    const pgnCheck = resolve(dirname(qec), 'build/release/tests/pgn_check');
    const read = (t) => {
        const dir = mkdtempSync(join(tmpdir(), 'qec-web-'));
        writeFileSync(join(dir, 'g.pgn'), t);
        const out = spawnSync(pgnCheck, ['--uci', join(dir, 'g.pgn')], {encoding: 'utf8'});
        rmSync(dir, {recursive: true, force: true});
        return `${out.stdout}${out.stderr}`;
    };
    const {parseRecord} = await import('../../web/static/record.js');
    const turns = (t) => parseRecord(t).turns.map((x) => x.text).join(' ');
    check(`review (${what}): the record with the review reads back to the same decisions (the page's reader${existsSync(pgnCheck) ? ', qec\'s' : ''})`,
        turns(text) === turns(plain) && (!existsSync(pgnCheck) || (read(text) === read(plain) && !/error|illegal|bad/i.test(read(text)))),
        `${turns(text)} / ${turns(plain)}\n${existsSync(pgnCheck) ? read(text) : ''}`);
    await page.uncheck('#record-review');
    await until(page, () => !document.getElementById('record').value.includes('[%eval'));
    check(`review (${what}): unticked, the plain record`, await page.inputValue('#record') === plain);
}

async function paste(page, text, n) {
    await panel(page, 'record');
    await page.fill('#record', text);
    const id = await page.evaluate(() => window.qecPage.game.id);
    await page.click('#replay');
    await page.waitForFunction((k) => window.qecPage.game.id > k, id);
    return settle(page, n, ['over']);
}
async function review(page, tokens) {
    // the scripted QEC game of run(), pasted: six decisions, a point each; a click shows the position
    await paste(page, `[Variant "QEC"]\n[EntMap "${MAP}"]\n[FEN "${FEN}"]\n\n1... d7d6[e2h2] 2. h2h3 e3e2<f1e2> 3. h3h8 1-0\n`, 6);
    await startReview(page, 2000);
    await page.waitForFunction(() => document.body.dataset.review === 'done', null, {timeout: 120000});
    let r = await reviewState(page);
    check('review: a point on the graph per decision of the game', r.dots.join() === '0,1,2,3,4,5' && r.points.length === 6
        && r.status.startsWith('6 decisions reviewed'), JSON.stringify(r));
    check('review: a forced decision is never marked (the engine\'s three had one option each)',
        [0, 3].every((i) => r.points[i].judge === 0), JSON.stringify(r.points));
    check('review: each side\'s marks counted', /^white: \d+ inaccuracies, \d+ mistakes, \d+ blunders · black: 0 inaccuracies, 0 mistakes, 0 blunders$/
        .test(r.summary), r.summary);
    await marksInMoves(page, 'qec');
    await annotatedRecord(page, 'qec', 6);
    await panel(page, 'review');
    await page.click('#review-graph circle.pt[data-i="1"]');
    await page.waitForFunction(() => document.body.dataset.state === 'viewing'
        && window.qecPage.game.view?.length === 2, null, {timeout: 10000}).catch(() => {});
    const viewFen = await page.evaluate(() => window.qecPage.game.view && window.qecPage.game.viewBoard.fen);
    check('review: clicking the second point shows the position after two decisions',
        viewFen === engineD(FEN, MAP, tokens.slice(0, 2)).fen, String(viewFen));
    await page.screenshot({path: `${shots}/${PREFIX}review-qec.png`});
    await panel(page, 'moves');
    await page.click('#live');
    await settle(page, 6, ['over']);

    // a pasted chess game: 3...Nf6 walks into 4.Qxf7# (g6, Qe7, Qf6, Nh6, Nd8 and d5 stop it: they
    // cover f7 or block the queen or the bishop)
    // no Variant tag: standard chess, as in PGN; the New-game form follows the pasted game. The
    // record is in SAN alone, as a PGN from elsewhere: the engine reads each move where it stands.
    await paste(page, '[Event "?"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n', 7);
    const sel = await page.evaluate(() => [window.qecPage.game.variant, document.getElementById('variant').value,
        window.qecPage.game.decisions.map((d) => d.tok).join(' ')]);
    check('a record in SAN without a Variant tag replays as chess, its moves as their tokens, the Variant select says so',
        sel.join() === 'chess,chess,e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7', sel.join());
    await startReview(page, 20000);
    await page.waitForFunction(() => document.body.dataset.review === 'done', null, {timeout: 120000});
    r = await reviewState(page);
    const nf6 = r.marks.find((m) => m.i === 5);
    check('review: 3...Nf6 marked as a blunder, a move that covers f7 named as the better one', r.points.length === 7
        && r.points[5].judge === 3 && /^(g6|Qe7|Qf6|Nh6|Nd8|d5)$/.test(r.points[5].best) && nf6 && nf6.cls.includes('j3')
        && /Nf6\?\? #1: Blunder .* better (g6|Qe7|Qf6|Nh6|Nd8|d5)$/.test(nf6.text), JSON.stringify(r));
    check('review: the blunder is coloured on the graph', await page.evaluate(() =>
        document.querySelector('#review-graph circle.pt[data-i="5"]')?.classList.contains('j3')));
    await page.screenshot({path: `${shots}/${PREFIX}review.png`});
    const moves = await marksInMoves(page, 'chess');
    check('review: 3...Nf6?? in the move list', moves[5]?.text === 'Nf6??' && /Blunder/.test(moves[5]?.title), JSON.stringify(moves[5]));
    await page.screenshot({path: `${shots}/${PREFIX}review-moves.png`});
    // the position after the blunder, from the graph: the move list says the review's words
    // under it (a phone has no hover)
    await panel(page, 'review');
    await page.click('#review-graph circle.pt[data-i="5"]');
    await page.waitForFunction(() => window.qecPage.game.view?.length === 6, null, {timeout: 10000}).catch(() => {});
    await panel(page, 'moves');
    await until(page, () => document.getElementById('move-hover').textContent.includes('Blunder'));
    const under = await page.$eval('#move-hover', (e) => (e.checkVisibility() ? e.textContent : 'hidden'));
    check('review: stepping to a marked decision shows the review\'s words under the move list', /Nf6\?\? #1: Blunder .* better /.test(under), under);
    await page.click('#live');
    await settle(page, 7, ['over']);
    await annotatedRecord(page, 'chess', 7);

    // cancel: a budget far too big, cancelled while the engine searches
    await startReview(page, 50000000);
    await page.waitForFunction(() => document.body.dataset.review === 'running' && window.qecPage.review.engine?.searching,
        null, {timeout: 20000});
    check('review: progress shown while it runs', await page.isVisible('#review-progress') && await page.isVisible('#review-cancel'));
    await page.click('#review-cancel');
    await page.waitForFunction(() => document.body.dataset.review === 'cancelled', null, {timeout: 20000}).catch(() => {});
    r = await reviewState(page);
    const idle = await page.evaluate(() => !window.qecPage.review.engine.searching && !window.qecPage.review.engine.collector);
    check('review: cancel stops it, part-way', r.state === 'cancelled' && !r.running && r.points.length < 7 && idle
        && /^review cancelled after \d of 7 decisions$/.test(r.status) && !(await page.isVisible('#review-cancel')), JSON.stringify(r));
    // a review cut short goes into no record, and the Record tab says why
    await panel(page, 'record');
    await page.check('#record-review');
    await until(page, () => document.getElementById('record-review-note').textContent !== '');
    const half = await page.evaluate(() => [document.getElementById('record-review-note').textContent,
        document.getElementById('record').value.includes('[%eval')]);
    check('review: a cancelled review puts nothing into the record, and the Record tab says so',
        /review the game first/.test(half[0]) && !half[1], JSON.stringify(half));
    await page.uncheck('#record-review');
}

// ---- schroedinger: unknown majors, their possible types from the engine's Types: ----
async function schroedinger(page) {
    await newGame(page, {variant: 'schroedinger'});
    let s = await settle(page, 0);
    const seen = () => page.evaluate(() => ({
        majors: document.querySelectorAll('cg-board piece.major').length,
        known: document.querySelectorAll('cg-board piece.king, cg-board piece.queen, cg-board piece.rook, cg-board piece.knight, cg-board piece.bishop').length,
        types: Object.fromEntries([...window.qecPage.cg.state.highlight.custom].filter(([, c]) => c.includes('types-'))
            .map(([sq, c]) => [sq, /types-([KQRBN]+)/.exec(c)[1]])),
        a1: afterContent('cg-board square.types'),
        worlds: document.getElementById('worlds').textContent,
    }));
    // chessground draws on the next animation frame: wait for the majors to be drawn
    await page.waitForFunction(() => document.querySelectorAll('cg-board piece.major').length > 0, null, {timeout: 15000})
        .catch(() => {});
    let v = await seen();
    check('schroedinger: 16 unknown majors, no typed piece (S1.1)', v.majors === 16 && v.known === 0, JSON.stringify(v));
    const engineTypes = (toks) => Object.fromEntries((engineD('', 'none', toks, 'schroedinger').types || '').split(' ')
        .map((w) => w.split('=')));
    check('schroedinger: each major shows the engine\'s types', JSON.stringify(v.types) === JSON.stringify(engineTypes([]))
        && v.types.a1 === 'KQRBN' && v.a1 === '"KQRBN"', JSON.stringify(v.types));
    check('schroedinger: worlds shown', v.worlds === 'Worlds: 25401600', v.worlds);
    await clickMove(page, 'b1', 'c3');
    s = await settle(page, 2);
    v = await seen();
    const toks = s.moves.map((m) => m.split(' ')[1]);
    const want = engineTypes(toks);
    check('schroedinger: the major that jumped is a knight (S2.2), types follow the engine', v.types.c3 === 'N'
        && JSON.stringify(Object.keys(v.types).sort().map((k) => k + v.types[k])) === JSON.stringify(Object.keys(want).sort().map((k) => k + want[k])),
        `${JSON.stringify(v.types)} / ${JSON.stringify(want)}`);
    check('schroedinger: the board is the engine\'s', s.fen === engineD('', 'none', toks, 'schroedinger').fen && v.majors === 16, s.fen);
    check('schroedinger: the move list is the engine\'s long algebraic with M (d\'s Last move:)',
        s.shortMoves[0] === 'Mb1-c3' && s.longMoves[0] === 'Mb1-c3' && s.shortMoves.length === 2
        && /^(M[a-h][1-8][-x][a-h][1-8]|[a-h][1-8][-x][a-h][1-8])[+#]?$/.test(s.shortMoves[1]), JSON.stringify(s.shortMoves));
    await page.screenshot({path: `${shots}/${PREFIX}schroedinger.png`});
    // analysis lines in schroedinger's one form, long algebraic with M, numbered
    await panel(page, 'analysis');
    await page.selectOption('#multipv', '2');
    await page.check('#analyse');
    await analysisLines(page, 2, 'schroedinger', '', 'none', toks);
    await page.uncheck('#analyse');
    await page.click('#stop');
    await replaysItself(page, 'schroedinger', await page.inputValue('#record'), s);
}

// ---- a king in check is marked on its square, in chess and tether too (the engine's `+`) ----
async function checkMarks(page) {
    for (const variant of ['chess', 'tether']) {
        await newGame(page, {variant, fen: '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', side: 'both'});
        await settle(page, 0);
        await clickMove(page, 'a1', 'a8');
        await settle(page, 1);
        const checked = await page.evaluate(() => window.qecPage.cg.state.check);
        check(`${variant}: the king in check marked on its square`, checked === 'e8', String(checked));
        if (variant === 'chess')
            await page.screenshot({path: `${shots}/${PREFIX}check.png`});
    }
    await schroedingerCheck(page);
}

// Schroedinger has no FEN: the position is a move list, pasted as a record. After these 13
// plies (found once with the engine) White's Md6xf8 (a queen: it moved as one) checks Black in
// every consistent world (S3.2): of Black's majors only e8 and g8 may be the king (the engine's
// Types:), and the queen attacks both, so both are marked. No piece on the page is drawn as a
// king, so the mark is the page's own square class, not chessground's.
const SCHROEDINGER_CHECK = 'g2g4 g7g5 h1b7 c7c6 b7b4 h8g6 g1g2 b8b5 d2d4 e7e6 b4d6 d8c7 d6f8'.split(' ');
async function schroedingerCheck(page) {
    const checkSquares = () => page.evaluate(() => ({
        custom: [...window.qecPage.cg.state.highlight.custom].filter(([, c]) => c.split(' ').includes('check'))
            .map(([sq]) => sq).sort().join(' '),
        drawn: document.querySelectorAll('cg-board square.check').length,
    }));
    const e = engineD('', 'none', SCHROEDINGER_CHECK, 'schroedinger');
    // Black's majors (`m` in the FEN) whose types include K
    const blackMajors = new Set((e.fen || '').split(' ')[0].split('/').flatMap((row, i) => {
        let file = 0;
        return [...row].flatMap((ch) => (/\d/.test(ch) ? ((file += +ch), [])
            : ch === 'm' ? [`${'abcdefgh'[file++]}${8 - i}`] : ((file++), [])));
    }));
    const blackKings = (e.types || '').split(' ').map((w) => w.split('='))
        .filter(([sq, letters]) => blackMajors.has(sq) && letters.includes('K')).map(([sq]) => sq).sort().join(' ');
    check('schroedinger: the engine says the scripted move list ends in check, e8 and g8 the majors that may be Black\'s king',
        /\+$/.test(e.lastMove || '') && blackKings === 'e8 g8' && e.fen?.split(' ')[1] === 'b',
        `${e.lastMove} ${e.types}`);
    await newGame(page, {variant: 'schroedinger', side: 'both'});
    await settle(page, 0);
    const before = await page.evaluate(() => window.qecPage.game.id);
    await panel(page, 'record');
    await page.fill('#record', `[Variant "schroedinger"]\n\n${SCHROEDINGER_CHECK.join(' ')} *\n`);
    await page.click('#replay');
    await page.waitForFunction((id) => window.qecPage.game.id > id, before);
    let s = await settle(page, SCHROEDINGER_CHECK.length);
    await page.waitForFunction(() => document.querySelectorAll('cg-board square.check').length > 0, null, {timeout: 15000})
        .catch(() => {});
    let m = await checkSquares();
    check('schroedinger: the pasted move list reaches the engine\'s position, the check in the move list',
        s.fen === e.fen && s.shortMoves[s.shortMoves.length - 1] === e.lastMove, `${s.fen} / ${e.fen} ${s.shortMoves.slice(-1)}`);
    check('schroedinger: the king in check marked on its squares (both majors that may be the king)',
        m.custom === 'e8 g8' && m.drawn === 2, JSON.stringify(m));
    await page.screenshot({path: `${shots}/${PREFIX}schroedinger-check.png`});
    // the g6 major (a knight) takes the checker: no check any more, the marks go though the
    // majors that may be the king stay where they were
    await clickMove(page, 'g6', 'f8');
    s = await settle(page, SCHROEDINGER_CHECK.length + 1);
    await until(page, () => document.querySelectorAll('cg-board square.check').length === 0
        && ![...window.qecPage.cg.state.highlight.custom].some(([, c]) => c.split(' ').includes('check')));
    m = await checkSquares();
    const after = engineD('', 'none', [...SCHROEDINGER_CHECK, 'g6f8'], 'schroedinger');
    check('schroedinger: after a move out of check no square is marked', s.fen === after.fen
        && !/[+#]$/.test(after.lastMove || '') && m.custom === '' && m.drawn === 0, `${JSON.stringify(m)} ${after.lastMove}`);
}

// ---- winning chances under the evaluation bar (the engine's wdl, UCI_ShowWDL) ----
// Chess, Black to move a queen down: the engine's wdl is Black's (the decider's); the page shows
// White's, so White's win is the big number, the bar fills to White's W + D/2, and the line
// under the board is the bar's hover text. Unticked, the line goes; the bar's hover keeps it.
async function winningChances(page) {
    await newGame(page, {variant: 'chess', fen: 'k7/8/8/8/8/8/2Q5/K7 b - - 0 1', side: 'both'});
    await settle(page, 0);
    await panel(page, 'analysis');
    await page.check('#show-wdl');
    await page.check('#analyse');
    const sent = await page.waitForFunction(() => document.getElementById('log').textContent
        .includes('ana> setoption name UCI_ShowWDL value true'), null, {timeout: 10000}).then(() => true, () => false);
    check('analysis: the page turns UCI_ShowWDL on', sent);
    await page.waitForFunction(() => /^White: W \d+% · D \d+% · L \d+%$/.test(document.getElementById('wdl').textContent),
        null, {timeout: 20000}).catch(() => {});
    const w = await page.evaluate(() => ({text: document.getElementById('wdl').textContent,
        shown: document.getElementById('wdl').checkVisibility(), title: document.getElementById('evalbar').title,
        fill: parseFloat(document.getElementById('evalfill').style.height)}));
    const m = /^White: W (\d+)% · D (\d+)% · L (\d+)%$/.exec(w.text);
    check('analysis: White\'s W/D/L under the bar, White winning a queen up with Black to move', m && w.shown && +m[1] > +m[3]
        && Math.abs(+m[1] + +m[2] + +m[3] - 100) <= 1, JSON.stringify(w));
    check('analysis: the bar fills to White\'s expected score, W/D/L on its hover', m && Math.abs(w.fill - (+m[1] + +m[2] / 2)) <= 1.5
        && w.title.endsWith(w.text), JSON.stringify(w));
    const wide = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    check('analysis: the W/D/L line keeps the page from scrolling sideways', wide);
    await page.screenshot({path: `${shots}/${PREFIX}wdl.png`});
    await page.uncheck('#show-wdl');
    await until(page, () => !document.getElementById('wdl').checkVisibility());
    const gone = await page.evaluate(() => [document.getElementById('wdl').checkVisibility(), document.getElementById('evalbar').title]);
    check('analysis: unticked, no W/D/L line; the bar\'s hover keeps it', !gone[0] && /W \d+% · D \d+% · L \d+%$/.test(gone[1]), JSON.stringify(gone));
    await page.uncheck('#analyse');
    await page.click('#stop');
}

// ---- the game survives a reload; a new game asks before it discards one in progress ----
async function persistence(page) {
    await newGame(page, {side: 'both'});
    await settle(page, 0);
    await clickMove(page, 'e2', 'e4');
    const before = await settle(page, 1);
    await page.reload();
    const after = await settle(page, 1);
    check('reload: the game in progress is back (moves, position, options)', after.fen === before.fen
        && after.moves.join() === before.moves.join() && after.links === before.links
        && await page.evaluate(() => [...window.qecPage.game.human].join()) === 'white,black', `${after.fen} / ${before.fen}`);
    const asked = dialogs;
    dismissNext = true;
    await panel(page, 'setup');
    await page.click('#new-game');
    await page.waitForFunction((n) => window.qecDialogs > n, asked).catch(() => {});
    const kept = await status(page);
    check('new game: asks before discarding a game in progress, and "cancel" keeps it', dialogs === asked + 1
        && kept.n === 1 && kept.fen === before.fen, `${dialogs - asked} question(s), ${kept.n} decisions`);
    await newGame(page, {});
    const fresh = await settle(page, 0);
    check('new game: "OK" starts it', fresh.n === 0 && dialogs === asked + 2, `${fresh.n} decisions`);
    await settingsKept(page);

    // a stored game this page did not write (edited, another version) never stops the page
    for (const junk of ['{not json', '{"version":1,"variant":"qec","decisions":[{"tok":"e2e4"}],"human":7}',
        '{"version":1,"variant":"qec","mapOption":"default","rootFen":"","decisions":[{"tok":"e2e5"}],"human":["white"],'
        + '"limit":"depth 1","policy":"search"}']) {
        await page.evaluate((j) => localStorage.setItem('qec-web-game', j), junk);
        await page.reload();
        const s = await settle(page, 0).catch(() => null);
        check(`a stored game that is not valid starts a new game (${junk.slice(0, 30)}…)`, s && s.n === 0 && s.phase === 'base',
            JSON.stringify(s));
    }
}

// ---- the analysis settings and the links' drawing survive a reload too; a phone's tab ----
async function settingsKept(page) {
    await panel(page, 'analysis');
    await page.selectOption('#multipv', '2');
    await page.check('#analyse');
    await page.check('#show-wdl');
    await page.selectOption('#links', 'markers');
    await page.reload();
    await settle(page, 0);
    await page.waitForFunction(() => document.querySelectorAll('#pv li').length === 2
        && document.getElementById('wdl').checkVisibility(), null, {timeout: 20000}).catch(() => {});
    const kept = await page.evaluate(() => ({multipv: document.getElementById('multipv').value,
        analyse: document.getElementById('analyse').checked, links: document.getElementById('links').value,
        wdl: document.getElementById('show-wdl').checked && document.getElementById('wdl').checkVisibility(),
        lines: document.querySelectorAll('#pv li').length, tab: document.body.dataset.tab}));
    check('reload: the analysis settings (W/D/L too) and the links\' drawing are kept, the analysis runs again',
        kept.multipv === '2' && kept.analyse && kept.wdl && kept.links === 'markers' && kept.lines === 2
        && (!PHONE || kept.tab === 'analysis'), JSON.stringify(kept));
    await page.uncheck('#show-wdl');
    await page.uncheck('#analyse');
    await page.selectOption('#links', 'arrows');
    await page.selectOption('#multipv', '1');
    await page.evaluate(() => localStorage.setItem('qec-web-settings', '{"multipv": 7, "links": "nonsense", "analyse": "yes", "tab": 3}'));
    await page.reload();
    await settle(page, 0);
    const junk = await page.evaluate(() => [document.getElementById('multipv').value, document.getElementById('links').value,
        document.getElementById('analyse').checked].join());
    check('reload: stored settings that are not valid are ignored', junk === '1,arrows,false', junk);
}

// ---- a phone (390x844): the board, then tabs; moves and analysis never below the form ----
async function phoneLayout(page) {
    const wide = await page.evaluate(() => ({scroll: document.documentElement.scrollWidth, width: window.innerWidth}));
    check('nothing scrolls sideways', wide.scroll <= wide.width, JSON.stringify(wide));
    if (!PHONE) {
        check('a wide screen shows every panel, no tab bar', await page.isVisible('#moves-panel')
            && await page.isVisible('#analysis-panel') && await page.isVisible('#setup') && !(await page.isVisible('#tabs')));
        return;
    }
    for (const [tab, id] of [['moves', '#moves-panel'], ['analysis', '#analysis-panel'], ['record', '#record-panel'],
        ['setup', '#setup']]) {
        await panel(page, tab);
        const seen = await page.evaluate((sel) => {
            const others = ['#moves-panel', '#analysis-panel', '#record-panel', '#setup'].filter((o) => o !== sel);
            const el = document.querySelector(sel);
            return {shown: el.checkVisibility(), othersHidden: others.every((o) => !document.querySelector(o).checkVisibility()),
                tabsTop: document.getElementById('tabs').getBoundingClientRect().top + window.scrollY,
                top: el.getBoundingClientRect().top + window.scrollY, height: window.innerHeight};
        }, id);
        check(`phone: the ${tab} tab shows its panel alone, right under the tab bar`, seen.shown && seen.othersHidden
            && seen.top > seen.tabsTop && seen.tabsTop < seen.height, JSON.stringify(seen));
    }
    await panel(page, 'moves');
    await page.screenshot({path: `${shots}/${PREFIX}tabs.png`});
}

// ---- engine against engine, then a new game stops it ----
async function engineVsEngine(page) {
    await newGame(page, {side: 'none', map: 'random', limit: 'depth', value: '1'});
    await page.waitForFunction(() => window.qecPage.game.decisions.length >= 6 || document.body.dataset.state === 'over',
        null, {timeout: 30000});
    const s = await status(page);
    check('engine vs engine: the engines play on their own', s.n >= 6 || s.state === 'over', JSON.stringify(s));
    await newGame(page, {});
    await settle(page, 0);
    // nothing in flight on the engine session: an old engine loop would have a request out
    await page.waitForFunction(() => !window.qecPage.main.collector && document.body.dataset.state === 'human');
    const after = await status(page);
    check('engine vs engine: a new game stops it', after.n === 0 && after.state === 'human', JSON.stringify(after));

    // a map that does not parse: the error is shown and the game stays as it was
    await clickMove(page, 'd2', 'd4');
    await settle(page, 2);
    await panel(page, 'setup');
    await page.selectOption('#map', 'custom');
    await page.fill('#custom-map', 'a2a9');
    await page.click('#new-game');
    await page.waitForFunction(() => document.getElementById('setup-error').textContent !== '');
    const err = await page.textContent('#setup-error');
    check('bad map: the engine\'s error is shown', /a2a9/.test(err), err);
    const kept = await settle(page, 2);
    check('bad map: the game goes on as it was', kept.moves[0] === '1. d2d4' && kept.state === 'human', JSON.stringify(kept));
    await page.selectOption('#map', 'default');
}

// ---- the engine dies: restarted, position resent, the game goes on ----
// Once while the human thinks (the next request finds the socket closed) and once while the
// engine searches its move (the `go` in flight is repeated on the new engine).
async function restart(page, killEngines) {
    await newGame(page, {limit: 'movetime', value: '1500'});
    await settle(page, 0);
    await killEngines();
    await page.waitForFunction(() => window.qecPage.main.restarts === 1, null, {timeout: 10000});
    await clickMove(page, 'e2', 'e4');
    await page.waitForFunction(() => document.body.dataset.state === 'engine' && window.qecPage.main.searching,
        null, {timeout: 10000});
    const during = await page.evaluate(() => document.body.dataset.state);
    const movable = await page.evaluate(() => window.qecPage.cg.state.movable.color);
    check('while the engine decides, no piece can be moved', movable === undefined, String(movable));
    await killEngines();
    const s = await page.waitForFunction(() => window.qecPage.game.decisions.length >= 2
        && document.body.dataset.state === 'human', null, {timeout: 20000}).then(() => status(page), () => null);
    check('engine killed while it searched', during === 'engine', during);
    check('engine killed twice: the page restarts it and the engine answers', s && s.moves[0] === '1. e2e4', JSON.stringify(s));
    const restarts = await page.evaluate(() => window.qecPage.main.restarts);
    check('engine killed twice: two restarts of the session', restarts === 2, String(restarts));
    await page.waitForFunction(() => document.body.dataset.decisions === '2');
    check('after the restarts: no error shown', await page.textContent('#thinking') === '');
}

const browser = await chromium.launch({executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu']});
try {
    mkdirSync(shots, {recursive: true});
    const context = await browser.newContext({viewport: {width: VW, height: VH}, acceptDownloads: true,
        permissions: ['clipboard-read', 'clipboard-write'], ...(PHONE ? {isMobile: true, hasTouch: true} : {})});
    const page = await context.newPage();
    // "Discard the game in progress?": OK, unless the test says cancel (dismissNext)
    page.on('dialog', async (d) => {
        dialogs++;
        const answer = dismissNext ? d.dismiss() : d.accept();
        dismissNext = false;
        await answer.catch(() => {});
        await page.evaluate((n) => { window.qecDialogs = n; }, dialogs).catch(() => {}); // the page runs again
    });
    /* In the page: the ::after content of the first element matching sel, or null when there is
     * none, so that a missing element fails its check instead of ending the page run. */
    await page.addInitScript(() => {
        window.afterContent = (sel) => {
            const el = document.querySelector(sel);
            return el ? getComputedStyle(el, '::after').content : null;
        };
    });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
        await run(page);
        await review(page, SCRIPTED_TOKENS);
        await hiddenLinks(page);
        await tether(page);
        await schroedinger(page);
        await checkMarks(page);
        await winningChances(page);
        await persistence(page);
        await phoneLayout(page);
        await engineVsEngine(page);
        await restart(page, TRANSPORT === 'worker'
            // the Workers end as a crashed or killed one does: gone, without a word
            ? () => page.evaluate(() => { for (const e of [window.qecPage.main, window.qecPage.ana]) e.ws?.close(); })
            : () => {
                const wsd = process.env.WSD_PID;
                const kids = spawnSync('pgrep', ['-P', wsd], {encoding: 'utf8'}).stdout.split(/\s+/).filter(Boolean);
                for (const pid of kids) process.kill(+pid, 'SIGKILL');
            });
    } catch (e) {
        check('the page run finished', false, String(e.stack || e).split('\n').slice(0, 3).join(' '));
        await page.screenshot({path: `${shots}/${PREFIX}failure.png`}).catch(() => {});
    }
    check('no script errors on the page', errors.length === 0, errors.join(' | '));
    const conn = await page.textContent('#conn').catch(() => '');
    check('the status line never says the engine is unavailable', !/unavailable/.test(conn), conn);
} finally {
    await browser.close();
}
console.log(`web-e2e: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
