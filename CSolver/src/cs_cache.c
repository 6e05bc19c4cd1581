/*
 * cs_cache.c -- solved states kept by constraint set, so that going back to
 * a configuration seen before costs only moving its edits.
 *
 * A trait transition removes one size class's constraints and adds
 * another's; rotating back and forth alternates between two sets of added
 * constraints (four with iPad multitasking). Solving a set again from the
 * other's tableau costs as much as the first time: every row of the
 * variant is rebuilt and pivoted. Instead, the tableau that solved a set is
 * kept, keyed by that set, and restored when a change set leads back to
 * it.
 *
 *   key       the set of added constraints (edit constraints included), as
 *             the sum of a 64-bit hash of each id (cs_cons_hash) and a
 *             count, kept up to date by every operation that adds or
 *             removes; a match is confirmed exactly against the kept
 *             state's markers before it is used.
 *   moving    the solver's current tableau and the kept one trade places
 *             (their arrays are swapped, nothing is copied), and so do the
 *             constraints' markers; the restored tableau is then moved from
 *             the edit values it was kept with to the current ones, as
 *             suggestions move it (cs_shift_constant), in a transaction.
 *   copying   the only copy is made the first time a configuration is left
 *             (cs_cache_prepare): before a change set that removes and adds
 *             at least an eighth as many constraints as are added, a deep
 *             copy of the tableau is taken and kept if the change set
 *             succeeds. Smaller change sets (one constraint edited) copy
 *             nothing: a copy would cost more than it saves.
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
 *             part of every key). If moving a restored state to the new
 *             constants is refused (a required constraint cannot hold
 *             there), the state is dropped and the change set is applied
 *             in place, which reports the conflict.
 *   bound     at most cache_limit states (cs_set_cache_limit, default 4),
 *             the least recently used going first; cs_stats reports their
 *             number and bytes.
 */
#include "cs_internal.h"

#include <string.h>

/* The fields of cs_Solver that make up its current tableau, traded with t. */
static void swap_tableau(cs_Solver *S, Tableau *t)
{
#define SWAP(f) do { __typeof__(t->f) tmp_ = S->f; S->f = t->f; t->f = tmp_; } while (0)
    SWAP(nsym); SWAP(capsym); SWAP(kind); SWAP(basic); SWAP(defined); SWAP(def_clock);
    SWAP(owner); SWAP(col); SWAP(free_sym); SWAP(nfree_sym);
    SWAP(nslot); SWAP(capslot); SWAP(rows); SWAP(visit); SWAP(visit_stamp); SWAP(free_slot); SWAP(nfree_slot);
    SWAP(levels); SWAP(nlevels); SWAP(caplevels);
    SWAP(shape_changed); SWAP(sens);
#undef SWAP
}

void cs_tableau_discard(cs_Solver *S, Tableau *t)
{
    swap_tableau(S, t); /* its memory is freed where a tableau lives */
    cs_tableau_free(S);
    swap_tableau(S, t);
}

static void entry_free(cs_Solver *S, CacheEntry *e)
{
    cs_tableau_discard(S, &e->t);
    cs_mem_free(S, e->marker, (size_t)e->ncons * sizeof(Sym));
    cs_mem_free(S, e->other, (size_t)e->ncons * sizeof(Sym));
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
        if (id == UINT32_MAX || (id < e->ncons && e->marker[id] != 0))
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
        if (id < e->ncons && e->marker[id] != 0 && !note(S, e, id, from))
            remove_at(S, k);
    }
}

void cs_cache_free(cs_Solver *S)
{
    cs_cache_drop(S, UINT32_MAX);
    cs_mem_free(S, S->cache, (size_t)S->cache_limit * sizeof *S->cache);
    S->cache = NULL;
}

cs_Status cs_set_cache_limit(cs_Solver *S, size_t states)
{
    if (S == NULL || states > 64)
        return CS_ERR_INVALID_ARG;
    CacheEntry *c = NULL;
    if (states > 0 && (c = cs_mem_realloc(S, NULL, 0, states * sizeof *c)) == NULL)
        return CS_ERR_NOMEM;
    cs_cache_free(S);
    S->cache = c;
    S->cache_limit = (uint32_t)states;
    return CS_OK;
}

/* The edit variables' values, in variable order, into out (or just counted). */
static uint32_t edit_values(const cs_Solver *S, double *out)
{
    uint32_t n = 0;
    for (cs_Var v = 0; v < S->nvar; v++)
        if (S->edit_cons[v] != 0) {
            if (out)
                out[n] = S->edit_value[v];
            n++;
        }
    return n;
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

cs_Status cs_cache_prepare(cs_Solver *S, size_t nremove, size_t nadd, CacheEntry **out)
{
    *out = NULL;
    if (S->cache_limit == 0 || nremove == 0 || nadd == 0 || (nremove + nadd) * 8 < S->nadded)
        return CS_OK;
    CacheEntry *e = cs_mem_realloc(S, NULL, 0, sizeof *e);
    if (e == NULL)
        return CS_ERR_NOMEM;
    memset(e, 0, sizeof *e);
    bool ok = true;
    e->key = S->key;
    e->nadded = S->nadded;
    e->ncons = S->ncons;
    e->marker = dup(S, NULL, (size_t)S->ncons * sizeof(Sym), &ok);
    e->other = dup(S, NULL, (size_t)S->ncons * sizeof(Sym), &ok);
    e->nedit = edit_values(S, NULL);
    e->edit_value = dup(S, NULL, (size_t)e->nedit * sizeof(double), &ok);
    if (ok) {
        for (uint32_t id = 0; id < S->ncons; id++)
            if (S->cons[id].state == CONS_ADDED) {
                e->marker[id] = S->cons[id].marker;
                e->other[id] = S->cons[id].other;
            }
        edit_values(S, e->edit_value);
        ok = cs_tableau_copy(S, &e->t);
    }
    if (!ok) {
        cs_mem_free(S, e->marker, (size_t)e->ncons * sizeof(Sym));
        cs_mem_free(S, e->other, (size_t)e->ncons * sizeof(Sym));
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
        for (uint32_t k = 0; k < S->ncache; k++)
            if (S->cache[k].key == e->key && S->cache[k].nadded == e->nadded)
                remove_at(S, k--); /* a hash collision replaced: the copy is the truth */
        if (S->ncache == S->cache_limit) {
            uint32_t lru = 0;
            for (uint32_t k = 1; k < S->ncache; k++)
                if (S->cache[k].used < S->cache[lru].used)
                    lru = k;
            remove_at(S, lru);
        }
        e->used = ++S->cache_clock;
        S->cache[S->ncache++] = *e;
    } else {
        entry_free(S, e);
    }
    cs_mem_free(S, e, sizeof *e);
}

/* ---- Switching to a kept state ------------------------------------------- */

/* Marks (state bit 0x80) the constraints of a change set; false on a
 * duplicate, which the caller's own path reports. mark = false unmarks. */
static bool mark_change_set(cs_Solver *S, const cs_Cons *ids, size_t n, bool mark)
{
    for (size_t k = 0; k < n; k++) {
        Cons *c = &S->cons[ids[k]];
        if (!mark) {
            c->state &= 0x7f;
        } else if (c->state & 0x80) {
            for (size_t i = 0; i < k; i++)
                S->cons[ids[i]].state &= 0x7f;
            return false;
        } else {
            c->state |= 0x80;
        }
    }
    return true;
}

/* Does the kept state solve exactly the set the change set leads to? */
static bool solves_target(cs_Solver *S, const CacheEntry *e, const cs_Cons *remove, size_t nremove,
                          const cs_Cons *add, size_t nadd)
{
    if (!mark_change_set(S, remove, nremove, true))
        return false;
    if (!mark_change_set(S, add, nadd, true)) {
        mark_change_set(S, remove, nremove, false);
        return false;
    }
    /* Every constraint in the change set, and no other, is added in exactly
     * one of the current state and the kept one. */
    bool same = true;
    for (uint32_t id = 0; id < S->ncons && same; id++) {
        const Cons *c = &S->cons[id];
        bool now = (c->state & 0x7f) == CONS_ADDED, there = id < e->ncons && e->marker[id] != 0;
        same = now == there ? !(c->state & 0x80) : (c->state & 0x80) != 0;
    }
    mark_change_set(S, remove, nremove, false);
    mark_change_set(S, add, nadd, false);
    return same;
}

/* Trades the current state with e's: tableau, markers, key, edit values. */
static void trade(cs_Solver *S, CacheEntry *e)
{
    swap_tableau(S, &e->t);
    for (uint32_t id = 0; id < S->ncons; id++) {
        Cons *c = &S->cons[id];
        Sym m = c->marker, o = c->other;
        c->marker = e->marker[id];
        c->other = e->other[id];
        e->marker[id] = c->state == CONS_ADDED ? m : 0;
        e->other[id] = c->state == CONS_ADDED ? o : 0;
        if (c->state != CONS_FREE)
            c->state = c->marker != 0 ? CONS_ADDED : CONS_IDLE;
    }
    uint64_t key = S->key;
    uint32_t nadded = S->nadded;
    S->key = e->key;
    S->nadded = e->nadded;
    e->key = key;
    e->nadded = nadded;
    uint32_t k = 0;
    for (cs_Var v = 0; v < S->nvar; v++)
        if (S->edit_cons[v] != 0) {
            /* The edit constraint's record follows the tableau it is in. */
            double there = e->edit_value[k];
            e->edit_value[k++] = S->edit_value[v];
            S->edit_value[v] = there;
            S->cons[S->edit_cons[v] - 1].constant = -there;
        }
}

cs_Status cs_cache_switch(cs_Solver *S, const cs_Cons *remove, size_t nremove,
                          const cs_Cons *add, size_t nadd, bool *done)
{
    *done = false;
    if (S->ncache == 0 || (nremove == 0 && nadd == 0))
        return CS_OK;
    uint64_t key = S->key;
    uint32_t nadded = S->nadded;
    for (size_t k = 0; k < nremove; k++) {
        if (!cs_user_cons(S, remove[k]) || S->cons[remove[k]].state != CONS_ADDED)
            return CS_OK; /* refused by the caller's own path */
        key -= cs_cons_hash(remove[k]);
        nadded--;
    }
    for (size_t k = 0; k < nadd; k++) {
        if (!cs_user_cons(S, add[k]) || S->cons[add[k]].state == CONS_ADDED)
            return CS_OK;
        key += cs_cons_hash(add[k]);
        nadded++;
    }
    CacheEntry *e = NULL;
    for (uint32_t k = 0; k < S->ncache && e == NULL; k++)
        if (S->cache[k].key == key && S->cache[k].nadded == nadded)
            e = &S->cache[k];
    if (e == NULL || !solves_target(S, e, remove, nremove, add, nadd))
        return CS_OK;
    if (e->ncons < S->ncons) { /* constraints made since it was kept: not added there */
        bool ok = true;
        Sym *m = dup(S, NULL, (size_t)S->ncons * sizeof(Sym), &ok);
        Sym *o = dup(S, NULL, (size_t)S->ncons * sizeof(Sym), &ok);
        if (!ok) {
            cs_mem_free(S, m, (size_t)S->ncons * sizeof(Sym));
            cs_mem_free(S, o, (size_t)S->ncons * sizeof(Sym));
            *done = true; /* refused as a whole, like any failed allocation */
            return CS_ERR_NOMEM;
        }
        memcpy(m, e->marker, (size_t)e->ncons * sizeof(Sym));
        memcpy(o, e->other, (size_t)e->ncons * sizeof(Sym));
        cs_mem_free(S, e->marker, (size_t)e->ncons * sizeof(Sym));
        cs_mem_free(S, e->other, (size_t)e->ncons * sizeof(Sym));
        e->marker = m;
        e->other = o;
        e->ncons = S->ncons;
    }
    *done = true;
    double *now = NULL;
    uint32_t nedit = e->nedit;
    if (nedit > 0) {
        now = cs_mem_realloc(S, NULL, 0, (size_t)nedit * sizeof *now);
        if (now == NULL)
            return CS_ERR_NOMEM;
        edit_values(S, now);
    }
    trade(S, e);
    /* Move the restored tableau to the current edit values. */
    cs_txn_begin(S);
    cs_Status st = CS_OK;
    uint32_t k = 0;
    for (cs_Var v = 0; v < S->nvar && st == CS_OK; v++) {
        if (S->edit_cons[v] == 0)
            continue;
        double to = now[k++];
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
    if (st == CS_OK) {
        cs_txn_commit(S);
        S->republish = true;
        e->used = ++S->cache_clock;
        e->moved.n = 0; /* e now holds the state just left, solved with today's constants */
    } else {
        cs_txn_rollback(S);
        trade(S, e); /* the same trade again puts everything back */
        if (st == CS_ERR_UNSATISFIABLE) {
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
        bytes += (size_t)e->ncons * 2 * sizeof(Sym) + (size_t)e->nedit * sizeof(double) +
                 e->moved.cap * sizeof(Moved);
        bytes += (size_t)t->capsym * (sizeof *t->kind + sizeof *t->basic + sizeof *t->defined + sizeof *t->owner +
                                      sizeof *t->col + sizeof *t->free_sym); /* give or take alignment */
        for (uint32_t s = 0; s < t->nsym; s++)
            bytes += (size_t)t->col[s].cap * sizeof(int32_t);
        bytes += (size_t)t->capslot * (sizeof *t->rows + sizeof *t->visit + sizeof *t->free_slot);
        for (uint32_t r = 0; r < t->nslot; r++)
            bytes += (size_t)t->rows[r].cap * (sizeof(Sym) + sizeof(double));
        bytes += (size_t)t->caplevels * sizeof(Level);
        const Sens *z = &t->sens;
        bytes += (size_t)z->capparam * (sizeof *z->param + 2 * sizeof(double)) +
                 (size_t)z->capvar * (sizeof *z->base + sizeof *z->list + z->capparam * sizeof *z->J);
    }
    return bytes;
}
