/* The variants qecmatch can run, in one table: the names accepted by -variant (cutechess's
 * `standard` is classical chess), the engine/ variant id, the UCI_Variant value sent to engines
 * that advertise that option, and the PGN [Variant] tag ("" = none: standard chess, which every
 * PGN reader assumes). A new variant (e.g. tether) is one more row here. Header-only so that
 * match/pgn.c, which the engine library also links (book/), needs no other match/ file. The
 * look-ups are named match_variant_* apart from engine/variant.h's variant_by_name, which
 * knows the engine's names only. Schroedinger (RULES-SCHROEDINGER.md) is not an engine/
 * Position variant: its rules core is engine/hsc.h, so its id lies past VARIANT_COUNT and
 * match/board.h picks the core by the row's `worlds` flag. */
#ifndef QEC_MATCH_VARIANT_H
#define QEC_MATCH_VARIANT_H

#include <stdbool.h>
#include <stddef.h>
#include <strings.h>

#include "../engine/position.h"

typedef struct {
    const char *name;     /* the canonical -variant name */
    int id;               /* VARIANT_* of engine/position.h, or MATCH_VARIANT_SCHROEDINGER */
    const char *uci;      /* UCI_Variant value */
    const char *pgnTag;   /* [Variant] tag value, "" for none */
    bool links;           /* has an EntMap (R1.4): QEC-style records, EntMap sent to engines */
    bool worlds;          /* played on engine/hsc.h (S1): start position only (S4.2), no FEN */
} VariantInfo;

enum { MATCH_VARIANT_SCHROEDINGER = VARIANT_COUNT };

static const VariantInfo VARIANT_TABLE[] = {
    {"qec", VARIANT_QEC, "qec", "QEC", true, false},
    {"chess", VARIANT_CHESS, "chess", "", false, false},
    {"tether", VARIANT_TETHER, "tether", "Tether", false, false},
    {"schroedinger", MATCH_VARIANT_SCHROEDINGER, "schroedinger", "Schroedinger", false, true},
};

/* Other spellings (cutechess, PGN) of a row's name. */
static const char *const VARIANT_ALIASES[][2] = {
    {"standard", "chess"}, {"classical", "chess"}, {"normal", "chess"}, {"hsc", "schroedinger"}};

#define VARIANT_HELP "qec (default), chess (also: standard), tether, schroedinger"

/* The row of a -variant name or alias, or NULL. */
static inline const VariantInfo *match_variant_by_name(const char *name) {
    for (size_t i = 0; i < sizeof VARIANT_ALIASES / sizeof VARIANT_ALIASES[0]; i++)
        if (!strcasecmp(name, VARIANT_ALIASES[i][0]))
            name = VARIANT_ALIASES[i][1];
    for (size_t i = 0; i < sizeof VARIANT_TABLE / sizeof VARIANT_TABLE[0]; i++)
        if (!strcasecmp(name, VARIANT_TABLE[i].name))
            return &VARIANT_TABLE[i];
    return NULL;
}

/* The row of an engine/ variant id (the QEC row if unknown). */
static inline const VariantInfo *match_variant_by_id(int id) {
    for (size_t i = 0; i < sizeof VARIANT_TABLE / sizeof VARIANT_TABLE[0]; i++)
        if (VARIANT_TABLE[i].id == id)
            return &VARIANT_TABLE[i];
    return &VARIANT_TABLE[0];
}

/* The variant a PGN [Variant] tag names ("" = standard chess), or NULL. */
static inline const VariantInfo *match_variant_by_pgn_tag(const char *tag) {
    if (!*tag)
        return match_variant_by_name("chess");
    for (size_t i = 0; i < sizeof VARIANT_TABLE / sizeof VARIANT_TABLE[0]; i++)
        if (VARIANT_TABLE[i].pgnTag[0] && !strcasecmp(tag, VARIANT_TABLE[i].pgnTag))
            return &VARIANT_TABLE[i];
    return match_variant_by_name(tag);
}

/* Whether a variant id is played on engine/hsc.h (schroedinger) rather than a Position. */
static inline bool match_variant_worlds(int id) { return match_variant_by_id(id)->worlds; }

#endif
