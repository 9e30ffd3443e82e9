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
// The page layer (settings, checks, waits, clicks, a new game) is e2e_page.mjs; the scenarios of
// the other games and the review are e2e_games.mjs.
import {chromium} from '../../web/node_modules/playwright-core/index.mjs';
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {tmpdir} from 'node:os';
import {url, shots, qec, TRANSPORT, VW, VH, PHONE, PREFIX, FEN, SCRIPTED_TOKENS, MAP, check, tally, status,
    settle, drawn, until, tap, clickMove, panel, engineD, analysisLines, newGame, transport, engineBuild} from './e2e_page.mjs';
import {tether, paste, review, startReview, schroedinger, checkMarks} from './e2e_games.mjs';

let dialogs = 0, dismissNext = false;

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
    // the material under the board, counted by hand: White's four pawns and rook against Black's
    // four pawns and bishop
    const material = () => page.textContent('#material');
    check('material: a rook against a bishop, White +2', await material() === 'material White +2: ♖ against ♝',
        await material());
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
    check('material after Kxe2 and Rxh8: White +6, a rook and a pawn more', await material() === 'material White +6: ♖♙',
        await material());
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

    // ---- stepping with the keys: ← and → a turn at a time, Home, End ----
    const shownFen = () => page.evaluate(() => (window.qecPage.game.view ? window.qecPage.game.viewBoard.fen : 'live'));
    // one step (act), then the position shown once it is want (bounded), or the one shown then
    const afterStep = async (act, want) => {
        await act();
        return page.waitForFunction((w) => (window.qecPage.game.view ? window.qecPage.game.viewBoard.fen : 'live') === w
            && document.body.dataset.state === (w === 'live' ? 'over' : 'viewing'), want, {timeout: 15000})
            .then(() => want, () => shownFen());
    };
    const afterKey = (key, want) => afterStep(() => page.keyboard.press(key), want);
    await page.evaluate(() => document.activeElement?.blur());
    const keyWants = [['ArrowLeft', 3], ['ArrowLeft', 2], ['Home', 0], ['ArrowRight', 1], ['End', 'live']]
        .map(([key, k]) => [key, k === 'live' ? 'live' : k === 0 ? FEN : engineD(FEN, MAP, tokens.slice(0, k)).fen]);
    const keySeen = [];
    for (const [key, want] of keyWants)
        keySeen.push(await afterKey(key, want));
    check('the keys step through the game: ← ← Home → End', keySeen.join(' | ') === keyWants.map((w) => w[1]).join(' | '),
        keySeen.join(' | '));
    // the same with the buttons over the move list (a touch screen has no keys); each button off
    // where it cannot go
    const offSteps = () => page.$$eval('#step button', (bs) => bs.filter((b) => b.disabled).map((b) => b.dataset.step).join());
    const afterButton = async (where, want) =>
        `${await afterStep(() => page.click(`#step button[data-step="${where}"]`), want)} [${await offSteps()}]`;
    const buttonWants = keyWants.map(([key, want], i) => [['back', 'back', 'start', 'forward', 'live'][i], want,
        ['', '', 'start,back', '', 'forward,live'][i]]);
    const buttonSeen = [];
    for (const [where, want] of buttonWants)
        buttonSeen.push(await afterButton(where, want));
    check('the step buttons step through the game: ◀ ◀ |◀ ▶ ▶|, each off where it cannot go',
        buttonSeen.join(' | ') === buttonWants.map((w) => `${w[1]} [${w[2]}]`).join(' | '), buttonSeen.join(' | '));
    await panel(page, 'setup');
    await page.focus('#limit-value');
    await page.keyboard.press('ArrowLeft');
    check('an arrow key in a field moves its cursor, not the game', await shownFen() === 'live'
        && await page.evaluate(() => document.body.dataset.state) === 'over'
        && await page.evaluate(() => document.activeElement?.id) === 'limit-value');
    await page.evaluate(() => document.activeElement?.blur());
    await panel(page, 'moves');

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

// ---- take back: the game back to the start of the human's last turn ----
// Plays on after White's move until White is to make a base move again: the engine's turns,
// and White's own forced replies or steps on the way (the first legal one each time).
async function untilWhiteBase(page, n) {
    for (let i = 0; i < 8; i++) {
        await page.waitForFunction((k) => ['human', 'over'].includes(document.body.dataset.state)
            && window.qecPage.game.decisions.length > k, n, {timeout: 30000});
        const s = await settle(page, await page.evaluate(() => window.qecPage.game.decisions.length));
        if (s.phase === 'base' || s.state === 'over')
            return s;
        const tok = await page.evaluate(() => window.qecPage.game.legal[0]);
        await clickMove(page, tok.slice(0, 2), tok.slice(2, 4));
        n = s.n;
    }
    return status(page);
}

// A new game as White against the engine at depth 1 (atStart, if given, runs at its start), then
// two turns of White's (e2e4, then the first legal plain move), each played on to White's next
// base move: the status at the start and after the first turn.
async function twoWhiteTurns(page, atStart) {
    await newGame(page, {side: 'white', limit: 'depth', value: '1'});
    const start = await settle(page, 0);
    if (atStart)
        await atStart();
    await clickMove(page, 'e2', 'e4');
    const second = await untilWhiteBase(page, 0);
    const tok = await page.evaluate(() => window.qecPage.game.legal.find((t) => t.length === 4));
    await clickMove(page, tok.slice(0, 2), tok.slice(2, 4));
    await untilWhiteBase(page, second.n);
    return {start, second};
}

async function takeBack(page) {
    const disabled = () => page.evaluate(() => document.getElementById('takeback').disabled);
    // back to the start of White's second turn: the engine's turn after it goes too
    const {start, second} = await twoWhiteTurns(page,
        async () => check('take back: nothing to take back before a turn of yours', await disabled()));
    await until(page, () => !document.getElementById('takeback').disabled);
    // a review of the two turns first: its points on the decisions that stay are kept
    await startReview(page, 300);
    await page.waitForFunction(() => document.body.dataset.review === 'done', null, {timeout: 120000});
    await page.click('#takeback');
    const back = await settle(page, second.n);
    check('take back: the position at the start of your last turn, the turns after it gone', back.fen === second.fen
        && back.moves.join() === second.moves.join() && !(await disabled()), `${back.fen} / ${second.fen}`);
    await panel(page, 'record');
    await page.check('#record-review');
    await until(page, () => document.getElementById('record').value.includes('[%eval'));
    const kept = await page.evaluate(() => ({evals: (document.getElementById('record').value.match(/\[%eval /g) || []).length,
        note: document.getElementById('record-review-note').textContent,
        points: window.qecPage.review.pointsFor(window.qecPage.game).length}));
    check('take back keeps the review of the decisions that stay: the record with the review, an [%eval] each',
        kept.evals === second.n && kept.points === second.n && kept.note === '', `${JSON.stringify(kept)} of ${second.n}`);
    await page.uncheck('#record-review');
    await page.click('#takeback');
    const first = await settle(page, 0);
    check('take back again: the start of the game, nothing more to take back', first.fen === start.fen
        && first.moves.length === 0 && await disabled(), first.fen);
    // while the engine thinks (a 60 s search): it is stopped, its answer dropped, White to move
    // again long before the search would have ended
    await newGame(page, {side: 'white', limit: 'movetime', value: '60000'});
    await settle(page, 0);
    await clickMove(page, 'e2', 'e4');
    await page.waitForFunction(() => document.body.dataset.state === 'engine' && window.qecPage.main.searching, null,
        {timeout: 30000});
    await page.click('#takeback');
    const stopped = await page.waitForFunction(() => !window.qecPage.main.searching && document.body.dataset.state === 'human'
        && window.qecPage.game.decisions.length === 0, null, {timeout: 30000}).then(() => settle(page, 0), () => status(page));
    const said = await page.evaluate(() => document.getElementById('thinking').textContent);
    check('take back while the engine thinks: it stops, its answer dropped unplayed, your turn again', stopped.n === 0
        && stopped.state === 'human' && stopped.fen === start.fen && said === '', `${said} ${JSON.stringify(stopped).slice(0, 160)}`);
    await newGame(page, {});
    await settle(page, 0);
}

// ---- a typed move: an illegal one named and the game untouched, a legal one played ----
async function typedMove(page) {
    await newGame(page, {side: 'white', limit: 'depth', value: '1'});
    const start = await settle(page, 0);
    await page.fill('#move-input', 'e2e5');
    await page.press('#move-input', 'Enter');
    await until(page, () => document.getElementById('move-error').textContent !== '');
    const said = await page.textContent('#move-error');
    const same = await status(page);
    check('typed move: an illegal one is named, with the legal ones, and nothing is played',
        /'e2e5' is not a legal base move now; legal: .*e2e4/.test(said) && same.n === 0 && same.fen === start.fen, said);
    await page.fill('#move-input', 'E2-E4');
    await page.press('#move-input', 'Enter');
    await page.waitForFunction(() => window.qecPage.game.decisions.length > 0, null, {timeout: 30000});
    const played = await page.evaluate(() => window.qecPage.game.decisions[0].tok);
    check('typed move: E2-E4 plays e2e4, the field and the message cleared', played === 'e2e4'
        && await page.inputValue('#move-input') === '' && await page.textContent('#move-error') === '', played);
    await untilWhiteBase(page, 0);
    await newGame(page, {});
    await settle(page, 0);
}

// ---- a game clock: the engine is told both clocks, yours runs while you decide, and a flag
// that falls loses the game; a control that is not one is named and changes nothing ----
async function clockGame(page) {
    const face = (side) => page.evaluate((s) => {
        const el = document.getElementById(`clock-${s}`);
        return {text: el.textContent, running: el.classList.contains('running'), shown: el.checkVisibility()};
    }, side);
    // you play Black on 60 s + 1 s a decision: the engine's first turn comes on its clock
    await newGame(page, {side: 'black', limit: 'clock', value: '1+1'});
    await page.waitForFunction(() => document.body.dataset.state === 'human', null, {timeout: 60000}).catch(() => {});
    const log = await page.textContent('#log');
    const go = /go wtime (\d+) btime (\d+) winc 1000 binc 1000/.exec(log);
    check('clock: the engine is told both clocks and the increments (go wtime … btime … winc binc)',
        go && +go[1] <= 60000 && +go[2] <= 60000, go ? go[0] : log.slice(-300));
    await until(page, () => document.getElementById('clock-black').classList.contains('running')); // the next tick
    const black = await face('black');
    await until(page, (t) => document.getElementById('clock-black').textContent !== t, black.text);
    const later = await face('black');
    const white = await face('white');
    check('clock: yours runs while you decide, the engine\'s stands', black.shown && black.running && later.running
        && later.text !== black.text && !white.running && /^[01]:\d\d(\.\d)?$/.test(white.text),
        `${JSON.stringify(black)} ${JSON.stringify(later)} ${JSON.stringify(white)}`);
    await page.screenshot({path: `${shots}/${PREFIX}clock.png`});
    // a phone held sideways: the status under the board is out of view, the header has the clocks
    await page.setViewportSize({width: 667, height: 375});
    await page.evaluate(() => window.scrollTo(0, 0)); // the whole board in view, as one plays
    await until(page, () => document.getElementById('hclock-black').checkVisibility());
    const head = await page.evaluate(() => {
        const el = document.getElementById('hclock-black'), r = el.getBoundingClientRect();
        return {shown: el.checkVisibility(), inView: r.top >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
            running: el.classList.contains('running'), same: el.textContent === document.getElementById('clock-black').textContent,
            statusOut: document.getElementById('clock-row').getBoundingClientRect().top >= innerHeight,
            line: (() => { // who decides what, beside the clocks
                const h = document.getElementById('header-status'), b = h.getBoundingClientRect();
                return {shown: h.checkVisibility(), inView: b.top >= 0 && b.bottom <= innerHeight && b.width > 0, text: h.textContent};
            })()};
    });
    await page.screenshot({path: `${shots}/${PREFIX}clock-667x375.png`});
    await page.setViewportSize({width: VW, height: VH});
    check('clock: a phone held sideways (667x375) shows the clocks in the header, the status being below the board',
        head.shown && head.inView && head.running && head.same && head.statusOut, JSON.stringify(head));
    check('a phone held sideways: the header says who decides what (the status being below the board)',
        head.line.shown && head.line.inView && head.line.text === 'black: base move', JSON.stringify(head.line));
    check('clock: not in the header where the status is in view', !(await page.isVisible('#header-clock')) && !(await page.isVisible('#header-status')));
    // a reload keeps both times; the time you spent deciding is not given back
    const ms = (t) => t.split(':').map(Number).reduce((a, x) => a * 60 + x, 0) * 1000;
    const gone = await face('black');
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.state === 'human', null, {timeout: 30000}).catch(() => {});
    await until(page, () => document.getElementById('clock-black').classList.contains('running'));
    const back = await face('black'), backWhite = await face('white');
    check('clock: a reload keeps both times, yours not given back', back.running && ms(back.text) <= ms(gone.text)
        && ms(back.text) >= ms(gone.text) - 15000 && backWhite.text === white.text,
        `${JSON.stringify(gone)} ${JSON.stringify(back)} ${JSON.stringify(backWhite)} ${white.text}`);
    // 3 s for you as White: the flag falls, the game is lost on time, nothing can be played
    await newGame(page, {side: 'white', limit: 'clock', value: '0.05+0'});
    await page.waitForFunction(() => document.getElementById('result').textContent.includes('loses on time'), null,
        {timeout: 30000}).catch(() => {});
    const over = await page.evaluate(() => ({result: document.getElementById('result').textContent,
        state: document.body.dataset.state, movable: window.qecPage.cg.state.movable.color || null,
        record: document.getElementById('record').value, face: document.getElementById('clock-white').textContent,
        takeback: document.getElementById('takeback').disabled}));
    check('clock: your flag falls: 0-1 White loses on time, nothing left to play, take back off', over.result
        === 'Game over: 0-1 White loses on time' && over.state === 'over' && over.movable === null && over.takeback
        && over.face === '0:00.0', JSON.stringify({...over, record: ''}));
    check('clock: the record says the control and the forfeit', over.record.includes('[TimeControl "3+0"]')
        && over.record.includes('[Termination "time forfeit"]') && /\{White loses on time\} 0-1\s*$/.test(over.record),
        over.record);
    // play from here after a loss on time: the game goes on as a new one, on full clocks (the
    // side that lost on time would lose again at once). You as Black flag after the engine's turn.
    await newGame(page, {side: 'black', limit: 'clock', value: '0.05+0'});
    await page.waitForFunction(() => document.getElementById('result').textContent.includes('Black loses on time'), null,
        {timeout: 30000}).catch(() => {});
    const lost = await page.textContent('#result');
    await panel(page, 'moves');
    await until(page, () => !document.querySelector('#step button[data-step="start"]').disabled);
    await page.click('#step button[data-step="start"]');
    await page.waitForFunction(() => document.body.dataset.state === 'viewing');
    await page.evaluate(() => { document.getElementById('log').textContent = ''; });
    await page.click('#play-here');
    // read where the go is sent, in one look: Black's new 3 s run out again after the engine's turn
    const again = await page.waitForFunction(() => {
        const go = /go wtime (\d+) btime (\d+)/.exec(document.getElementById('log').textContent);
        return go && {go: [...go], recorded: window.qecPage.game.recorded};
    }, null, {timeout: 30000}).then((h) => h.jsonValue()).catch(() => ({}));
    check('clock: play from here after a loss on time goes on as a new game, on full clocks', lost === 'Game over: 1-0 Black loses on time'
        && again.go && +again.go[2] === 3000 && +again.go[1] <= 3000 && again.recorded === null,
        `${lost} / ${JSON.stringify(again)}`);
    await newGame(page, {}); // no clock: nothing falls while the next check looks
    await settle(page, 0);
    // a control that is not one: named, and the game as it was
    const id = await page.evaluate(() => window.qecPage.game.id);
    await panel(page, 'setup');
    await page.selectOption('#limit', 'clock');
    await page.fill('#tc', '5:00');
    await page.click('#new-game');
    await until(page, () => document.getElementById('setup-error').textContent !== '');
    const said = await page.textContent('#setup-error');
    check('clock: a control that is not minutes+seconds is named, the game kept', /clock: '5:00' is not minutes and seconds/
        .test(said) && await page.evaluate(() => window.qecPage.game.id) === id, said);
    await newGame(page, {});
    await settle(page, 0);
}

// ---- play from here: a position looked at becomes the game, the later decisions dropped ----
async function playHere(page) {
    const toks = () => page.evaluate(() => window.qecPage.game.decisions.map((d) => d.tok));
    await twoWhiteTurns(page);
    const before = await toks();
    await panel(page, 'moves');
    await page.click('#moves li.turn:nth-of-type(1)'); // White's first turn
    await page.waitForFunction(() => document.body.dataset.state === 'viewing');
    const at = await page.evaluate(() => window.qecPage.game.view.length);
    const asked = dialogs;
    await page.click('#play-here');
    const s = await untilWhiteBase(page, at);
    const after = await toks();
    check('play from here: asks, keeps the turns up to it, drops the rest, and the engine plays on to your move',
        dialogs === asked + 1 && at > 0 && at < before.length && after.slice(0, at).join() === before.slice(0, at).join()
        && s.decider === 'white' && s.phase === 'base' && await page.isHidden('#play-here'),
        `${at} kept of ${before.join(' ')}; now ${after.join(' ')}, ${dialogs - asked} question(s)`);
    await newGame(page, {});
    await settle(page, 0);
}

// ---- premoves: made while the engine decides, played at your next move when legal there ----
async function premoves(page) {
    const premove = () => page.evaluate(() => window.qecPage.cg.state.premovable.current?.join('') || null);
    const thinks = () => page.waitForFunction(() => document.body.dataset.state === 'engine' && window.qecPage.main.searching,
        null, {timeout: 10000}).catch(() => {});
    const toks = () => page.evaluate(() => window.qecPage.game.decisions.map((d) => d.tok));
    // a minute for the engine's move: the test stops it once the premove is made
    await newGame(page, {variant: 'chess', side: 'white', limit: 'movetime', value: '60000'});
    await settle(page, 0);
    await clickMove(page, 'e2', 'e4');
    await thinks();
    await clickMove(page, 'g1', 'f3');
    const set = await premove();
    await page.evaluate(() => window.qecPage.main.stop());
    await page.waitForFunction(() => window.qecPage.game.decisions.length >= 3, null, {timeout: 20000}).catch(() => {});
    const played = await toks();
    check('premove: made while the engine decides, played at your move', set === 'g1f3' && played[2] === 'g1f3',
        `${set} / ${played.join(' ')}`);
    // one that is not legal when your move comes (a capture with nothing to take): dropped, said
    await thinks();
    await clickMove(page, 'd2', 'e3');
    const set2 = await premove();
    await page.evaluate(() => window.qecPage.main.stop());
    await until(page, () => /^premove d2-e3 dropped/.test(document.getElementById('thinking').textContent));
    const s = await status(page), said = await page.textContent('#thinking');
    check('premove: one not legal at your move is dropped and said, the move left to you', set2 === 'd2e3'
        && s.state === 'human' && (await toks()).length === 4 && said === 'premove d2-e3 dropped: not a legal move here'
        && await premove() === null, `${set2} / ${s.state} / ${said}`);
    await newGame(page, {});
    await settle(page, 0);
}

// ---- resign: asked first, then over with the other side's win, in the record, after a reload ----
async function resignGame(page) {
    const off = (id) => page.evaluate((i) => document.getElementById(i).disabled, id);
    await newGame(page, {side: 'white', limit: 'depth', value: '1'});
    await settle(page, 0);
    await clickMove(page, 'e2', 'e4');
    const before = await untilWhiteBase(page, 0);
    const heard = () => page.evaluate(() => ({text: document.getElementById('announce').textContent,
        live: document.getElementById('announce').getAttribute('aria-live'), last: window.qecPage.game.board.lastShort}));
    const said = await heard();
    check('a screen reader hears the engine\'s turn and your decision (#announce, aria-live)', said.live === 'polite'
        && !!said.last && said.text === `Last turn: ${said.last}. White to decide: base move.`, JSON.stringify(said));
    const asked = dialogs;
    dismissNext = true;
    await page.click('#resign');
    await page.waitForFunction((n) => window.qecDialogs > n, asked).catch(() => {});
    const kept = await status(page);
    check('resign: asks first, and "cancel" plays on', dialogs === asked + 1 && kept.state === 'human'
        && kept.n === before.n, `${dialogs - asked} question(s), ${kept.state}`);
    await page.click('#resign');
    const over = await settle(page, before.n, ['over']);
    const record = await page.inputValue('#record');
    check('resign: the game is over, 0-1, said under the board and in the record', over.state === 'over'
        && /^Game over: 0-1 White resigns/.test(over.shownResult) && record.includes('[Result "0-1"]')
        && /White resigns/.test(record) && record.includes('[Termination "resignation"]'), `${over.shownResult} / ${record.slice(-60)}`);
    check('resign: then no take back and no second resignation', await off('takeback') && await off('resign'));
    const end = await heard();
    check('resign: a screen reader hears the result', /Game over: 0-1 White resigns\.$/.test(end.text), end.text);
    check('resign: then no piece can be moved', await page.evaluate(() => !window.qecPage.cg.state.movable.color));
    await page.reload();
    const again = await settle(page, before.n, ['over']);
    check('resign: still over after a reload', /^Game over: 0-1 White resigns/.test(again.shownResult), again.shownResult);
    await newGame(page, {});
    await settle(page, 0);
    check('resign: a new game after it starts without asking', dialogs === asked + 2, `${dialogs - asked} question(s)`);
}

// ---- a draw offered to the engine: declined where it sees itself better, accepted where not ----
async function drawOffer(page) {
    const said = () => page.textContent('#thinking');
    // chess, the engine (Black) a queen up: declined, the game goes on
    await newGame(page, {variant: 'chess', fen: '3qk3/8/8/8/8/8/8/4K3 w - - 0 1', side: 'white', limit: 'depth', value: '1'});
    await settle(page, 0);
    await until(page, () => !document.getElementById('offer-draw').disabled);
    await page.click('#offer-draw');
    await until(page, () => /declines/.test(document.getElementById('thinking').textContent));
    const no = await status(page);
    const why = await said();
    check('draw offer: declined by an engine a queen up, with its score; the game goes on', /^the engine declines the draw \(it sees (\+\d+\.\d\d|a mate) for itself\)$/
        .test(why) && no.state === 'human' && !no.shownResult && !(await page.evaluate(() => document.getElementById('offer-draw').disabled)),
        `${why} ${JSON.stringify(no).slice(0, 200)}`);
    // the engine a queen down: accepted, the game drawn, in the record
    await newGame(page, {variant: 'chess', fen: '4k3/8/8/8/8/8/8/3QK3 w - - 0 1', side: 'white', limit: 'depth', value: '1'});
    await settle(page, 0);
    await until(page, () => !document.getElementById('offer-draw').disabled);
    await page.click('#offer-draw');
    const over = await settle(page, 0, ['over']);
    const record = await page.inputValue('#record');
    check('draw offer: accepted by an engine a queen down: 1/2-1/2 under the board and in the record',
        /^Game over: 1\/2-1\/2 Draw by agreement/.test(over.shownResult) && record.includes('[Result "1/2-1/2"]')
        && record.includes('[Termination "agreement"]') && /\{Draw by agreement\} 1\/2-1\/2\s*$/.test(record)
        && await page.evaluate(() => document.getElementById('offer-draw').disabled && !window.qecPage.cg.state.movable.color),
        `${over.shownResult} / ${record.slice(-80)}`);
    await newGame(page, {});
    await settle(page, 0);
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
// The page turned to width x height: waits (bounded) until the whole board is in view at the
// top of the page with nothing scrolling sideways (and, with besideMoves, the board on the
// first row and the moves panel beside it; with minBoard, the board wider than that and the
// status under it in view too); returns the last layout seen (window.boardLayout).
async function layoutAt(page, width, height, besideMoves, minBoard = 0) {
    await page.setViewportSize({width, height});
    const arg = {besideMoves, minBoard};
    return page.waitForFunction((a) => { const l = window.boardLayout(a); return l.fits && l; }, arg,
        {timeout: 15000}).then((h) => h.jsonValue(), () => page.evaluate((a) => window.boardLayout(a), arg));
}

async function phoneLayout(page) {
    const wide = await page.evaluate(() => ({scroll: document.documentElement.scrollWidth, width: window.innerWidth}));
    check('nothing scrolls sideways', wide.scroll <= wide.width, JSON.stringify(wide));
    if (!PHONE) {
        check('a wide screen shows every panel, no tab bar', await page.isVisible('#moves-panel')
            && await page.isVisible('#analysis-panel') && await page.isVisible('#setup') && !(await page.isVisible('#tabs')));
        // A tablet held sideways (too narrow for three columns): the board on the first row,
        // the moves beside it, and the whole board in view.
        const tablet = await layoutAt(page, 1024, 768, true);
        check('tablet sideways (1024x768): the board first, the moves beside it, nothing scrolls sideways',
            tablet.fits, JSON.stringify(tablet));
        await page.screenshot({path: `${shots}/tablet-1024.png`});
        // There the New-game form is below the panels: the button by the board brings it into
        // view with its first field focused.
        await page.click('#to-setup');
        const form = await page.waitForFunction(() => {
            const r = document.getElementById('setup').getBoundingClientRect();
            const f = {top: Math.round(r.top), height: innerHeight, focus: document.activeElement?.id};
            return f.top >= 0 && f.top < f.height - 100 && f.focus === 'variant' && f;
        }, null, {timeout: 15000}).then((h) => h.jsonValue(), () => page.evaluate(() => ({
            top: document.getElementById('setup').getBoundingClientRect().top, focus: document.activeElement?.id})));
        check('tablet: "new game…" by the board brings the New-game form into view, its first field focused',
            form.focus === 'variant' && form.top >= 0, JSON.stringify(form));
        // A tablet held upright: the board as wide as the screen, the status under it in view.
        const upright = await layoutAt(page, 768, 1024, false, 650);
        check('tablet upright (768x1024): the board over 650 px, the status under it in view, nothing scrolls sideways',
            upright.fits, JSON.stringify(upright));
        // A large screen: the board as tall as the screen allows, the status under it in view.
        const big = await layoutAt(page, 1920, 1080, true, 800);
        check('large screen (1920x1080): the board over 800 px, the status under it and the moves beside it in view',
            big.fits, JSON.stringify(big));
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.setViewportSize({width: VW, height: VH});
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
    // The phone held sideways, narrow (the tab bar beside the board) and wide (the panels beside
    // it): the whole board is in view at the top of the page, the moves panel beside it, and
    // nothing scrolls sideways.
    for (const [width, height] of [[667, 375], [844, 390]]) {
        const fit = await layoutAt(page, width, height, true);
        check(`phone sideways (${width}x${height}): the whole board in view, the moves beside it, nothing scrolls sideways`,
            fit.fits, JSON.stringify(fit));
        await page.screenshot({path: `${shots}/${PREFIX}sideways-${width}.png`});
    }
    // A small phone (360x640): each tab's label on one line (bounded wait for the relayout).
    await page.setViewportSize({width: 360, height: 640});
    await page.evaluate(() => {
        window.tabLines = () => [...document.querySelectorAll('#tabs button')].map((b) => { // line boxes of each label
            const r = document.createRange();
            r.selectNodeContents(b);
            return new Set([...r.getClientRects()].map((q) => Math.round(q.top))).size;
        });
    });
    const tabs = await page.waitForFunction(() => innerWidth === 360 && window.tabLines().every((n) => n === 1)
        && window.tabLines(), null, {timeout: 15000}).then((x) => x.jsonValue(), () => page.evaluate(() => window.tabLines()));
    check('small phone (360x640): every tab\'s label on one line', tabs.every((n) => n === 1), JSON.stringify(tabs));
    await page.setViewportSize({width: VW, height: VH});
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
    const movable = await page.evaluate(() => [window.qecPage.cg.state.movable.color, window.qecPage.cg.state.turnColor]);
    check('while the engine decides, no piece can be moved (only premoved)', movable[0] !== movable[1], String(movable));
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
        // The board's box, the moves panel's and the status's with the page scrolled to the
        // top, and whether they fit (layoutAt).
        window.boardLayout = ({besideMoves, minBoard}) => {
            window.scrollTo(0, 0);
            const b = document.getElementById('board').getBoundingClientRect();
            const m = document.getElementById('moves-panel').getBoundingClientRect();
            const st = document.getElementById('status').getBoundingClientRect();
            const l = {top: Math.round(b.top), bottom: Math.round(b.bottom), right: Math.round(b.right),
                width: Math.round(b.width), movesLeft: Math.round(m.left), movesTop: Math.round(m.top),
                statusBottom: Math.round(st.bottom), height: innerHeight, scroll: document.documentElement.scrollWidth,
                wide: innerWidth};
            l.fits = l.top >= 0 && l.bottom <= l.height && l.width > 200 && l.scroll <= l.wide
                && (!besideMoves || (l.top < 100 && l.movesLeft >= l.right && l.movesTop < 100))
                && (!minBoard || (l.width > minBoard && l.statusBottom <= l.height));
            return l;
        };
    });
    const errors = [], missing = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // Every file the page asks for is there (a browser asks for /favicon.ico unless the page
    // names an icon); engine.json is asked for on purpose and is absent under `make web`. Only
    // a server's answer counts: a load cut short by the page's own reload (net::ERR_ABORTED)
    // is not a missing file.
    page.on('console', (m) => {
        const url = m.location()?.url || '';
        if (m.type() === 'error' && /server responded with a status of/.test(m.text()) && !url.endsWith('/engine.json'))
            missing.push(url);
    });
    try {
        await run(page);
        await review(page, SCRIPTED_TOKENS);
        await hiddenLinks(page);
        await tether(page);
        await schroedinger(page);
        await checkMarks(page);
        await winningChances(page);
        await persistence(page);
        await takeBack(page);
        await resignGame(page);
        await typedMove(page);
        await playHere(page);
        await clockGame(page);
        await drawOffer(page);
        await premoves(page);
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
    check('every file the page asks for is served', missing.length === 0, missing.join(' | '));
    const conn = await page.textContent('#conn').catch(() => '');
    check('the status line never says the engine is unavailable', !/unavailable/.test(conn), conn);
} finally {
    await browser.close();
}
const {pass, fail} = tally();
console.log(`web-e2e: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
