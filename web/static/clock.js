// The game clock of the web board (app.js, docs/players/web-board.md): a time control as people
// write it ("5+3": 5 minutes each, 3 seconds added per decision), each side's time in ms,
// debited while that side decides, its increment added after each decision it makes. Per
// decision, not per turn, as ./qecmatch's clocks and UCI's winc/binc in qec: a QEC turn is one
// to three decisions by either side (R2), and whoever decides is the one whose clock runs.
// No timers here: the page passes the time (performance.now()), the tests pass numbers.

const MAX_BASE = 600 * 60000, MAX_INC = 600000; // 10 hours, 10 minutes a decision

// "5+3", "5", "0.5+1", "90 + 30" -> {base, inc} in ms; null when it is not such a control or out
// of range (at least 1 s each, at most 10 hours and 10 minutes a decision).
export function parseTimeControl(text) {
    const m = /^\s*(\d+(?:\.\d+)?)\s*(?:\+\s*(\d+(?:\.\d+)?))?\s*$/.exec(String(text ?? ''));
    if (!m)
        return null;
    const base = Math.round(parseFloat(m[1]) * 60000), inc = Math.round(parseFloat(m[2] || '0') * 1000);
    return base >= 1000 && base <= MAX_BASE && inc <= MAX_INC ? {base, inc} : null;
}

// The control of a game's limit `clock M+S` (app.js, saved.js); null for any other limit.
export function limitTimeControl(limit) {
    return /^clock \S+$/.test(limit) ? parseTimeControl(limit.slice('clock '.length)) : null;
}

// The control as the form writes it ("5+3") and as the record's TimeControl tag does (seconds,
// "300+3", as ./qecmatch writes it: docs/gui/record-format.md).
export const tcText = (tc) => `${+(tc.base / 60000).toFixed(4)}+${+(tc.inc / 1000).toFixed(3)}`;
export const tcTag = (tc) => `${+(tc.base / 1000).toFixed(3)}+${+(tc.inc / 1000).toFixed(3)}`;

// A clock at the start of a game: both sides' full time, running for nobody yet.
export function newClock(tc) {
    return {base: tc.base, inc: tc.inc, left: {white: tc.base, black: tc.base}, side: null, since: 0, counted: 0};
}

// A full clock for a game's limit `clock M+S`; null for any other limit (movetime, depth).
export function clockForLimit(limit) {
    const tc = limitTimeControl(limit);
    return tc ? newClock(tc) : null;
}

// A clock kept by an earlier page (saved.js), checked; it runs for nobody until the game asks
// (a reload does not charge the time the page was closed). null when it is not one.
export function clockFromSaved(c) {
    const ms = (v, max) => Number.isFinite(v) && v >= 0 && v <= max;
    if (!c || !ms(c.base, MAX_BASE) || c.base < 1000 || !ms(c.inc, MAX_INC) || !ms(c.left?.white, Infinity)
        || !ms(c.left?.black, Infinity) || !Number.isInteger(c.counted) || c.counted < 0)
        return null;
    return {base: c.base, inc: c.inc, left: {white: c.left.white, black: c.left.black}, side: null, since: 0,
        counted: c.counted};
}

// What a saved game keeps of the clock: the times as they stand at `now`.
export function clockToSave(c, now) {
    return {base: c.base, inc: c.inc, left: {white: timeLeft(c, 'white', now), black: timeLeft(c, 'black', now)},
        counted: c.counted};
}

// The time `side` has at `now` (its clock runs while it decides).
export function timeLeft(c, side, now) {
    return c.left[side] - (c.side === side ? now - c.since : 0);
}

// The game now has `decisions` decisions and `side` decides next (null: nobody, the game is
// over). The side that was deciding is debited the time since; if it made decisions since (the
// count went up) each adds the increment, unless its time ran out first: then it lost on time
// and that side is returned (its clock at 0, running for nobody). A take back (the count went
// down) gives no time back and adds none. Returns null when no time ran out.
export function clockTo(c, side, decisions, now) {
    let out = null;
    if (c.side) {
        c.left[c.side] -= now - c.since;
        if (c.left[c.side] <= 0) {
            c.left[c.side] = 0;
            out = c.side;
        } else if (decisions > c.counted) {
            c.left[c.side] += c.inc * (decisions - c.counted);
        }
    }
    c.counted = decisions;
    c.side = out ? null : side;
    c.since = now;
    return out;
}

// The side whose time has run out while it decides, at `now`; null when none.
export const flagFell = (c, now) => (c.side && timeLeft(c, c.side, now) <= 0 ? c.side : null);

// The engine's `go` arguments: both clocks (at least 1 ms: 0 would be no time at all) and
// increments, in ms.
export function goArgs(c, now) {
    const t = (s) => Math.max(1, Math.round(timeLeft(c, s, now)));
    return `wtime ${t('white')} btime ${t('black')} winc ${c.inc} binc ${c.inc}`;
}

// A clock's face: "4:59", "1:02:03" from an hour, and with tenths under 20 s ("0:09.3"), when
// every tenth counts. Rounded down: a clock that shows 0:00.0 has run out.
export function clockText(ms) {
    const t = Math.max(0, Math.floor(ms / 100)); // tenths
    const s = Math.floor(t / 10), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
    const ss = String(s % 60).padStart(2, '0');
    if (h)
        return `${h}:${String(m).padStart(2, '0')}:${ss}`;
    return ms < 20000 ? `${m}:${ss}.${t % 10}` : `${m}:${ss}`;
}
