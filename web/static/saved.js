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
    let saved = null;
    try {
        saved = JSON.parse(localStorage.getItem(SAVE_KEY));
    } catch (e) { /* not JSON: ignored */ }
    const text = (v) => typeof v === 'string';
    if (!saved || saved.version !== 1 || !variants.includes(saved.variant) || !Array.isArray(saved.decisions)
        || saved.decisions.some((d) => !text(d?.tok) || /\s/.test(d.tok)) || !Array.isArray(saved.human)
        || !text(saved.mapOption) || !text(saved.rootFen) || !text(saved.policy)
        || !(/^(movetime|depth) [1-9]\d*$/.test(saved.limit) || limitTimeControl(saved.limit)))
        return {game: null, foreign: saved !== null};
    // The level came later: a game saved before it plays at full strength.
    const level = Number.isInteger(saved.level) && saved.level >= 0 && saved.level <= 20 ? saved.level : 20;
    return {game: {...saved, human: new Set(saved.human), level}, foreign: false};
}

// A saved game the engine refused is not offered again.
export function forgetSavedGame() {
    localStorage.removeItem(SAVE_KEY);
}
