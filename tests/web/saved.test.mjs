// Unit tests of web/static/saved.js (no browser): a game kept in localStorage is read back as
// the page wrote it, and anything else stored under its key is refused as foreign, field by
// field, so that the page never restores a game it cannot show (docs/players/web-board.md).
//   node tests/web/saved.test.mjs      -> "web-saved: N passed, N failed"
const store = new Map();
globalThis.localStorage = {getItem: (k) => (store.has(k) ? store.get(k) : null), setItem: (k, v) => store.set(k, String(v)),
    removeItem: (k) => store.delete(k)};
const {forgetSavedGame, loadSavedGame, saveGame} = await import('../../web/static/saved.js');

let pass = 0, fail = 0;
function check(name, ok, detail = '') {
    if (ok) pass++;
    else { fail++; console.log(`FAIL: ${name}${detail ? ` (${detail})` : ''}`); }
}
const VARIANTS = ['qec', 'tether', 'chess', 'schroedinger'];

// A game as the page holds it: one turn with a forced reply, a resignation kept, a clock.
const game = {variant: 'qec', mapOption: 'default', rootFen: '', rootLinks: 'a2a8 b2b8',
    decisions: [{tok: 'e2e3', phase: 'base', kind: 'native', links: 'a2a8', lastShort: 'e3', lastLong: 'e2-e3'},
        {tok: 'e7e5', phase: 'base'}, {tok: 'f1c4', phase: 'forced'}],
    human: new Set(['white']), limit: 'clock 5+3', policy: 'search', level: 20, hiddenLinks: false,
    recorded: {result: '0-1', termination: 'resignation', comment: 'White resigns', byPlayer: true}, flipped: true,
    clock: {base: 300000, inc: 3000, left: {white: 290000, black: 300000}, side: null, since: 0, counted: 3}};
saveGame(game);
const back = loadSavedGame(VARIANTS);
check('a saved game reads back', back.game && !back.foreign && back.game.decisions.length === 3
    && back.game.human instanceof Set && back.game.human.has('white') && back.game.recorded.comment === 'White resigns'
    && back.game.clock.left.white === 290000, JSON.stringify(back));
const raw = JSON.parse(store.get('qec-web-game'));

// Each change below makes the stored value one the page did not write: refused, and said so.
const broken = {
    'not JSON': '{"version": 1,',
    'a number': '7',
    'null': 'null',
    'another version': {...raw, version: 2},
    'a game this engine does not play': {...raw, variant: 'xiangqi'},
    'decisions not a list': {...raw, decisions: 'e2e3'},
    'a token of two words': {...raw, decisions: [{tok: 'e2e3 e7e5', phase: 'base'}]},
    'a token that is a number': {...raw, decisions: [{tok: 2, phase: 'base'}]},
    'a decision that is null': {...raw, decisions: [null]},
    'a phase the engine never says': {...raw, decisions: [{tok: 'e2e3', phase: 'over'}]},
    'a decision without its phase': {...raw, decisions: [{tok: 'e2e3'}]},
    'an annotation that is not text': {...raw, decisions: [{tok: 'e2e3', phase: 'base', lastShort: {}}]},
    'a player who is neither colour': {...raw, human: ['red']},
    'a player twice': {...raw, human: ['white', 'white']},
    'players not a list': {...raw, human: 'white'},
    'a limit that is a list': {...raw, limit: ['movetime 100']},
    'a limit of no kind': {...raw, limit: 'nodes 100'},
    'a clock of no control': {...raw, limit: 'clock 5:00'},
    'a kept result no record has': {...raw, recorded: {result: '2-0', termination: '', comment: ''}},
    'a kept result that is a number': {...raw, recorded: 7},
    'a kept result without its comment': {...raw, recorded: {result: '1-0', termination: 'resignation'}},
    'hidden links that are not yes or no': {...raw, hiddenLinks: 'yes'},
    'a flip that is not yes or no': {...raw, flipped: 1},
    'root links that are not text': {...raw, rootLinks: ['a2a8']},
    'a map that is not text': {...raw, mapOption: null},
    'a FEN that is not text': {...raw, rootFen: 0},
};
for (const [what, value] of Object.entries(broken)) {
    store.set('qec-web-game', typeof value === 'string' ? value : JSON.stringify(value));
    const r = loadSavedGame(VARIANTS);
    check(`refused: ${what}`, r.game === null && r.foreign === true, JSON.stringify(r));
}

// What may be missing: a game saved before the level, the root links or a kept result.
const older = {...raw};
delete older.level;
delete older.rootLinks;
older.recorded = null;
store.set('qec-web-game', JSON.stringify(older));
const old = loadSavedGame(VARIANTS);
check('an older save without level, root links or result reads back, at full strength', old.game && old.game.level === 20
    && old.game.recorded === null, JSON.stringify(old));
forgetSavedGame();
const none = loadSavedGame(VARIANTS);
check('nothing stored: no game, nothing foreign', none.game === null && none.foreign === false, JSON.stringify(none));

console.log(`web-saved: ${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
