// The page layer of the web board's end-to-end test (tests/web/e2e.mjs): the run's settings
// (argv and environment, as e2e.mjs documents them), the checks' tally, and what the
// scenarios share: the page's own view of the game, waiting for it, clicks and taps, the
// panels, a separate qec's `d`, the analysis lines, a new game, the engine and its build.
import {spawnSync} from 'node:child_process';

export const [url, shots, qec] = process.argv.slice(2);
export const TRANSPORT = process.env.TRANSPORT || 'websocket';
export const [VW, VH] = (process.env.VIEWPORT || '1200x720').split('x').map(Number);
export const PHONE = VW < 700;
export const PREFIX = PHONE ? 'phone-' : ''; // screenshot names
export const FEN = 'k6b/p1Pp2p1/P5P1/3P4/8/4p3/4R3/5K2 b - - 0 1';
export const SCRIPTED_TOKENS = 'd7d6 e2h2 h2h3 e3e2 f1e2 h3h8'.split(' '); // the scripted game's decisions
export const MAP = 'd7e2 g6h8';
let pass = 0, fail = 0;

export function check(name, ok, detail = '') {
    if (ok) pass++;
    else { fail++; console.log(`FAIL: ${name}${detail ? ` (${detail})` : ''}`); }
}

// The page's own view of the game.
export const status = (page) => page.evaluate(() => {
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
export async function settle(page, n, states = ['human', 'over']) {
    await page.waitForFunction(([k, ss]) => ss.includes(document.body.dataset.state)
        && document.body.dataset.decisions === String(k), [n, states], {timeout: 30000});
    await drawn(page);
    return status(page);
}
export const drawn = (page) => page.evaluate(() => new Promise((done) => {
    const timer = setTimeout(done, 5000);
    requestAnimationFrame(() => requestAnimationFrame(() => { clearTimeout(timer); done(); }));
}));
// Polls until the page shows what a check expects (bounded), so that the check reads the page
// after the redraw it checks and never its first state; the check itself then decides.
export const until = (page, fn, arg) => page.waitForFunction(fn, arg, {timeout: 10000}).catch(() => {});

export async function squareXY(page, sq) {
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
export const tap = async (page, sq) => (PHONE ? page.touchscreen.tap(...await squareXY(page, sq))
    : page.mouse.click(...await squareXY(page, sq)));
export async function clickMove(page, from, to) {
    await tap(page, from);
    await page.waitForFunction((sq) => window.qecPage.cg.state.selected === sq, from, {timeout: 1500}).catch(() => {});
    await tap(page, to);
}

// On a phone the panels under the board are tabs (web/static/layout.js): shows the one named
// (moves, analysis, record, setup) before the test uses it; on a wide screen all are shown.
export async function panel(page, name) {
    if (!PHONE)
        return;
    await page.click(`#tabs button[data-tab="${name}"]`);
    await page.waitForFunction((n) => document.body.dataset.tab === n, name);
}

// What qec itself says after the tokens (a separate engine, over a pipe).
export function engineD(fen, map, tokens, variant = 'qec') {
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
export async function analysisLines(page, n, variant, fen, map, toks) {
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

const formChecked = new Set(); // the variants whose form newGame has checked once
export async function newGame(page, {fen = '', map = 'default', custom = '', side = 'white', limit = 'depth', value = '1',
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
    await page.fill(limit === 'clock' ? '#tc' : '#limit-value', value);
    await page.selectOption('#level', level);
    await page.click('#new-game');
    await page.waitForFunction((id) => window.qecPage.game.id > id, before);
}

// The page's engine: the transport asked for, named by its `id name` once `uciok` came.
export async function transport(page) {
    const t = await page.evaluate(() => [document.body.dataset.transport, document.getElementById('conn').textContent]);
    check(`the page uses the ${TRANSPORT} engine`, t[0] === TRANSPORT, t[0]);
    check('the status line names the engine once connected', /^engine connected: qec \d/.test(t[1])
        && t[1].includes(TRANSPORT === 'worker' ? 'WebAssembly' : 'WebSocket'), t[1]);
}

// The engine build the Worker chose (BUILD): the status line says which; the threaded build
// offers Threads up to the browser's cores (at most 8) and a search with Threads 2 runs to its
// end and stops when told (a helper thread that never started would hang it); the one-thread
// build refuses Threads 2. A probe engine of its own, so the page's game is untouched.
export async function engineBuild(page) {
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


// The tally so far (the run prints it last).
export const tally = () => ({pass, fail});
