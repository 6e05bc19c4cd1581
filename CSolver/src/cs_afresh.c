/*
 * cs_afresh.c -- a change set that replaces most of the constraints, solved
 * from an empty tableau.
 *
 * In place, a change set removes each constraint it lists (its marker
 * pivoted into the basis, every row that holds it rewritten: cs_simplex.c)
 * and then adds each new one; before that, the tableau it leaves is copied,
 * to be kept (cs_cache.c). A size-class transition seen for the first time
 * removes a whole variant, which in a tree of containers is nearly every
 * constraint. When fewer constraints stay than leave, solving the target
 * set from an empty tableau costs less: the constraints that stay are added
 * again, in id order (the order they were made in, unless ids were reused),
 * then the change set's additions in the caller's order. Nothing is
 * removed, and the tableau left is kept as it is: moved, not copied.
 *
 * Nor is the new tableau journaled (Journal.fresh): a failure discards it
 * whole, so its basic slots, markers and levels need no log, and the rows
 * it makes are new. That makes an addition cheaper here than in place
 * (a tenth, at L), and a build, a large change set adding to a solver that
 * holds few constraints, is solved afresh too.
 *
 * The set solved is the same either way, and so is the optimum at every
 * level; where a layout leaves a choice between equal optima, the values
 * are those that a new solver given the same constraints finds.
 *
 * Refusals are the in-place path's. If a constraint listed is not one the
 * caller can remove or add, or a required constraint cannot hold, the new
 * tableau is dropped, the current one put back, and the caller applies the
 * change set in place, which refuses it with the position and the conflict
 * it always reports. Running out of memory refuses the change set here, as
 * a whole: a run in which memory does not run out solves it afresh, and
 * results never depend on an allocation that failed.
 */
#include "cs_internal.h"

#include <string.h>

bool cs_afresh_pays(const cs_Solver *S, size_t nremove, size_t nadd)
{
    /* Removing a constraint costs at least what adding one does, and an
     * addition here saves a tenth of one in place: this re-adds fewer
     * constraints than the in-place path removes, plus a sixteenth of
     * those it adds. */
    size_t staying = (size_t)S->nadded - nremove;
    return staying < nremove + nadd / 16;
}

/* The constraints of the target set, into order[]: every one added now
 * that remove[] does not list, in id order, then add[]; each one's state
 * set to idle (the new tableau holds none yet). Returns how many, or
 * SIZE_MAX, having changed nothing, if remove[] lists a constraint that is
 * not added (or lists one twice) or add[] one that is not the caller's. */
static size_t target_set(cs_Solver *S, const cs_Cons *remove, size_t nremove, const cs_Cons *add, size_t nadd,
                         const uint8_t *was, cs_Cons *order)
{
    uint8_t *state = S->state;
    for (size_t k = 0; k < nremove; k++) {
        cs_Cons id = remove[k];
        if (!cs_user_cons(S, id) || state[id] != CONS_ADDED) {
            memcpy(state, was, S->ncons);
            return SIZE_MAX;
        }
        state[id] = CONS_IDLE;
    }
    for (size_t k = 0; k < nadd; k++)
        if (!cs_user_cons(S, add[k])) {
            memcpy(state, was, S->ncons);
            return SIZE_MAX;
        }
    size_t n = 0;
    for (cs_Cons id = 0; id < S->ncons; id++)
        if (state[id] == CONS_ADDED) {
            order[n++] = id;
            state[id] = CONS_IDLE;
        }
    if (nadd > 0)
        memcpy(order + n, add, nadd * sizeof *add);
    return n + nadd;
}

cs_Status cs_apply_afresh(cs_Solver *S, const cs_Cons *remove, size_t nremove, const cs_Cons *add, size_t nadd,
                          CacheEntry **kept, bool *done)
{
    *kept = NULL;
    *done = true; /* unless the in-place path is to say why it is refused */
    size_t ncons = S->ncons, cap = (size_t)S->nadded + nadd + 1; /* more than the target set */
    uint8_t *was = cs_mem_realloc(S, NULL, 0, ncons);
    cs_Cons *order = cs_mem_realloc(S, NULL, 0, cap * sizeof *order);
    Tableau t;
    memset(&t, 0, sizeof t); /* none made when the target set is refused */
    bool ok = was != NULL && order != NULL && cs_cache_prepare(S, nremove, nadd, false, kept) == CS_OK;
    size_t n = SIZE_MAX;
    if (ok) {
        memcpy(was, S->state, ncons);
        n = target_set(S, remove, nremove, add, nadd, was, order);
        if (n != SIZE_MAX && !cs_tableau_empty(S, &t, order, n)) {
            memcpy(S->state, was, ncons);
            ok = false;
        }
    }
    if (!ok) {
        cs_cache_commit(S, *kept, false);
        *kept = NULL;
        cs_mem_free(S, was, ncons);
        cs_mem_free(S, order, cap * sizeof *order);
        return CS_ERR_NOMEM;
    }
    cs_Status st = CS_ERR_UNKNOWN;
    if (n != SIZE_MAX) {
        cs_tableau_swap(S, &t); /* t: the tableau left */
        cs_txn_begin(S);
        S->j.fresh = true;
        bool republish = S->republish;
        S->republish = true; /* every value is published again: no variable is marked (cs_mark_dirty) */
        if (S->j.stamp == 1) /* the transaction count wrapped: old stamps mean nothing */
            for (uint32_t k = 0; k < t.capslot; k++)
                t.rows[k].jstamp = 0;
        /* The subject search's order, for this tableau only (cs_topo.c). */
        st = cs_topo_begin(S, n) ? CS_OK : CS_ERR_NOMEM;
        for (size_t k = 0; k < n && st == CS_OK; k++)
            st = S->state[order[k]] == CONS_ADDED ? CS_ERR_DUPLICATE : cs_add_cons(S, order[k]);
        cs_topo_end(S);
        if (st == CS_OK)
            st = cs_optimize(S, -1);
        if (st == CS_OK) {
            cs_txn_commit(S);
        } else {
            cs_txn_rollback(S);
            cs_tableau_swap(S, &t); /* t: the new tableau, discarded below */
            memcpy(S->state, was, ncons);
            S->republish = republish;
        }
    }
    if (st == CS_OK) {
        if (*kept != NULL)
            (*kept)->t = t;
        else
            cs_tableau_discard(S, &t);
        S->republish = true; /* every value is evaluated again, and its map built */
        S->measure_floor = true;
    } else {
        cs_tableau_discard(S, &t);
        cs_cache_commit(S, *kept, false);
        *kept = NULL;
    }
    cs_mem_free(S, was, ncons);
    cs_mem_free(S, order, cap * sizeof *order);
    if (st != CS_OK && st != CS_ERR_NOMEM) {
        *done = false; /* the in-place path refuses it, and says where and why */
        return CS_OK;
    }
    return st;
}

bool cs_refactor(cs_Solver *S)
{
    CacheEntry *kept;
    bool done;
    bool ok = cs_apply_afresh(S, NULL, 0, NULL, 0, &kept, &done) == CS_OK && done;
    S->refactors += ok;
    return ok;
}
