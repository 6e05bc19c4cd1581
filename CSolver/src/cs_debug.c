/*
 * cs_debug.c -- statistics, the invariant checker used by the tests, and a
 * readable dump of the tableau (sections as in kiwi's debug.h).
 */
#include "cs_internal.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

void cs_stats(const cs_Solver *S, cs_Stats *out)
{
    cs_Stats st;
    memset(&st, 0, sizeof st);
    for (uint32_t k = 0; k < S->nslot; k++) {
        if (S->rows[k].basic != 0)
            st.rows++;
        st.terms += (size_t)S->rows[k].n;
    }
    st.symbols = S->nsym - 1 - S->nfree_sym;
    st.levels = (size_t)S->nlevels;
    st.pivots = S->pivots;
    st.bytes = S->bytes;
    st.cached_states = S->ncache;
    st.cache_bytes = cs_cache_bytes(S);
    st.rebuilds = S->rebuilds;
    st.reorders = S->reorders;
    st.refactors = S->refactors;
    st.exact_updates = S->exact_updates;
    st.spare_bytes = S->spares.bytes + cs_reserve_bytes(S);
    *out = st;
}

static bool in_column(const cs_Solver *S, Sym s, int32_t slot)
{
    const Column *c = &S->col[s];
    for (int32_t k = 0; k < c->n; k++)
        if (cs_col_slot(S, c, k) == slot)
            return true;
    return false;
}

#ifdef CS_DEBUG_INVARIANTS
#include <stdio.h>
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "invariant broken at %s:%d: %s\n", __FILE__, __LINE__, #c); return CS_ERR_INTERNAL; } } while (0)
#else
#define CHECK(c) do { if (!(c)) return CS_ERR_INTERNAL; } while (0)
#endif

/* I6: references form no cycle. Kahn's algorithm over variable rows:
 * repeatedly retire rows whose references are all retired. Quadratic in the
 * worst case; for tests only. */
static bool acyclic(const cs_Solver *S)
{
    size_t left = 0;
    for (uint32_t k = 0; k < S->nslot; k++)
        if (S->rows[k].basic != 0 && S->kind[S->rows[k].basic] == SYM_EXTERNAL)
            left++;
    uint8_t *done = S->alloc(S->ud, NULL, 0, S->nslot + 1);
    if (done == NULL)
        return true; /* cannot check without memory; the other checks stand */
    memset(done, 0, S->nslot + 1);
    bool progress = true;
    while (left > 0 && progress) {
        progress = false;
        for (uint32_t k = 0; k < S->nslot; k++) {
            const Row *r = &S->rows[k];
            if (done[k] || r->basic == 0 || S->kind[r->basic] != SYM_EXTERNAL)
                continue;
            bool ready = true;
            for (int32_t t = 0; t < r->n && ready; t++)
                if (cs_is_reference(S, r->sym[t]))
                    ready = done[S->basic[r->sym[t]]];
            if (ready) {
                done[k] = 1;
                left--;
                progress = true;
            }
        }
    }
    S->alloc(S->ud, done, S->nslot + 1, 0);
    return left == 0;
}

/* A column's entries that are stale or duplicates are at most its count
 * of departures (cs_col_gone), which is what keeps a column within twice
 * the rows that hold its symbol. */
static bool columns_counted(const cs_Solver *S)
{
    uint32_t *seen = S->alloc(S->ud, NULL, 0, (S->nslot + 1) * sizeof *seen);
    if (seen == NULL)
        return true; /* cannot check without memory; the other checks stand */
    memset(seen, 0, (S->nslot + 1) * sizeof *seen);
    bool ok = true;
    for (Sym s = 1; s < S->nsym && ok; s++) {
        const Column *c = &S->col[s];
        int32_t live = 0;
        for (int32_t k = 0; k < c->n; k++) {
            int32_t slot = cs_col_slot(S, c, k);
            if (slot < 0 || (uint32_t)slot >= S->nslot || seen[slot] == s)
                continue;
            seen[slot] = s;
            live += cs_row_coef(&S->rows[slot], s) != 0.0;
        }
        ok = c->n - live <= c->stale;
    }
    S->alloc(S->ud, seen, (S->nslot + 1) * sizeof *seen, 0);
    return ok;
}

/* Each list of the values map told as runs is that list: its variables
 * and derivatives, and its bases where they are floats (cs_values.c,
 * "Runs"). */
static bool runs_tell_lists(const Sens *z)
{
    for (uint32_t p = 0; z->ok && p < z->nparam; p++) {
        const ListRuns *lr = &z->runs[p];
        if (!lr->on)
            continue;
        size_t at = (size_t)p * z->capvar, i = 0, n = z->nplist[p];
        const Run *run = lr->runs.p;
        for (size_t r = 0; r < lr->runs.n; r++) {
            if (run[r].count == 0)
                return false;
            for (uint32_t k = 0; k < run[r].count; k++, i++)
                if (i >= n || z->plist[at + i] != run[r].first + k * run[r].stride ||
                    memcmp(&z->pj[at + i], &run[r].slope, sizeof(double)) != 0)
                    return false;
        }
        if (i != n || (lr->narrow.n != 0 && lr->narrow.n != n))
            return false;
        const float *f = lr->narrow.p;
        for (size_t k = 0; k < lr->narrow.n; k++) {
            double wide = f[k];
            if (memcmp(&wide, &z->pbase[at + k], sizeof wide) != 0)
                return false;
        }
        /* lr->most bounds every base (run_moves_all's proof needs no more),
         * and is infinite where a base is not finite. */
        for (size_t k = 0; k < n; k++) {
            double a = fabs(z->pbase[at + k]);
            if (!(a <= lr->most) || (!(a <= DBL_MAX) && lr->most != INFINITY))
                return false;
        }
    }
    return true;
}

cs_Status cs_check_invariants(const cs_Solver *S)
{
    if (S == NULL)
        return CS_ERR_INVALID_ARG;
    CHECK(S->j.stamp == 0);
    size_t basics = 0;
    for (uint32_t k = 0; k < S->nslot; k++) {
        const Row *r = &S->rows[k];
        bool objective = cs_is_level_slot(S, (int32_t)k);
        if (r->basic == 0 && !objective) {
            CHECK(r->n == 0);
            continue;
        }
        if (r->basic != 0) {
            CHECK(r->basic < S->nsym && S->kind[r->basic] != SYM_NONE);
            CHECK(S->basic[r->basic] == (int32_t)k); /* I2 */
            basics++;
            if (cs_restricted(S, r->basic))
                CHECK(cs_row_feasible(r)); /* I4 */
            if (S->kind[r->basic] == SYM_DUMMY)
                CHECK(fabs(r->constant) <= 1e-6); /* I4: a redundant equality holds */
        }
        CHECK(isfinite(r->constant));
        for (int32_t t = 0; t < r->n; t++) {
            Sym s = r->sym[t];
            CHECK(s != 0 && s < S->nsym && S->kind[s] != SYM_NONE);
            CHECK(t == 0 || r->sym[t - 1] < s);        /* I1 */
            CHECK(r->coef[t] != 0.0 && isfinite(r->coef[t]));
            if (S->basic[s] >= 0)                        /* I2, I6 */
                CHECK(S->kind[s] == SYM_EXTERNAL && r->basic != 0 && S->kind[r->basic] == SYM_EXTERNAL);
            CHECK(in_column(S, s, (int32_t)k));          /* I3 */
            if (objective || cs_restricted(S, r->basic))
                CHECK(S->kind[s] != SYM_EXTERNAL);       /* I5 */
        }
    }
    size_t marked = 0;
    for (Sym s = 1; s < S->nsym; s++)
        if (S->basic[s] >= 0) {
            CHECK(S->kind[s] != SYM_NONE);
            CHECK(S->rows[S->basic[s]].basic == s);
            marked++;
        }
    CHECK(marked == basics);
    /* Every added constraint has live markers; every marker's owner is added. */
    CHECK(S->capmark >= S->capcons);
    for (uint32_t id = 0; id < S->ncons; id++) {
        Markers mk = S->mark[id];
        if (S->state[id] == CONS_ADDED) {
            CHECK(mk.marker != 0 && S->kind[mk.marker] != SYM_NONE && S->owner[mk.marker] == id);
            /* Basic, or held by a basic row (cs_journal.c, "Markers lost to rounding"). */
            CHECK(cs_marker_held(S, mk.marker) && (mk.other == 0 || cs_marker_held(S, mk.other)));
        } else {
            CHECK(mk.marker == 0 && mk.other == 0);
        }
    }
    for (int32_t l = 0; l + 1 < S->nlevels; l++)
        CHECK(S->levels[l].strength > S->levels[l + 1].strength);
    /* The edit variables' list is every one of them, in order. */
    uint32_t nedit = 0;
    for (cs_Var v = 0; v < S->nvar; v++)
        if (S->edit_cons[v] != 0) {
            CHECK(nedit < S->nedit && S->edit_vars[nedit] == v);
            nedit++;
        }
    CHECK(nedit == S->nedit);
    /* A constraint's flags say what its record and the edits say it is. */
    for (uint32_t id = 0; id < S->ncons; id++) {
        if (S->state[id] == CONS_FREE)
            continue;
        const Cons *c = &S->cons[id];
        CHECK(!(S->flags[id] & CONS_REQUIRED) == !cs_is_required(c->strength));
        bool edit = c->nterms == 1 && S->edit_cons[c->terms[0].var] == id + 1;
        CHECK(!(S->flags[id] & CONS_EDIT) == !edit);
    }
    /* Each kept state counts exactly the constraints it differs in. */
    for (uint32_t k = 0; k < S->ncache; k++) {
        const CacheEntry *e = &S->cache[k];
        uint32_t differ = 0;
        for (uint32_t id = 0; id < S->ncons; id++) {
            differ += (S->state[id] == CONS_ADDED) != cs_added_in(e, id);
        }
        CHECK(e->differ == differ);
    }
    CHECK(columns_counted(S));
    CHECK(runs_tell_lists(&S->sens));
    return acyclic(S) ? CS_OK : CS_ERR_INTERNAL;
}

static void emit(void (*write)(void *, const char *, size_t), void *ud, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#include <stdarg.h>
static void emit(void (*write)(void *, const char *, size_t), void *ud, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0)
        write(ud, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static char kind_letter(uint8_t k)
{
    return "?vsed"[k < 5 ? k : 0];
}

static void dump_row(const cs_Solver *S, const Row *r,
                     void (*write)(void *, const char *, size_t), void *ud)
{
    emit(write, ud, "%.17g", r->constant);
    for (int32_t t = 0; t < r->n; t++)
        emit(write, ud, " %+.17g*%c%u", r->coef[t], kind_letter(S->kind[r->sym[t]]), r->sym[t]);
    emit(write, ud, "\n");
}

void cs_dump(const cs_Solver *S, void (*write)(void *, const char *, size_t), void *ud)
{
    if (S == NULL || write == NULL)
        return;
    emit(write, ud, "Objective (%s)\n---------\n", S->mode == CS_WEIGHTED ? "weighted" : "lexicographic");
    for (int32_t l = 0; l < S->nlevels; l++) {
        emit(write, ud, "level %g: ", S->levels[l].strength);
        dump_row(S, &S->rows[S->levels[l].slot], write, ud);
    }
    emit(write, ud, "\nTableau\n-------\n");
    for (uint32_t k = 0; k < S->nslot; k++) {
        const Row *r = &S->rows[k];
        if (r->basic == 0)
            continue;
        emit(write, ud, "%c%u = ", kind_letter(S->kind[r->basic]), r->basic);
        dump_row(S, r, write, ud);
    }
    emit(write, ud, "\nVariables\n---------\n");
    for (uint32_t v = 0; v < S->nvar; v++)
        emit(write, ud, "var %u = v%u = %.17g\n", v, S->var_sym[v], S->value[v]);
    /* The values map (cs_values.c): what moves with each parameter, and
     * how a resize reads it. */
    const Sens *z = &S->sens;
    if (!z->ok)
        return;
    emit(write, ud, "\nValues map\n----------\n");
    for (uint32_t p = 0; p < z->nparam; p++) {
        const ListRuns *lr = &z->runs[p];
        emit(write, ud, "constraint %u moves %u variables", z->param[p], z->nplist[p]);
        if (lr->on)
            emit(write, ud, " in %zu runs, bases as %s\n", lr->runs.n, lr->narrow.n > 0 ? "floats" : "doubles");
        else
            emit(write, ud, ", listed\n");
    }
}
