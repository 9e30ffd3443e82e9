// How a player ends a game on the page (app.js) rather than the rules: a resignation, a draw
// offered to the engine and accepted, a flag that falls on the game clock (clock.js). Each ends
// through endGame: the result kept as a record's is (game.recorded, `byPlayer`), written into
// the record as PGN does (docs/gui/record-format.md).
// app.js hands it: setupGameEnd({game, main, cg, refresh(), positionCmd(), renderStatus(board),
// fail(e)}); it wires the resign and offer-a-draw buttons and returns what the page asks of it.
import {scoreText} from './analysis.js';
import {clockText, clockTo, flagFell, timeLeft} from './clock.js';
import {parseInfo} from './engine.js';

const $ = (id) => document.getElementById(id);
const NAMES = {white: 'White', black: 'Black'};
const lossOf = (side) => (side === 'white' ? '0-1' : '1-0'); // the result when `side` loses

// The engine accepts a draw when its own score is at most this (centipawns): when it does not
// see itself better.
const DRAW_ACCEPT_CP = 20;
const DRAW_NODES = 20000; // its look at the position: a short search, on the human's time

export function setupGameEnd(page) {
    const timeForfeit = (side) => forfeit(page, side);
    $('resign').onclick = () => resign(page).catch(page.fail);
    $('offer-draw').onclick = () => offerDraw(page).catch(page.fail);
    return {
        resigningSide: () => resigningSide(page.game),
        mayOfferDraw: () => mayOfferDraw(page.game),
        tickClock: () => tickClock(page, timeForfeit),
        timeForfeit,
    };
}

// A game ended by a player, not by the rules: a search under way is stopped and its answer
// dropped, a premove forgotten.
async function endGame({game, main, cg, refresh}, result, termination, comment) {
    game.id++;
    cg.cancelPremove(); // made for the game as it was
    main.stop();
    game.recorded = {result, termination, comment, byPlayer: true};
    $('thinking').textContent = '';
    await refresh();
}

// ---- resignation ----

// The side a resignation gives up for: the human's, or with both sides human the side whose
// turn it is; null when no human plays or the game is over.
function resigningSide(game) {
    if (!game.human.size || game.board.result || game.recorded)
        return null;
    if (game.human.size === 1)
        return [...game.human][0];
    return (game.board.fen || '').split(' ')[1] === 'b' ? 'black' : 'white';
}

// A resignation ends the game with the other side's win.
async function resign(page) {
    const side = resigningSide(page.game);
    if (side === null || !window.confirm(`Resign this game for ${side}?`))
        return;
    await endGame(page, lossOf(side), 'resignation', `${NAMES[side]} resigns`);
}

// ---- a draw offered to the engine ----

// A draw can be offered by the one human of a game against the engine, when it decides.
function mayOfferDraw(game) {
    return game.human.size === 1 && !game.board.result && !game.recorded && game.human.has(game.board.decider);
}

// The engine looks at the position (`go nodes`, the score from the decider's, the human's,
// view) and accepts when its own score is at most DRAW_ACCEPT_CP, or it is mated; then the
// game ends 1/2-1/2. The offer lapses when the game moves on meanwhile.
async function offerDraw(page) {
    const {game, main} = page;
    if (!mayOfferDraw(game) || document.body.dataset.state !== 'human')
        return;
    const id = game.id, n = game.decisions.length;
    $('offer-draw').disabled = true;
    $('thinking').textContent = 'the engine considers your offer…';
    let last = null;
    await main.search([page.positionCmd(), `go nodes ${DRAW_NODES}`], (line) => {
        const i = parseInfo(line);
        if (i && (i.cp !== undefined || i.mate !== undefined) && !i.bound && i.multipv === 1)
            last = i;
    });
    if (id !== game.id || n !== game.decisions.length)
        return;
    // the score is the human's: the engine is mated when it is a mate for the human
    const accept = last && (last.mate !== undefined ? last.mate > 0 : -last.cp <= DRAW_ACCEPT_CP);
    if (!accept) {
        $('thinking').textContent = !last ? 'the engine gave no score here (a decision with one option): offer it at another'
            : `the engine declines the draw (it sees ${last.mate !== undefined ? 'a mate' : scoreText(last, -1)} for itself)`;
        page.renderStatus(game.board);
        return;
    }
    await endGame(page, '1/2-1/2', 'agreement', 'Draw by agreement');
}

// ---- the game clock's flag ----

// Every tenth of a second: the clocks' faces (the running one marked, under 20 s marked low),
// and the flag of the side whose time has run out while it decides.
function tickClock(page, timeForfeit) {
    const c = page.game.clock;
    $('clock-row').hidden = $('header-clock').hidden = !c;
    if (!c)
        return;
    const now = performance.now();
    for (const side of ['white', 'black']) {
        const left = timeLeft(c, side, now);
        for (const el of [$(`clock-${side}`), $(`hclock-${side}`)]) { // under the board, in the header
            el.textContent = clockText(left);
            el.classList.toggle('running', c.side === side);
            el.classList.toggle('low', left < 20000);
        }
    }
    const out = flagFell(c, now);
    if (out)
        timeForfeit(out).catch(page.fail);
}

// The side whose time ran out loses. A decision made after the flag fell does not save it.
async function forfeit(page, side) {
    const {game} = page;
    if (game.clock.side)
        clockTo(game.clock, null, game.decisions.length, performance.now());
    game.clock.left[side] = 0;
    await endGame(page, lossOf(side), 'time forfeit', `${NAMES[side]} loses on time`);
}
