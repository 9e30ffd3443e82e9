// The review of a game (docs/players/review.md, "On the web board"): every decision of the game
// on the board (played or pasted) scored by the engine at a fixed budget (`go nodes N`), an
// evaluation graph over the game (SVG: a point per decision; a click shows the position after
// it), and each side's inaccuracies, mistakes and blunders marked by the drop in the decider's
// winning chances (review_model.js: the engine's `wdl` numbers, UCI_ShowWDL, and the same
// thresholds as ./qecreview), with the better decision. The marks also go into the move list and,
// when asked, into the record (app.js: pointsFor, noteOf). It runs on an engine session of its own, so the game and the analysis go on
// meanwhile; progress is shown, and it can be cancelled.
//
// app.js hands it what it needs: setupReview({game, newEngine, viewAt, changed}); changed() is
// called whenever the review's points change (the move list and the record show them).
import {parseBoard, parseInfo, parseLegal} from './engine.js';
import {groupTurns} from './record.js';
import {variantFacts} from './variants.js';
import {BLUNDER, DRAWN, INACCURACY, MARKS, MISTAKE, NAMES, chances, evalText, flip, judge} from './review_model.js';

const $ = (id) => document.getElementById(id);
const SVG_NS = 'http://www.w3.org/2000/svg';
const W = 320, H = 100; // the graph's viewBox; CSS scales it to the panel

// The reviewed game's position after `decisions` (its root is the one the review started on).
function positionCmd(st, decisions) {
    const root = st.rootFen ? `position fen ${st.rootFen}` : 'position startpos';
    return decisions.length ? `${root} moves ${decisions.map((d) => d.tok).join(' ')}` : root;
}

function setReviewState(s) {
    document.body.dataset.review = s;
}

// `Result: 1-0 black is mated (R4.1)` -> the ended game's score for White: a mate won or
// lost now; a draw and a dual-king end (R4.2, both lose) 0.00 and even chances, as qecreview
// scores them.
function endScore(result) {
    const r = result.split(' ')[0];
    return r === '1-0' ? {mate: 0, wins: true} : r === '0-1' ? {mate: 0, wins: false} : DRAWN;
}

// An info line's score for the side that decides: {cp, wdl} or {mate, wins}.
function infoScore(info) {
    return info.mate !== undefined ? {mate: Math.abs(info.mate), wins: info.mate > 0} : {cp: info.cp, wdl: info.wdl};
}

export function setupReview(page) {
    const st = {
        running: false, cancelled: false, gen: 0, gameNumber: null, engine: null, complete: false,
        decisions: [], rootFen: '', points: [], selected: -1, total: 0, done: 0, cache: new Map(),
        changed: page.changed || (() => {}),
    };
    // The points of the review of `game` (the one on the board), by decision: those of the
    // decisions it shares with the reviewed game from the start (a point judges the positions
    // before and after its decision only, so a take back or a game played on keeps them);
    // none for another game.
    st.pointsFor = (game) => {
        if (game.number !== st.gameNumber || game.rootFen !== st.rootFen)
            return [];
        const n = Math.min(st.decisions.length, game.decisions.length);
        let k = 0;
        while (k < n && st.decisions[k].tok === game.decisions[k].tok)
            k++;
        return st.points.slice(0, k);
    };
    // The review of the whole of `game`, done: what the record's annotations need.
    st.completeFor = (game) => st.complete && st.pointsFor(game).length === game.decisions.length;
    st.describe = (p) => describe(st, p);
    st.noteOf = noteOf;
    $('review').onclick = () => run(page, st).catch((e) => failed(st, e));
    $('review-cancel').onclick = () => cancel(st, 'review cancelled');
    const pick = (ev) => {
        const el = ev.target.closest('[data-i]');
        if (el)
            jump(page, st, +el.dataset.i);
    };
    $('review-graph').addEventListener('click', pick);
    $('review-marks').addEventListener('click', pick);
    return st;
}

function cancel(st, why) {
    if (!st.running)
        return;
    st.cancelled = true;
    st.why = why;
    st.engine?.stop();
}

function failed(st, e) {
    st.running = false;
    st.changed();
    $('review-status').textContent = `review failed: ${e.message || e}`;
    showButtons(st);
    setReviewState('error');
}

function showButtons(st) {
    $('review').disabled = st.running;
    $('review-cancel').hidden = !st.running;
    $('review-progress').hidden = !st.running;
}

// The position after `decisions`: `d` and `legal`, then a search unless the game has ended
// there. Returns {board, options, white (the score for White), best}. A position with a single
// option gets no search from the engine (it answers at once, with no score: uci/go.c), so it is
// worth what the position after that option is worth, searched in its place (and kept, for it is
// most often the game's next position). qecreview searches such a position itself.
async function position(page, st, decisions, nodes) {
    const e = st.engine;
    const cmd = positionCmd(st, decisions);
    if (st.cache.has(cmd))
        return st.cache.get(cmd);
    const lines = await e.query([cmd, 'd', 'legal']);
    const board = parseBoard(lines);
    const legal = parseLegal(lines) || [];
    if (board.result)
        return {board, options: 0, white: endScore(board.result), best: null};
    if (st.cancelled)
        return {board, options: legal.length, white: DRAWN, best: null};
    if (legal.length === 1) {
        const only = await position(page, st, [...decisions, {tok: legal[0]}], nodes);
        return {board, options: 1, white: only.white, best: legal[0]};
    }
    let exact = null, any = null, stopped = false;
    const words = await e.search([cmd, `go nodes ${nodes}`], (line) => {
        if (st.cancelled && !stopped) { // cancelled between the query and the search: stop it now
            stopped = true;
            e.stop();
        }
        const info = parseInfo(line);
        if (!info || info.multipv !== 1)
            return;
        any = info;
        if (!info.bound)
            exact = info;
    });
    const info = exact || any;
    const score = info ? infoScore(info) : DRAWN;
    const out = {board, options: legal.length, white: board.decider === 'black' ? flip(score) : score, best: words[1]};
    if (!st.cancelled)
        st.cache.set(cmd, out);
    return out;
}

async function run(page, st) {
    const {game} = page;
    if (st.running)
        return;
    if (!game.decisions.length) {
        $('review-status').textContent = 'no decision to review yet';
        return;
    }
    const nodes = Math.max(100, parseInt($('review-nodes').value, 10) || 20000);
    st.gen++;
    Object.assign(st, {running: true, cancelled: false, complete: false, why: '', gameNumber: game.number,
        decisions: game.decisions.slice(), rootFen: game.rootFen, points: [], selected: -1, done: 0, cache: new Map()});
    st.total = st.decisions.length + 1;
    $('review-summary').textContent = $('review-detail').textContent = '';
    setReviewState('running');
    showButtons(st);
    draw(st);
    progress(st);
    if (!st.engine) {
        st.engine = page.newEngine();
        await st.engine.connect();
    }
    const e = st.engine;
    await e.setOption('UCI_Variant', game.variant);
    if (variantFacts(game.variant).links)
        await e.setOption('EntMap', game.mapOption);
    await e.setOption('UCI_ShowWDL', 'true'); // the winning chances are the engine's (review_model.js)
    await e.query(['ucinewgame']);
    let here = await position(page, st, [], nodes);
    st.done = 1;
    progress(st);
    for (let i = 0; i < st.decisions.length && !st.cancelled; i++) {
        if (game.number !== st.gameNumber) {
            cancel(st, 'the game changed: review cancelled');
            break;
        }
        const next = await position(page, st, st.decisions.slice(0, i + 1), nodes);
        if (st.cancelled)
            break;
        const d = st.decisions[i];
        const decider = here.board.decider === 'black' ? 'black' : 'white';
        const pov = (s) => (decider === 'white' ? s : flip(s));
        const point = {i, decider, white: next.white, before: here.white, best: here.best, bestText: '', judge: 0};
        if (here.options > 1 && here.best && here.best !== d.tok) {
            point.judge = judge(chances(pov(here.white)), chances(pov(next.white)));
            if (point.judge) {
                point.bestText = await betterText(page, st, i, here.best);
                point.bestPart = decisionPart(point.bestText, d.phase);
            }
        }
        st.points.push(point);
        st.done = i + 2;
        here = next;
        draw(st);
        progress(st);
    }
    st.running = false;
    showButtons(st);
    if (st.cancelled) {
        $('review-status').textContent = `${st.why} after ${st.points.length} of ${st.decisions.length} decisions`;
        setReviewState('cancelled');
        return;
    }
    $('review-status').textContent = `${st.points.length} decisions reviewed at ${nodes} nodes each`;
    st.complete = true;
    summary(st);
    st.changed();
    setReviewState('done');
}

// The better decision in the engine's notation for people: the turn so far with it (`d`'s
// Last turn (short); schroedinger's Last move), or its token.
async function betterText(page, st, i, best) {
    const lines = await st.engine.query([positionCmd(st, [...st.decisions.slice(0, i), {tok: best}]), 'd']);
    const b = parseBoard(lines);
    return b.lastShort || b.lastMove || best;
}

// The better decision alone, as qecreview writes it at a mark: the engine writes the turn so far
// with it (`e5 [↔ Bb5]`); of a forced reply that is its bracket, of a reactive step its `<Ke2>`.
function decisionPart(text, phase) {
    const m = phase === 'forced' ? /\[↔ [^\]]*\]/.exec(text) : phase === 'react' ? /<[^>]*>/.exec(text) : null;
    return m ? m[0] : text;
}

// A point's note in the record as qecreview writes it (review/analyse.c review_note): its mark,
// and `[%eval A]`, at a mark `[%eval A] (B -> A) Blunder. Nf3 was best.` (B, A: White's view).
function noteOf(p) {
    const after = evalText(p.white);
    if (!p.judge)
        return {mark: '', comment: `[%eval ${after}]`};
    return {mark: MARKS[p.judge],
        comment: `[%eval ${after}] (${evalText(p.before)} -> ${after}) ${NAMES[p.judge]}. ${p.bestPart || p.bestText} was best.`};
}

function progress(st) {
    const p = $('review-progress');
    p.max = st.total;
    p.value = st.done;
    if (st.running)
        $('review-status').textContent = `reviewing: ${st.done} of ${st.total} positions`;
}

// The decision's move number and text as the move list shows it.
function label(st, i) {
    const t = groupTurns(st.decisions, st.rootFen).find((x) => i >= x.start && i < x.end);
    const d = st.decisions[i];
    return `${t ? t.label : ''} ${d.lastShort || d.tok}`;
}

function describe(st, p) {
    const words = `${label(st, p.i)}${MARKS[p.judge]} ${evalText(p.white)}`;
    return p.judge ? `${words}: ${NAMES[p.judge]} (${evalText(p.before)} → ${evalText(p.white)}), better ${p.bestText}` : words;
}

function summary(st) {
    const count = (side, j) => st.points.filter((p) => p.decider === side && p.judge === j).length;
    const line = (side) => `${side}: ${count(side, INACCURACY)} inaccuracies, ${count(side, MISTAKE)} mistakes, `
        + `${count(side, BLUNDER)} blunders`;
    $('review-summary').textContent = `${line('white')} · ${line('black')}`;
}

function el(name, attrs, parent) {
    const e = document.createElementNS(SVG_NS, name);
    for (const [k, v] of Object.entries(attrs))
        e.setAttribute(k, String(v));
    parent?.append(e);
    return e;
}

// The graph: White's winning chances after each decision (up: White better), a point per
// decision reviewed, coloured by its mark; a column per decision takes the click.
function draw(st) {
    const svg = $('review-graph');
    svg.textContent = '';
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    const n = Math.max(1, st.decisions.length);
    const x = (i) => ((i + 0.5) * W) / n;
    const y = (s) => H / 2 - chances(s) * (H / 2 - 5);
    el('rect', {class: 'bg', x: 0, y: 0, width: W, height: H}, svg);
    el('line', {class: 'mid', x1: 0, y1: H / 2, x2: W, y2: H / 2}, svg);
    if (st.points.length) {
        const pts = st.points.map((p) => `${x(p.i).toFixed(1)},${y(p.white).toFixed(1)}`);
        el('polygon', {class: 'area', points: `${x(0).toFixed(1)},${H} ${pts.join(' ')} ${x(st.points.length - 1).toFixed(1)},${H}`}, svg);
        el('polyline', {class: 'line', points: pts.join(' ')}, svg);
    }
    for (const p of st.points) {
        el('rect', {class: 'hit', 'data-i': p.i, x: x(p.i) - W / n / 2, y: 0, width: W / n, height: H}, svg);
        const c = el('circle', {class: `pt j${p.judge}${p.i === st.selected ? ' sel' : ''}`, 'data-i': p.i,
            cx: x(p.i).toFixed(1), cy: y(p.white).toFixed(1), r: p.judge ? 3.2 : 2}, svg);
        el('title', {}, c).textContent = describe(st, p);
    }
    const ol = $('review-marks');
    ol.textContent = '';
    for (const p of st.points.filter((q) => q.judge)) {
        const li = document.createElement('li');
        li.dataset.i = p.i;
        li.className = `j${p.judge} ${p.decider}${p.i === st.selected ? ' sel' : ''}`;
        li.textContent = describe(st, p);
        ol.append(li);
    }
    st.changed();
}

// Shows the position after decision i (read-only, as a click on the move list does).
async function jump(page, st, i) {
    if (i >= st.pointsFor(page.game).length) {
        $('review-status').textContent = 'the game has changed since this review: review it again';
        return;
    }
    st.selected = i;
    draw(st);
    const p = st.points.find((q) => q.i === i);
    if (p)
        $('review-detail').textContent = describe(st, p);
    await page.viewAt(i + 1);
}
