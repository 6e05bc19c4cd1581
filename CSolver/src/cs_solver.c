/*
 * cs_solver.c -- the public entry points: argument checks at the boundary
 * (each refusal names what the caller can fix), then one transaction per
 * operation around the simplex in cs_simplex.c.
 */
#include "cs_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The per-variable arrays: one SoA block (cs_soa_grow). */
#define VAR_FIELDS(X) { \
        { (void **)&(X)->var_sym, sizeof *(X)->var_sym, false }, \
        { (void **)&(X)->value, sizeof *(X)->value, false }, \
        { (void **)&(X)->edit_cons, sizeof *(X)->edit_cons, false }, \
        { (void **)&(X)->edit_value, sizeof *(X)->edit_value, false }, \
        { (void **)&(X)->dirty, sizeof *(X)->dirty, false }, \
        { (void **)&(X)->dirty_list, sizeof *(X)->dirty_list, false }, \
        { (void **)&(X)->changed, sizeof *(X)->changed, false }, \
        { (void **)&(X)->vdone, sizeof *(X)->vdone, false }, \
        { (void **)&(X)->vpushed, sizeof *(X)->vpushed, false }, \
        { (void **)&(X)->vstack, sizeof *(X)->vstack, false }, \
        { (void **)&(X)->order, sizeof *(X)->order, false }, \
        { (void **)&(X)->x0, sizeof *(X)->x0, false }, \
        { (void **)&(X)->delta, sizeof *(X)->delta, false }, \
        { (void **)&(X)->edit_vars, sizeof *(X)->edit_vars, false }, \
    }

const char *cs_status_string(cs_Status status)
{
    switch (status) {
    case CS_OK: return "ok";
    case CS_ERR_NOMEM: return "out of memory";
    case CS_ERR_UNSATISFIABLE: return "unsatisfiable constraint";
    case CS_ERR_DUPLICATE: return "duplicate constraint or edit variable";
    case CS_ERR_UNKNOWN: return "unknown constraint or variable";
    case CS_ERR_BAD_STRENGTH: return "bad strength";
    case CS_ERR_INVALID_NUMBER: return "invalid number";
    case CS_ERR_INVALID_ARG: return "invalid argument";
    case CS_ERR_INTERNAL: return "internal solver error";
    }
    return "unknown status";
}

static bool valid_number(double x) { return isfinite(x) && fabs(x) <= CS_MAX_MAGNITUDE; }

cs_Solver *cs_solver_new(cs_Mode mode, cs_Alloc alloc, void *ud)
{
    if (mode != CS_WEIGHTED && mode != CS_LEXICOGRAPHIC)
        return NULL;
    if (alloc == NULL)
        alloc = cs_default_alloc;
    cs_Solver *S = alloc(ud, NULL, 0, sizeof *S);
    if (S == NULL)
        return NULL;
    memset(S, 0, sizeof *S);
    S->alloc = alloc;
    S->ud = ud;
    S->mode = mode;
    S->bytes = sizeof *S;
    S->prefault = true;
    /* Symbol 0 means "none". */
    if (cs_sym_new(S, SYM_NONE, 0) != 0) {
        cs_solver_free(S);
        return NULL;
    }
    if (mode == CS_WEIGHTED) {
        /* One level for every strength, created outside any transaction. */
        uint32_t cap = 0;
        int32_t slot = cs_slot_new(S);
        if (slot < 0 || !cs_grow(S, (void **)&S->levels, sizeof(Level), &cap, 1)) {
            cs_solver_free(S);
            return NULL;
        }
        S->caplevels = (int32_t)cap;
        S->levels[0] = (Level){ .strength = 0.0, .slot = slot };
        S->nlevels = 1;
    }
    if (cs_set_cache_limit(S, CS_DEFAULT_CACHE_LIMIT) != CS_OK) {
        cs_solver_free(S);
        return NULL;
    }
    return S;
}

void cs_solver_free(cs_Solver *S)
{
    if (S == NULL)
        return;
    cs_cache_free(S);
    cs_topo_free(S);
    cs_mem_free(S, S->afresh_room, S->afresh_bytes);
    cs_free_id_spaces(S);
    SoaField fv[] = VAR_FIELDS(S);
    if (S->var_sym)
        cs_soa_free(S, fv, sizeof fv / sizeof *fv, S->capvar);
    cs_mem_free(S, S->levels, (size_t)S->caplevels * sizeof(Level));
    cs_terms_free(S, S->tmp_coef, S->tmp_cap);
    cs_terms_free(S, S->alt_coef, S->alt_cap);
    cs_vec_free(S, &S->infeasible, sizeof(Sym));
    cs_mem_free(S, S->corr, (size_t)S->capcorr * sizeof *S->corr);
    cs_mem_free(S, S->held, (size_t)S->capheld * sizeof *S->held);
    cs_vec_free(S, &S->conflict, sizeof(cs_Cons));
    cs_vec_free(S, &S->movers, sizeof(cs_Cons));
    Journal *j = &S->j;
    cs_vec_free(S, &j->rows, sizeof(SavedRow));
    cs_vec_free(S, &j->constants, sizeof(SavedConstant));
    cs_vec_free(S, &j->basics, sizeof(SavedBasic));
    cs_vec_free(S, &j->cons, sizeof(SavedCons));
    cs_vec_free(S, &j->edits, sizeof(SavedEdit));
    cs_vec_free(S, &j->free_syms, sizeof(Sym));
    cs_vec_free(S, &j->free_slots, sizeof(int32_t));
    cs_vec_free(S, &j->free_cons, sizeof(uint32_t));
    cs_vec_free(S, &j->compact, sizeof(Sym));
    cs_terms_release(S); /* after every row's terms went back to it */
    cs_spares_release(S); /* after every large block went back to them */
    cs_Alloc alloc = S->alloc;
    void *ud = S->ud;
    alloc(ud, S, sizeof *S, 0);
}

cs_Mode cs_solver_mode(const cs_Solver *S) { return S->mode; }

/* ---- Variables ---------------------------------------------------------- */

cs_Status cs_var_new(cs_Solver *S, cs_Var *out)
{
    if (S == NULL || out == NULL)
        return CS_ERR_INVALID_ARG;
    if (S->nvar == UINT32_MAX - 1)
        return CS_ERR_INVALID_ARG;
    SoaField fv[] = VAR_FIELDS(S);
    /* Kept states are sized by the variables (and a new one is in none). */
    cs_cache_drop(S, UINT32_MAX);
    if (!cs_soa_grow(S, fv, sizeof fv / sizeof *fv, &S->capvar, S->nvar + 1))
        return CS_ERR_NOMEM;
    Sym s = cs_sym_new(S, SYM_EXTERNAL, S->nvar);
    if (s == 0)
        return CS_ERR_NOMEM;
    cs_Var v = S->nvar++;
    S->var_sym[v] = s;
    S->value[v] = 0.0;
    S->edit_cons[v] = 0;
    S->dirty[v] = 0;
    *out = v;
    return CS_OK;
}

size_t cs_var_count(const cs_Solver *S) { return S ? S->nvar : 0; }

/* ---- Constraints -------------------------------------------------------- */

static int cmp_term(const void *a, const void *b)
{
    cs_Var x = ((const cs_Term *)a)->var, y = ((const cs_Term *)b)->var;
    return x < y ? -1 : x > y;
}

/* Terms in variable order. A layout's constraint has two to four, which
 * an insertion sort puts in order in a few comparisons where qsort took
 * 228 instructions (a fifth of cs_cons_new, which the Swift layer calls
 * for every constraint it lowers); longer ones go to qsort. The insertion
 * sort is stable, as glibc's qsort is up to 2.36 (a merge sort), so terms
 * on one variable are summed below in the order given either way. */
static void sort_terms(cs_Term *t, size_t n)
{
    if (n > 16) {
        qsort(t, n, sizeof *t, cmp_term);
        return;
    }
    for (size_t i = 1; i < n; i++) {
        cs_Term x = t[i];
        size_t j = i;
        for (; j > 0 && t[j - 1].var > x.var; j--)
            t[j] = t[j - 1];
        t[j] = x;
    }
}

static cs_Status check_strength(double strength)
{
    if (isnan(strength))
        return CS_ERR_INVALID_NUMBER;
    return strength > 0.0 ? CS_OK : CS_ERR_BAD_STRENGTH;
}

cs_Status cs_cons_new(cs_Solver *S, const cs_Term *terms, size_t n, double constant,
                      cs_Relation op, double strength, cs_Cons *out)
{
    if (S == NULL || out == NULL || (terms == NULL && n > 0) || n > UINT32_MAX)
        return CS_ERR_INVALID_ARG;
    if (op != CS_EQ && op != CS_LE && op != CS_GE)
        return CS_ERR_INVALID_ARG;
    if (!valid_number(constant))
        return CS_ERR_INVALID_NUMBER;
    cs_Status st = check_strength(strength);
    if (st != CS_OK)
        return st;
    for (size_t k = 0; k < n; k++) {
        if (terms[k].var >= S->nvar)
            return CS_ERR_UNKNOWN;
        if (!valid_number(terms[k].coefficient))
            return CS_ERR_INVALID_NUMBER;
    }
    cs_Term *copy = NULL;
    if (n > 0) {
        copy = cs_mem_realloc(S, NULL, 0, n * sizeof *copy);
        if (copy == NULL)
            return CS_ERR_NOMEM;
        memcpy(copy, terms, n * sizeof *copy);
        sort_terms(copy, n);
    }
    size_t w = 0; /* merge terms on one variable; drop zeros */
    for (size_t k = 0; k < n; k++) {
        if (w > 0 && copy[w - 1].var == copy[k].var)
            copy[w - 1].coefficient += copy[k].coefficient;
        else
            copy[w++] = copy[k];
    }
    size_t m = 0;
    for (size_t k = 0; k < w; k++)
        if (copy[k].coefficient != 0.0)
            copy[m++] = copy[k];
    if (m < n) {
        cs_Term *shrunk = m ? cs_mem_realloc(S, copy, n * sizeof *copy, m * sizeof *copy) : NULL;
        if (m == 0)
            cs_mem_free(S, copy, n * sizeof *copy);
        else if (shrunk == NULL) {
            cs_mem_free(S, copy, n * sizeof *copy);
            return CS_ERR_NOMEM;
        }
        copy = shrunk;
    }
    uint32_t id;
    cs_txn_begin(S); /* the id comes from the transactional id space */
    if (!cs_cons_alloc(S, &id)) {
        cs_txn_rollback(S);
        cs_mem_free(S, copy, m * sizeof *copy);
        return CS_ERR_NOMEM;
    }
    cs_txn_commit(S);
    Cons *c = &S->cons[id];
    c->terms = copy;
    c->nterms = (uint32_t)m;
    c->op = (uint8_t)op;
    S->state[id] = CONS_IDLE;
    c->constant = constant;
    c->strength = strength >= CS_REQUIRED ? CS_REQUIRED : strength;
    c->lead = n > 0 ? terms[0].var + 1 : 0;
    S->flags[id] = cs_is_required(c->strength) ? CONS_REQUIRED : 0;
    *out = id;
    return CS_OK;
}

int cs_cons_is_added(const cs_Solver *S, cs_Cons id)
{
    return S != NULL && cs_user_cons(S, id) && S->state[id] == CONS_ADDED;
}

/* Ends a transaction: commit on success, otherwise roll back and, for an
 * unsatisfiable constraint, explain it. */
static cs_Status finish(cs_Solver *S, cs_Status st)
{
    if (st == CS_OK) {
        cs_txn_commit(S);
        return CS_OK;
    }
    /* Before the rollback: the constraints' records still say what was
     * refused (a new constant, for cs_cons_set_constant). */
    if (st == CS_ERR_UNSATISFIABLE)
        cs_conflict_minimize(S);
    cs_txn_rollback(S);
    return st;
}

/* The end of every operation that succeeded and may have pivoted, but a
 * change set applied in place and a constraint's new constant (each decided
 * afresh instead: apply_afresh_after_ill_pivot, set_constant_afresh): if a
 * pivot was ill-conditioned (cs_row_ill_conditioned), or one was suspect
 * (verify_due) and a restricted row is left below 0 or a required
 * constraint no longer holds, the
 * constraints now added are solved again from an empty tableau, and the
 * next cs_update publishes every value from it. The operation has
 * succeeded either way, and none of these can make the required
 * constraints conflict (a removal, a deletion, an edit or a suggestion:
 * edits are never required); if memory runs out, the tableau stays the
 * one the pivot left. */
static void refactor_if_due(cs_Solver *S)
{
    cs_check_suspect(S, true);
    if (!S->refactor_due)
        return;
    S->refactor_due = false;
    (void)cs_refactor(S, 0.0L);
}

/* A change set applied to the current tableau: its removals, then its
 * additions, one re-optimisation, in one transaction; *kept as for
 * cs_cache_prepare (a copy of the state left, if worth keeping). */
static cs_Status apply_in_place(cs_Solver *S, const cs_Cons *remove, size_t nremove, const cs_Cons *add,
                                size_t nadd, size_t *failed, CacheEntry **kept)
{
    if (cs_cache_prepare(S, nremove, nadd, true, kept) != CS_OK)
        return CS_ERR_NOMEM;
    cs_txn_begin(S);
    cs_Status st = CS_OK;
    size_t at = 0;
    for (; at < nremove && st == CS_OK; at++) {
        cs_Cons id = remove[at];
        st = !cs_user_cons(S, id) || S->state[id] != CONS_ADDED ? CS_ERR_UNKNOWN : cs_remove_cons(S, id);
    }
    for (size_t k = 0; k < nadd && st == CS_OK; k++, at++) {
        cs_Cons id = add[k];
        st = !cs_user_cons(S, id) ? CS_ERR_UNKNOWN
             : S->state[id] == CONS_ADDED ? CS_ERR_DUPLICATE
             : cs_add_cons(S, id, 0);
    }
    if (st == CS_OK)
        st = cs_optimize(S, -1);
    else if (failed != NULL)
        *failed = at - 1;
    /* A result, either way, that rests on an ill-conditioned pivot: rolled
     * back, and cs_apply solves the change set afresh. */
    if (cs_rests_on_ill_pivot(S, st))
        st = CS_ILL_PIVOT;
    return finish(S, st);
}

/*
 * The constraints added, less remove[] and with add[], solved from an empty
 * tableau, to decide an operation whose outcome rested on an
 * ill-conditioned pivot (cs_rests_on_ill_pivot) and was rolled back:
 * CS_OK; CS_ERR_UNSATISFIABLE if the fresh solve refuses them, with the
 * conflict it noted, minimized as the in-place path's is; or CS_ERR_NOMEM.
 * Refused, the tableau is the one the rollback left.
 */
static cs_Status decide_afresh(cs_Solver *S, const cs_Cons *remove, size_t nremove, const cs_Cons *add,
                               size_t nadd, CacheEntry **kept)
{
    S->conflict.n = 0;
    bool done;
    /* A build that breaks a required constraint is built again cautiously. */
    cs_Status st = cs_apply_afresh(S, remove, nremove, add, nadd, true, 0.0L, kept, &done);
    if (st != CS_OK || done)
        return st;
    /* Refused: the in-place path checked every id already, so a required
     * constraint cannot hold. */
    cs_conflict_minimize(S);
    return CS_ERR_UNSATISFIABLE;
}

/*
 * A change set accepted or refused in place through an ill-conditioned
 * pivot rests on that pivot's rounding: cs_fuzz found one that added a
 * required equality in conflict with another, the tableau's numbers 1e7
 * after. apply_in_place rolled it back; it is decided afresh here, and
 * if refused, *failed is the position of the first constraint added that
 * is in the conflict (the fresh solve adds every constraint, and the one
 * it refused can be one added before).
 */
static cs_Status apply_afresh_after_ill_pivot(cs_Solver *S, const cs_Cons *remove, size_t nremove,
                                              const cs_Cons *add, size_t nadd, size_t *failed, CacheEntry **kept)
{
    cs_cache_commit(S, *kept, false);
    *kept = NULL;
    cs_Status st = decide_afresh(S, remove, nremove, add, nadd, kept);
    S->rebuilds += st == CS_OK;
    if (st == CS_ERR_UNSATISFIABLE && failed != NULL) {
        const cs_Cons *why = S->conflict.p;
        size_t at = nadd;
        for (size_t k = 0; k < nadd && at == nadd; k++)
            for (size_t c = 0; c < S->conflict.n; c++)
                if (why[c] == add[k]) {
                    at = k;
                    break;
                }
        *failed = nremove + (at < nadd ? at : 0);
    }
    return st;
}

cs_Status cs_apply(cs_Solver *S, const cs_Cons *remove, size_t nremove,
                   const cs_Cons *add, size_t nadd, size_t *failed)
{
    if (S == NULL || (remove == NULL && nremove > 0) || (add == NULL && nadd > 0))
        return CS_ERR_INVALID_ARG;
    bool done;
    cs_Status st = cs_cache_switch(S, remove, nremove, add, nadd, &done);
    if (done) /* nothing due: a move through an ill-conditioned pivot is not done (cs_cache_switch) */
        return st;
    CacheEntry *kept = NULL; /* the state left, if worth keeping */
    if (cs_afresh_pays(S, nremove, nadd)) {
        st = cs_apply_afresh(S, remove, nremove, add, nadd, false, 0.0L, &kept, &done);
        S->rebuilds += st == CS_OK && done;
    }
    if (!done)
        st = apply_in_place(S, remove, nremove, add, nadd, failed, &kept);
    if (st == CS_ILL_PIVOT)
        st = apply_afresh_after_ill_pivot(S, remove, nremove, add, nadd, failed, &kept);
    if (st == CS_OK) {
        cs_cache_toggled(S, remove, nremove);
        cs_cache_toggled(S, add, nadd);
        S->nadded += (uint32_t)nadd - (uint32_t)nremove;
    }
    /* Nothing is due here: apply_in_place hands a change set with an
     * ill-conditioned pivot to apply_afresh_after_ill_pivot, and a change
     * set solved afresh leaves nothing due. */
    cs_cache_commit(S, kept, st == CS_OK);
    return st;
}

cs_Status cs_add(cs_Solver *S, cs_Cons cons) { return cs_apply(S, NULL, 0, &cons, 1, NULL); }

cs_Status cs_remove(cs_Solver *S, cs_Cons cons) { return cs_apply(S, &cons, 1, NULL, 0, NULL); }

cs_Status cs_cons_delete(cs_Solver *S, cs_Cons id)
{
    if (S == NULL)
        return CS_ERR_INVALID_ARG;
    if (!cs_user_cons(S, id))
        return CS_ERR_UNKNOWN;
    cs_txn_begin(S);
    cs_Status st = CS_OK;
    bool added = S->state[id] == CONS_ADDED;
    if (added) {
        st = cs_remove_cons(S, id);
        if (st == CS_OK)
            st = cs_optimize(S, -1);
    }
    if (st == CS_OK && !cs_cons_release(S, id))
        st = CS_ERR_NOMEM;
    st = finish(S, st);
    if (st == CS_OK) {
        cs_cache_drop(S, id);
        cs_Cons *m = S->movers.p; /* its id may come back for another constraint */
        for (size_t k = 0; k < S->movers.n; k++)
            if (m[k] == id)
                m[k--] = m[--S->movers.n];
        if (added) {
            cs_cache_toggled(S, &id, 1);
            S->nadded--;
        }
        refactor_if_due(S);
    }
    return st;
}

/* cs_cons_set_constant's move of an added constraint, when it rested on an
 * ill-conditioned pivot and was rolled back: decided afresh with the new
 * constant in the record (the conflict is minimized with it there), the
 * old one put back if refused. */
static cs_Status set_constant_afresh(cs_Solver *S, cs_Cons id, double constant, double from)
{
    S->cons[id].constant = constant;
    CacheEntry *kept;
    cs_Status st = decide_afresh(S, NULL, 0, NULL, 0, &kept);
    CS_ASSERT(kept == NULL); /* no change set: nothing to keep */
    if (st == CS_OK)
        S->refactors++;
    else
        S->cons[id].constant = from;
    return st;
}

cs_Status cs_cons_set_constant(cs_Solver *S, cs_Cons id, double constant)
{
    if (S == NULL)
        return CS_ERR_INVALID_ARG;
    if (!cs_user_cons(S, id))
        return CS_ERR_UNKNOWN;
    if (!valid_number(constant))
        return CS_ERR_INVALID_NUMBER;
    double from = S->cons[id].constant;
    bool first = !S->cons[id].moves;
    if (first) {
        /* From now on a parameter of the values map (Sens): a window
         * resized through constants republishes values as one for edits.
         * Marked before the move, which cs_shift_constant then treats as a
         * parameter's. */
        if (!cs_vec_push(S, &S->movers, sizeof(cs_Cons), &id))
            return CS_ERR_NOMEM;
        S->cons[id].moves = 1;
    }
    cs_Status st = CS_OK;
    if (!first && S->state[id] == CONS_ADDED && cs_shift_constant_in_place(S, id, constant - from)) {
        S->conflict.n = 0; /* as cs_txn_begin leaves it */
    } else {
        cs_txn_begin(S);
        if (S->state[id] == CONS_ADDED)
            st = cs_shift_constant(S, id, constant - from);
        else if (!cs_save_cons(S, id))
            st = CS_ERR_NOMEM;
        bool ill = cs_rests_on_ill_pivot(S, st);
        st = finish(S, ill ? CS_ILL_PIVOT : st); /* rolled back when ill */
        if (ill)
            st = set_constant_afresh(S, id, constant, from);
        if (st != CS_OK && first) {
            /* Refused: not a mover after all (it would take one of the map's
             * SENS_MOVERS places from a constraint that does move). Nothing
             * was pushed since. */
            S->movers.n--;
            S->cons[id].moves = 0;
        }
    }
    if (st == CS_OK)
        S->cons[id].constant = constant; /* exactly, whatever the sum rounded to */
    if (st == CS_OK && constant != from)
        cs_cache_note_constant(S, id, from); /* states that solved it with its old constant */
    if (st == CS_OK)
        refactor_if_due(S);
    return st;
}

double cs_cons_constant(const cs_Solver *S, cs_Cons id)
{
    return S != NULL && cs_user_cons(S, id) ? S->cons[id].constant : 0.0;
}

void cs_conflict(const cs_Solver *S, const cs_Cons **ids, size_t *n)
{
    if (ids)
        *ids = S ? S->conflict.p : NULL;
    if (n)
        *n = S ? S->conflict.n : 0;
}

/* ---- Edit variables ----------------------------------------------------- */

cs_Status cs_edit_add(cs_Solver *S, cs_Var var, double strength)
{
    if (S == NULL)
        return CS_ERR_INVALID_ARG;
    if (var >= S->nvar)
        return CS_ERR_UNKNOWN;
    cs_Status st = check_strength(strength);
    if (st != CS_OK)
        return st;
    if (cs_is_required(strength))
        return CS_ERR_BAD_STRENGTH;
    if (S->edit_cons[var] != 0)
        return CS_ERR_DUPLICATE;
    cs_txn_begin(S);
    uint32_t id;
    cs_Term *term = NULL;
    if (!cs_cons_alloc(S, &id) || (term = cs_mem_realloc(S, NULL, 0, sizeof *term)) == NULL)
        return finish(S, CS_ERR_NOMEM);
    *term = (cs_Term){ var, 1.0 };
    Cons *c = &S->cons[id];
    c->terms = term; /* a rollback frees records made in the transaction */
    c->nterms = 1;
    c->op = CS_EQ;
    S->state[id] = CONS_IDLE;
    c->strength = strength;
    S->flags[id] = CONS_EDIT; /* never required (above) */
    st = cs_add_cons(S, id, 0);
    if (st == CS_OK && !cs_save_edit(S, var))
        st = CS_ERR_NOMEM;
    if (st == CS_OK) {
        S->edit_cons[var] = id + 1;
        S->edit_value[var] = 0.0;
        st = cs_optimize(S, -1);
    }
    st = finish(S, st);
    if (st == CS_OK) {
        cs_cache_drop(S, UINT32_MAX); /* every kept set holds the edits */
        S->nadded++;
        uint32_t at = S->nedit;
        while (at > 0 && S->edit_vars[at - 1] > var)
            at--;
        memmove(S->edit_vars + at + 1, S->edit_vars + at, (S->nedit - at) * sizeof *S->edit_vars);
        S->edit_vars[at] = var;
        S->nedit++;
        refactor_if_due(S);
    }
    return st;
}

cs_Status cs_edit_remove(cs_Solver *S, cs_Var var)
{
    if (S == NULL)
        return CS_ERR_INVALID_ARG;
    if (var >= S->nvar || S->edit_cons[var] == 0)
        return CS_ERR_UNKNOWN;
    cs_txn_begin(S);
    uint32_t id = S->edit_cons[var] - 1;
    cs_Status st = cs_remove_cons(S, id);
    if (st == CS_OK && (!cs_save_edit(S, var) || !cs_cons_release(S, id)))
        st = CS_ERR_NOMEM;
    if (st == CS_OK) {
        S->edit_cons[var] = 0;
        st = cs_optimize(S, -1);
    }
    st = finish(S, st);
    if (st == CS_OK) {
        cs_cache_drop(S, UINT32_MAX);
        S->nadded--;
        uint32_t at = 0;
        while (S->edit_vars[at] != var)
            at++;
        S->nedit--;
        memmove(S->edit_vars + at, S->edit_vars + at + 1, (S->nedit - at) * sizeof *S->edit_vars);
        refactor_if_due(S);
    }
    return st;
}

int cs_edit_has(const cs_Solver *S, cs_Var var)
{
    return S != NULL && var < S->nvar && S->edit_cons[var] != 0;
}

CS_HOT cs_Status cs_suggest(cs_Solver *S, cs_Var var, double value)
{
    if (S == NULL)
        return CS_ERR_INVALID_ARG;
    if (var >= S->nvar || S->edit_cons[var] == 0)
        return CS_ERR_UNKNOWN;
    if (!valid_number(value))
        return CS_ERR_INVALID_NUMBER;
    double delta = value - S->edit_value[var];
    if (cs_shift_constant_in_place(S, S->edit_cons[var] - 1, -delta)) {
        S->edit_value[var] = value;
        S->conflict.n = 0; /* as cs_txn_begin leaves it */
        return CS_OK;
    }
    cs_txn_begin(S);
    if (!cs_save_edit(S, var))
        return finish(S, CS_ERR_NOMEM);
    S->edit_value[var] = value;
    /* The edit constraint is  var + constant == 0: its constant is -value. */
    cs_Status st = finish(S, cs_shift_constant(S, S->edit_cons[var] - 1, -delta));
    if (st == CS_OK)
        refactor_if_due(S);
    return st;
}

void cs_set_prefault(cs_Solver *S, int enabled)
{
    if (S != NULL)
        S->prefault = enabled != 0;
}

int cs_prefault_enabled(const cs_Solver *S)
{
    return S != NULL && S->prefault;
}

/* ---- Values (cs_update is in cs_values.c) ------------------------------ */

double cs_value(const cs_Solver *S, cs_Var var)
{
    return S != NULL && var < S->nvar ? S->value[var] : 0.0;
}

const double *cs_values(const cs_Solver *S, size_t *n)
{
    if (n)
        *n = S ? S->nvar : 0;
    return S ? S->value : NULL;
}

const cs_Var *cs_changed(const cs_Solver *S, size_t *n)
{
    if (n)
        *n = S ? S->nchanged : 0;
    return S ? (S->changed_list != NULL ? S->changed_list : S->changed) : NULL;
}
