// The record panel of the page (app.js): the game written as a record (record.js, the tags as
// ./qecmatch writes them, with the review's notes when asked), copied or downloaded, and a
// pasted record replayed: the engine checks every token, an illegal one is named and the game
// on the board stays; a good one becomes the game (app.js's `adopt`).
// app.js hands it: setupRecordPanel({game, main, review() (the review, made after the panel),
// errorsIn(lines), applyOptions(), adopt({variant, map, fen, decisions, recorded}), fail(e)}).
import {tcTag} from './clock.js';
import {parseBoard} from './engine.js';
import {parseRecord, splitTurn, tokensOfPeople, writeRecord} from './record.js';
import {variantFacts, variantOfTag} from './variants.js';

const $ = (id) => document.getElementById(id);

export function setupRecordPanel(page) {
    const text = () => recordText(page);
    const render = (force = false) => {
        const ta = $('record');
        if (force || document.activeElement !== ta)
            ta.value = text();
    };
    $('record-review').onchange = () => render(true);
    $('copy').onclick = () => navigator.clipboard.writeText(text()).catch(() => {
        $('record').select();
        document.execCommand('copy');
    });
    $('download').onclick = () => {
        const a = document.createElement('a');
        a.href = URL.createObjectURL(new Blob([text()], {type: 'application/x-chess-pgn'}));
        a.download = 'qec-game.pgn';
        a.click();
    };
    $('replay').onclick = () => replay(page).catch(page.fail);
    return {text, render};
}

function recordText({game, review}) {
    const b = game.board;
    const r = game.recorded;
    const result = b.result ? b.result.split(' ')[0] : r ? r.result : '*';
    const reason = b.result ? b.result.split(' ').slice(1).join(' ') : r ? r.comment : '';
    const who = (c) => (game.human.has(c) ? 'Human' : 'qec');
    const d = new Date();
    const tags = {
        Event: 'qec web board', Site: location.host,
        Date: `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`,
        Round: '-', White: who('white'), Black: who('black'), Result: result,
        // as record/write.c: no Variant tag in standard chess (PGN's default), EntMap only with links
        Variant: variantFacts(game.variant).pgnTag,
        EntMap: variantFacts(game.variant).links ? game.rootLinks : '',
        FEN: game.rootFen, SetUp: game.rootFen ? '1' : '',
        TimeControl: game.clock ? tcTag(game.clock) : '',
        Termination: b.result ? b.termination || '' : r ? r.termination : '', // the engine's word (d)
        FinalFEN: b.result || r ? b.fen : '',
    };
    return writeRecord(tags, game.decisions, game.rootFen, result, reason, recordNotes(game, review()));
}

// The review's notes for the record (its evaluations and marks, as ./qecreview writes them),
// when asked for and the whole game on the board is reviewed; else null.
function recordNotes(game, review) {
    const asked = $('record-review').checked;
    const whole = review && review.completeFor(game);
    $('record-review-note').textContent = asked && !whole ? 'review the game first (Review)' : '';
    return asked && whole ? review.pointsFor(game).map((p) => review.noteOf(p)) : null;
}

// Replays a pasted record: the engine checks every token; an illegal one is named.
async function replay({main, errorsIn, applyOptions, adopt}) {
    const err = $('record-error');
    err.textContent = '';
    let rec;
    try {
        rec = parseRecord($('record').value);
    } catch (e) {
        err.textContent = e.message;
        return;
    }
    // No Variant tag is standard chess, as in PGN and the engine's own records (record-format.md).
    const variant = variantOfTag(rec.tags.Variant);
    if (!main.variants.includes(variant)) {
        err.textContent = `the record's Variant "${rec.tags.Variant}" is not one this engine plays (${main.variants.join(', ')})`;
        return;
    }
    const fen = rec.tags.FEN || '';
    const map = rec.tags.EntMap || 'default';
    const root = fen ? `position fen ${fen}` : 'position startpos';
    const toks = rec.turns.map((t) => t.text);
    const setup = [`setoption name UCI_Variant value ${variant}`];
    if (variantFacts(variant).links)
        setup.push(`setoption name EntMap value ${map}`);
    const lines = await main.query([...setup, toks.length ? `${root} moves ${toks.join(' ')}` : root]);
    const errs = errorsIn(lines);
    if (errs.length) {
        err.textContent = errs[0];
        await applyOptions();
        return;
    }
    let decisions;
    try {
        // moves for people (a PGN in SAN): each read by the engine where it stands, as its token
        const ask = async (moves) => {
            const out = await main.query([`${root} moves ${moves.join(' ')}`, 'd']);
            const bad = errorsIn(out);
            if (bad.length)
                throw new Error(bad[0]);
            return parseBoard(out).lastToken;
        };
        const tokens = rec.turns.every((t) => t.parts) ? toks : await tokensOfPeople(rec.turns, ask);
        decisions = tokens.flatMap((t) => splitTurn(t));
    } catch (e) {
        err.textContent = e.message;
        await applyOptions();
        return;
    }
    // A result the rules did not reach (adjudication, forfeit) is kept as the record says.
    const recorded = rec.result !== '*' ? {result: rec.result, termination: rec.tags.Termination || '',
        comment: rec.comment || ''} : null;
    await adopt({variant, map, fen, decisions, recorded});
}
