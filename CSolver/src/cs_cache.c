/*
 * cs_cache.c -- solved states kept by constraint set, so that going back to
 * a configuration seen before costs only moving its edits.
 *
 * A trait transition removes one size class's constraints and adds
 * another's; rotating back and forth alternates between two sets of added
 * constraints (four with iPad multitasking). Solving a set again from the
 * other's tableau costs as much as the first time: every row of the
 * variant is rebuilt and pivoted. Instead, the tableau that solved a set is
 * kept, with that set, and restored when a change set leads back to it.
 * Nothing in a switch visits every constraint or every row: its cost is
 * the change set's, and the rows the edits move.
 *
 *   set       a kept state's set of added constraints (edit constraints
 *             included) is its markers (Tableau.mark: nonzero where
 *             added). Each state also counts the constraints in which it
 *             differs from the current one (CacheEntry.differ), updated by
 *             every change set that commits (cs_cache_toggled); a change
 *             set leads to a kept state exactly when that state differs in
 *             the change set's constraints and no others.
 *   moving    the solver's current tableau and the kept one trade places
 *             (their arrays are swapped, the markers with them, nothing is
 *             copied), and the change set's constraints change state; the
 *             restored tableau is then moved from the edit values it was
 *             kept with to the current ones, as suggestions move it
 *             (cs_shift_constant), in a transaction.
 *   copying   the only copy is made the first time a configuration is left
 *             (cs_cache_prepare): before a change set that removes and adds
 *             at least an eighth as many constraints as are added, a deep
 *             copy of the tableau is taken and kept if the change set
 *             succeeds. Smaller change sets (one constraint edited) copy
 *             nothing: a copy would cost more than it saves. A change set
 *             solved afresh (cs_afresh.c) copies nothing either: the
 *             tableau it leaves is kept as it is.
 *   values    the published values (cs_value) are the solver's; a restored
 *             tableau carries its own map of values (Sens, cs_values.c), so
 *             the next cs_update republishes every value from it, one
 *             multiply-add per edit each, or by a full evaluation if it has
 *             none.
 *   constants a new constant for a constraint added in a kept state is
 *             noted there with the constant the state was solved with
 *             (cs_cache_note_constant), and the restored tableau is moved
 *             to the new one as it is moved to the edit values. A window
 *             resized through constraint constants (autoresizing, as the
 *             Swift layer does) thus keeps its states.
 *   validity  a kept state is only as good as the constraints it solved:
 *             deleting a constraint added in it drops it; a new variable,
 *             a new edit variable or an edit variable removed drops them
 *             all (their arrays are sized by the variables, and edits are
 *             part of every set). If moving a restored state to the new
 *             constants is refused (a required constraint cannot hold
 *             there), the state is dropped and the change set is applied
 *             in place, which reports the conflict.
 *   bound     at most cache_limit states (cs_set_cache_limit, default 4),
 *             the least recently used going first; cs_stats reports their
 *             number and bytes.
 */
#include "cs_internal.h"

#include <string.h>

void cs_tableau_swap(cs_Solver *S, Tableau *t)
{
#define SWAP(f) do { __typeof__(t->f) tmp_ = S->f; S->f = t->f; t->f = tmp_; } while (0)
    SWAP(nsym); SWAP(capsym); SWAP(kind); SWAP(basic); SWAP(defined); SWAP(def_clock);
    SWAP(owner); SWAP(col); SWAP(free_sym); SWAP(nfree_sym); SWAP(pool);
    SWAP(nslot); SWAP(capslot); SWAP(rows); SWAP(visit); SWAP(visit_stamp); SWAP(free_slot); SWAP(nfree_slot);
    SWAP(levels); SWAP(nlevels); SWAP(caplevels);
    SWAP(mark); SWAP(capmark);
    SWAP(shape_changed); SWAP(digits_lost); SWAP(sens);
#undef SWAP
}

void cs_tableau_discard(cs_Solver *S, Tableau *t)
{
    cs_tableau_swap(S, t); /* its memory is freed where a tableau lives */
    cs_tableau_free(S);
    cs_tableau_swap(S, t);
}

static void entry_free(cs_Solver *S, CacheEntry *e)
{
    cs_tableau_discard(S, &e->t);
    cs_mem_free(S, e->edit_value, (size_t)e->nedit * sizeof(double));
    cs_vec_free(S, &e->moved, sizeof(Moved));
    memset(e, 0, sizeof *e);
}

static void remove_at(cs_Solver *S, uint32_t k)
{
    entry_free(S, &S->cache[k]);
    S->cache[k] = S->cache[--S->ncache];
}

void cs_cache_drop(cs_Solver *S, uint32_t id)
{
    for (uint32_t k = S->ncache; k-- > 0;) {
        const CacheEntry *e = &S->cache[k];
        if (id == UINT32_MAX || cs_added_in(e, id))
            remove_at(S, k);
    }
}

/* Notes (id, from) in e unless id is noted already (the state holds the
 * first constant noted); false if memory runs out. */
static bool note(cs_Solver *S, CacheEntry *e, uint32_t id, double from)
{
    const Moved *m = e->moved.p;
    for (size_t k = 0; k < e->moved.n; k++)
        if (m[k].id == id)
            return true;
    Moved x = { id, from };
    return cs_vec_push(S, &e->moved, sizeof x, &x);
}

void cs_cache_note_constant(cs_Solver *S, uint32_t id, double from)
{
    for (uint32_t k = S->ncache; k-- > 0;) {
        CacheEntry *e = &S->cache[k];
        if (cs_added_in(e, id) && !note(S, e, id, from))
            remove_at(S, k);
    }
}

void cs_cache_free(cs_Solver *S)
{
    cs_cache_drop(S, UINT32_MAX);
    cs_mem_free(S, S->cache, (size_t)S->cache_limit * sizeof *S->cache);
    S->cache = NULL;
}

/* Drops the least recently used state kept. */
static void evict_lru(cs_Solver *S)
{
    uint32_t lru = 0;
    for (uint32_t k = 1; k < S->ncache; k++)
        if (S->cache[k].used < S->cache[lru].used)
            lru = k;
    remove_at(S, lru);
}

/* The states kept stay, the least recently used dropped first down to the
 * new limit: a caller that bounds memory anew keeps what fits. */
cs_Status cs_set_cache_limit(cs_Solver *S, size_t states)
{
    if (S == NULL || states > 64)
        return CS_ERR_INVALID_ARG;
    if (states == S->cache_limit)
        return CS_OK;
    CacheEntry *c = NULL;
    if (states > 0 && (c = cs_mem_realloc(S, NULL, 0, states * sizeof *c)) == NULL)
        return CS_ERR_NOMEM;
    while (S->ncache > states)
        evict_lru(S);
    if (S->ncache > 0)
        memcpy(c, S->cache, S->ncache * sizeof *c);
    cs_mem_free(S, S->cache, (size_t)S->cache_limit * sizeof *S->cache);
    S->cache = c;
    S->cache_limit = (uint32_t)states;
    return CS_OK;
}

size_t cs_cache_limit(const cs_Solver *S)
{
    return S != NULL ? S->cache_limit : 0;
}

/* The edit variables' values, in variable order, into out[0..S->nedit). */
static void edit_values(const cs_Solver *S, double *out)
{
    for (uint32_t k = 0; k < S->nedit; k++)
        out[k] = S->edit_value[S->edit_vars[k]];
}

/* ---- Copying the current tableau ----------------------------------------- */

static void *dup(cs_Solver *S, const void *p, size_t n, bool *ok)
{
    if (n == 0 || !*ok)
        return NULL;
    void *q = cs_mem_realloc(S, NULL, 0, n);
    if (q == NULL)
        *ok = false;
    else if (p != NULL)
        memcpy(q, p, n);
    else
        memset(q, 0, n);
    return q;
}

cs_Status cs_cache_prepare(cs_Solver *S, size_t nremove, size_t nadd, bool copy, CacheEntry **out)
{
    *out = NULL;
    if (S->cache_limit == 0 || nremove == 0 || nadd == 0 || (nremove + nadd) * 8 < S->nadded)
        return CS_OK;
    for (uint32_t k = 0; k < S->ncache; k++)
        if (S->cache[k].differ == 0)
            return CS_OK; /* a state of this set is kept already (it came back in small steps) */
    CacheEntry *e = cs_mem_realloc(S, NULL, 0, sizeof *e);
    if (e == NULL)
        return CS_ERR_NOMEM;
    memset(e, 0, sizeof *e);
    bool ok = true;
    e->differ = (uint32_t)(nremove + nadd); /* once the change set has committed */
    e->nedit = S->nedit;
    e->edit_value = dup(S, NULL, (size_t)e->nedit * sizeof(double), &ok);
    if (ok) {
        edit_values(S, e->edit_value);
        ok = !copy || cs_tableau_copy(S, &e->t);
    }
    if (!ok) {
        cs_mem_free(S, e->edit_value, (size_t)e->nedit * sizeof(double));
        cs_mem_free(S, e, sizeof *e);
        return CS_ERR_NOMEM;
    }
    *out = e;
    return CS_OK;
}

void cs_cache_commit(cs_Solver *S, CacheEntry *e, bool keep)
{
    if (e == NULL)
        return;
    if (keep) {
        if (S->ncache == S->cache_limit)
            evict_lru(S);
        e->used = ++S->cache_clock;
        S->cache[S->ncache++] = *e;
    } else {
        entry_free(S, e);
    }
    cs_mem_free(S, e, sizeof *e);
}

/* Each id's state here has just changed: one more difference from a kept
 * state where it now differs from its state there, one less where it now
 * agrees. */
static void count_toggles(cs_Solver *S, const CacheEntry *skip, const cs_Cons *ids, size_t n)
{
    for (uint32_t k = 0; k < S->ncache; k++) {
        CacheEntry *e = &S->cache[k];
        if (e == skip)
            continue;
        for (size_t i = 0; i < n; i++) {
            bool now = S->state[ids[i]] == CONS_ADDED;
            if (now != cs_added_in(e, ids[i]))
                e->differ++;
            else
                e->differ--;
        }
    }
}

void cs_cache_toggled(cs_Solver *S, const cs_Cons *ids, size_t n)
{
    count_toggles(S, NULL, ids, n);
}

/* ---- Switching to a kept state ------------------------------------------- */

/*
 * Does the change set lead to e's state? It does when every constraint the
 * change set removes is added here and not there, every one it adds the
 * reverse, and e differs from the current state in no other constraint:
 * its count of differences is the change set's size. O(change set), not
 * O(constraints), and it reads only each listed constraint's state and
 * its markers there. An edit constraint is added in every kept state, so
 * listing one fails this without a look at its record.
 *
 * The test and the change of state are one pass (claim): each listed
 * constraint's state is set as it passes, and a constraint that fails
 * sets back those set before it. So a constraint listed twice fails at its
 * second mention (its state has changed), and one listed as removed and
 * added at its addition. As two passes, a test and then the trade, the
 * switch read every listed id and its state twice. Anything this refuses,
 * the caller's own path applies or refuses with the right error.
 */
static void unclaim(cs_Solver *S, const cs_Cons *remove, size_t nremove, const cs_Cons *add, size_t nadd)
{
    uint8_t *state = S->state;
    for (size_t k = nadd; k-- > 0;)
        state[add[k]] = CONS_IDLE;
    for (size_t k = nremove; k-- > 0;)
        state[remove[k]] = CONS_ADDED;
}

static bool claim(cs_Solver *S, const CacheEntry *e, const cs_Cons *remove, size_t nremove, const cs_Cons *add,
                  size_t nadd)
{
    if (e->differ != nremove + nadd)
        return false;
    uint8_t *state = S->state;
    uint32_t ncons = S->ncons;
    size_t k = 0, j = 0;
    for (; k < nremove; k++) {
        cs_Cons id = remove[k];
        if (id >= ncons || state[id] != CONS_ADDED || cs_added_in(e, id))
            break;
        state[id] = CONS_IDLE;
    }
    if (k == nremove)
        for (; j < nadd; j++) {
            cs_Cons id = add[j];
            if (id >= ncons || state[id] != CONS_IDLE || !cs_added_in(e, id))
                break;
            state[id] = CONS_ADDED;
        }
    if (k == nremove && j == nadd) {
        S->nadded += (uint32_t)nadd - (uint32_t)nremove;
        return true;
    }
    unclaim(S, remove, k, add, j);
    return false;
}

/* Undoes a claim that succeeded: the states and the count of constraints added. */
static void release_claim(cs_Solver *S, const cs_Cons *remove, size_t nremove, const cs_Cons *add, size_t nadd)
{
    unclaim(S, remove, nremove, add, nadd);
    S->nadded -= (uint32_t)nadd - (uint32_t)nremove;
}

/* Trades the current tableau (its markers with it) and edit values with
 * e's; twice puts everything back. */
static void trade(cs_Solver *S, CacheEntry *e)
{
    cs_tableau_swap(S, &e->t);
    for (uint32_t k = 0; k < S->nedit; k++) {
        cs_Var v = S->edit_vars[k];
        /* The edit constraint's record follows the tableau it is in. */
        double there = e->edit_value[k];
        e->edit_value[k] = S->edit_value[v];
        S->edit_value[v] = there;
        S->cons[S->edit_cons[v] - 1].constant = -there;
    }
}

cs_Status cs_cache_switch(cs_Solver *S, const cs_Cons *remove, size_t nremove,
                          const cs_Cons *add, size_t nadd, bool *done)
{
    *done = false;
    if (nremove == 0 && nadd == 0)
        return CS_OK;
    CacheEntry *e = NULL;
    for (uint32_t k = 0; k < S->ncache && e == NULL; k++)
        if (claim(S, &S->cache[k], remove, nremove, add, nadd))
            e = &S->cache[k];
    if (e == NULL)
        return CS_OK;
    CS_ASSERT(e->nedit == S->nedit); /* an edit added or removed drops every state */
    /* Constraints made since it was kept are added in none of its state. */
    double *now = NULL;
    uint32_t nedit = S->nedit;
    if (!cs_marks_reserve(S, &e->t.mark, &e->t.capmark, S->capcons) ||
        (nedit > 0 && (now = cs_mem_realloc(S, NULL, 0, (size_t)nedit * sizeof *now)) == NULL)) {
        release_claim(S, remove, nremove, add, nadd);
        *done = true; /* refused as a whole, like any failed allocation */
        return CS_ERR_NOMEM;
    }
    edit_values(S, now);
    trade(S, e);
    *done = true;
    /* Every value is published again from the restored tableau, so the
     * rows moved below need no dirty marks (cs_mark_dirty). */
    bool republish = S->republish;
    S->republish = true;
    /* Move the restored tableau to the current edit values. */
    cs_txn_begin(S);
    cs_Status st = CS_OK;
    for (uint32_t k = 0; k < nedit && st == CS_OK; k++) {
        cs_Var v = S->edit_vars[k];
        double to = now[k];
        if (to == S->edit_value[v])
            continue;
        if (!cs_save_edit(S, v)) {
            st = CS_ERR_NOMEM;
            break;
        }
        double from = S->edit_value[v];
        S->edit_value[v] = to;
        st = cs_shift_constant(S, S->edit_cons[v] - 1, -(to - from));
    }
    /* And to the constants set since it was kept. */
    const Moved *moved = e->moved.p;
    for (size_t m = 0; m < e->moved.n && st == CS_OK; m++) {
        Cons *c = &S->cons[moved[m].id];
        double to = c->constant, from = moved[m].from;
        if (to == from)
            continue;
        if (!cs_save_cons(S, moved[m].id)) { /* the record as it is now, for a rollback */
            st = CS_ERR_NOMEM;
            break;
        }
        c->constant = from; /* what the restored tableau holds */
        st = cs_shift_constant(S, moved[m].id, to - from);
        if (st == CS_OK)
            c->constant = to; /* exactly */
    }
    /* A move that pivoted on a rounding (cs_row_ill_conditioned),
     * accepted or refused, rests on it: the state is forgotten as for a
     * refusal, and the change set applied in place, which decides it
     * afresh (cs_solver.c, apply_afresh_after_ill_pivot). */
    bool ill = cs_rests_on_ill_pivot(S, st);
    if (st == CS_OK && !ill) {
        cs_txn_commit(S);
        count_toggles(S, e, remove, nremove); /* e, the state just left, differs in them alone */
        count_toggles(S, e, add, nadd);
        e->used = ++S->cache_clock;
        e->moved.n = 0; /* e now holds the state just left, solved with today's constants */
    } else {
        cs_txn_rollback(S);
        trade(S, e); /* the trade back and the claim's release put everything back */
        release_claim(S, remove, nremove, add, nadd);
        S->republish = republish;
        if (st == CS_ERR_UNSATISFIABLE || ill) {
            /* A new constant cannot hold in the kept state: forget it and
             * let the change set be applied in place, which says why. */
            remove_at(S, (uint32_t)(e - S->cache));
            *done = false;
            st = CS_OK;
        }
    }
    cs_mem_free(S, now, (size_t)nedit * sizeof *now);
    return st;
}

/* ---- Accounting ---------------------------------------------------------- */

size_t cs_cache_bytes(const cs_Solver *S)
{
    size_t bytes = (size_t)S->cache_limit * sizeof *S->cache;
    for (uint32_t k = 0; k < S->ncache; k++) {
        const CacheEntry *e = &S->cache[k];
        const Tableau *t = &e->t;
        bytes += (size_t)e->nedit * sizeof(double) + e->moved.cap * sizeof(Moved) +
                 (size_t)t->capmark * sizeof *t->mark;
        bytes += (size_t)t->capsym * (sizeof *t->kind + sizeof *t->basic + sizeof *t->defined + sizeof *t->owner +
                                      sizeof *t->col + sizeof *t->free_sym); /* give or take alignment */
        bytes += (size_t)t->pool.cap * sizeof(int32_t);
        bytes += (size_t)t->capslot * (sizeof *t->rows + sizeof *t->visit + sizeof *t->free_slot);
        for (uint32_t r = 0; r < t->nslot; r++)
            bytes += (size_t)t->rows[r].cap * (sizeof(Sym) + sizeof(double));
        bytes += (size_t)t->caplevels * sizeof(Level);
        bytes += cs_sens_bytes(&t->sens);
    }
    return bytes;
}
