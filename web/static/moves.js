// The move list of the page (app.js): the game's turns, a click on one shows that position.
import {groupTurns, markTurn} from './record.js';
import {MARKS} from './review_model.js';

const $ = (id) => document.getElementById(id);

// The move list in the engine's short notation (`d`'s `Last turn (short)` after the turn's
// last decision), its long form on hover; the UCI token where the engine gives none. After a
// review of this game each decision it marked carries its ?!, ? or ?? (after its own part of
// the turn, as ./qecreview writes it), and the turn's hover (or, on the turn shown while stepping
// back, a tap) says the review's words and the better decision. points: the review's points by
// decision (review.js pointsFor), describe(point) its words; viewAt(n) shows the position after
// n decisions.
export function renderMoveList(game, points, describe, viewAt) {
    const ol = $('moves');
    ol.textContent = '';
    $('move-hover').textContent = '';
    const at = game.view ? game.view.length : game.decisions.length;
    const turns = groupTurns(game.decisions, game.rootFen);
    if (turns.length && turns[0].side === 'black') {
        const gap = document.createElement('li');
        gap.className = 'gap';
        ol.append(gap);
    }
    for (const t of turns) {
        const last = game.decisions[t.end - 1];
        const li = document.createElement('li');
        const short = document.createElement('span');
        short.className = 'short';
        const marks = {}, said = [];
        let worst = 0;
        for (let i = t.start; i < t.end; i++) {
            const p = points[i];
            if (!p?.judge)
                continue;
            marks[game.decisions[i].phase] = MARKS[p.judge];
            said.push(describe(p));
            worst = Math.max(worst, p.judge);
        }
        short.textContent = markTurn(last.lastShort || t.text, marks);
        li.append(`${t.label} `, short);
        li.classList.add('turn');
        if (worst)
            li.classList.add(`j${worst}`);
        li.dataset.end = t.end;
        li.dataset.uci = t.text;
        // the long form: shown under the list while the pointer is on the turn (a tooltip
        // inside the scrolling list would be cut off), and as the native tooltip
        li.dataset.long = last.lastLong || t.text;
        li.dataset.review = said.join(' · ');
        const hover = [li.dataset.long, ...said].join(' — ');
        li.title = hover;
        li.onmouseenter = () => { $('move-hover').textContent = hover; };
        li.onmouseleave = () => { $('move-hover').textContent = game.view ? currentReview() : ''; };
        if (game.decisions.slice(t.start, t.end).some((d) => d.kind === 'apex'))
            li.classList.add('apex');
        if (t.end === at)
            li.classList.add('current');
        li.onclick = () => viewAt(t.end);
        ol.append(li);
    }
    $('live').hidden = $('play-here').hidden = !game.view;
    if (game.view)
        $('move-hover').textContent = currentReview();
}

// The review's words on the turn shown while stepping back (a phone has no hover).
function currentReview() {
    return document.querySelector('#moves li.turn.current')?.dataset.review || '';
}
