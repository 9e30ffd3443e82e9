// The winning-chances model and the thresholds of a game review (docs/players/review.md): the
// web board's copy of review/model.c, which qecreview uses. One place, so that a model fitted
// to qec's own games (issue 42 item 5, UCI_ShowWDL) can take the curve's place in both.
//
// lichess's game review (lila: modules/analyse/src/main/Advice.scala and the winningChances
// function of its analysis client): chances 2 / (1 + exp(-0.00368208 * cp)) - 1, cp capped at
// +-1000, a mate +-1; a decision that drops its decider's chances by 0.3 is a blunder, by 0.2 a
// mistake, by 0.1 an inaccuracy.
//
// A score is from one side's view: {cp} centipawns, or {mate, wins}: mate in `mate` turns
// (0: the game has just ended by mate), won by this side when wins.

export const LOGISTIC_K = 0.00368208; // the curve's slope per centipawn (lichess's fit)
export const CP_CAP = 1000;
export const INACCURACY = 1, MISTAKE = 2, BLUNDER = 3;
const THRESHOLDS = [[BLUNDER, 0.3], [MISTAKE, 0.2], [INACCURACY, 0.1]];
export const MARKS = ['', '?!', '?', '??'];
export const NAMES = ['', 'Inaccuracy', 'Mistake', 'Blunder'];

// The side's winning chances in [-1, 1].
export function chances(s) {
    if (s.mate !== undefined)
        return s.wins ? 1 : -1;
    const cp = Math.max(-CP_CAP, Math.min(CP_CAP, s.cp));
    return 2 / (1 + Math.exp(-LOGISTIC_K * cp)) - 1;
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
    return s.mate !== undefined ? {mate: s.mate, wins: !s.wins} : {cp: -s.cp};
}

// A score as [%eval] writes it: pawns with two decimals, #N / #-N for mates, #+0 / #-0 for a
// game just ended by mate (White's view when s is White's).
export function evalText(s) {
    if (s.mate !== undefined)
        return s.mate === 0 ? `#${s.wins ? '+' : '-'}0` : `#${s.wins ? '' : '-'}${s.mate}`;
    return (s.cp / 100).toFixed(2).replace(/^-0\.00$/, '0.00');
}
