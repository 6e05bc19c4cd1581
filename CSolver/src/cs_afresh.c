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
 * That order is the caller's, and the build's cost depends on it. In the
 * order a layout's generator writes, each view's constraints after its
 * container's, a tree of views is built row by row from what is defined
 * already. Shuffled, the same constraints took 45 s instead of 2 ms to
 * build at tree M (kiwi: 0.35 s), each row expanded through chains not
 * yet solved; reversed, 7 times as long. So a build in the caller's order
 * has a budget of work (row merges and subject searches, WORK_BUDGET),
 * and past it is begun again in an order the solver finds from the
 * constraints alone (addition_order): any order of the workloads'
 * constraints then builds in 0.99 to 2.4 times the instructions of the
 * generator's at L, which is built as before.
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
 * not added (or lists one twice) or add[] one that is not the caller's.
 * order[] has room for nadded - nremove + nadd (cs_apply_afresh). */
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
    CS_ASSERT(n == S->nadded - nremove); /* each of remove[] was added, and is listed once */
    if (nadd > 0)
        memcpy(order + n, add, nadd * sizeof *add);
    return n + nadd;
}

/*
 * The order in which the target set order[0..n) is added, in place, and in
 * lead[] for each a variable + 1 to solve it for (0: cs_add_cons chooses).
 *
 * Peeling, from the last constraint added to the first. A variable that
 * only one of the constraints left holds can be that constraint's subject
 * if the constraint comes after all the others left: no row holds the
 * variable when it is added (a row holds what the constraints added before
 * it brought in, and markers), so it is solved for as it stands, its
 * subject search finds an empty column, nothing is expanded and no cycle
 * can close. That constraint is taken out and its variables counted one
 * less, which frees others: a tree of views comes apart from its leaves
 * up, and is added from its root down. Of the variables that only this
 * constraint holds, the caller's first is the one solved for (its lead:
 * `child.x == parent.x` places the child).
 *
 * Where every variable left is held by two constraints or more (a column of
 * views pinned to both edges of its container is a cycle through it), one
 * of the constraints of the variable made last is taken out with no
 * subject (cycle_breaker), to be solved as it would have been, once the
 * rest of its cycle is in (cs_add_cons expands it until it has a subject).
 * Views are made parent first (cs_topo.c assumes it too), so that is the
 * deepest cycle: its container's is broken after it and added before it,
 * and the container's last child, `c3.y + c3.h == p.y + p.h`, defines the
 * container's children's height before anything below them refers to it.
 * The variable made last with a constraint left is found by a cursor that
 * only moves down (a count never grows), so the order costs a few passes
 * over the terms. Built in it, tree, stack and cells take 1.10 to 1.13
 * times the instructions of a build in their generators' orders, shuffled
 * or reversed alike (callgrind, at M and L): the passes, and no fewer
 * expansions than the generators' orders need. That is why it is the
 * second try and not the first.
 *
 * The optimum does not depend on the order; where a layout leaves a choice
 * between equal optima, the one found may. False if memory runs out.
 */
typedef struct Peel {
    uint32_t *count;  /* by variable: the constraints left that hold it */
    size_t *start;    /* by variable: its holders in held[] (positions in order[]) */
    size_t *held;
    uint8_t *out;     /* by position: taken out */
} Peel;

/* Of the constraints left that hold v, the one to take out with no subject:
 * one that does not lead with v (another can be solved for it), else the
 * longest (a constraint of two variables is an alias, best solved for one
 * of them), else the latest in the caller's order. */
static size_t cycle_breaker(const cs_Solver *S, const cs_Cons *order, const Peel *P, cs_Var v)
{
    size_t best = SIZE_MAX;
    bool best_leads = true;
    uint32_t best_terms = 0;
    for (size_t h = P->start[v]; h < P->start[v + 1]; h++) {
        size_t k = P->held[h];
        if (P->out[k])
            continue;
        const Cons *c = &S->cons[order[k]];
        bool leads = c->lead == v + 1;
        if (best == SIZE_MAX || (!leads && best_leads) ||
            (leads == best_leads && c->nterms >= best_terms)) {
            best = k;
            best_leads = leads;
            best_terms = c->nterms;
        }
    }
    return best;
}

static bool addition_order(cs_Solver *S, cs_Cons *order, uint32_t *lead, size_t n)
{
    size_t nvar = S->nvar, nterms = 0;
    Peel P;
    P.count = cs_mem_realloc(S, NULL, 0, (nvar + 1) * sizeof *P.count);
    P.start = cs_mem_realloc(S, NULL, 0, (nvar + 1) * sizeof *P.start);
    P.out = cs_mem_realloc(S, NULL, 0, n + 1);
    cs_Var *single = cs_mem_realloc(S, NULL, 0, (nvar + 1) * sizeof *single);
    size_t *taken = cs_mem_realloc(S, NULL, 0, (n + 1) * sizeof *taken);
    bool ok = P.count && P.start && P.out && single && taken;
    if (ok) {
        memset(P.count, 0, (nvar + 1) * sizeof *P.count);
        for (size_t k = 0; k < n; k++) {
            const Cons *c = &S->cons[order[k]];
            nterms += c->nterms;
            for (uint32_t t = 0; t < c->nterms; t++)
                P.count[c->terms[t].var]++;
        }
    }
    P.held = ok ? cs_mem_realloc(S, NULL, 0, (nterms + 1) * sizeof *P.held) : NULL;
    ok = ok && P.held;
    if (ok) {
        /* held[start[v] .. start[v + 1]): the positions of v's holders, in
         * order; start[v] first counts up to start[v + 1], and is set back. */
        size_t at = 0;
        for (size_t v = 0; v < nvar; v++) {
            P.start[v] = at;
            at += P.count[v];
        }
        P.start[nvar] = at;
        for (size_t k = 0; k < n; k++) {
            const Cons *c = &S->cons[order[k]];
            for (uint32_t t = 0; t < c->nterms; t++)
                P.held[P.start[c->terms[t].var]++] = k;
        }
        for (size_t v = nvar; v-- > 0;)
            P.start[v] -= P.count[v];
        memset(P.out, 0, n);
        /* A variable is queued once at most: when its count comes to 1. */
        size_t head = 0, tail = 0, latest = n, made = nvar;
        for (cs_Var v = 0; v < nvar; v++)
            if (P.count[v] == 1)
                single[tail++] = v;
        for (size_t m = 0; m < n; m++) {
            while (head < tail && P.count[single[head]] != 1)
                head++;
            while (made > 0 && P.count[made - 1] == 0)
                made--;
            size_t k;
            uint32_t subject = 0;
            if (head < tail) {
                cs_Var v = single[head++];
                size_t h = P.start[v];
                while (P.out[P.held[h]])
                    h++;
                k = P.held[h];
                uint32_t first = S->cons[order[k]].lead;
                subject = first != 0 && P.count[first - 1] == 1 ? first : v + 1;
            } else if (made > 0) {
                k = cycle_breaker(S, order, &P, (cs_Var)(made - 1));
            } else { /* constraints left with no variables (0 <= 1) */
                while (P.out[latest - 1])
                    latest--;
                k = latest - 1;
            }
            P.out[k] = 1;
            taken[m] = k;
            lead[n - 1 - m] = subject;
            const Cons *c = &S->cons[order[k]];
            for (uint32_t t = 0; t < c->nterms; t++)
                if (--P.count[c->terms[t].var] == 1)
                    single[tail++] = c->terms[t].var;
        }
        for (size_t m = 0; m < n; m++) /* positions to ids, then back to front */
            taken[m] = order[taken[m]];
        for (size_t m = 0; m < n; m++)
            order[n - 1 - m] = (cs_Cons)taken[m];
    }
    cs_mem_free(S, P.count, (nvar + 1) * sizeof *P.count);
    cs_mem_free(S, P.start, (nvar + 1) * sizeof *P.start);
    cs_mem_free(S, P.held, (nterms + 1) * sizeof *P.held);
    cs_mem_free(S, P.out, n + 1);
    cs_mem_free(S, single, (nvar + 1) * sizeof *single);
    cs_mem_free(S, taken, (n + 1) * sizeof *taken);
    return ok;
}

/*
 * A build's budget in the caller's order: its work (S->build_work, the
 * terms that row merges read and the column entries that subject searches
 * read; cs_row_axpy, dependents_clear), past which it is begun again in
 * the solver's own order (addition_order). Built in their generators'
 * orders, stack does none, cells 0.9 a constraint and tree 4.3 (8.5 in
 * its first half), at every size. Two tests, each a compare:
 *
 * - in all, WORK_BUDGET a constraint added past WORK_SLACK: shuffled or
 *   reversed, tree read 15 to 33 terms a constraint at M by the time it
 *   was three quarters built, and cells shuffled 15 by half;
 * - in each window of WINDOW constraints, WINDOW_BUDGET a constraint: a
 *   cheap stretch must not bank the budget that a bad one then spends.
 *   Tree at L with the constraints its two variants share listed first
 *   reads nothing for 13,000 constraints and then 50 a constraint, and the
 *   first test alone let it run to 19,000 of 39,000 before it gave up.
 *   Cells reversed reads 4 terms a constraint, within both, but its
 *   searches read thousands of column entries (a cell's height holds every
 *   cell below it): counting those, it gives up in its first window.
 */
#define WORK_BUDGET 16
#define WORK_SLACK 4096
#define WINDOW 1024
#define WINDOW_BUDGET 32

bool cs_left_infeasible(const cs_Solver *S)
{
    for (uint32_t k = 0; k < S->nslot; k++) {
        const Row *r = &S->rows[k];
        if (r->basic != 0 && cs_restricted(S, r->basic) && !cs_row_feasible(r))
            return true;
    }
    return false;
}

/*
 * Solves order[0..n) into the empty tableau *t, added in that order, each
 * solved for lead[k] where that is not 0. On CS_OK the solver holds the
 * new tableau, *t the one it left. Otherwise the solver holds its own
 * again, every constraint of order[] is idle as target_set left it, *t is
 * the new tableau (to be discarded), and *over says whether the build
 * gave up past its budget of work (only if `budgeted`) rather than
 * failed. A build that is checked fails with CS_ILL_PIVOT where it is
 * left infeasible, its values break a required constraint, or its rows
 * lose a required constraint's identity (cs_apply_afresh): every build
 * with `verify`, and any whose pivots were suspect (verify_due,
 * cs_row_solve_for). A cautious one whose only fault is its values', each
 * required constraint broken by less than `tolerated` of its terms, is
 * taken (cs_refactor). cs_fuzz found a build of nine
 * constraints with coefficients of 4e-11 beside 1 in their true rows (a
 * system of 667s, 375s and 8s), whose pivot on one left an error
 * variable at -20 after cs_optimize; built cautiously, it is sound. No
 * workload's build is checked (none has a suspect pivot), and a check
 * costs a pass over the tableau for each of the three.
 */
#ifdef CS_TEST_SEAMS
/* Tests only (scripts/test.sh defines CS_TEST_SEAMS for one configuration
 * of the C tests): every checked build counts as broken, so that a test
 * can reach the refusal after three broken builds (cs_apply_afresh),
 * which no sequence known reaches since the third build holds. */
bool cs_test_builds_break;
#define TEST_BUILD_BREAKS() cs_test_builds_break
#else
#define TEST_BUILD_BREAKS() false
#endif

static cs_Status build(cs_Solver *S, Tableau *t, const cs_Cons *order, const uint32_t *lead, size_t n,
                       bool budgeted, bool verify, bool picky, long double tolerated, bool *over)
{
    *over = false;
    cs_tableau_swap(S, t); /* t: the tableau left */
    cs_txn_begin(S);
    S->j.fresh = true;
    bool republish = S->republish;
    S->republish = true; /* every value is published again: no variable is marked (cs_mark_dirty) */
    if (S->j.stamp == 1) /* the transaction count wrapped: old stamps mean nothing */
        for (uint32_t k = 0; k < t->capslot; k++)
            t->rows[k].jstamp = 0;
    S->build_work = 0;
    S->verify_due = false; /* this build's own pivots */
    S->cancelled_past = S->digits_lost = false; /* and its own sums */
    /* The subject search's order, for this tableau only (cs_topo.c). */
    cs_Status st = cs_topo_begin(S, n) ? CS_OK : CS_ERR_NOMEM;
    uint64_t allowed = budgeted ? WORK_SLACK : UINT64_MAX, step = budgeted ? WORK_BUDGET : 0;
    bool past = false;
    for (size_t k = 0; k < n && st == CS_OK && !past;) {
        size_t window_ends = n - k > WINDOW ? k + WINDOW : n;
        uint64_t window_began = S->build_work;
        for (; k < window_ends && st == CS_OK && !past; k++) {
            st = S->state[order[k]] == CONS_ADDED ? CS_ERR_DUPLICATE : cs_add_cons(S, order[k], lead ? lead[k] : 0);
            allowed += step;
            past = S->build_work > allowed;
        }
        past = past || (budgeted && S->build_work - window_began > (uint64_t)WINDOW * WINDOW_BUDGET);
    }
    CS_ASSERT(st != CS_OK || cs_topo_holds(S));
    cs_topo_end(S);
    *over = past;
    if (st == CS_OK && !past)
        st = cs_optimize(S, -1);
    if (st == CS_OK && !past && (verify || S->verify_due) &&
        (cs_outcome_broken(S, S->cautious ? tolerated : 0.0L) || TEST_BUILD_BREAKS()))
        st = CS_ILL_PIVOT; /* cs_apply_afresh builds it again cautiously, or refuses it */
    if (st == CS_OK && !past && picky && S->cancelled_past)
        st = CS_CANCELLED_BUILD; /* cs_apply_afresh builds it again, required constraints first */
    if (st == CS_OK && !past) {
        cs_txn_commit(S);
        return CS_OK;
    }
    cs_txn_rollback(S);
    cs_tableau_swap(S, t); /* t: the new tableau */
    for (size_t k = 0; k < n; k++)
        S->state[order[k]] = CONS_IDLE;
    S->republish = republish;
    return st == CS_OK ? CS_ERR_UNKNOWN : st;
}

/* The build whose check failed (*t) discarded, and order[0..n) built
 * again into a new empty tableau, cautiously (S->cautious, which the
 * caller puts back). */
static cs_Status build_again_cautiously(cs_Solver *S, Tableau *t, const cs_Cons *order, const uint32_t *lead,
                                        size_t n, bool verify, long double tolerated, bool *over)
{
    cs_tableau_discard(S, t);
    S->cautious = true;
    return cs_tableau_empty(S, t, order, n) ? build(S, t, order, lead, n, false, verify, false, tolerated, over)
                                            : CS_ERR_NOMEM;
}

/* order[0..n) with its required constraints first, each part in the order
 * it had: the rows of the required constraints are then solved before any
 * other row can take a subject from them. False where that changes nothing
 * (already so, or memory ran out). */
static bool required_first(cs_Solver *S, cs_Cons *order, size_t n)
{
    cs_Cons *rest = cs_mem_realloc(S, NULL, 0, (n + 1) * sizeof *rest);
    if (rest == NULL)
        return false;
    size_t nreq = 0, nrest = 0;
    bool moved = false;
    for (size_t k = 0; k < n; k++) {
        if (S->flags[order[k]] & CONS_REQUIRED) {
            moved = moved || nrest > 0;
            order[nreq++] = order[k];
        } else {
            rest[nrest++] = order[k];
        }
    }
    memcpy(order + nreq, rest, nrest * sizeof *rest);
    cs_mem_free(S, rest, (n + 1) * sizeof *rest);
    return moved;
}

/*
 * A fresh solve that a check sent (`verify`: an operation in place whose
 * sums cancelled past CS_ILL_CANCEL, or whose pivot was ill-conditioned)
 * kept such a sum itself (CS_CANCELLED_BUILD): the order it was built in
 * makes the same loss of digits, and a pivot on that sum carries it into
 * every row. cs_fuzz: a deletion in place kept 150,000 less
 * 149,999.99866666668 (4.4e-9 of them, where 1/750 is meant) and pivoted
 * on it; its fresh solve, in the same order, did the same, and so did the
 * fresh solve of the change set after it, whose rows then held
 * coefficients off by 1e-8 of themselves, and a later update missed a
 * required equation by 1.5e-6 of its terms. Built again with the required
 * constraints first, the same sum is made but not pivoted on, and every
 * required constraint holds. That build is kept whatever it cancels (a
 * system can cancel in every order); where it fails (its check: three C
 * tests' fresh solves held in their first order and broke a required
 * constraint required first), or memory runs out, or the order has its
 * required constraints first already, order[] is built again as it was,
 * with *lead, and the sum stays, as before 2026-11-29. Into the empty
 * *t; *lead becomes NULL where the order changed.
 */
static cs_Status build_past_cancellation(cs_Solver *S, Tableau *t, cs_Cons *order, const uint32_t **lead, size_t n,
                                         bool verify, long double tolerated, bool *over)
{
    size_t bytes = n * sizeof *order;
    cs_Cons *was = n > 0 ? cs_mem_realloc(S, NULL, 0, bytes) : NULL;
    if (was != NULL) {
        memcpy(was, order, bytes);
        if (required_first(S, order, n) && cs_tableau_empty(S, t, order, n)) {
            if (build(S, t, order, NULL, n, false, verify, false, tolerated, over) == CS_OK) {
                cs_mem_free(S, was, bytes);
                *lead = NULL;
                return CS_OK;
            }
            cs_tableau_discard(S, t); /* the failed build's */
        }
        memcpy(order, was, bytes);
        cs_mem_free(S, was, bytes);
    }
    return cs_tableau_empty(S, t, order, n) ? build(S, t, order, *lead, n, false, verify, false, tolerated, over)
                                            : CS_ERR_NOMEM;
}

/*
 * Room for order[] and lead[] (cap each) and was[] (ncons), in one block
 * kept from one change set solved afresh to the next, and grown by an
 * eighth more when it is too small; if memory runs out, the three are left
 * as they were. cap is the
 * target set's size, so a first transition fits in the block its build
 * made. Allocated for each change set, the three were new pages from the
 * kernel wherever malloc had given its heap back: a flip at tree L
 * faulted 40 to 44 pages, now 0 to 4 (getrusage around cs_apply, 5
 * replays; stack 2 to 6 either way). cs_solver_free frees it. Nothing
 * solved afresh calls back in here while it is in use.
 */
static void afresh_room(cs_Solver *S, size_t cap, size_t ncons, cs_Cons **order, uint32_t **lead, uint8_t **was)
{
    size_t need = cap * (sizeof **order + sizeof **lead) + ncons;
    if (need > S->afresh_bytes) {
        size_t bytes = need + need / 8;
        void *room = cs_mem_realloc(S, NULL, 0, bytes);
        if (room == NULL)
            return;
        cs_mem_free(S, S->afresh_room, S->afresh_bytes);
        S->afresh_room = room;
        S->afresh_bytes = bytes;
    }
    *order = S->afresh_room;
    *lead = (uint32_t *)(*order + cap);
    *was = (uint8_t *)(*lead + cap);
}

cs_Status cs_apply_afresh(cs_Solver *S, const cs_Cons *remove, size_t nremove, const cs_Cons *add, size_t nadd,
                          bool verify, long double tolerated, CacheEntry **kept, bool *done)
{
    *kept = NULL;
    *done = true; /* unless the in-place path is to say why it is refused */
    bool cautious = S->cautious; /* the caller's; a build again below may set it */
    /* Watched as a whole, not by its builds' transactions (cs_internal.h,
     * "Exact arithmetic"). */
    S->exact = false;
    bool had_rounded = cs_watch_rounding();
    S->sum_dropped = false;
    S->spares.made_before = S->spares.made;
    /* More than the target set: a valid remove[] lists nremove of the
     * nadded constraints (target_set counts the others, within cap). */
    size_t staying = nremove <= S->nadded ? S->nadded - nremove : S->nadded;
    size_t ncons = S->ncons, cap = staying + nadd + 1;
    uint8_t *was = NULL; /* NULL, with order and lead, if there is no room */
    cs_Cons *order = NULL;
    uint32_t *lead = NULL;
    if (cap <= (SIZE_MAX - ncons) / 16)
        afresh_room(S, cap, ncons, &order, &lead, &was);
    Tableau t;
    memset(&t, 0, sizeof t); /* none made when the target set is refused */
    if (was != NULL) /* put back on every failure below */
        memcpy(was, S->state, ncons);
    bool ok = was != NULL && order != NULL && lead != NULL && cs_cache_prepare(S, nremove, nadd, false, kept) == CS_OK;
    size_t n = SIZE_MAX;
    if (ok) {
        n = target_set(S, remove, nremove, add, nadd, was, order);
        if (n != SIZE_MAX && !cs_tableau_empty(S, &t, order, n))
            ok = false;
    }
    /* A target set refused is the in-place path's to report. */
    cs_Status st = !ok ? CS_ERR_NOMEM : n == SIZE_MAX ? CS_ERR_UNKNOWN : CS_OK;
    if (st == CS_OK) {
        /* The caller's order first, within a budget of work; past it,
         * the solver's own order (addition_order), with none. */
        bool over;
        const uint32_t *leads = NULL;
        st = build(S, &t, order, NULL, n, true, verify, verify, tolerated, &over);
        if (over) {
            cs_tableau_discard(S, &t);
            leads = lead;
            st = addition_order(S, order, lead, n) && cs_tableau_empty(S, &t, order, n)
                     ? build(S, &t, order, lead, n, false, verify, verify, tolerated, &over)
                     : CS_ERR_NOMEM;
            S->reorders += st == CS_OK; /* as cs_apply counts rebuilds: a refusal changes nothing */
        }
        /* A fresh solve that a check sent here kept a sum cancelled past
         * CS_ILL_CANCEL itself (build_past_cancellation). */
        if (st == CS_CANCELLED_BUILD) {
            cs_tableau_discard(S, &t);
            st = build_past_cancellation(S, &t, order, &leads, n, verify, tolerated, &over);
        }
        /* Its check failed (build): left infeasible, or its values broke
         * a required constraint, it took a rounding for real, as the
         * tableau it was to replace may have. cs_fuzz:
         * two required equations on v4 in conflict, accepted through a
         * pivot of 4e-11 beside 1 in place and again afresh. Built once
         * more cautiously, which refuses them. A cautious build that breaks
         * one too is refused, and the tableau stays the one it was to
         * replace (cs_fuzz: an edit added in place pivoted on a rounding,
         * and both fresh solves of the refactorisation after it published
         * 0 where 2 v4 + 2 == 0 is required; the tableau in place had it). */
        if (st == CS_ILL_PIVOT && !S->cautious)
            st = build_again_cautiously(S, &t, order, leads, n, verify, tolerated, &over);
        /* Both broke one: built a third time, cautiously, the required
         * constraints first (required_first). cs_fuzz: nine constraints
         * of 667s, 8s and 100s, the required `-2 v4 - 2 == 0` added after
         * the strong edit `v4 == 0`; both builds entered a slack at -4.5e-6
         * beside 1 and published v4 = 0, the edit held and the required
         * equation broken by 2 (the tableau in place broke it too). Built
         * required first, every required constraint holds. */
        if (st == CS_ILL_PIVOT && required_first(S, order, n))
            st = build_again_cautiously(S, &t, order, NULL, n, verify, tolerated, &over);
    }
    if (st == CS_OK) {
        if (*kept != NULL)
            (*kept)->t = t;
        else
            cs_tableau_discard(S, &t);
        S->republish = true; /* every value is evaluated again, and its map built */
        S->measure_floor = true;
        S->cautious_tried = S->cautious;
        /* The reserve (cs_alloc.c) is for the next configuration never
         * seen, and only while no solved state is kept: after a build,
         * that is the first transition. Once a state is kept, a layout
         * goes back and forth between states kept, and a reserve made
         * after each new one (a flip) was memory nothing took, which its
         * helper cleared while the rotations that followed ran: at XL 120
         * to 140 MB, and stack XL's ten rotations took 9.3 ms against 7.8
         * without it. A third configuration (iPad multitasking) takes its
         * memory as it comes. It is asked for here, as soon as the
         * tableau is built, so that the helper has the update's time too:
         * asked for after the update, it had only the time between that
         * and the next change set (at L, solver-bench's resize phase, 0.15
         * ms), and the flip after it faulted 2 to 4 of the reserve's blocks
         * of 2 MB itself, the helper not there yet. What the next
         * one takes is what this one made and a map of values (the
         * update's, cs_sens_expected_bytes); the update after this takes
         * a map too, from the reserve when the helper has reached it. */
        if (*kept == NULL && S->ncache == 0)
            cs_reserve(S, S->spares.made - S->spares.made_before + 2 * cs_sens_expected_bytes(S));
    } else {
        if (was != NULL)
            memcpy(S->state, was, ncons);
        cs_tableau_discard(S, &t);
        cs_cache_commit(S, *kept, false);
        *kept = NULL;
    }
    S->cautious = cautious;
    /* Built without a rounding, the update after it need not refine. */
    bool rounded = cs_rounded(had_rounded);
    S->exact = st == CS_OK && !rounded && !S->sum_dropped;
    /* Pivots of a build from an empty tableau are as good as this system's
     * arithmetic gets: solving it again would take the same ones
     * (refactor_if_due, cs_solver.c). */
    S->refactor_due = false;
    S->verify_due = false; /* a verified build is checked as it is made */
    if (st != CS_OK && st != CS_ERR_NOMEM) {
        *done = false; /* the in-place path refuses it, and says where and why */
        return CS_OK;
    }
    return st;
}

cs_Status cs_refactor(cs_Solver *S, long double tolerated)
{
    CacheEntry *kept;
    bool done;
    /* A broken build is not taken, unless it is cautious and breaks the
     * required constraints less than what stands. */
    cs_Status st = cs_apply_afresh(S, NULL, 0, NULL, 0, true, tolerated, &kept, &done);
    if (st == CS_OK && !done)
        st = CS_ERR_UNSATISFIABLE;
    S->refactors += st == CS_OK;
    return st;
}
