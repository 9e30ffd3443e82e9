// Unit tests of web/static/record.js (no browser): whole-turn grouping (RULES R5.2) and the
// PGN-like record of record/record.h, written and read back.
//   node tests/web/record.test.mjs      -> "web-record: N passed, N failed"
import {groupTurns, markTurn, writeRecord, parseRecord, splitTurn, tokensOfPeople} from '../../web/static/record.js';
import {parseBoard} from '../../web/static/engine.js';

let pass = 0, fail = 0;
function check(name, ok, detail = '') {
    if (ok) pass++;
    else { fail++; console.log(`FAIL: ${name}${detail ? ` (${detail})` : ''}`); }
}
function throws(fn, re) {
    try { fn(); } catch (e) { return re.test(e.message) ? '' : e.message; }
    return 'no error';
}
const D = (tok, phase = 'base') => ({tok, phase});

// R5.2: base, [forced], <react>; numbering from the root FEN.
const game = [D('e2e3'), D('e7e5'), D('f1c4', 'forced'), D('c4f7'), D('e8f7', 'react'), D('g8f6')];
const t = groupTurns(game, '');
check('turns: labels and text', t.map((x) => `${x.label} ${x.text}`).join(' ') === '1. e2e3 1... e7e5[f1c4] 2. c4f7<e8f7> 2... g8f6',
    JSON.stringify(t));
check('turns: end index after each turn', t.map((x) => x.end).join(',') === '1,3,5,6');
check('turns: start index of each turn', t.map((x) => x.start).join(',') === '0,1,3,5');
const b = groupTurns([D('d7d6'), D('e2h2', 'forced'), D('h2h3')], 'k7/8/8/8/8/8/8/K7 b - - 0 12');
check('turns: black starts at move 12', b.map((x) => `${x.label} ${x.text}`).join(' ') === '12... d7d6[e2h2] 13. h2h3');
const cut = groupTurns([D('e1e2', 'react')], '');
check('turns: a record cut mid-turn keeps the decision', cut.length === 1 && cut[0].text === '<e1e2>');

// Writing: the move number goes with White's turns and with a first Black turn (record/write.c).
const tags = {Event: 'e', White: 'a "b"', Result: '0-1', Variant: 'QEC', EntMap: 'a2a8'};
const txt = writeRecord(tags, game, '', '0-1', 'white is mated');
check('write: escaped tag', txt.includes('[White "a \\"b\\""]'), txt);
check('write: movetext', txt.includes('1. e2e3 e7e5[f1c4] 2. c4f7<e8f7> g8f6 {white is mated} 0-1'), txt);
const withShort = game.map((d, i) => ({...d, lastShort: ['e3', 'e5 [↔ Bc4]', 'e5 [↔ Bc4]', 'Bxf7+ <Kxf7>', 'Bxf7+ <Kxf7>', 'Nf6'][i]}));
const ppl = writeRecord(tags, withShort, '', '0-1', 'white is mated');
check('write: QEC for people, as qecmatch (short form, token comment)',
    ppl.includes('1. e3 {e2e3} e5 [↔ Bc4] {e7e5[f1c4]} 2. Bxf7+ <Kxf7> {c4f7<e8f7>} Nf6 {g8f6}'), ppl);
check('write: people\'s record reads back to the same turns',
    parseRecord(ppl).turns.map((x) => x.text).join(' ') === 'e2e3 e7e5[f1c4] c4f7<e8f7> g8f6');
// Chess (and tether, schroedinger): SAN, or the engine's form, with each move's token in a comment.
const chess = [D('e2e4'), D('e7e5'), D('g1f3')].map((d, i) => ({...d, lastShort: ['e4', 'e5', 'Nf3'][i]}));
const chessTxt = writeRecord({Result: '*'}, chess, '', '*');
check('write: chess in SAN with token comments, no Variant tag', chessTxt.includes('1. e4 {e2e4} e5 {e7e5} 2. Nf3 {g1f3} *')
    && !chessTxt.includes('[Variant') && !chessTxt.includes('[EntMap'), chessTxt);
check('read: chess SAN record back to its tokens', parseRecord(chessTxt).turns.map((x) => x.text).join(' ') === 'e2e4 e7e5 g1f3');
const long = Array.from({length: 60}, (_, i) => D(i % 2 ? 'e7e5' : 'e2e4'));
const lines = writeRecord({}, long, '', '*').split('\n');
check('write: lines wrapped before 80 columns', lines.every((l) => l.length < 80) && lines.length > 3);

// Reading back.
const r = parseRecord(txt);
check('read: tags', r.tags.White === 'a "b"' && r.tags.EntMap === 'a2a8' && r.result === '0-1', JSON.stringify(r.tags));
check('read: turns', r.turns.map((x) => x.text).join(' ') === 'e2e3 e7e5[f1c4] c4f7<e8f7> g8f6');
check('read: comment', r.comment === 'white is mated');
const parts = r.turns.flatMap((x) => x.parts);
check('read: decisions with their kinds', JSON.stringify(parts) === JSON.stringify(game), JSON.stringify(parts));
const v = parseRecord('1. e2e4 (1. d2d4 d7d5) e7e5 $1 ; comment\n2.g1f3 *');
check('read: variations, NAGs, ; comments and glued numbers skipped', v.turns.map((x) => x.text).join(' ') === 'e2e4 e7e5 g1f3');
// qecmatch's records (record/record.h): notation for people, each turn's token in a comment after it;
// a wrapped line may start with a forced reply's bracket.
const people = parseRecord('[Variant "QEC"]\n\n1. e3 {e2e3} e5\n[↔ Bc4] {e7e5[f1c4]} 2. Bxf7+ <Kxf7> {c4f7<e8f7>}\n{white is mated} 0-1\n');
check('read: people\'s movetext, tokens from the comments', people.turns.map((x) => x.text).join(' ') === 'e2e3 e7e5[f1c4] c4f7<e8f7>'
    && people.comment === 'white is mated' && people.result === '0-1', JSON.stringify(people));
check('read: promotion letter in either case', splitTurn('e7e8Q[a1a2]')[0].tok === 'e7e8q');

// A review's notes (review.js noteOf), written as ./qecreview writes them (record/write.c
// pgn_write_annotated): each mark after its own part of the turn, the comments after the turn's
// token comment, one per decision; and read back to the same game.
check('marks: after each part of a QEC turn', markTurn('e4 [↔ Rh7] <Ke2>', {base: '?!', forced: '??', react: '?'})
    === 'e4?! [↔ Rh7??] <Ke2?>' && markTurn('Qf3 [↔ d6]', {forced: '??'}) === 'Qf3 [↔ d6??]'
    && markTurn('e2e4[h8h7]', {base: '?'}) === 'e2e4?[h8h7]' && markTurn('Nf6', {}) === 'Nf6');
const notes = game.map((d, i) => ({mark: i === 2 ? '??' : i === 5 ? '?!' : '',
    comment: i === 2 ? '[%eval -3.00] (0.10 -> -3.00) Blunder. [↔ Bb5] was best.' : `[%eval 0.${i}0]`}));
const ann = writeRecord(tags, withShort, '', '0-1', 'white is mated', notes);
check('write: notes as qecreview writes them', ann.replace(/\s+/g, ' ').includes('1. e3 {e2e3} {[%eval 0.00]} e5 [↔ Bc4??] '
    + '{e7e5[f1c4]} {[%eval 0.10]} {[%eval -3.00] (0.10 -> -3.00) Blunder. [↔ Bb5] was best.} 2. Bxf7+ <Kxf7> {c4f7<e8f7>} '
    + '{[%eval 0.30]} {[%eval 0.40]} Nf6?! {g8f6} {[%eval 0.50]} {white is mated} 0-1'), ann);
const back = parseRecord(ann);
check('read: an annotated record, the same turns and end', back.turns.map((x) => x.text).join(' ') === 'e2e3 e7e5[f1c4] c4f7<e8f7> g8f6'
    && back.comment === 'white is mated' && back.result === '0-1', JSON.stringify(back));
const annTokens = writeRecord({Variant: 'chess'}, [D('e2e4'), D('e7e5'), D('d1h5')], '', '*', '',
    [{mark: '', comment: '[%eval 0.30]'}, {mark: '??', comment: '[%eval 2.00] (0.30 -> 2.00) Blunder. d5 was best.'}, {mark: '', comment: '[%eval 1.90]'}]);
check('write: tokens with marks and evals', annTokens.replace(/\s+/g, ' ').includes('1. e2e4 {[%eval 0.30]} e7e5?? {[%eval 2.00] (0.30 -> 2.00) Blunder. d5 was best.} 2. d1h5 {[%eval 1.90]} *'), annTokens);
const tb = parseRecord(annTokens);
check('read: marked tokens, no review comment taken for the game\'s end', tb.turns.map((x) => x.text).join(' ') === 'e2e4 e7e5 d1h5'
    && tb.comment === '', JSON.stringify(tb));

// A record in the notation for people alone (a PGN in SAN from elsewhere): its moves as they
// stand, a QEC turn's bracket joined to its move, for the engine to read; their tokens come from
// the engine's `d` (here a stand-in that answers from a table), in order, each asked at the
// moves before it.
const san = parseRecord('[Event "x"]\n\n1. e4 e5 2. Nf3 {a comment} Nc6 3. O-O 1-0\n');
check('read: SAN moves kept for the engine', san.turns.map((x) => `${x.text}:${x.parts}`).join(' ')
    === 'e4:null e5:null Nf3:null Nc6:null O-O:null' && san.result === '1-0', JSON.stringify(san.turns));
const qecPeople = parseRecord('1. e4 [\u2194 Rh7] e5 2. Bxf7+ <Kxf7> *');
check('read: a QEC turn for people is one item', qecPeople.turns.map((x) => x.text).join(' | ')
    === 'e4 [\u2194 Rh7] | e5 | Bxf7+ <Kxf7>', JSON.stringify(qecPeople.turns));
const asked = [];
const table = {'e4': 'e2e4', 'e2e4 e5': 'e7e5', 'e2e4 e7e5 Nf3': 'g1f3', 'e2e4 e7e5 g1f3 Nc6': 'b8c6',
    'e2e4 e7e5 g1f3 b8c6 O-O': 'e1g1'};
const sanTokens = await tokensOfPeople(san.turns, async (moves) => { asked.push(moves.join(' ')); return table[moves.join(' ')]; });
check('people: each move asked after the tokens before it', sanTokens.join(' ') === 'e2e4 e7e5 g1f3 b8c6 e1g1'
    && asked.length === 5, `${sanTokens} / ${asked.join(' | ')}`);
const mixed = await tokensOfPeople(parseRecord('1. e2e4 e5 *').turns, async (moves) => (moves.join(' ') === 'e2e4 e5' ? 'e7e5' : null));
check('people: tokens pass through, moves for people are asked', mixed.join(' ') === 'e2e4 e7e5', mixed.join(' '));
let unread = '';
try { await tokensOfPeople(parseRecord('1. Zz9 *').turns, async () => null); } catch (e) { unread = e.message; }
check('people: a move the engine reads as no turn is named', /'Zz9'/.test(unread), unread);

// Bad text names the bad token.
check('bad: token named', throws(() => parseRecord('1. e2e4 e7e9 *'), /'e7e9'/) === '');
check('bad: unclosed bracket named', throws(() => parseRecord('1. e2e4[h8h7 *'), /'e2e4\[h8h7'/) === '');
check('bad: parts out of order', throws(() => splitTurn('e2e4<e8e7>[h8h7]'), /bad turn token/) === '');
check('bad: tag line', throws(() => parseRecord('[Event "x]\n1. e2e4 *'), /bad tag line/) === '');

// The record's Termination tag is the engine's word from `d` (variants/ends.c), not a list here.
const ended = parseBoard(['Result: 1/2-1/2 insufficient material (T5.4)', 'Termination: insufficient material']);
check('termination from d', ended.termination === 'insufficient material' && ended.result.startsWith('1/2-1/2 '),
    JSON.stringify(ended));

console.log(`web-record: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
