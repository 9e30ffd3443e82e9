/* The tuning build's UCI options (issue 44, `make tune` -> ./qec-tune, -DQEC_TUNE): one spin
 * option per tunable search number (variants/search_params.h), for SPSA (bench/spsa.py), and a
 * check option per on/off technique of the row (SEARCH_SWITCHES, variants/variants.h), for a
 * match that tries a technique in a game without a build of its own. The
 * normal build lists none of them and compiles these as no-ops, so its `uci` and its games are
 * unchanged. A value set here replaces the row's for the rest of the session
 * (SearchOptions.tune), whatever UCI_Variant is chosen; the defaults `uci` lists are the
 * current UCI_Variant's row values. */
#include <stdio.h>
#include <strings.h>

#include "internal.h"

#ifdef QEC_TUNE

/* The row's switches, or all off for a row without the Position search. */
static SearchKnobs row_knobs(const Variant *v) {
    return v && v->rules ? v->search : (SearchKnobs){0};
}

/* The row's values, or the table's defaults for a row without the Position search. */
static SearchParams row_params(const Variant *v) {
    static const SearchParams DEFAULTS = SEARCH_PARAMS_DEFAULT;
    return v && v->rules ? v->search.params : DEFAULTS;
}

/* After the other options: the spins, then for bench/spsa.py one line per number in the form
 * fishtest takes an SPSA's parameters (name,value,min,max,c_end,r_end), value the session's. */
void tune_print_options(Uci *u) {
    SearchParams row = row_params(u->session->opt.variant), now = row;
    search_params_override(&now, &u->session->opt.tune);
    for (int i = 0; i < SEARCH_PARAM_COUNT; i++) {
        const SearchParamSpec *s = &SEARCH_PARAM_SPECS[i];
        fprintf(u->out, "option name %s type spin default %d min %d max %d\n", s->name, search_param_get(&row, i),
                s->lo, s->hi);
    }
    SearchKnobs knobs = row_knobs(u->session->opt.variant);
    for (int i = 0; i < SEARCH_SWITCH_COUNT; i++)
        fprintf(u->out, "option name %s type check default %s\n", SEARCH_SWITCH_SPECS[i].name,
                search_switch_get(&knobs, i) ? "true" : "false");
    for (int i = 0; i < SEARCH_PARAM_COUNT; i++) {
        const SearchParamSpec *s = &SEARCH_PARAM_SPECS[i];
        fprintf(u->out, "info string spsa %s,%d,%d,%d,%d,0.0020\n", s->name, search_param_get(&now, i), s->lo, s->hi,
                s->step);
    }
}

bool tune_setoption(Uci *u, const char *name, const char *value) {
    for (int i = 0; i < SEARCH_PARAM_COUNT; i++) {
        const SearchParamSpec *s = &SEARCH_PARAM_SPECS[i];
        if (strcasecmp(name, s->name))
            continue;
        int64_t v;
        if (!*value)
            uci_error(u, "setoption %s: needs 'value <value>'", s->name);
        else if (!parse_int64(value, s->lo, s->hi, &v))
            uci_error(u, "setoption %s: '%.24s' is not a whole number from %d to %d", s->name, value, s->lo, s->hi);
        else {
            search_param_put(&u->session->opt.tune.value, i, (int)v);
            u->session->opt.tune.set |= 1u << i;
            options_apply(u);
        }
        return true;
    }
    for (int i = 0; i < SEARCH_SWITCH_COUNT; i++) {
        if (strcasecmp(name, SEARCH_SWITCH_SPECS[i].name))
            continue;
        SearchParamOverride *o = &u->session->opt.tune;
        if (!strcasecmp(value, "true"))
            o->switchOn |= 1u << i;
        else if (!strcasecmp(value, "false"))
            o->switchOn &= ~(1u << i);
        else {
            uci_error(u, "setoption %s: '%.24s' is not true or false", SEARCH_SWITCH_SPECS[i].name, value);
            return true;
        }
        o->switchSet |= 1u << i;
        options_apply(u);
        return true;
    }
    return false;
}

#else

void tune_print_options(Uci *u) { (void)u; }
bool tune_setoption(Uci *u, const char *name, const char *value) {
    (void)u, (void)name, (void)value;
    return false;
}

#endif
