/*
 * cs_topo.c -- a topological order of the variables, kept while a change
 * set is solved afresh, so that the search for a new row's subject
 * (cs_simplex.c, independent_of) looks only where a cycle could close.
 *
 * A variable row that holds a variable u (a reference, or a parameter)
 * depends on it: the edge u -> v, v the row's variable. Reference rows
 * must stay acyclic (I6), and solving a new row for its parametric
 * variable v is safe when no row that depends on v, transitively, is one
 * the new row depends on. Searched as it stands, that walk goes down
 * everything below v: in a list of cells, a cell's height, solved from
 * `image.y + image.h == cell.y + cell.h`, has every later cell below it,
 * so the search ran out of budget and the row was expanded instead, nine
 * substitutions a cell. Those searches and expansions were 15% of a cells
 * build's instructions at L; with the order, the build takes 85 million
 * instructions instead of 95 (callgrind), and tree's and stack's 2% and
 * 4% more, for the check each row's subject gets.
 *
 * The order (Pearce and Kelly's dynamic topological sort): place[u] <
 * place[v] for every edge u -> v. Then a walk down from v need not go past
 * the highest place among the new row's references, `bound`: nothing below
 * a variable placed after all of them reaches one of them. In a list of
 * cells the next cell is placed after this cell's views, and the search
 * ends at once.
 *
 *   begin    an empty tableau has no edges: the variables are placed in
 *            the order they were made (views made parent first, so most
 *            rows are solved for a variable placed after what it uses),
 *            TOPO_GAP places apart: variable k at k * TOPO_GAP, the places
 *            after it free (a run), and high[k], at least the highest place
 *            in use in run k, at that.
 *   admit    a row solved for a variable v (cs_add_cons) adds an edge from
 *            every other variable it holds. Where one of them is placed
 *            after v, at most at ub, F is found: v and the variables below
 *            it placed before ub. If ub is the highest place in use in its
 *            run (high) and the run has room for F after it, F moves there
 *            in its old order, and nothing else moves: every edge out of F
 *            that leaves F goes to a place above ub, hence above the run's
 *            part in use. Else B is found too, those above the row's
 *            variables placed after v; B's places and F's are pooled and
 *            handed out B first, each set in its old order. No other
 *            operation of a build adds an edge: an expansion substitutes a
 *            reference by variables placed before it, and pivots in the
 *            objective's rows meet no variables (I5).
 *   bound    F and B together may hold 2 * CS_SEARCH_BUDGET variables, and
 *            the reorders of a change set may visit TOPO_WORK column
 *            entries and row terms for each variable and each constraint
 *            added, each variable they place again counting as many more
 *            as the sort of its set compares it (sort_cost). A change set
 *            that needs more stops keeping the order (live false), and its
 *            searches go on as they do in place, without one. The order's
 *            memory is taken as the change set begins: if there is none,
 *            the change set is refused (CS_ERR_NOMEM), as when its tableau
 *            cannot be made.
 *
 * The gaps are for the cells workload, the only one that reorders: each
 * reorder there has F of one variable and B of about five, found upward
 * through six rows (16 terms), each row a chain of dependent misses (the
 * row, its terms, the kinds of their symbols, their places), which a cells
 * L tableau keeps in the L3 and an XL one does not (B's walk was 5.5% of a
 * cells XL flip's samples, and most of cs_topo_reorder's). With room after
 * ub, B is not walked, and every reorder of the workloads finds room: a
 * cells build 0.94x at L and 0.89x at XL, its flip 0.98x (medians of 11
 * interleaved replays; the next search, dependents_clear, then meets some
 * of the misses the walk had taken). A run is used up only by a chain
 * whose F keeps growing (the one in cs_test.c), which goes on as before.
 * high[] costs 4 bytes a variable while a change set is built.
 *
 * Variables made in the reverse of the order their rows come in (a list
 * of views made last first) place the whole list again at each row: when
 * only the visits counted, a build at L sorted 640,000 to 940,000
 * variables before it gave up, and took 3 to 5 times as long as in the
 * views' order; counting the sorts, it gives up sooner (stack L 52.3 ->
 * 16.7 ms, cells 69.7 -> 21.2, tree 41.9 -> 31.8: medians of 7, the
 * trace's `var` lines reversed view by view but the root's), and the
 * views' own order stays far from the bound (cells L, the only workload
 * that reorders, counts 116,000 of 1,416,000).
 *
 * The order lives only while the tableau it describes is built: an
 * operation in place (a removal pivots variable rows) does not keep it.
 */
#include "cs_internal.h"

#include <stdlib.h>
#include <string.h>

/* What placing variables again may cost a change set, in column entries
 * and row terms visited, for each variable and each constraint added: the
 * cells workload's reorders take 1 (at L, 86,000 for 88,000 variables and
 * constraints; tree's and stack's need none); a chain made in the reverse
 * of the order its links are added moves the whole chain at each link, n^2
 * / 2 in all, and is given up once it has cost this much. */
#define TOPO_WORK 16

/* The places between two variables' first ones (below 2^32 / nvar, so
 * that a place fits a key's high half). */
#define TOPO_GAP 256

/* The arrays are kept from one build to the next (cs_topo_end) and grown
 * only when variables were made since: allocated for each build, place[]
 * and high[] (160 KB each at L, below the default allocator's large
 * blocks) were new pages from the kernel each time, 59 to 78 page faults
 * and 0.14 to 0.16 ms of a transition solved afresh at L (getrusage and
 * the clock around this function, stack, tree and cells). */
bool cs_topo_begin(cs_Solver *S, size_t nadd)
{
    Topo *T = &S->topo;
    if (S->nvar > T->cap) {
        /* An eighth more, for the views a layout makes between two builds. */
        size_t want = (size_t)S->nvar + S->nvar / 8, cap = want < UINT32_MAX ? want : UINT32_MAX;
        cs_topo_free(S);
        T->place = cs_mem_realloc(S, NULL, 0, cap * sizeof *T->place);
        T->high = cs_mem_realloc(S, NULL, 0, cap * sizeof *T->high);
        if (T->place == NULL || T->high == NULL) {
            cs_mem_free(S, T->place, cap * sizeof *T->place);
            cs_mem_free(S, T->high, cap * sizeof *T->high);
            T->place = T->high = NULL;
            return false;
        }
        T->cap = (uint32_t)cap;
    }
    if (T->key == NULL && (T->key = cs_mem_realloc(S, NULL, 0, 2 * (size_t)CS_SEARCH_BUDGET * sizeof *T->key)) == NULL)
        return false;
    T->allowance = TOPO_WORK * ((uint64_t)S->nvar + nadd) + 2 * CS_SEARCH_BUDGET;
    T->work = 0;
    T->nvar = S->nvar;
    T->gap = S->nvar <= UINT32_MAX / TOPO_GAP ? TOPO_GAP : UINT32_MAX / S->nvar;
    for (cs_Var v = 0; v < S->nvar; v++)
        T->place[v] = T->high[v] = v * T->gap;
    T->live = true;
    return true;
}

void cs_topo_end(cs_Solver *S)
{
    S->topo.live = false;
    S->topo.nvar = 0;
}

void cs_topo_free(cs_Solver *S)
{
    Topo *T = &S->topo;
    cs_mem_free(S, T->place, (size_t)T->cap * sizeof *T->place);
    cs_mem_free(S, T->high, (size_t)T->cap * sizeof *T->high);
    cs_mem_free(S, T->key, T->key != NULL ? 2 * (size_t)CS_SEARCH_BUDGET * sizeof *T->key : 0);
    memset(T, 0, sizeof *T);
}

/* A variable in a search's list: its place above its index, so that
 * sorting the keys sorts by place. */
static uint64_t key_of(const Topo *T, cs_Var v) { return (uint64_t)T->place[v] << 32 | v; }

#ifndef NDEBUG
bool cs_topo_holds(const cs_Solver *S)
{
    const Topo *T = &S->topo;
    if (!T->live)
        return true;
    for (uint32_t slot = 0; slot < S->nslot; slot++) {
        const Row *r = &S->rows[slot];
        cs_Var v;
        if (!cs_row_variable(S, r, &v))
            continue;
        for (int32_t k = 0; k < r->n; k++)
            if (S->kind[r->sym[k]] == SYM_EXTERNAL && T->place[S->owner[r->sym[k]]] >= T->place[v])
                return false;
    }
    return true;
}
#endif

static int by_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Sorts n keys: by insertion where a search found a handful (most do: a
 * cell's views), else qsort, whose setup cost more than the sort. */
static void sort_keys(uint64_t *key, uint32_t n)
{
    if (n > 32) {
        qsort(key, n, sizeof *key, by_key);
        return;
    }
    for (uint32_t i = 1; i < n; i++) {
        uint64_t x = key[i];
        uint32_t at = i;
        for (; at > 0 && key[at - 1] > x; at--)
            key[at] = key[at - 1];
        key[at] = x;
    }
}

/* What sorting n keys costs, in the units of T->work: n times the
 * comparisons of each (a qsort's log2 n past 32, an insertion sort's few
 * below). */
static uint64_t sort_cost(uint32_t n)
{
    uint32_t lg = 1;
    while (n > 32 && lg < 32 && (1u << lg) < n)
        lg++;
    return (uint64_t)n * lg;
}

/* Stops keeping the order: the rest of the change set searches without it. */
static bool give_up(cs_Solver *S)
{
    S->topo.live = false;
    return false;
}

/* Into B (bkey, *nb, at most room): the variables of row h placed after lb
 * not in it yet (stamped `above`). False, having given up, if one is in F
 * (a cycle, which the caller's search ruled out) or B outgrows its room. */
static bool push_above(cs_Solver *S, const Row *h, uint32_t lb, uint32_t below, uint32_t above, uint64_t *bkey,
                       uint32_t *nb, uint32_t room)
{
    Topo *T = &S->topo;
    if ((T->work += (uint32_t)h->n) > T->allowance)
        return give_up(S);
    for (int32_t m = 0; m < h->n; m++) {
        if (S->kind[h->sym[m]] != SYM_EXTERNAL)
            continue;
        cs_Var u = S->owner[h->sym[m]];
        if (T->place[u] <= lb || S->vdone[u] == above)
            continue;
        if (S->vpushed[u] == below || *nb == room)
            return give_up(S);
        S->vdone[u] = above;
        bkey[(*nb)++] = key_of(T, u);
    }
    return true;
}

void cs_topo_reorder(cs_Solver *S, int32_t slot, Sym subject)
{
    Topo *T = &S->topo;
    const Row *r = &S->rows[slot];
    cs_Var v = S->owner[subject];
    uint32_t lb = T->place[v], ub = 0;
    for (int32_t k = 0; k < r->n; k++) {
        uint32_t at = S->kind[r->sym[k]] == SYM_EXTERNAL ? T->place[S->owner[r->sym[k]]] : 0;
        ub = at > lb && at > ub ? at : ub;
    }
    if (ub == 0)
        return; /* what was placed after v cancelled in the expansion */

    /* F: down from v, through the rows that hold each variable, to places
     * below ub. Reaching one of the row's variables would close a cycle:
     * the caller's search proved that none is reached, so this only
     * guards the order. */
    uint64_t *key = T->key;
    uint32_t budget = 2 * CS_SEARCH_BUDGET, nf = 0, nb = 0;
    uint32_t in_row = cs_stamp_next(S);
    for (int32_t k = 0; k < r->n; k++)
        if (S->kind[r->sym[k]] == SYM_EXTERNAL)
            S->vdone[S->owner[r->sym[k]]] = in_row;
    uint32_t below = cs_stamp_next(S);
    S->vpushed[v] = below;
    key[nf++] = key_of(T, v);
    for (uint32_t i = 0; i < nf; i++) {
        Sym s = S->var_sym[(cs_Var)key[i]];
        const Column *c = &S->col[s];
        if ((T->work += (uint32_t)c->n) > T->allowance) {
            (void)give_up(S);
            return;
        }
        for (int32_t k = 0; k < c->n; k++) {
            const Row *h = &S->rows[cs_col_slot(S, c, k)];
            cs_Var w;
            if (cs_col_slot(S, c, k) == slot || !cs_row_variable(S, h, &w) || !cs_col_entry_live(c, h, s) ||
                S->vpushed[w] == below || T->place[w] > ub)
                continue;
            if (S->vdone[w] == in_row || nf == budget) {
                (void)give_up(S);
                return;
            }
            S->vpushed[w] = below;
            key[nf++] = key_of(T, w);
        }
    }

    /* Room for F right after ub, in ub's run: F moves there, in its order,
     * and B stays. */
    uint32_t run = ub / T->gap;
    if (T->high[run] == ub && ub % T->gap + nf < T->gap) {
        if ((T->work += sort_cost(nf)) > T->allowance) {
            (void)give_up(S);
            return;
        }
        sort_keys(key, nf);
        for (uint32_t k = 0; k < nf; k++)
            T->place[(cs_Var)key[k]] = ub + 1 + k;
        T->high[run] = ub + nf;
        return;
    }

    /* B: up from the row's variables placed after v, through the rows of
     * those that are references, to places above lb. */
    uint32_t above = cs_stamp_next(S);
    uint64_t *bkey = key + nf;
    if (!push_above(S, r, lb, below, above, bkey, &nb, budget - nf))
        return;
    for (uint32_t k = 0; k < nb; k++) {
        int32_t at = S->basic[S->var_sym[(cs_Var)bkey[k]]]; /* a parameter has nothing above it */
        if (at >= 0 && !push_above(S, &S->rows[at], lb, below, above, bkey, &nb, budget - nf))
            return;
    }

    /* B's places and F's, pooled in order, handed out B first. */
    if ((T->work += sort_cost(nf) + sort_cost(nb)) > T->allowance) {
        (void)give_up(S);
        return;
    }
    sort_keys(key, nf);
    sort_keys(bkey, nb);
    uint32_t *pool = S->vstack; /* F and B are distinct variables: nf + nb <= nvar */
    uint32_t i = 0, j = 0, n = 0;
    while (i < nf || j < nb)
        pool[n++] = j == nb || (i < nf && key[i] < bkey[j]) ? (uint32_t)(key[i++] >> 32) : (uint32_t)(bkey[j++] >> 32);
    for (uint32_t k = 0; k < nb; k++)
        T->place[(cs_Var)bkey[k]] = pool[k];
    for (uint32_t k = 0; k < nf; k++)
        T->place[(cs_Var)key[k]] = pool[nb + k];
}
