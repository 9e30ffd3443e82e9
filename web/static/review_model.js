// The winning chances and the thresholds of a game review (docs/players/review.md), as
// ./qecreview judges (review/model.c). The chances are the engine's own: the page turns
// UCI_ShowWDL on and every score comes with `wdl W D L`, per mille from the variant's model
// fitted to qec's games (docs/results/wdl-model.md). The page holds no copy of the model: the
// engine's table is the one source, and review/model.c computes the same per mille from it
// (tests/review/run.sh and tests/web/review.test.mjs hold the three together).
//
// A side's winning chances are (W - L) / 1000 in [-1, 1]: twice its expected score W + D/2,
// less one (lichess's scale); a mate is +-1. lichess's thresholds (lila: modules/analyse/src/
// main/Advice.scala): a decision that drops its decider's chances by 0.3 is a blunder, by 0.2 a
// mistake, by 0.1 an inaccuracy (15, 10 and 5 points of expected score).
//
// A score is from one side's view: {cp, wdl: [W, D, L]} (centipawns and the engine's per
// mille for that side), or {mate, wins}: mate in `mate` turns (0: the game has just ended by
// mate), won by this side when wins.

export const INACCURACY = 1, MISTAKE = 2, BLUNDER = 3;
export const THRESHOLDS = [[BLUNDER, 0.3], [MISTAKE, 0.2], [INACCURACY, 0.1]];
export const MARKS = ['', '?!', '?', '??'];
export const NAMES = ['', 'Inaccuracy', 'Mistake', 'Blunder'];
// A game that ended drawn: a certain draw.
export const DRAWN = {cp: 0, wdl: [0, 1000, 0]};

// The side's winning chances in [-1, 1]. A centipawn score needs the engine's wdl.
export function chances(s) {
    if (s.mate !== undefined)
        return s.wins ? 1 : -1;
    if (!Array.isArray(s.wdl) || s.wdl.length !== 3)
        throw new Error('a score without W/D/L (the engine printed no wdl: UCI_ShowWDL)');
    return (s.wdl[0] - s.wdl[2]) / 1000;
}

// The side's expected score in [0, 1]: (W + D/2) / 1000; a mate 1 or 0.
export function expected(s) {
    return (chances(s) + 1) / 2;
}

// The judgement (0, INACCURACY, MISTAKE, BLUNDER) of a decision whose decider's chances went
// from `before` (the best decision's) to `after` (the played one's).
export function judge(before, after) {
    const drop = before - after;
    for (const [j, t] of THRESHOLDS)
        if (drop >= t - 1e-9) // 0.3 as a difference of doubles may read 0.29999…
            return j;
    return 0;
}

// The same score from the other side's view.
export function flip(s) {
    if (s.mate !== undefined)
        return {mate: s.mate, wins: !s.wins};
    return s.wdl ? {cp: -s.cp, wdl: [s.wdl[2], s.wdl[1], s.wdl[0]]} : {cp: -s.cp};
}

// A score as [%eval] writes it: pawns with two decimals, #N / #-N for mates, #+0 / #-0 for a
// game just ended by mate (White's view when s is White's).
export function evalText(s) {
    if (s.mate !== undefined)
        return s.mate === 0 ? `#${s.wins ? '+' : '-'}0` : `#${s.wins ? '' : '-'}${s.mate}`;
    return (s.cp / 100).toFixed(2).replace(/^-0\.00$/, '0.00');
}

// W/D/L in whole per cent for people: "W 62% · D 30% · L 8%" (a mate: 100/0/0).
export function wdlText(s) {
    const w = s.mate !== undefined ? (s.wins ? [1000, 0, 0] : [0, 0, 1000]) : s.wdl;
    if (!w)
        return '';
    return `W ${Math.round(w[0] / 10)}% · D ${Math.round(w[1] / 10)}% · L ${Math.round(w[2] / 10)}%`;
}
