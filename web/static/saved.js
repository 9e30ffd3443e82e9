// The game kept in the browser (localStorage): a reload or a closed tab loses nothing. What a
// saved game holds (a clock's times as they stand), and the check that a stored one is one this
// page wrote; the page then replays its decisions through the engine (app.js restoreGame),
// which checks every one again.
import {clockToSave, limitTimeControl} from './clock.js';

const SAVE_KEY = 'qec-web-game';

export function saveGame(g) {
    const saved = {version: 1, variant: g.variant, mapOption: g.mapOption, rootFen: g.rootFen, rootLinks: g.rootLinks,
        decisions: g.decisions, human: [...g.human], limit: g.limit, policy: g.policy, level: g.level, hiddenLinks: g.hiddenLinks,
        recorded: g.recorded, flipped: g.flipped, clock: g.clock ? clockToSave(g.clock, performance.now()) : null};
    try {
        localStorage.setItem(SAVE_KEY, JSON.stringify(saved));
    } catch (e) { /* storage full or off (private mode): the game goes on unsaved */ }
}

// The stored game ({game}, its `human` a Set), or {game: null} when there is none; `foreign`
// when something is stored that this page did not write (for an engine of these variants).
export function loadSavedGame(variants) {
    const stored = localStorage.getItem(SAVE_KEY);
    if (stored === null)
        return {game: null, foreign: false};
    let saved = null;
    try {
        saved = JSON.parse(stored);
    } catch (e) { /* not JSON: foreign */ }
    if (!isSavedGame(saved, variants))
        return {game: null, foreign: true};
    // The level came later: a game saved before it plays at full strength.
    const level = Number.isInteger(saved.level) && saved.level >= 0 && saved.level <= 20 ? saved.level : 20;
    return {game: {...saved, human: new Set(saved.human), level}, foreign: false};
}

// Is `saved` a game this page wrote: every field the page reads back of the type it wrote, the
// decisions' tokens one word each (the engine checks them again), their phases and annotations
// as `d` gives them, the players white and black, a kept result one of a record's.
const text = (v) => typeof v === 'string';
const maybe = (v, is) => v === undefined || v === null || is(v);
const PHASES = new Set(['base', 'forced', 'react']);
const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '0-0']);
function isDecision(d) {
    return d !== null && typeof d === 'object' && text(d.tok) && /^\S+$/.test(d.tok) && PHASES.has(d.phase)
        && ['kind', 'links', 'lastShort', 'lastLong'].every((k) => maybe(d[k], text));
}
function isRecorded(r) {
    return r !== null && typeof r === 'object' && RESULTS.has(r.result) && text(r.termination) && text(r.comment);
}
function isSavedGame(saved, variants) {
    return saved !== null && typeof saved === 'object' && saved.version === 1 && variants.includes(saved.variant)
        && Array.isArray(saved.decisions) && saved.decisions.every(isDecision)
        && Array.isArray(saved.human) && saved.human.every((c) => c === 'white' || c === 'black')
        && new Set(saved.human).size === saved.human.length
        && text(saved.mapOption) && text(saved.rootFen) && text(saved.policy) && maybe(saved.rootLinks, text)
        && text(saved.limit) && (/^(movetime|depth) [1-9]\d*$/.test(saved.limit) || !!limitTimeControl(saved.limit))
        && maybe(saved.recorded, isRecorded) && maybe(saved.hiddenLinks, (v) => typeof v === 'boolean')
        && maybe(saved.flipped, (v) => typeof v === 'boolean');
}

// A saved game the engine refused is not offered again.
export function forgetSavedGame() {
    localStorage.removeItem(SAVE_KEY);
}
