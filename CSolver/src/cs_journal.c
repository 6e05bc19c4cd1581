/*
 * cs_journal.c -- transactions: every public operation that changes the
 * solver runs between cs_txn_begin and cs_txn_commit, or cs_txn_rollback,
 * which puts back exactly the state the operation started from.
 *
 * What is saved, and why it is enough
 *   rows        a copy of each slot at its first change (jstamp marks it);
 *               slots made inside the transaction are emptied instead;
 *   constants   a row whose constant alone moves (a suggestion: every row
 *               that holds the edit's marker) logs the old constant, not a
 *               copy; restored after the copies, in reverse order, so a
 *               row copied later in the transaction still gets back the
 *               constant it started with;
 *   basic[]     logged at every change, restored in reverse order;
 *   constraints logged at every change; records made inside are freed;
 *   edits       logged at every change;
 *   levels      the whole table, copied at its first change;
 *   ids         symbols, slots and constraints are taken from a counter or a
 *               LIFO free list and freed only at commit, so rolling back is
 *               restoring two counters per id space;
 *   columns     only ever appended to inside a transaction (I3 holds for the
 *               saved rows too); compaction waits for the commit.
 *   marks       the variables marked for cs_update are a list that only
 *               grows: a rollback cuts it back to its length at the start.
 *               A value updated again could differ from the one published
 *               in its last bit (evaluated, not read from the values map),
 *               and a refused operation changes no later result.
 */
#include "cs_internal.h"

#include <string.h>

static void free_row_buffers(cs_Solver *S, Row *r)
{
    cs_terms_free(S, r->coef, r->cap);
    r->sym = NULL;
    r->coef = NULL;
    r->cap = 0;
}

void cs_row_clear(cs_Solver *S, Row *r)
{
    cs_terms_gone(S, r->sym, r->n);
    r->basic = 0;
    r->n = 0;
    r->constant = 0;
}

void cs_txn_begin(cs_Solver *S)
{
    Journal *j = &S->j;
    CS_ASSERT(j->stamp == 0);
    if (++j->count == 0) { /* after 2^32 transactions an old jstamp could match */
        cs_cache_drop(S, UINT32_MAX); /* kept tableaus' too */
        for (uint32_t k = 0; k < S->capslot; k++)
            S->rows[k].jstamp = 0;
        j->count = 1;
    }
    j->stamp = j->count;
    j->exact = S->exact; /* and stays so if nothing rounds (cs_internal.h, "Exact arithmetic") */
    if (j->exact) {
        j->had_rounded = cs_watch_rounding();
        S->sum_dropped = false;
    }
    j->rows.n = j->constants.n = j->basics.n = j->cons.n = j->edits.n = 0;
    j->free_syms.n = j->free_slots.n = j->free_cons.n = j->compact.n = 0;
    j->levels_saved = false;
    j->fresh = false;
    j->nwatch = 0;
    j->watch_overflow = false;
    j->nsym = S->nsym; j->nfree_sym = S->nfree_sym; j->def_clock = S->def_clock;
    j->sens_ok = S->sens.ok; j->shape_changed = S->shape_changed; j->ndirty = S->ndirty;
    j->nslot = S->nslot; j->nfree_slot = S->nfree_slot;
    j->ncons = S->ncons; j->nfree_cons = S->nfree_cons;
    S->infeasible.n = 0;
    S->conflict.n = 0;
}

static void free_cons_record(cs_Solver *S, uint32_t id)
{
    Cons *c = &S->cons[id];
    cs_mem_free(S, c->terms, (size_t)c->nterms * sizeof(cs_Term));
    memset(c, 0, sizeof *c);
    S->state[id] = CONS_FREE;
}

static void drop_level_snapshot(cs_Solver *S)
{
    Journal *j = &S->j;
    if (j->levels_saved)
        cs_mem_free(S, j->levels, (size_t)j->nlevels * sizeof(Level));
    j->levels = NULL;
    j->levels_saved = false;
}

void cs_txn_commit(cs_Solver *S)
{
    Journal *j = &S->j;
    SavedRow *saved = j->rows.p;
    for (size_t k = 0; k < j->rows.n; k++)
        free_row_buffers(S, &saved[k].row);

    uint32_t *fc = j->free_cons.p;
    for (size_t k = 0; k < j->free_cons.n; k++) {
        free_cons_record(S, fc[k]);
        S->free_cons[S->nfree_cons++] = fc[k];
    }
    Sym *fs = j->free_syms.p;
    for (size_t k = 0; k < j->free_syms.n; k++) {
        Sym s = fs[k];
        S->kind[s] = SYM_NONE;
        S->basic[s] = -1;
        S->col[s].n = S->col[s].stale = 0; /* no row holds a freed symbol */
        S->free_sym[S->nfree_sym++] = s;
    }
    int32_t *fl = j->free_slots.p;
    for (size_t k = 0; k < j->free_slots.n; k++) {
        cs_row_clear(S, &S->rows[fl[k]]);
        S->free_slot[S->nfree_slot++] = fl[k];
    }
    Sym *cp = j->compact.p;
    for (size_t k = 0; k < j->compact.n; k++) /* listed once each time it turned due */
        if (S->kind[cp[k]] != SYM_NONE && cs_col_due(&S->col[cp[k]], S->col[cp[k]].stale))
            cs_col_compact(S, cp[k]);

    /* Levels nobody uses any more go, so that the level table (walked by
     * every entering-symbol choice) stays as short as the live strengths. */
    if (S->mode == CS_LEXICOGRAPHIC) {
        int32_t w = 0;
        for (int32_t k = 0; k < S->nlevels; k++) {
            Level *lv = &S->levels[k];
            if (lv->users == 0) {
                cs_row_clear(S, &S->rows[lv->slot]);
                S->free_slot[S->nfree_slot++] = lv->slot;
            } else {
                S->levels[w++] = *lv;
            }
        }
        S->nlevels = w;
    }
    drop_level_snapshot(S);
    if (j->exact)
        S->exact = !cs_rounded(j->had_rounded) && !S->sum_dropped;
    j->stamp = 0;
}

void cs_txn_rollback(cs_Solver *S)
{
    Journal *j = &S->j;
    SavedRow *saved = j->rows.p;
    for (size_t k = j->rows.n; k-- > 0;) {
        Row *r = &S->rows[saved[k].slot];
        cs_terms_gone(S, r->sym, r->n); /* more than left (what was there before stays), which is allowed */
        free_row_buffers(S, r);
        *r = saved[k].row;
    }
    j->rows.n = 0;
    SavedConstant *sc = j->constants.p;
    for (size_t k = j->constants.n; k-- > 0;)
        S->rows[sc[k].slot].constant = sc[k].constant;
    j->constants.n = 0;

    /* Slots made here: empty again, buffers kept for reuse. */
    for (uint32_t s = j->nslot; s < S->nslot; s++)
        cs_row_clear(S, &S->rows[s]);
    for (uint32_t k = S->nfree_slot; k < j->nfree_slot; k++)
        cs_row_clear(S, &S->rows[S->free_slot[k]]);
    S->nslot = j->nslot;
    S->nfree_slot = j->nfree_slot;

    SavedBasic *b = j->basics.p;
    for (size_t k = j->basics.n; k-- > 0;) {
        S->basic[b[k].sym] = b[k].slot;
        S->defined[b[k].sym] = b[k].defined;
    }
    S->def_clock = j->def_clock;

    SavedCons *c = j->cons.p;
    for (size_t k = j->cons.n; k-- > 0;) {
        S->cons[c[k].id] = c[k].cons;
        S->mark[c[k].id] = c[k].mark;
        S->state[c[k].id] = c[k].state;
    }
    for (uint32_t id = j->ncons; id < S->ncons; id++)
        free_cons_record(S, id);
    for (uint32_t k = S->nfree_cons; k < j->nfree_cons; k++)
        free_cons_record(S, S->free_cons[k]);
    S->ncons = j->ncons;
    S->nfree_cons = j->nfree_cons;

    SavedEdit *e = j->edits.p;
    for (size_t k = j->edits.n; k-- > 0;) {
        S->edit_cons[e[k].var] = e[k].cons;
        S->edit_value[e[k].var] = e[k].constant;
    }

    for (Sym s = j->nsym; s < S->nsym; s++) {
        S->kind[s] = SYM_NONE;
        S->basic[s] = -1;
        S->col[s].n = S->col[s].stale = 0;
    }
    for (uint32_t k = S->nfree_sym; k < j->nfree_sym; k++) {
        Sym s = S->free_sym[k];
        S->kind[s] = SYM_NONE;
        S->basic[s] = -1;
        S->col[s].n = S->col[s].stale = 0;
    }
    S->nsym = j->nsym;
    S->nfree_sym = j->nfree_sym;

    if (j->levels_saved) {
        if (j->nlevels > 0)
            memcpy(S->levels, j->levels, (size_t)j->nlevels * sizeof(Level));
        S->nlevels = j->nlevels;
    }
    drop_level_snapshot(S);
    /* The tableau is exactly as it was, so its values are as affine in the
     * edits as they were: a refused operation changes no later result. */
    S->sens.ok = j->sens_ok;
    S->shape_changed = j->shape_changed;
    for (uint32_t k = j->ndirty; k < S->ndirty; k++)
        S->dirty[S->dirty_list[k]] = 0;
    S->ndirty = j->ndirty;
    S->infeasible.n = 0;
    S->refactor_due = false; /* the pivot that called for it is undone */
    S->verify_due = false;
    j->nwatch = 0; /* the rows that held them are back */
    j->watch_overflow = false;
    if (j->exact) /* and so is S->exact: the caller's flag is put back */
        (void)cs_rounded(j->had_rounded);
    j->stamp = 0;
}

/* ---- Markers lost to rounding --------------------------------------------
 *
 * cs_fuzz found a tableau that lost a required equality: removing another
 * constraint pivoted its dummy into a row where the two dummies appeared
 * in nearly the same ratio in every row (coefficients from chains of 667,
 * 375, 1500 and 750), the first dummy's sums cancelled to rounding in each
 * (cs_cancelled), and what was left of it went with the removed row. No
 * row held the constraint any more, nothing flagged it, and the update
 * published values that broke it by 0.0018 of 56. A departure that may
 * leave a column with no live entry but objective rows' (cs_col_gone: as
 * many departures as entries, less one for each level, since an objective
 * row can hold any marker: an error's own, and a slack, a dummy or
 * another level's error that a substitution brought in) is watched when
 * the symbol is a marker; the operation's end
 * asks whether a watched marker of an added constraint is held by no basic
 * row (cs_check_suspect), and if so its outcome rests on rounding as much
 * as one through an ill-conditioned pivot does, and is decided as that is
 * (refactor_due: a change set in place rolled back and solved afresh,
 * another operation followed by a fresh solve). Objective rows do not
 * count (they hold every error, and say nothing of a constraint). Only
 * in place: a tableau built afresh (Journal.fresh) is checked as a whole
 * where its pivots were suspect (cs_afresh.c, build), and watching its
 * build cost cells L 11% more instructions (22,000 errors, each in its
 * objective row and one other). In place, the watch sees mostly the
 * markers of the constraints removed, whose owners are no longer added:
 * a tweak at L executes 4.5% more instructions (callgrind, 70,496 ->
 * 73,679 at tree L), builds and flips 0.3 to 0.7% (the test in
 * cs_col_gone). Until the fuzz run after a44f3ff the count allowed one
 * objective entry, an error's; cs_fuzz then found a strong edit whose
 * errors two levels' objective rows held besides one constraint row,
 * which a removal took: the edit was lost unwatched. Allowing one entry a
 * level watched no more in any workload (whole replays at L, both modes:
 * -200 to +3,800 instructions of 146 to 156 million).
 */
void cs_watch_marker(cs_Solver *S, Sym s)
{
    uint8_t kind = S->kind[s];
    if (kind != SYM_ERROR && kind != SYM_SLACK && kind != SYM_DUMMY)
        return;
    Journal *j = &S->j;
    if (j->nwatch < CS_WATCH)
        j->watch[j->nwatch++] = s;
    else
        j->watch_overflow = true;
}

bool cs_marker_held(const cs_Solver *S, Sym m)
{
    if (S->basic[m] >= 0)
        return true;
    const Column *c = &S->col[m];
    for (int32_t k = 0; k < c->n; k++) {
        int32_t slot = cs_col_slot(S, c, k);
        if (slot >= 0 && (uint32_t)slot < S->nslot && S->rows[slot].basic != 0 && cs_row_coef(&S->rows[slot], m) != 0.0)
            return true;
    }
    return false;
}

/* Is s, a marker (cs_watch_marker took only those), one of a constraint
 * that is added, and held by no basic row? */
static bool lost(const cs_Solver *S, Sym s)
{
    uint32_t id = S->owner[s];
    if (id >= S->ncons || S->state[id] != CONS_ADDED || (S->mark[id].marker != s && S->mark[id].other != s))
        return false; /* an artificial variable, or a constraint on its way out */
    return !cs_marker_held(S, s);
}

bool cs_markers_lost(cs_Solver *S)
{
    Journal *j = &S->j;
    bool found = false;
    if (j->watch_overflow) {
        for (uint32_t id = 0; id < S->ncons && !found; id++)
            if (S->state[id] == CONS_ADDED)
                found = lost(S, S->mark[id].marker) || (S->mark[id].other != 0 && lost(S, S->mark[id].other));
    } else {
        for (uint32_t k = 0; k < j->nwatch && !found; k++)
            found = lost(S, j->watch[k]);
    }
    j->nwatch = 0;
    j->watch_overflow = false;
    return found;
}

CS_HOT void cs_mark_dirty(cs_Solver *S, Sym s)
{
    if (S->republish || s == 0 || S->kind[s] != SYM_EXTERNAL)
        return; /* every value is to be published again anyway */
    cs_Var v = S->owner[s];
    if (!S->dirty[v]) {
        S->dirty[v] = 1;
        S->dirty_list[S->ndirty++] = v;
    }
}

bool cs_touch(cs_Solver *S, int32_t slot)
{
    cs_reshaped(S);
    Row *r = &S->rows[slot];
    cs_mark_dirty(S, r->basic);
    if (r->jstamp == S->j.stamp)
        return true;
    SavedRow sr = { slot, *r };
    sr.row.cap = r->n;
    sr.row.sym = NULL;
    sr.row.coef = NULL;
    if (r->n > 0) {
        if (!cs_terms_new(S, r->n, &sr.row.sym, &sr.row.coef))
            return false;
        memcpy(sr.row.sym, r->sym, (size_t)r->n * sizeof(Sym));
        memcpy(sr.row.coef, r->coef, (size_t)r->n * sizeof(double));
    }
    if (!cs_vec_push(S, &S->j.rows, sizeof sr, &sr)) {
        free_row_buffers(S, &sr.row);
        return false;
    }
    r->jstamp = S->j.stamp;
    return true;
}

bool cs_touch_constant(cs_Solver *S, int32_t slot)
{
    Row *r = &S->rows[slot];
    cs_mark_dirty(S, r->basic);
    if (r->jstamp == S->j.stamp)
        return true; /* copied or made in this transaction */
    SavedConstant sc = { slot, r->constant };
    return cs_vec_push(S, &S->j.constants, sizeof sc, &sc);
}

bool cs_set_basic(cs_Solver *S, Sym s, int32_t slot)
{
    cs_reshaped(S);
    SavedBasic sb = { s, S->basic[s], S->defined[s] };
    if (!S->j.fresh && !cs_vec_push(S, &S->j.basics, sizeof sb, &sb))
        return false;
    S->basic[s] = slot;
    if (slot >= 0)
        S->defined[s] = ++S->def_clock;
    cs_mark_dirty(S, s);
    return true;
}

bool cs_save_cons(cs_Solver *S, uint32_t id)
{
    if (S->j.fresh)
        return true;
    SavedCons sc = { id, S->cons[id], S->mark[id], S->state[id] };
    return cs_vec_push(S, &S->j.cons, sizeof sc, &sc);
}

bool cs_save_edit(cs_Solver *S, cs_Var v)
{
    SavedEdit se = { v, S->edit_cons[v], S->edit_value[v] };
    return cs_vec_push(S, &S->j.edits, sizeof se, &se);
}

bool cs_save_levels(cs_Solver *S)
{
    Journal *j = &S->j;
    if (j->levels_saved || j->fresh)
        return true;
    j->levels = NULL;
    if (S->nlevels > 0) {
        j->levels = cs_mem_realloc(S, NULL, 0, (size_t)S->nlevels * sizeof(Level));
        if (j->levels == NULL)
            return false;
        memcpy(j->levels, S->levels, (size_t)S->nlevels * sizeof(Level));
    }
    j->nlevels = S->nlevels;
    j->levels_saved = true;
    return true;
}

/* ---- Id spaces ---------------------------------------------------------- */

/* The arrays of the symbol and slot id spaces, each one SoA block. */
#define SYM_FIELDS(X) { \
        { (void **)&(X)->kind, sizeof *(X)->kind, false }, \
        { (void **)&(X)->basic, sizeof *(X)->basic, false }, \
        { (void **)&(X)->defined, sizeof *(X)->defined, false }, \
        { (void **)&(X)->owner, sizeof *(X)->owner, false }, \
        { (void **)&(X)->col, sizeof *(X)->col, false }, \
        { (void **)&(X)->free_sym, sizeof *(X)->free_sym, true }, \
    }
#define SLOT_FIELDS(X) { \
        { (void **)&(X)->rows, sizeof *(X)->rows, false }, \
        { (void **)&(X)->visit, sizeof *(X)->visit, false }, \
        { (void **)&(X)->free_slot, sizeof *(X)->free_slot, true }, \
    }

static bool grow_syms(cs_Solver *S, uint32_t need)
{
    if (need <= S->capsym) /* a call a symbol made: not one into cs_alloc.c */
        return true;
    SoaField f[] = SYM_FIELDS(S);
    return cs_soa_grow(S, f, 6, &S->capsym, need);
}

Sym cs_sym_new(cs_Solver *S, enum SymKind kind, uint32_t owner)
{
    Sym s;
    if (S->nfree_sym > 0) {
        s = S->free_sym[--S->nfree_sym];
    } else {
        if (S->nsym == UINT32_MAX || !grow_syms(S, S->nsym + 1))
            return 0;
        s = S->nsym++;
    }
    S->kind[s] = (uint8_t)kind;
    S->basic[s] = -1;
    S->owner[s] = owner;
    return s;
}

bool cs_sym_release(cs_Solver *S, Sym s)
{
    return cs_vec_push(S, &S->j.free_syms, sizeof s, &s);
}

static bool grow_slots(cs_Solver *S, uint32_t need)
{
    if (need <= S->capslot)
        return true;
    SoaField f[] = SLOT_FIELDS(S);
    return cs_soa_grow(S, f, 3, &S->capslot, need);
}

int32_t cs_slot_new(cs_Solver *S)
{
    int32_t slot;
    if (S->nfree_slot > 0) {
        slot = S->free_slot[--S->nfree_slot];
    } else {
        if (S->nslot >= INT32_MAX || !grow_slots(S, S->nslot + 1))
            return -1;
        slot = (int32_t)S->nslot++;
    }
    Row *r = &S->rows[slot];
    cs_row_clear(S, r);
    r->jstamp = S->j.stamp; /* nothing to save: rollback empties it */
    cs_reshaped(S);
    return slot;
}

bool cs_slot_release(cs_Solver *S, int32_t slot)
{
    return cs_vec_push(S, &S->j.free_slots, sizeof slot, &slot);
}

bool cs_marks_reserve(cs_Solver *S, Markers **mark, uint32_t *cap, uint32_t need)
{
    return cs_grow_zeroed(S, (void **)mark, sizeof **mark, cap, need);
}

/* The arrays of the constraint id space, one SoA block. */
#define CONS_FIELDS(X) { \
        { (void **)&(X)->cons, sizeof *(X)->cons, false }, \
        { (void **)&(X)->free_cons, sizeof *(X)->free_cons, true }, \
        { (void **)&(X)->state, sizeof *(X)->state, false }, \
        { (void **)&(X)->flags, sizeof *(X)->flags, false }, \
        { (void **)&(X)->fix, sizeof *(X)->fix, false }, \
        { (void **)&(X)->fix_stamp, sizeof *(X)->fix_stamp, false }, \
    }

/* The constraint id space, and the current tableau's markers with it (a
 * larger markers array than needed is harmless if the second part fails). */
static bool grow_cons(cs_Solver *S, uint32_t need)
{
    if (need > S->capcons && !cs_marks_reserve(S, &S->mark, &S->capmark, need))
        return false;
    SoaField f[] = CONS_FIELDS(S);
    return cs_soa_grow(S, f, sizeof f / sizeof *f, &S->capcons, need);
}

bool cs_cons_alloc(cs_Solver *S, uint32_t *id)
{
    if (S->nfree_cons > 0) {
        *id = S->free_cons[--S->nfree_cons];
    } else {
        if (S->ncons == UINT32_MAX || !grow_cons(S, S->ncons + 1))
            return false;
        *id = S->ncons++;
    }
    memset(&S->cons[*id], 0, sizeof(Cons));
    S->mark[*id] = (Markers){ 0, 0 };
    S->state[*id] = CONS_FREE;
    S->flags[*id] = 0;
    return true;
}

bool cs_cons_release(cs_Solver *S, uint32_t id)
{
    return cs_vec_push(S, &S->j.free_cons, sizeof id, &id);
}

void cs_tableau_free(cs_Solver *S)
{
    SoaField fs[] = SYM_FIELDS(S);
    SoaField fr[] = SLOT_FIELDS(S);
    cs_mem_free(S, S->pool.slot, (size_t)S->pool.cap * sizeof(int32_t));
    memset(&S->pool, 0, sizeof S->pool);
    for (uint32_t k = 0; k < S->capslot && S->rows; k++)
        free_row_buffers(S, &S->rows[k]);
    if (S->kind) cs_soa_free(S, fs, 6, S->capsym);
    if (S->rows) cs_soa_free(S, fr, 3, S->capslot);
    cs_mem_free(S, S->levels, (size_t)S->caplevels * sizeof(Level));
    cs_mem_free(S, S->mark, (size_t)S->capmark * sizeof *S->mark);
    S->mark = NULL;
    S->capmark = 0;
    cs_sens_free(S, &S->sens);
    S->nsym = S->capsym = S->nfree_sym = S->def_clock = 0;
    S->nslot = S->capslot = S->nfree_slot = S->visit_stamp = 0;
    S->levels = NULL;
    S->nlevels = S->caplevels = 0;
}

/* A copy of one SoA block of the current tableau, at the same offsets. */
static bool copy_block(cs_Solver *S, const SoaField *from, SoaField *to, int nf, uint32_t cap)
{
    if (cap == 0)
        return true;
    size_t n = cs_soa_bytes(from, nf, cap);
    char *block = cs_mem_realloc(S, NULL, 0, n), *base = *from[0].field;
    if (block == NULL)
        return false;
    memcpy(block, base, n);
    for (int i = 0; i < nf; i++)
        *to[i].field = block + ((char *)*from[i].field - base);
    return true;
}

bool cs_tableau_copy(cs_Solver *S, Tableau *t)
{
    memset(t, 0, sizeof *t);
    SoaField fs[] = SYM_FIELDS(S), ts[] = SYM_FIELDS(t);
    SoaField fr[] = SLOT_FIELDS(S), tr[] = SLOT_FIELDS(t);
    bool ok = copy_block(S, fs, ts, 6, S->capsym);
    if (ok) {
        t->nsym = S->nsym; t->capsym = S->capsym; t->nfree_sym = S->nfree_sym; t->def_clock = S->def_clock;
        ok = copy_block(S, fr, tr, 3, S->capslot);
    }
    if (ok) {
        t->nslot = S->nslot; t->capslot = S->capslot; t->nfree_slot = S->nfree_slot;
        t->visit_stamp = S->visit_stamp;
        for (uint32_t k = 0; k < S->capslot; k++)
            t->rows[k].sym = NULL, t->rows[k].coef = NULL, t->rows[k].n = t->rows[k].cap = 0;
    }
    if (ok && S->caplevels > 0) {
        t->levels = cs_mem_realloc(S, NULL, 0, (size_t)S->caplevels * sizeof(Level));
        ok = t->levels != NULL;
        if (ok) {
            memcpy(t->levels, S->levels, (size_t)S->caplevels * sizeof(Level));
            t->nlevels = S->nlevels;
            t->caplevels = S->caplevels;
        }
    }
    if (ok && S->capmark > 0) {
        t->mark = cs_mem_realloc(S, NULL, 0, (size_t)S->capmark * sizeof *t->mark);
        ok = t->mark != NULL;
        if (ok) {
            memcpy(t->mark, S->mark, (size_t)S->capmark * sizeof *t->mark);
            t->capmark = S->capmark;
        }
    }
    if (ok && S->pool.n > 0) { /* the columns, at the same offsets (their chunks' free space too) */
        t->pool = S->pool;
        t->pool.slot = cs_mem_realloc(S, NULL, 0, (size_t)S->pool.n * sizeof(int32_t));
        t->pool.cap = S->pool.n;
        ok = t->pool.slot != NULL;
        if (ok)
            memcpy(t->pool.slot, S->pool.slot, (size_t)S->pool.n * sizeof(int32_t));
        else
            memset(&t->pool, 0, sizeof t->pool);
    }
    for (uint32_t k = 0; ok && k < S->nslot; k++) {
        const Row *r = &S->rows[k];
        Row *q = &t->rows[k];
        q->jstamp = 0; /* saved by no transaction of the copy's */
        if (r->n == 0)
            continue;
        ok = cs_terms_new(S, r->n, &q->sym, &q->coef);
        if (ok) {
            memcpy(q->sym, r->sym, (size_t)r->n * sizeof(Sym));
            memcpy(q->coef, r->coef, (size_t)r->n * sizeof(double));
            q->n = q->cap = r->n;
        }
    }
    t->shape_changed = S->shape_changed;
    t->digits_lost = S->digits_lost;
    if (ok && S->sens.ok)
        ok = cs_sens_copy(S, &t->sens, &S->sens);
    if (!ok)
        cs_tableau_discard(S, t);
    return ok;
}

bool cs_tableau_empty(cs_Solver *S, Tableau *t, const cs_Cons *ids, size_t n)
{
    memset(t, 0, sizeof *t);
    /* Room for what is about to be added, reserved at once: grown a row at
     * a time, each array would be copied into one twice its size again and
     * again, each copy in pages fresh from the kernel (a tenth of tree L's
     * build instructions were those copies and their zeroing), and sized
     * like the current tableau, a build's symbols (the variables' alone)
     * were copied once more. A row has one marker, two when it is not
     * required (cs_simplex.c, create_row), and each marker a column of
     * COL_FIRST entries to begin with (the pool's capacity is reserved, not
     * touched; cs_col_push takes those chunks inline), and an eighth more
     * of each for what comes after (a constraint edited, added in place).
     * The variables keep their symbols (S->var_sym is the solver's, not a
     * tableau's); every other symbol below the highest of theirs is free,
     * the lowest handed out first, as a new solver would. */
    Sym top = 1; /* symbol 0 is "none" */
    for (cs_Var v = 0; v < S->nvar; v++)
        top = S->var_sym[v] >= top ? S->var_sym[v] + 1 : top;
    size_t live = 1 + (size_t)S->nvar, nslot = 1 + n, errors = 0;
    for (size_t k = 0; k < n; k++) {
        bool soft = ids[k] < S->ncons && !(S->flags[ids[k]] & CONS_REQUIRED);
        live += 1 + soft;
        errors += soft ? 1 + (S->cons[ids[k]].op == CS_EQ) : 0;
    }
    live += live / 8;
    nslot += nslot / 8;
    size_t nsym = live > top ? live : top;
    SoaField ts[] = SYM_FIELDS(t), tr[] = SLOT_FIELDS(t);
    bool ok = nsym <= UINT32_MAX / 16 && nslot <= INT32_MAX &&
              cs_soa_grow(S, ts, 6, &t->capsym, (uint32_t)nsym) &&
              cs_soa_grow(S, tr, 3, &t->capslot, (uint32_t)nslot) &&
              cs_grow(S, (void **)&t->pool.slot, sizeof *t->pool.slot, &t->pool.cap, COL_FIRST * (uint32_t)live) &&
              cs_marks_reserve(S, &t->mark, &t->capmark, S->capmark);
    if (ok && S->mode == CS_WEIGHTED) { /* its one level, as cs_solver_new makes it */
        uint32_t cap = 0;
        ok = cs_grow(S, (void **)&t->levels, sizeof(Level), &cap, 1);
        if (ok) {
            t->caplevels = (int32_t)cap;
            t->levels[0] = (Level){ .strength = 0.0, .slot = 0 };
            t->nlevels = 1;
            t->nslot = 1; /* slot 0, its objective row, empty (zeroed) */
        }
        /* The objective takes every error symbol (an equality's two): its
         * room is made once, where doubling up to it copied the row into
         * a block twice its size again and again, each in new pages. At
         * cells L (22,000 errors) a build faulted 213 pages where it
         * faulted 262, and a flip 47 to 52 where it faulted 72 to 78
         * (getrusage around cs_apply, 5 replays); what is left of those
         * is mostly the first touch of this room. */
        Row *obj = &t->rows[0];
        if (ok && errors > 16 && errors <= INT32_MAX && cs_terms_new(S, (int32_t)errors, &obj->sym, &obj->coef))
            obj->cap = (int32_t)errors;
    }
    if (!ok) {
        cs_tableau_discard(S, t);
        return false;
    }
    cs_terms_expect(S, n);
    for (cs_Var v = 0; v < S->nvar; v++) {
        t->kind[S->var_sym[v]] = SYM_EXTERNAL;
        t->owner[S->var_sym[v]] = v;
    }
    t->nsym = top;
    for (Sym s = top; s-- > 0;) {
        t->basic[s] = -1;
        if (s > 0 && t->kind[s] != SYM_EXTERNAL)
            t->free_sym[t->nfree_sym++] = s;
    }
    t->shape_changed = true;
    return true;
}

void cs_free_id_spaces(cs_Solver *S)
{
    SoaField fc[] = CONS_FIELDS(S);
    cs_tableau_free(S);
    for (uint32_t id = 0; id < S->capcons && S->cons; id++)
        cs_mem_free(S, S->cons[id].terms, (size_t)S->cons[id].nterms * sizeof(cs_Term));
    if (S->cons) cs_soa_free(S, fc, sizeof fc / sizeof *fc, S->capcons);
}
