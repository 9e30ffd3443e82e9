// Links hidden until activated (seed 004 §11): which links have had their first forced reply.
// The page applies no rule here: the links are the engine's (`Links:` of `d` after each
// decision) and the forced replies are the decisions the engine called `forced`; this file only
// follows a link from one `Links:` line to the next as its pieces move.

// 'd6h2 g6h8' -> [['d6', 'h2'], ['g6', 'h8']]
export function linkPairs(links) {
    return !links || links === 'none' ? [] : links.split(/\s+/).map((p) => [p.slice(0, 2), p.slice(2, 4)]);
}

// decisions: [{tok, phase, links}] where `links` is the engine's Links after the decision.
// Returns the pairs of the last Links line whose link has fired (a forced reply was made with
// one of its pieces, RULES R2.3), or null when a decision's links are not known.
export function firedLinks(decisions) {
    let fired = [];
    for (const d of decisions) {
        if (d.links === undefined)
            return null;
        const from = d.tok.slice(0, 2), to = d.tok.slice(2, 4);
        const now = linkPairs(d.links);
        // A piece on `to` was captured (R1.6: its link broke); the mover's link moves with it.
        const moved = fired.filter((p) => !p.includes(to)).map((p) => p.map((s) => (s === from ? to : s)));
        const kept = [];
        const keep = (q) => { if (q && !kept.includes(q)) kept.push(q); };
        // The same link now: the pair holding either piece (a piece is in one link at most,
        // R1.2; a castling rook moved without its own token is found by its partner).
        for (const p of moved)
            keep(now.find((n) => n.includes(p[0]) || n.includes(p[1])));
        if (d.phase === 'forced')
            keep(now.find((n) => n.includes(to)));
        fired = kept;
    }
    return fired;
}
