// The page: a chessground board driven by the engine over its UCI protocol. The engine is the
// only source of the rules: after every decision the page asks it `d` (phase, decider,
// pending piece, links, result, the turn in people's notation, schroedinger's types) and
// `legal kinds` (the options, each native, transporter or apex in tether), and it plays only
// tokens the engine listed. Two engine sessions: `main` (rules and the engine's moves) and
// `ana` (analysis, `go infinite` with MultiPV).
import {Chessground} from './vendor/chessground.min.js';
import {setupAnalysis} from './analysis.js';
import {Engine, EngineDied, EngineUnavailable, parseBoard, parseLegalKinds} from './engine.js';
import {clockForLimit, clockFromSaved, clockTo, goArgs, limitTimeControl, newClock, parseTimeControl} from './clock.js';
import {materialText} from './material.js';
import {groupTurns} from './record.js';
import {setupRecordPanel} from './record_panel.js';
import {setupGameEnd} from './game_end.js';
import {renderMoveList} from './moves.js';
import {forgetSavedGame, loadSavedGame, saveGame} from './saved.js';
import {checkedSide, markerStyles, shownLinks, splitMajors, squareClasses} from './drawing.js';
import {setupLayout, showTab} from './layout.js';
import {setupReview} from './review.js';
import {DEFAULT_VARIANT, variantFacts} from './variants.js';

const $ = (id) => document.getElementById(id);
const WS_URL = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/`;
const NAMES = {white: 'White', black: 'Black'};
// the decisions of a turn (R2) as the status names them, by the engine's Phase word
const PHASE_NAMES = {base: 'base move', forced: 'forced reply', react: 'reactive step'};

const game = {
    id: 0,                  // bumped whenever an engine answer in flight must be dropped
    number: 0,              // which game: a new game, a pasted record or a restored save starts
                            // another; take back, play from here and resign keep it (the review's)
    variant: DEFAULT_VARIANT,
    mapOption: 'default',   // the EntMap option sent for this game
    rootFen: '',            // '' = start position
    rootLinks: 'none',      // the links at the root, as `d` prints them
    decisions: [],          // [{tok, phase, kind, links, lastShort, lastLong}]: kind from
                            // `legal kinds` before it, the rest from `d` after it
    board: {},              // parsed `d` of the current position
    legal: [],
    kinds: new Map(),       // token => native | transporter | apex (`legal kinds`)
    hiddenLinks: false,     // seed 004 §11: a link is drawn once its first forced reply is made
    human: new Set(['white']),
    limit: 'movetime 300',  // `go` arguments, or `clock 5+3` (minutes + seconds a decision)
    clock: null,            // the game clock (clock.js) when the limit is a clock
    policy: 'search',
    level: 20,              // Skill Level of the engine that plays (the analysis is full strength)
    view: null,             // decisions shown while stepping back, or null (live)
    flipped: false,         // the board turned against the side the human plays
    bestArrow: null,
};

const log = (dir, line) => {
    const el = $('log');
    el.textContent += `${dir} ${line}\n`;
    if (el.textContent.length > 20000)
        el.textContent = el.textContent.slice(-15000);
};
const hooks = (name) => ({
    onSent: (l) => log(`${name}>`, l),
    onLine: (l) => { if (!l.startsWith('info depth')) log(`${name}<`, l); },
    onRestart: () => restarted(name),
});
// The static site of `make wasm` has engine.json ({"transport": "worker", …}): the engine
// runs in this browser, in a Web Worker. Under `make web` there is no such file: the engine is
// ./qec behind websocketd's WebSocket.
async function engineAddress() {
    try {
        const r = await fetch('engine.json', {cache: 'no-cache'});
        if (r.ok) {
            const j = await r.json();
            if (j.transport === 'worker')
                return {worker: j.worker || 'engine-worker.js'};
        }
    } catch (e) { /* no file or no JSON: the WebSocket */ }
    return WS_URL;
}
const ENGINE = await engineAddress();
const TRANSPORT = typeof ENGINE === 'string' ? 'native, over WebSocket' : 'WebAssembly, in this browser';
const hooksFor = (name) => ({...hooks(name), onUnavailable: (msg) => unavailable(msg)});
const main = new Engine(ENGINE, 'main', hooksFor('main'));
const ana = new Engine(ENGINE, 'ana', hooksFor('ana'));
// the analysis panel (analysis.js) on the `ana` session; showBest draws its best move
const analysis = setupAnalysis({game, ana, positionCmd, applyOptions, showBest});

const cg = Chessground($('board'), {
    coordinates: true,
    animation: {enabled: true, duration: 120},
    movable: {free: false, showDests: true, events: {after: onUserMove}},
    premovable: {enabled: true, showDests: true}, // while the engine decides (render, tryPremove)
    drawable: {
        enabled: true,
        brushes: {
            link: {key: 'lk', color: '#8a2be2', opacity: 0.55, lineWidth: 7},
            best: {key: 'bm', color: '#15781B', opacity: 0.85, lineWidth: 10},
        },
    },
});

// ---- positions ----

function rootCmd() {
    return game.rootFen ? `position fen ${game.rootFen}` : 'position startpos';
}

function positionCmd(decisions = game.decisions) {
    const toks = decisions.map((d) => d.tok);
    return toks.length ? `${rootCmd()} moves ${toks.join(' ')}` : rootCmd();
}

// The error lines in a reply. A `stop` sent as the search ended by itself is answered "no
// search is running" and may land in the next reply: not an error of that request.
const errorsIn = (lines) => lines.filter((l) => l.startsWith('info string error'))
    .map((l) => l.slice('info string error: '.length))
    .filter((e) => !e.startsWith('stop:'));

// For tests and scripts: what the page waits for, and how many decisions are played.
function setState(s) {
    document.body.dataset.state = s;
    document.body.dataset.decisions = String(game.decisions.length);
}

// ---- the game kept in the browser (saved.js): a reload or a closed tab loses nothing ----

// The setup form as the game was set up, so that "New game" offers the same again.
function showSetup(g) {
    $('variant').value = g.variant;
    const m = /^random (\d+)$/.exec(g.mapOption);
    $('map').value = m ? 'random' : ['default', 'none'].includes(g.mapOption) ? g.mapOption : 'custom';
    if (m) $('seed').value = m[1];
    if ($('map').value === 'custom') $('custom-map').value = g.mapOption;
    $('fen').value = g.rootFen;
    $('hidden-links').checked = g.hiddenLinks;
    $('side').value = g.human.size === 2 ? 'both' : g.human.size === 0 ? 'none' : [...g.human][0];
    const [kind, value] = g.limit.split(' ');
    $('limit').value = kind;
    $(kind === 'clock' ? 'tc' : 'limit-value').value = value;
    showLimitField();
    $('policy').value = g.policy;
    $('level').value = String(g.level);
    showMapRows();
}

// The saved game, replayed through the engine (it checks every decision again); false when
// there is none or the engine refuses it (then a new game starts).
async function restoreGame() {
    const {game: g, foreign} = loadSavedGame(main.variants);
    if (!g) {
        if (foreign)
            log('!!', 'the saved game is not one this page wrote: a new game');
        return false;
    }
    const setup = [`setoption name UCI_Variant value ${g.variant}`];
    if (variantFacts(g.variant).links)
        setup.push(`setoption name EntMap value ${g.mapOption}`);
    const root = g.rootFen ? `position fen ${g.rootFen}` : 'position startpos';
    const toks = g.decisions.map((d) => d.tok);
    const lines = await main.query([...setup, toks.length ? `${root} moves ${toks.join(' ')}` : root]);
    if (errorsIn(lines).length) {
        log('!!', `the saved game was refused: ${errorsIn(lines)[0]}`);
        forgetSavedGame();
        return false;
    }
    game.id++;
    cg.cancelPremove(); // made for the game as it was
    game.number++;
    Object.assign(game, {variant: g.variant, mapOption: g.mapOption, rootFen: g.rootFen || '', rootLinks: g.rootLinks,
        decisions: g.decisions, human: g.human, limit: g.limit, policy: g.policy, level: g.level, hiddenLinks: !!g.hiddenLinks,
        recorded: g.recorded || null, flipped: !!g.flipped, kinds: new Map(), view: null,
        clock: limitTimeControl(g.limit) ? clockFromSaved(g.clock) || clockForLimit(g.limit) : null});
    showSetup(game);
    await applyOptions();
    await main.query(['ucinewgame']);
    await refresh();
    return true;
}

// Asks the engine where the game stands; then lets the engine move if it decides.
async function refresh() {
    const id = game.id;
    const lines = await main.query([positionCmd(), 'd', 'legal kinds']);
    if (id !== game.id)
        return;
    const errs = errorsIn(lines);
    if (errs.length && dropRefused(errs[0]))
        return refresh();
    game.board = parseBoard(lines);
    if (game.clock) {
        // a human's clock runs from here, the engine's from its `go` (engineMove): the page's
        // own pause and queries before it are not the engine's time
        const over = game.board.result || game.recorded, human = game.human.has(game.board.decider);
        const out = clockTo(game.clock, over || !human ? null : game.board.decider, game.decisions.length, performance.now());
        if (out)
            return ending.timeForfeit(out);
    }
    saveGame(game);
    game.kinds = parseLegalKinds(lines) || new Map();
    game.legal = [...game.kinds.keys()];
    if (game.decisions.length)
        annotate(game.decisions[game.decisions.length - 1], game.board);
    game.bestArrow = null;
    game.view = null; // a new position of the game: show it, even when stepping back
    render();
    analysis.analyse().catch(anaFail);
    if (game.board.result || game.recorded) {
        setState('over');
        announce(game.board);
        return;
    }
    if (game.human.has(game.board.decider)) {
        setState('human');
        announce(game.board);
        tryPremove();
        return;
    }
    setState('engine');
    await new Promise((r) => setTimeout(r, 60)); // let the page paint between engine moves
    if (id === game.id)
        await engineMove(id);
}

// What `d` says after a decision: the links then (hidden links follow them) and the turn in
// the engine's notation for people (the move list).
function annotate(decision, board) {
    decision.links = board.links || 'none';
    decision.lastShort = board.lastShort;
    decision.lastLong = board.lastLong;
}

// A pasted record's decisions get what `d` says after each (one query per decision).
async function annotateAll(decisions) {
    for (let i = 0; i < decisions.length; i++)
        if (decisions[i].links === undefined)
            annotate(decisions[i], parseBoard(await main.query([positionCmd(decisions.slice(0, i + 1)), 'd'])));
}

// The engine refused token K of our list (`position: token K '…'`): it kept the decisions
// before it, so the page does too, and says so. Never expected; a guard against a stuck page.
function dropRefused(err) {
    log('!!', err);
    const m = /^position: token (\d+) /.exec(err);
    const k = m ? parseInt(m[1], 10) : 0;
    if (k < 1 || k > game.decisions.length)
        return false;
    game.decisions.length = k - 1;
    $('thinking').textContent = `the engine refused a decision: ${err}`;
    return true;
}

async function engineMove(id) {
    $('thinking').textContent = `engine (${game.board.decider}) is thinking…`;
    let go = game.limit;
    if (game.clock) { // its clock runs from here
        const now = performance.now();
        clockTo(game.clock, game.board.decider, game.decisions.length, now);
        go = goArgs(game.clock, now);
    }
    const words = await main.search([positionCmd(), `go ${go}`]);
    $('thinking').textContent = '';
    if (id !== game.id)
        return;
    if (!words[1] || words[1] === '0000') { // no decision although `d` says the game goes on
        $('thinking').textContent = `the engine gave no decision (${words.join(' ')})`;
        setState('error');
        return;
    }
    game.decisions.push({tok: words[1], phase: game.board.phase, kind: game.kinds.get(words[1])});
    await refresh();
}

// For a screen reader (#announce, aria-live): the last turn and who decides what now, or the
// result, when the game waits for a human or is over; a player who types moves hears the
// engine's answer.
function announce(board) {
    const last = board.lastShort ? `Last turn: ${board.lastShort}. ` : '';
    const pending = /^[a-h][1-8]/.test(board.pending || '') ? ` (${board.pending})` : '';
    $('announce').textContent = `${last}${$('result').textContent
        || `${NAMES[board.decider] || board.decider} to decide: ${PHASE_NAMES[board.phase] || board.phase}${pending}`}.`;
}

// A premove (made while the engine decided) is tried at the human's next base move: played
// when it is one of the legal decisions there, else dropped, and said. A forced reply or a
// reactive step of the human's is not premoved: the human makes it (which clears the premove,
// as any move on the board does in chessground).
function tryPremove() {
    const pm = cg.state.premovable.current;
    if (!pm || game.board.phase !== 'base')
        return;
    if (!cg.playPremove())
        $('thinking').textContent = `premove ${pm[0]}-${pm[1]} dropped: not a legal move here`;
}

function play(tok) {
    game.decisions.push({tok, phase: game.board.phase, kind: game.kinds.get(tok)});
    setState('busy');
    refresh().catch(fail);
}

function onUserMove(orig, dest) {
    const options = game.legal.filter((t) => t.startsWith(orig + dest));
    if (options.length === 1)
        return play(options[0]);
    if (options.length > 1)
        return askPromotion(options);
    render(); // not an option after all: put the piece back
}

function askPromotion(options) {
    const box = $('promo');
    box.hidden = false;
    $('promo-apex').hidden = !options.some((t) => game.kinds.get(t) === 'apex');
    box.onclick = (ev) => {
        const p = ev.target.dataset.p;
        const tok = p && options.find((t) => t.endsWith(p));
        if (!tok)
            return;
        box.hidden = true;
        play(tok);
    };
}

// A decision typed instead of dragged (a keyboard, a screen reader): the engine's token, with
// dashes, an x or capitals forgiven; four squares' worth of a promotion asks for the piece as a
// drag does. Anything else is named and the game is not touched.
function typedMove(ev) {
    ev.preventDefault();
    const input = $('move-input'), err = $('move-error');
    const tok = input.value.trim().toLowerCase().replace(/[-x\s]/g, '');
    if (!tok)
        return;
    const phase = PHASE_NAMES[game.board.phase] || 'decision';
    if (game.view || document.body.dataset.state !== 'human') {
        err.textContent = game.view ? 'you are looking back: ▶| returns to the game' : 'not your decision now';
        return;
    }
    const options = game.legal.includes(tok) ? [tok] : tok.length === 4 ? game.legal.filter((t) => t.startsWith(tok)) : [];
    if (!options.length) {
        err.textContent = `'${tok}' is not a legal ${phase} now; legal: ${game.legal.slice(0, 12).join(' ')}`
            + (game.legal.length > 12 ? ' …' : '');
        return;
    }
    err.textContent = '';
    input.value = '';
    if (options.length > 1)
        return askPromotion(options);
    play(options[0]);
}

// ---- drawing ----

// Tether: the destinations of the selected piece coloured by kind (the engine's `legal kinds`:
// native green, transporter blue, apex promotion gold with a star), as the seed's UI did, and
// its rank-mates outlined: the pieces of its colour on its rank, whose reach it borrows (T2.2).
function paintKinds() {
    const from = cg.state.selected;
    const squares = new Map(game.squares || []);
    const add = (sq, cls) => squares.set(sq, `${squares.get(sq) || ''} ${cls}`.trim());
    if (from && !game.view)
        for (const [tok, kind] of game.kinds)
            if (tok.startsWith(from) && kind !== undefined)
                add(tok.slice(2, 4), `kind-${kind}`);
    const piece = from && cg.state.pieces.get(from);
    if (piece && variantFacts(game.variant).rankMates)
        for (const file of 'abcdefgh') {
            const sq = file + from[1];
            if (sq !== from && cg.state.pieces.get(sq)?.color === piece.color)
                add(sq, 'rank-mate');
        }
    cg.set({highlight: {custom: squares}});
}

function render(board = game.board, viewing = false) {
    const decider = board.decider || 'white';
    const human = !viewing && !board.result && !game.recorded && game.human.has(decider);
    const dests = new Map();
    for (const t of viewing ? [] : game.legal) {
        const from = t.slice(0, 2), to = t.slice(2, 4);
        if (!dests.has(from)) dests.set(from, []);
        if (!dests.get(from).includes(to)) dests.get(from).push(to);
    }
    const shown = viewing ? game.view : game.decisions;
    const pairs = shownLinks(board, shown, game.hiddenLinks);
    const markers = $('links').value === 'markers';
    const {fen, majors} = splitMajors((board.fen || '').split(' ')[0]);
    // the one human of a game against the engine may premove while the engine decides; not
    // with majors of no known type on the board (schroedinger), whose moves it cannot draw
    const premover = !viewing && !board.result && !game.recorded && !human && game.human.size === 1
        && majors.size === 0 ? [...game.human][0] : undefined;
    if (!human && !premover)
        cg.cancelPremove();
    game.squares = squareClasses(board, pairs, markers, majors);
    const last = shown.length ? shown[shown.length - 1].tok : null;
    cg.set({
        fen,
        turnColor: decider,
        orientation: game.flipped !== (game.human.has('black') && !game.human.has('white')) ? 'black' : 'white',
        lastMove: last ? [last.slice(0, 2), last.slice(2, 4)] : undefined,
        check: checkedSide(board), // also the mated king (R4.1)
        movable: {color: human ? decider : premover, dests},
        highlight: {lastMove: true, check: true, custom: game.squares},
        animation: {enabled: majors.size === 0},
    });
    if (majors.size)
        cg.setPieces(majors);
    paintKinds();
    const shapes = markers ? [] : pairs.map(([a, b]) => ({orig: a, dest: b, brush: 'link'}));
    if (game.bestArrow)
        shapes.push({orig: game.bestArrow.slice(0, 2), dest: game.bestArrow.slice(2, 4), brush: 'best'});
    cg.setAutoShapes(shapes);
    // the legend once the engine has named a move other than native (tether)
    $('kinds-legend').hidden = ![...game.kinds.values(), ...game.decisions.map((d) => d.kind)]
        .some((k) => k && k !== 'native');
    $('worlds').textContent = board.worlds ? `Worlds: ${board.worlds}` : '';
    renderStatus(board);
    renderMoves();
    if (!viewing)
        record.render();
}

function renderStatus(board) {
    $('takeback').disabled = game.view !== null || takebackPoint() === null;
    $('resign').disabled = game.view !== null || ending.resigningSide() === null;
    $('offer-draw').disabled = game.view !== null || !ending.mayOfferDraw();
    const fen = (board.fen || '').split(' ');
    $('turn-owner').textContent = fen[1] === 'b' ? 'black' : 'white';
    $('decider').textContent = board.decider || '–';
    const phase = $('phase');
    phase.textContent = board.result ? 'over' : PHASE_NAMES[board.phase] || '–';
    phase.className = board.phase || '';
    $('pending').textContent = board.pending || '–';
    $('material').textContent = materialText((board.fen || '').split(' ')[0]);
    // (`resigned`: a resignation saved before endGame's `byPlayer`)
    const by = game.recorded?.byPlayer || game.recorded?.resigned ? '' : ' (by the record)';
    const rec = game.recorded && !game.view ? `Game over${by}: ${game.recorded.result} ${game.recorded.comment}` : '';
    $('result').textContent = board.result ? `Game over: ${board.result}` : rec;
    // the header's line for the layouts where the status is out of view (style.css)
    const decides = board.decider ? `${board.decider}: ${PHASE_NAMES[board.phase] || board.phase}` : '';
    $('header-status').textContent = $('result').textContent || (decides && /^[a-h][1-8]/.test(board.pending || '') ? `${decides} (${board.pending})` : decides);
}

// The move list (moves.js), with the marks of a review of this game.
function renderMoves() {
    renderMoveList(game, review ? review.pointsFor(game) : [], (p) => review.describe(p), viewAt);
    renderStepButtons();
}

// Shows the position after the first n decisions (read-only); the last turn goes live.
async function viewAt(n) {
    if (n >= game.decisions.length)
        return goLive();
    const view = game.decisions.slice(0, n);
    const lines = await main.query([positionCmd(view), 'd']);
    game.view = view;
    game.viewBoard = parseBoard(lines);
    setState('viewing');
    render(game.viewBoard, true);
    analysis.analyse().catch(anaFail);
}

function goLive() {
    game.view = null;
    refresh().catch(fail);
}

// Stepping through the game a turn at a time (the turns the move list shows): back, forward,
// to the start, to the game (the End key, ▶|). The keys ← → Home End and the buttons over the
// move list (for a touch screen) do the same. One step at a time: a key held down or a button
// tapped fast does not queue positions behind the engine's answers. The step's decision count,
// or undefined when there is nowhere to go.
let stepping = false;
function stepTarget(where) {
    const ends = [0, ...groupTurns(game.decisions, game.rootFen).map((t) => t.end)];
    const at = game.view ? game.view.length : game.decisions.length;
    return {back: () => ends.filter((n) => n < at).pop(), forward: () => ends.find((n) => n > at),
        start: () => (at > 0 ? 0 : undefined), live: () => (game.view ? game.decisions.length : undefined)}[where]?.();
}

async function step(where) {
    const to = stepTarget(where);
    if (stepping || to === undefined)
        return;
    stepping = true;
    try {
        await viewAt(to);
    } finally {
        stepping = false;
    }
}

const STEP_KEYS = {ArrowLeft: 'back', ArrowRight: 'forward', Home: 'start', End: 'live'};
async function stepKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest?.('input, textarea, select') || !STEP_KEYS[e.key]
        || stepTarget(STEP_KEYS[e.key]) === undefined)
        return;
    e.preventDefault();
    await step(STEP_KEYS[e.key]);
}

// The buttons follow where a step can go (renderMoves).
function renderStepButtons() {
    for (const b of document.querySelectorAll('#step button'))
        b.disabled = stepTarget(b.dataset.step) === undefined;
}

// ---- take back ----

// Where a take-back returns the game to: the start of the last turn a human side began (that
// turn and everything after it undone, the engine's turns after it too), so that the side
// decides it again; null when there is none (engine against engine, a pasted record's game,
// no turn of a human played yet).
function takebackPoint() {
    if (!game.human.size || game.recorded)
        return null;
    const mine = groupTurns(game.decisions, game.rootFen).filter((t) => game.human.has(t.side));
    return mine.length ? mine[mine.length - 1].start : null;
}

// The game cut back to its first n decisions. The engine's search, if one runs, is stopped and
// its answer dropped (game.id), as a new game does; the analysis and the engine loop start
// again from there.
async function rewindTo(n) {
    game.id++;
    cg.cancelPremove(); // made for the game as it was
    main.stop();
    game.decisions.length = n;
    game.view = null;
    $('thinking').textContent = '';
    analysis.clear();
    await refresh();
}

async function takeBack() {
    const to = takebackPoint();
    if (to !== null)
        await rewindTo(to);
}

// Play on from the position being looked at (the move list, ← →): the later decisions are
// discarded after a question, a pasted record's result with them (the game goes on), and
// whoever decides there decides, the engine included. A game that had ended (a result of the
// rules or of a player) goes on as a new one on full clocks: a side that lost on time would
// otherwise lose again at once.
async function playFromHere() {
    if (!game.view)
        return;
    const n = game.view.length, later = game.decisions.length - n;
    if (later > 0 && !window.confirm(`Play on from here? The ${later} later decision${later === 1 ? '' : 's'} will be discarded.`))
        return;
    if (game.clock && (game.recorded || game.board.result))
        game.clock = clockForLimit(game.limit);
    game.recorded = null;
    await rewindTo(n);
}

// ---- record (record_panel.js) ----

// A pasted record, checked by the engine, becomes the game on the board (record_panel.js).
async function adoptRecord({variant, map, fen, decisions, recorded}) {
    game.id++;
    cg.cancelPremove(); // made for the game as it was
    game.number++;
    main.stop();
    setState('loading');
    game.variant = variant;
    game.mapOption = map;
    game.rootFen = fen;
    game.decisions = decisions;
    $('variant').value = variant; // the New-game form follows the game on the board
    showMapRows();
    game.kinds = new Map();
    game.view = null;
    game.clock = clockForLimit(game.limit); // a pasted game that goes on starts a full clock
    game.recorded = recorded;
    await applyOptions();
    const rootLines = await main.query([rootCmd(), 'd']);
    game.rootLinks = parseBoard(rootLines).links || 'none';
    await annotateAll(decisions);
    await refresh();
}

// The game's options on both sessions (remembered for restarts).
async function applyOptions() {
    for (const e of analysis.connected ? [main, ana] : [main]) {
        await e.setOption('UCI_Variant', game.variant);
        if (variantFacts(game.variant).links)
            await e.setOption('EntMap', game.mapOption);
    }
    await main.setOption('Policy', game.policy);
    await main.setOption('Skill Level', String(game.level));
}

// ---- new game ----

function mapValue() {
    switch ($('map').value) {
    case 'random': return `random ${parseInt($('seed').value, 10) || 0}`;
    case 'custom': return $('custom-map').value.trim() || 'none';
    default: return $('map').value;
    }
}

// A game in progress (not over, a decision played) is not thrown away without asking.
function mayDiscard() {
    const inProgress = game.decisions.length > 0 && !game.board.result && !game.recorded;
    return !inProgress || window.confirm('Discard the game in progress and start a new one?');
}

async function newGame(ask = true) {
    if (ask && !mayDiscard())
        return;
    const err = $('setup-error');
    err.textContent = '';
    const tc = $('limit').value === 'clock' ? parseTimeControl($('tc').value) : null;
    if ($('limit').value === 'clock' && !tc) { // the game goes on as it was
        err.textContent = `clock: '${$('tc').value}' is not minutes and seconds a decision, as 5+3 (1 s to 600 min, +0 to 600 s)`;
        return;
    }
    game.id++;
    cg.cancelPremove(); // made for the game as it was
    main.stop();
    setState('loading');
    const side = $('side').value;
    const variant = $('variant').value;
    const map = mapValue();
    const fen = $('fen').value.trim();
    const probe = [`setoption name UCI_Variant value ${variant}`];
    if (variantFacts(variant).links)
        probe.push(`setoption name EntMap value ${map}`);
    probe.push(fen ? `position fen ${fen}` : 'position startpos', 'd');
    const lines = await main.query(probe);
    const errs = errorsIn(lines);
    if (errs.length) { // the game goes on as it was (its engine loop included)
        err.textContent = errs[0];
        await applyOptions();
        await refresh();
        return;
    }
    game.number++;
    game.variant = variant;
    game.mapOption = map;
    game.rootFen = fen;
    game.rootLinks = parseBoard(lines).links || 'none';
    game.decisions = [];
    game.kinds = new Map();
    game.view = null;
    game.recorded = null;
    game.hiddenLinks = variantFacts(variant).links && $('hidden-links').checked;
    analysis.clear();
    game.human = new Set(side === 'both' ? ['white', 'black'] : side === 'none' ? [] : [side]);
    game.limit = tc ? `clock ${$('tc').value.replace(/\s/g, '')}` : `${$('limit').value} ${Math.max(1, parseInt($('limit-value').value, 10) || 1)}`;
    game.clock = tc ? newClock(tc) : null;
    game.policy = $('policy').value;
    game.level = parseInt($('level').value, 10);
    await applyOptions();
    await main.query(['ucinewgame']);
    await refresh();
}

// The analysis's best move as an arrow on the game's board (not while looking back).
function showBest(tok) {
    game.bestArrow = tok;
    if (game.view)
        return;
    render();
}

// ---- errors, restarts ----

function restarted(name) {
    $('conn').textContent = `engine ${name} restarted (${main.restarts + ana.restarts})`;
    // The request in flight is retried by the session itself; resend the position now too,
    // so an idle engine is back where the game is.
    const e = name === 'main' ? main : ana;
    e.query([positionCmd()]).catch(() => {});
}

// The engine cannot be started (the static site's engine files are missing or corrupt).
function unavailable(msg) {
    const el = $('conn');
    el.textContent = `engine unavailable: ${msg}`;
    el.classList.add('error');
    setState('error');
}

// The analysis session failed (it died twice on one position): say so, the game goes on.
function anaFail(e) {
    log('!!', String(e && e.stack || e));
    $('pv').textContent = `analysis: ${e.message || e}`;
}

function fail(e) {
    log('!!', String(e && e.stack || e));
    if (e instanceof EngineUnavailable)
        return unavailable(e.message);
    $('thinking').textContent = e instanceof EngineDied
        ? `${e.message} twice on this position (it was restarted each time): try another move limit, a new game, or a pasted record`
        : String(e.message || e);
    if (document.body.dataset.state === 'engine' || document.body.dataset.state === 'busy')
        setState('error');
}

// ---- wiring ----

function showMapRows() {
    // maps and hidden links only for a game with links: the page sends EntMap there alone
    const links = variantFacts($('variant').value).links;
    $('map-row').hidden = $('hidden-row').hidden = !links;
    $('seed-row').hidden = !links || $('map').value !== 'random';
    $('custom-row').hidden = !links || $('map').value !== 'custom';
}

// The limit's field: a number for movetime and depth, minutes+seconds for a clock.
function showLimitField() {
    const clock = $('limit').value === 'clock';
    $('limit-value').hidden = clock;
    $('tc').hidden = !clock;
}

async function start() {
    setState('loading');
    setupLayout(); // the phone's tabs; the kept settings back before the game is restored
    showMapRows();
    $('map').onchange = showMapRows;
    $('variant').onchange = showMapRows;
    showLimitField();
    $('limit').onchange = showLimitField;
    setInterval(ending.tickClock, 100);
    // a clock's times as they stand when the page goes (a reload gives no time back)
    window.addEventListener('pagehide', () => { if (game.clock) saveGame(game); });
    $('new-game').onclick = () => newGame().catch(fail);
    // On a tablet the form is below the panels (style.css): bring it into view, ready to use.
    $('to-setup').onclick = () => {
        $('setup').scrollIntoView({block: 'start'});
        $('variant').focus({preventScroll: true});
    };
    markerStyles();
    $('links').onchange = () => render(game.view ? game.viewBoard : game.board, !!game.view);
    cg.set({events: {select: paintKinds}}); // chessground calls it once the selection is made
    $('live').onclick = goLive;
    $('play-here').onclick = () => playFromHere().catch(fail);
    $('takeback').onclick = () => takeBack().catch(fail);
    $('move-form').onsubmit = typedMove;
    for (const b of document.querySelectorAll('#step button'))
        b.onclick = () => step(b.dataset.step).catch(fail);
    $('flip').onclick = () => {
        game.flipped = !game.flipped;
        saveGame(game);
        render(game.view ? game.viewBoard : game.board, !!game.view);
    };
    $('analyse').onchange = () => {
        if ($('analyse').checked) analysis.analyse().catch(fail);
        else { analysis.stop(); analysis.clear(); }
    };
    $('multipv').onchange = () => analysis.analyse().catch(fail);
    $('show-wdl').onchange = () => { $('wdl').hidden = !$('wdl').textContent || !$('show-wdl').checked; };
    $('stop').onclick = () => { analysis.stop(); main.stop(); };
    $('best').onclick = () => analysis.bestMove().catch(fail);
    document.addEventListener('keydown', (e) => { stepKey(e).catch(fail); });
    await main.connect();
    const sel = $('variant');
    sel.textContent = '';
    for (const v of main.variants) {
        const o = document.createElement('option');
        o.value = o.textContent = v;
        sel.append(o);
    }
    $('conn').textContent = `engine connected: ${main.idName || 'unnamed engine'} (${[TRANSPORT, main.buildNote].filter(Boolean).join(', ')})`;
    document.body.dataset.transport = typeof ENGINE === 'string' ? 'websocket' : 'worker';
    if (!(await restoreGame()))
        await newGame(false);
}

// Resignation, the draw offer and the clock's flag (game_end.js).
const ending = setupGameEnd({game, main, cg, refresh, positionCmd, renderStatus, fail});

// The record panel (record_panel.js); it asks for the review (below) when it writes.
const record = setupRecordPanel({game, main, review: () => review, errorsIn, applyOptions, adopt: adoptRecord, fail});

// The review of the game (review.js), on an engine session of its own.
// Its marks go into the move list and, when asked, the record.
const review = setupReview({game, viewAt, newEngine: () => new Engine(ENGINE, 'review',
    {...hooksFor('review'), onRestart: () => log('!!', 'engine review restarted')}),
changed: () => { renderMoves(); if (!game.view) record.render(); }});

window.qecPage = {game, main, ana, cg, engine: ENGINE, showTab, review};
start().catch(fail);
