// What the page must know of a game beyond what the engine tells it (its legal decisions, its
// board, its options): one row a game, as the engine's own table (variants/variants.c), and
// the games' names in this file alone. A game without a row has no links, no rank-mates and
// its UCI_Variant name as its PGN Variant tag. The tags are the engine's records' (`qec --list
// variants`; tests/web/variants.test.mjs holds the two together).
const ROWS = {
    // R1: pawns linked to enemy officers, set by the EntMap option (docs/gui/protocol.md)
    qec: {links: true, pgnTag: 'QEC'},
    // T2.2: a piece borrows the reach of its colour's pieces on its rank (drawn as rank-mates)
    tether: {rankMates: true, pgnTag: 'Tether'},
    // standard chess: no Variant tag (PGN's default, as record/write.c writes it)
    chess: {pgnTag: ''},
    schroedinger: {pgnTag: 'Schroedinger'},
};

// The game the page offers when the engine names none (an engine without UCI_Variant).
export const DEFAULT_VARIANT = 'qec';

export function variantFacts(variant) {
    const row = ROWS[variant] || {};
    return {links: !!row.links, rankMates: !!row.rankMates, pgnTag: row.pgnTag ?? variant};
}

// The game of a record's Variant tag: no tag (or PGN's "Standard") is the game whose tag is
// empty; otherwise the game whose tag or name it is, in any case.
export function variantOfTag(tag) {
    const t = (tag || '').toLowerCase();
    const names = Object.keys(ROWS);
    if (!t || t === 'standard')
        return names.find((v) => variantFacts(v).pgnTag === '') || t;
    return names.find((v) => variantFacts(v).pgnTag.toLowerCase() === t) || t;
}
