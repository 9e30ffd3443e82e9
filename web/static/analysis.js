// The analysis panel of the page (app.js): the engine session `ana` searches the position shown
// (`go infinite`, MultiPV lines), each line written in whole turns (ShowTurns), the evaluation
// bar and White's winning chances from the engine's wdl numbers (UCI_ShowWDL), and *best move*.
// app.js hands it what it needs: setupAnalysis({game, ana, positionCmd(decisions),
// applyOptions(), showBest(tok)}); showBest draws the best move the engine named.
import {parseInfo, parseTurns} from './engine.js';
import {expected, flip, wdlText} from './review_model.js';

const $ = (id) => document.getElementById(id);

export function setupAnalysis(page) {
    // gen: the analysis in progress (a line of an older one is dropped); lines: its lines by
    // multipv; wantBest: *best move* was pressed while it ran (its bestmove is the answer)
    const st = {gen: 0, lines: [], wantBest: false, connected: false};
    return {
        get connected() { return st.connected; }, // the session is open (app.js sends it the game's options)
        analyse: () => analyse(page, st),
        bestMove: () => bestMove(page, st),
        stop: () => { st.gen++; page.ana.stop(); },
        clear: () => clear(st),
    };
}

async function connect(page, st) {
    if (st.connected)
        return;
    await page.ana.connect();
    st.connected = true;
    await page.applyOptions();
}

function showBest(page, st, tok) {
    st.wantBest = false;
    if (tok && tok !== '0000')
        page.showBest(tok);
}

async function analyse(page, st) {
    if (!$('analyse').checked)
        return;
    const {game, ana} = page;
    const gen = ++st.gen;
    ana.stop();
    await connect(page, st);
    await ana.setOption('MultiPV', $('multipv').value);
    await ana.setOption('ShowTurns', 'true'); // each pv again as whole turns, shown instead of its tokens
    await ana.setOption('UCI_ShowWDL', 'true'); // the winning chances of the evaluation bar
    if (gen !== st.gen)
        return;
    st.lines = [];
    const shown = game.view || game.decisions;
    const board = game.view ? game.viewBoard : game.board;
    const sign = (board?.decider || 'white') === 'white' ? 1 : -1;
    const words = await ana.search([page.positionCmd(shown), 'go infinite'], (line) => {
        if (gen !== st.gen)
            return;
        // A pv line, then at once its turns line: the line is shown once it has its turns.
        const info = parseInfo(line);
        if (info) {
            st.lines[info.multipv - 1] = info;
            if (!info.pv.length) { // no line (the game is over): nothing follows
                info.turns = '';
                render(st, sign);
            }
            return;
        }
        const t = parseTurns(line);
        const i = t && st.lines[t.multipv - 1];
        if (i && i.turns === undefined) {
            i.turns = t.turns;
            render(st, sign);
        }
    });
    if (gen === st.gen && st.wantBest)
        showBest(page, st, words[1]);
}

// A line's score as people read it, from the view given by sign (1: the decider's, -1: the
// other side's): `+0.31`, `-1.20`, `#3` (app.js's draw offer too).
export function scoreText(i, sign) {
    if (i.mate !== undefined)
        return `#${i.mate * sign}`;
    const v = (i.cp * sign) / 100;
    return `${v > 0 ? '+' : ''}${v.toFixed(2)}`;
}

// The lines by their number (multipv), each as `score dDepth` and its turns in the notation of
// docs/players/notation.md (`+0.31 d12 1. e4 [↔ Rh7] e5 2. …`); its tokens under the pointer.
function render(st, sign) {
    const ol = $('pv');
    ol.textContent = '';
    st.lines.forEach((i, k) => {
        if (!i || i.turns === undefined) return;
        const li = document.createElement('li');
        li.value = k + 1;
        li.dataset.multipv = String(k + 1);
        li.dataset.uci = i.pv.join(' ');
        li.title = li.dataset.uci;
        li.textContent = `${scoreText(i, sign)} d${i.depth} ${i.turns}`;
        ol.append(li);
    });
    const top = st.lines[0];
    if (!top || top.turns === undefined)
        return;
    // White's chances from the engine's wdl (the decider's): the bar fills to White's expected
    // score W + D/2; an engine line without wdl falls back to a logistic of the score
    const mine = top.mate !== undefined ? {mate: Math.abs(top.mate), wins: top.mate > 0} : {cp: top.cp, wdl: top.wdl};
    const white = sign > 0 ? mine : flip(mine);
    const known = white.mate !== undefined || white.wdl;
    const frac = known ? expected(white) : 1 / (1 + Math.exp(-white.cp / 250));
    $('evalfill').style.height = `${(100 * frac).toFixed(1)}%`;
    $('evaltext').textContent = scoreText(top, sign);
    const chances = known ? `White: ${wdlText(white)}` : '';
    $('evalbar').title = `evaluation (White's view): ${scoreText(top, sign)}${chances ? `; ${chances}` : ''}`;
    $('wdl').textContent = chances;
    $('wdl').hidden = !chances || !$('show-wdl').checked;
}

function clear(st) {
    st.lines = [];
    $('pv').textContent = '';
    $('evalfill').style.height = '50%';
    $('evaltext').textContent = '';
    $('evalbar').title = 'evaluation (White\'s view)';
    $('wdl').textContent = '';
    $('wdl').hidden = true;
}

// *best move*: the running analysis stopped and its bestmove shown; else a short search of its
// own (half a second) on the position shown.
async function bestMove(page, st) {
    if (page.ana.searching) {
        st.wantBest = true;
        page.ana.stop();
        return;
    }
    await connect(page, st);
    const words = await page.ana.search([page.positionCmd(page.game.view || page.game.decisions), 'go movetime 500']);
    showBest(page, st, words[1]);
}
