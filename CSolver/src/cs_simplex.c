/*
 * cs_simplex.c -- the incremental simplex of Cassowary (Badros, Borning and
 * Stuckey 2001, sections 3 and 4), in the form kiwi made popular, with a
 * column index and objective levels.
 *
 * Levels
 *   The objective is a vector of rows, highest priority first. A symbol's
 *   reduced cost is the vector of its coefficients in those rows; it can
 *   enter the basis when that vector is lexicographically negative (its
 *   first nonzero coefficient is negative). In weighted mode there is one
 *   level whose coefficients are the strengths, which is kiwi's objective,
 *   and a reduced cost must be below -CS_EPS (weights 1e6 apart leave
 *   residues that are not improvements); in lexicographic mode each strength
 *   has a level in which each error symbol weighs 1, so no violation at a
 *   lower level can buy any improvement at a higher one, and every nonzero
 *   coefficient counts: sums that cancel are already 0 (cs_cancelled), and
 *   a reduced cost of 3e-11 on a symbol that moves by 1e9 is an improvement
 *   of 0.03 (variables in units 1e6 apart).
 *
 * Reference rows
 *   A row whose basic symbol is a user variable may hold other basic user
 *   variables as terms ("references") instead of their rows: the rows of
 *   variables form a DAG over the constraints as written, and a variable's
 *   value is evaluated through it (cs_values.c). Restricted rows and the
 *   objective, which are all that pivoting reads, stay fully substituted and
 *   hold no user variable at all (I5). This is what keeps chains short: in
 *   kiwi's tableau, a view stacked below N others holds N parameters (every
 *   dummy and slack above it); here it holds the two it was placed against.
 *   Removing a variable's defining constraint turns the variable into a
 *   parameter, and every reference to it stays a true equation. A variable
 *   never enters the basis by a pivot (the objective and restricted rows do
 *   not hold it), only as the subject of a new row, so no reference needs
 *   updating when it does.
 *
 * Determinism
 *   Entering symbols are chosen by lowest id among the candidates (Bland's
 *   rule, which also rules out cycling), ratio-test ties by lowest basic
 *   symbol id, and the next infeasible row of the dual pass by lowest symbol
 *   id. No choice depends on the order of a column walk.
 */
#include "cs_internal.h"

#include <math.h>
#include <string.h>

static bool near_zero(double x) { return fabs(x) < CS_EPS; }

/* ---- Levels ------------------------------------------------------------- */

/* The index of the level of a strength, or -1. */
static int32_t level_index(const cs_Solver *S, double strength)
{
    if (S->mode == CS_WEIGHTED)
        return 0;
    int32_t lo = 0, hi = S->nlevels; /* strengths decrease along the table */
    while (lo < hi) {
        int32_t mid = (lo + hi) / 2;
        if (S->levels[mid].strength > strength)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < S->nlevels && S->levels[lo].strength == strength ? lo : -1;
}

/* The level of a strength, made if missing; -1 when memory runs out. */
static int32_t level_for(cs_Solver *S, double strength)
{
    int32_t k = level_index(S, strength);
    if (k >= 0)
        return k;
    if (!cs_save_levels(S))
        return -1;
    uint32_t cap = (uint32_t)S->caplevels;
    if (!cs_grow(S, (void **)&S->levels, sizeof(Level), &cap, (uint32_t)S->nlevels + 1))
        return -1;
    S->caplevels = (int32_t)cap;
    int32_t slot = cs_slot_new(S);
    if (slot < 0)
        return -1;
    k = 0;
    while (k < S->nlevels && S->levels[k].strength > strength)
        k++;
    for (int32_t m = S->nlevels; m > k; m--)
        S->levels[m] = S->levels[m - 1];
    S->levels[k] = (Level){ .strength = strength, .slot = slot };
    S->nlevels++;
    return k;
}

/* An error symbol's weight in its level's row. */
static double level_weight(const cs_Solver *S, double strength)
{
    return S->mode == CS_WEIGHTED ? strength : 1.0;
}

/* ---- Pivoting ----------------------------------------------------------- */

/* A restricted basic symbol's row with a negative constant needs the dual
 * simplex. */
static bool infeasible(const cs_Solver *S, Sym basic, double constant)
{
    return constant < 0.0 && cs_restricted(S, basic);
}

static bool push_infeasible(cs_Solver *S, Sym s)
{
    return cs_vec_push(S, &S->infeasible, sizeof s, &s);
}

/*
 * Replaces s by its row (slot) in every other row that holds it: rows of
 * the tableau, the objective levels and the artificial objective. Rows that
 * become infeasible are queued for the dual pass (kiwi's substitute).
 */
static bool substitute(cs_Solver *S, Sym s, int32_t slot)
{
    const Column *c = &S->col[s];
    uint32_t stamp = cs_visit_begin(S);
    for (int32_t k = 0; k < c->n; k++) {
        int32_t r = cs_col_slot(S, c, k);
        if (S->visit[r] == stamp || r == slot)
            continue;
        S->visit[r] = stamp;
        double a = cs_row_coef(&S->rows[r], s);
        if (a == 0.0)
            continue;
        Sym b = S->rows[r].basic;
        if (b != 0) /* a constraint's row (objective rows have none) */
            cs_note_growth(S, a);
        if (!cs_row_axpy(S, r, a, slot, s))
            return false;
        if (b != 0 && infeasible(S, b, S->rows[r].constant) && !push_infeasible(S, b))
            return false;
    }
    return true;
}

/* The next row of a symbol's column, from entry *k on, that holds the
 * symbol (its coefficient in *a) and that this walk (stamp) has not seen;
 * -1 when none is left. Objective rows are passed over: a constant moved
 * moves theirs by nothing that matters, and no ratio test reads them. */
static int32_t next_holder(cs_Solver *S, const Column *col, int32_t *k, uint32_t stamp, Sym marker, double *a)
{
    while (*k < col->n) {
        int32_t s = cs_col_slot(S, col, (*k)++);
        if (S->visit[s] == stamp)
            continue;
        S->visit[s] = stamp;
        const Row *row = &S->rows[s];
        if (row->basic != 0 && (*a = cs_row_coef(row, marker)) != 0.0)
            return s;
    }
    return -1;
}

/* Makes `entering` basic in row slot, whose basic symbol leaves. */
static bool pivot(cs_Solver *S, int32_t slot, Sym entering)
{
    Sym leaving = S->rows[slot].basic;
    if (!cs_row_solve_for(S, slot, entering)) /* marks the operation if ill-conditioned */
        return false;
    if (!cs_set_basic(S, leaving, -1) || !cs_set_basic(S, entering, slot))
        return false;
    S->pivots++;
    return substitute(S, entering, slot);
}

/* Removes row slot from the tableau; its basic symbol becomes parametric. */
static bool delete_row(cs_Solver *S, int32_t slot)
{
    Sym b = S->rows[slot].basic;
    if (!cs_touch(S, slot) || !cs_set_basic(S, b, -1) || !cs_slot_release(S, slot))
        return false;
    cs_row_clear(S, &S->rows[slot]);
    return true;
}

/* ---- Primal simplex ----------------------------------------------------- */

/*
 * A level's coefficient this small beside the level's largest may be what
 * its row has worn, not the tableau's: the levels are only ever updated,
 * a pivot's row at a time, and rows of 1e7 leave them 3e-8 off, where the
 * constraints' rows stay right to 1e-16 (`--rows 3 --columns 3 --seed 5`,
 * case 108: 5.3e-8 on a slack whose exact coefficient is 0).
 */
#define CS_WORN_ABOVE 1.0e-6

/* s held back at level m by coefficient c (improving_above): *worn if c
 * is below CS_WORN_ABOVE of the level's largest, found once a scan. */
static void held_back(cs_Solver *S, int32_t m, double c, bool *worn)
{
    Level *lv = &S->levels[m];
    if (lv->scanned != S->level_scan) {
        lv->largest = cs_row_largest(&S->rows[lv->slot]);
        lv->scanned = S->level_scan;
    }
    *worn |= c < CS_WORN_ABOVE * lv->largest;
}

/*
 * Is s improving at level l, given the levels above it? Any positive
 * coefficient above counts, however small, as any negative one does in
 * entering_symbol: with coefficients below CS_EPS taken for 0 on either
 * side, two symbols pivoted into each other's place forever (pivots of -4e4
 * and -2.5e-5 in turn; lexicographic, variables in units 1e-6..1e6), each
 * pivot dividing by its pivot what the other side had taken for 0 (a
 * threshold of 1e-12 of the level's largest cycled as well, in the C
 * tests, 2026-11-29). *worn is set when the one that holds s back is
 * below CS_WORN_ABOVE of its level's largest: cs_optimize then has the
 * levels made anew before it takes them for optimal (objective_anew).
 *
 * That largest is found once a scan for each level (Level.largest): at
 * an optimum every negative coefficient below is held back, and a row's
 * largest for each made a scan quadratic in the errors in conflict. Until
 * 2026-11-30 only the first eight levels kept theirs; at the ninth and
 * below, each symbol held back scanned the row again.
 */
static bool improving_above(cs_Solver *S, int32_t l, Sym s, bool *worn)
{
    for (int32_t m = 0; m < l; m++) {
        const Row *o = &S->rows[S->levels[m].slot];
        double c = cs_row_coef(o, s);
        if (c > 0.0) {
            held_back(S, m, c, worn);
            return false;
        }
    }
    return true;
}

/*
 * One scan's way of telling which symbols the levels above hold back. At
 * first each candidate is looked up in each level above (improving_above).
 * Once those lookups outnumber an eighth of the terms of the rows above
 * (MARKS_FROM of them at least: below, the lookups are short), every
 * positive coefficient of those rows is marked on its symbol instead
 * (S->held: the first level, and the coefficient), once, and each later
 * candidate reads its mark. At an optimum of a layout with many priorities
 * in conflict every negative coefficient below is held back, and the
 * lookups, a bisection into each row above for each of them at every
 * pivot, were most of a lexicographic build (Benchmarks/priorities_trace.py
 * 2,000: 54% in the bisections). The answers are the same either way.
 */
enum { MARKS_FROM = 256 };
#ifdef CS_TEST_SEAMS
/* Tests only: -1, every candidate looked up; 1, every scan marked from its
 * first candidate; 0, as it pays. */
int cs_test_marks;
#define TEST_MARKS() cs_test_marks
#else
#define TEST_MARKS() 0
#endif
typedef struct Marks {
    int32_t marked;  /* levels [0, marked) are marked for this scan */
    int32_t at;      /* the level whose rows above `above` counts (-1: none yet) */
    uint64_t above;  /* the terms of rows [marked, at) */
    uint64_t looked; /* lookups made by improving_above in this scan */
    bool unable;     /* no room for the marks: look up every candidate */
} Marks;

/* Marks levels [mk->marked, l) (mark_levels); false if there is no room
 * for the marks (nothing marked then, and no more tries this scan). */
static bool mark_levels(cs_Solver *S, int32_t l, Marks *mk)
{
    if (S->capheld < S->nsym) {
        uint32_t was = S->capheld;
        if (!cs_grow(S, (void **)&S->held, sizeof *S->held, &S->capheld, S->nsym)) {
            mk->unable = true;
            return false;
        }
        memset(S->held + was, 0, (size_t)(S->capheld - was) * sizeof *S->held); /* scan 0: never a scan's */
    }
    for (; mk->marked < l; mk->marked++) {
        const Row *o = &S->rows[S->levels[mk->marked].slot];
        for (int32_t k = 0; k < o->n; k++) {
            HeldAt *h = &S->held[o->sym[k]];
            if (o->coef[k] > 0.0 && h->scan != S->level_scan)
                *h = (HeldAt){ S->level_scan, o->coef[k], mk->marked };
        }
    }
    return true;
}

/* improving_above, by the marks where they pay (Marks). */
static bool improving_at(cs_Solver *S, int32_t l, Sym s, bool *worn, Marks *mk)
{
    if (l == 0)
        return true;
    if (mk->marked < l && !mk->unable) {
        if (mk->at != l) {
            mk->at = l;
            mk->above = 0;
            for (int32_t m = mk->marked; m < l; m++)
                mk->above += (uint64_t)S->rows[S->levels[m].slot].n;
        }
        if ((mk->above >= MARKS_FROM && mk->looked * 8 >= mk->above && TEST_MARKS() >= 0) || TEST_MARKS() > 0)
            (void)mark_levels(S, l, mk);
    }
    if (mk->marked >= l) {
        const HeldAt *h = &S->held[s];
        if (h->scan != S->level_scan || h->level >= l)
            return true;
        held_back(S, h->level, h->coef, worn);
        return false;
    }
    mk->looked += (uint64_t)l;
    return improving_above(S, l, s, worn);
}

/*
 * Below this, relative to its level's largest coefficient, a reduced cost
 * is taken for rounding in a cautious solve (S->cautious, cs_values.c,
 * "Refactorisation"). Not otherwise: there a reduced cost of 3e-11 can be
 * the system's own ("Levels"), and lpcheck's variables in units 1e-6..1e6
 * fail 5 of 1,000 cases with a threshold of 1e-9 always on. A cautious
 * solve runs only where a plain one left a required constraint broken,
 * and there cs_fuzz found reduced costs of 1.35e-6 to 4.5e-6 of their
 * level's largest (-2.7e-6 beside 2, where in exact arithmetic it is 0:
 * every value is at its optimum) that, entered, left values near 1e11
 * and a required constraint broken again; at 1e-9 (until 2026-11-28) the
 * cautious solve took them too. What a threshold this coarse can cost,
 * where it runs, is a lower level's optimum missed by that fraction.
 */
#define CS_CAUTIOUS_COST 1.0e-5

/*
 * In a cautious solve a row as written is solved only for a variable whose
 * coefficient is at least this much of the row's largest (threshold
 * pivoting, as sparse LU factorisations choose their pivots), the first
 * variable as written included; a plain solve takes that one whatever its
 * size (fresh_subject), since a layout's constraint names the item it
 * places first, and its coefficients are 1s and small counts. cs_fuzz
 * found a system of eight constraints (lexicographic) that every plain
 * order built badly: `-0.25 v2 - 2 v4 + 375 v0 + 20 <= 0` solved for v2
 * (1500 v0 in its row), then `667 v2 + 20 v3 + 0.5 <= 0` for v3 (33.35
 * v2), and the required `375 v3 == 1` through both, rows of 3,000 and
 * 24,000 that cancel to thousandths: v3 came out 2.8e-5 off. The builds'
 * checks refused all three orders (required first included), the
 * refactorisation that sent them failed, and the worn tableau's values,
 * which missed the equation by 0.0105, stood. Solved for v0 (375) and v2
 * (667), the cautious build holds it.
 */
#define CS_CAUTIOUS_SUBJECT 0.1

/* The lowest-id symbol whose reduced cost is negative, or 0 (optimal); see
 * "Levels" for what negative means in each mode. In the artificial
 * objective (objslot >= 0), below `below`: -CS_EPS, or 0 in phase one's
 * second look (add_with_artificial). *worn: a symbol was held back only
 * by a worn coefficient above (improving_above). */
static Sym entering_symbol(cs_Solver *S, int32_t objslot, double below, bool *worn)
{
    Sym best = 0;
    *worn = false;
    if (objslot >= 0) {
        const Row *o = &S->rows[objslot];
        for (int32_t k = 0; k < o->n; k++)
            if (o->coef[k] < below && S->kind[o->sym[k]] != SYM_DUMMY)
                return o->sym[k];
        return 0;
    }
    S->level_scan++; /* every level's largest and every mark to be found again */
    Marks mk = { .at = -1 };
    for (int32_t l = 0; l < S->nlevels; l++) {
        const Row *o = &S->rows[S->levels[l].slot];
        double negative = S->mode == CS_WEIGHTED ? -CS_EPS
                          : S->cautious          ? -CS_CAUTIOUS_COST * cs_row_largest(o)
                                                 : 0.0;
        for (int32_t k = 0; k < o->n; k++) {
            Sym s = o->sym[k];
            if (best != 0 && s >= best)
                break; /* sorted: nothing lower follows */
            if (o->coef[k] < negative && S->kind[s] != SYM_DUMMY && improving_at(S, l, s, worn, &mk))
                best = s;
        }
    }
    return best;
}

/*
 * The row that leaves when `entering` increases: the restricted row that
 * first reaches 0 (min ratio); -1 if none bounds it. A row where the
 * coefficient is below the pivot tolerance (cs_row_ill_conditioned) is passed
 * over when another row bounds the step and the step it allows leaves
 * this one feasible within CS_EPS / 2: that coefficient is rounding that
 * should be 0 (cs_fuzz: an error entering at 4.9e-13 beside 1,
 * degenerate, so its ratio was 0), or too small to matter over the step,
 * and pivoting on it multiplies the tableau's rounding by its inverse
 * (Harris's ratio test bounds the infeasibility it allows the same way).
 * Only when no other row bounds the step, or such a row would fall
 * further, is it the one to leave, and the operation is marked (pivot).
 * Passing over it where no other row bounds the step (taking its reduced
 * cost for noise, as when nothing bounds it) made more fuzz inputs pass,
 * and lpcheck's variables in units from 1e-6 to 1e6 fail: there such a
 * coefficient can be the system's own. A cautious solve (S->cautious)
 * passes over it all the same (`cautious`), on the objective's levels: not
 * on an artificial objective, which must reach 0 for its constraint to be
 * accepted.
 */
static int32_t leaving_row(cs_Solver *S, Sym entering, bool cautious)
{
    /* One walk finds the least ratio among the rows where entering's
     * coefficient is at least the tolerance (best) and among the others
     * (tiny); a row's largest coefficient is only looked at when its ratio
     * would win in one of the two. */
    const Column *c = &S->col[entering];
    uint32_t stamp = cs_visit_begin(S);
    int32_t best = -1, tiny = -1;
    double ratio = INFINITY, tiny_ratio = INFINITY, a;
    Sym best_sym = 0, tiny_sym = 0;
    /* Not next_holder: the restricted test first, so that no variable row
     * has its coefficient looked up (a tweak's removals 1.04 to 1.07x when
     * they were). */
    for (int32_t k = 0; k < c->n; k++) {
        int32_t r = cs_col_slot(S, c, k);
        if (S->visit[r] == stamp)
            continue;
        S->visit[r] = stamp;
        const Row *row = &S->rows[r];
        Sym b = row->basic;
        if (b == 0 || !cs_restricted(S, b) || (a = cs_row_coef(row, entering)) >= 0.0)
            continue;
        double q = -row->constant / a;
        bool wins = q < ratio || (q == ratio && b < best_sym);
        bool wins_tiny = q < tiny_ratio || (q == tiny_ratio && b < tiny_sym);
        if (!wins && !wins_tiny)
            continue;
        if (cs_row_ill_conditioned(row, entering)) {
            if (wins_tiny) {
                tiny_ratio = q;
                tiny = r;
                tiny_sym = b;
            }
        } else if (wins) {
            ratio = q;
            best = r;
            best_sym = b;
        }
    }
    if (tiny < 0 || tiny_ratio >= ratio)
        return best;
    if (best < 0)
        return cautious ? -1 : tiny; /* only tiny rows bound it */
    /* Each tiny row's constant after the step `ratio`. */
    stamp = cs_visit_begin(S);
    for (int32_t k = 0, r; (r = next_holder(S, c, &k, stamp, entering, &a)) >= 0;) {
        const Row *row = &S->rows[r];
        if (a < 0.0 && cs_restricted(S, row->basic) && row->constant + a * ratio < -CS_EPS / 2 &&
            cs_row_ill_conditioned(row, entering))
            return tiny;
    }
    return best;
}

/* Removes e from the objective rows where it looks improving. */
static bool drop_noise(cs_Solver *S, int32_t objslot, Sym e)
{
    if (objslot >= 0)
        return cs_row_remove_term(S, objslot, e);
    for (int32_t l = 0; l < S->nlevels; l++)
        if (cs_row_coef(&S->rows[S->levels[l].slot], e) < 0.0 && !cs_row_remove_term(S, S->levels[l].slot, e))
            return false;
    return true;
}

/*
 * Each objective level's row made anew from the tableau: the sum of its
 * error symbols, each basic one's row in its place (restricted rows hold
 * parameters only, I5), summed by symbol in extended precision; a sum
 * below CS_CANCEL_NOISE of the sizes that made it is 0, each row counting
 * with its largest coefficient (times the error's weight), not with the
 * term itself. A row's coefficient far below its largest can be that
 * row's own rounding: in `--rows 4 --columns 2`, case 185, three rows
 * held -2.5e-9, -1.5e-10 and -1.7e-9 on one slack beside 1e5, 600 and
 * 5e6, where the level had +4.2e-9; judged beside themselves they made
 * -4.3e-9, which entered, and the optima below were traded away.
 *
 * Otherwise the levels are only ever updated, a pivot's row at a time,
 * and two kinds of error stay in them. cs_optimize makes them anew where
 * it meets either:
 * - A sum taken for 0 (cs_cancelled, beside the two terms of one merge)
 *   that was real stays lost: lpcheck_wide (--rows 5 --columns 1,
 *   lexicographic) summed -0.0327 and 0.0327 to 5e-11 on a weak error in
 *   the strong level (exact: 5.0000000000000028e-11, 7.6e-10 of its
 *   terms); the pivot that made that error basic brought a row of 1e8 on
 *   a slack, and the level's reduced cost there was -0.005 where it
 *   should be 0, and -0.5 on another. Nothing bounded either, both were
 *   dropped as noise, and the 750,000 level stopped at 101,041; its
 *   optimum is 0.99. The rows were right to 1e-16. A sum of errors that
 *   falls without bound is proof that a level is wrong.
 * - Rounding that wore a level above a lower level's improvement: a
 *   coefficient below CS_WORN_ABOVE of its level's largest that alone
 *   holds a symbol back (improving_above). In case 108 of `--rows 3
 *   --columns 3 --seed 5` the 750,000 level held 5.3e-8 on a slack whose
 *   exact coefficient is 0, and the weak level stopped 0.209 short.
 * Not where a level merely holds a sum dropped: made anew there too
 * (tried, 2026-11-29, with sums judged beside their terms) it broke
 * builds that had been optimal. Each family of lpcheck_wide fails a
 * subset of the cases it failed before each of the two occasions. No
 * workload makes a level anew. False if memory runs out.
 */
static bool objective_anew(cs_Solver *S)
{
    size_t n = S->nsym;
    long double *sum = cs_mem_realloc(S, NULL, 0, n * sizeof *sum);
    double *size = cs_mem_realloc(S, NULL, 0, n * sizeof *size);
    bool ok = sum != NULL && size != NULL;
    for (int32_t l = 0; ok && l < S->nlevels; l++) {
        memset(sum, 0, n * sizeof *sum);
        memset(size, 0, n * sizeof *size);
        long double constant = 0;
        for (uint32_t id = 0; id < S->ncons; id++) {
            const Cons *c = &S->cons[id];
            if (S->state[id] != CONS_ADDED || cs_is_required(c->strength) || level_index(S, c->strength) != l)
                continue;
            double w = level_weight(S, c->strength);
            Sym err[2] = { c->op == CS_EQ ? S->mark[id].marker : 0, S->mark[id].other };
            for (int i = 0; i < 2; i++) {
                if (err[i] == 0)
                    continue;
                int32_t r = S->basic[err[i]];
                if (r < 0) {
                    sum[err[i]] += w;
                    size[err[i]] += w;
                    continue;
                }
                const Row *row = &S->rows[r];
                double wear = w * cs_row_largest(row); /* each term's size: see above */
                constant += (long double)w * row->constant;
                for (int32_t k = 0; k < row->n; k++) {
                    sum[row->sym[k]] += (long double)w * row->coef[k];
                    size[row->sym[k]] += wear;
                }
            }
        }
        int32_t slot = S->levels[l].slot, count = 0;
        for (Sym t = 1; t < n; t++)
            if (fabsl(sum[t]) <= CS_CANCEL_NOISE * size[t])
                sum[t] = 0;
            else
                count++;
        if (!(ok = cs_touch(S, slot)))
            break;
        Row *o = &S->rows[slot];
        cs_terms_gone(S, o->sym, o->n);
        o->n = 0;
        if (!(ok = cs_row_reserve(S, slot, count)))
            break;
        o = &S->rows[slot];
        for (Sym t = 1; t < n; t++)
            if (sum[t] != 0) {
                o->sym[o->n] = t;
                o->coef[o->n++] = (double)sum[t];
            }
        o->constant = (double)constant;
        for (int32_t k = 0; ok && k < o->n; k++) /* n first, as create_row */
            ok = cs_col_push(S, o->sym[k], slot);
    }
    cs_mem_free(S, sum, n * sizeof *sum);
    cs_mem_free(S, size, n * sizeof *size);
    return ok;
}

#ifdef CS_TEST_SEAMS
/* Tests only: cs_optimize takes the levels as they are for optimal, as it
 * did before 2026-11-29, so that a sequence cs_fuzz found then still
 * takes the route it was found on (a marker held by objective rows only). */
bool cs_test_levels_as_they_are;
#define TEST_LEVELS_AS_THEY_ARE() cs_test_levels_as_they_are
#else
#define TEST_LEVELS_AS_THEY_ARE() false
#endif

/*
 * Primal simplex on the objective levels (objslot < 0) or on one row (the
 * artificial objective). Precondition: the tableau is feasible (I4).
 */
/* Has the objective changed in this transaction (a level's row copied or
 * made, or the level table changed)? */
static bool objective_changed(const cs_Solver *S)
{
    if (S->j.levels_saved)
        return true;
    for (int32_t l = 0; l < S->nlevels; l++)
        if (S->rows[S->levels[l].slot].jstamp == S->j.stamp)
            return true;
    return false;
}

/* cs_optimize, an artificial objective's coefficients entering below
 * `below` (entering_symbol). */
static cs_Status optimize(cs_Solver *S, int32_t objslot, double below)
{
    /* Every operation ends optimal, and optimality is a property of the
     * objective's rows alone (no reduced cost below 0): if none changed,
     * there is nothing to do, and no need to scan an objective that holds
     * every hugging error of a long list (a badge's constraint edited). */
    if (objslot < 0 && !objective_changed(S))
        return CS_OK;
    bool anew = false; /* the levels made anew, at most once a call */
    for (;;) {
        bool worn = false;
        Sym e = entering_symbol(S, objslot, below, &worn);
        if (e != 0) {
            bool had = cs_choice_begins(); /* its quotients round where they will */
            int32_t r = leaving_row(S, e, S->cautious && objslot < 0);
            cs_choice_made(had);
            if (r >= 0) {
                if (!pivot(S, r, e))
                    return CS_ERR_NOMEM;
                continue;
            }
        }
        /* Optimal, or nothing bounds e. Every objective is a sum of
         * errors, >= 0 on the feasible set, so no ray can lower it: where
         * nothing bounds e, a level's row disagrees with the tableau; and
         * an optimum where a symbol was held back only by what a level
         * above may have worn is in doubt. The levels are made anew from
         * the rows then (objective_anew), once: what still looks improving
         * and is unbounded is rounding noise (weights of 1e6 leave
         * residues near 1e-5), dropped rather than taken for an unbounded
         * problem. */
        if (objslot < 0 && (e != 0 || worn) && !anew && !TEST_LEVELS_AS_THEY_ARE()) {
            anew = true;
            if (!objective_anew(S))
                return CS_ERR_NOMEM;
            continue;
        }
        if (e == 0)
            return CS_OK;
        if (!drop_noise(S, objslot, e))
            return CS_ERR_NOMEM;
    }
}

cs_Status cs_optimize(cs_Solver *S, int32_t objslot) { return optimize(S, objslot, -CS_EPS); }

/* ---- Dual simplex ------------------------------------------------------- */

/* Is ratio vector obj(s)/a below obj(t)/b? The last level compares exactly
 * (in weighted mode this is kiwi's rule), the others within CS_EPS. */
static bool ratio_less(const cs_Solver *S, Sym s, double a, Sym t, double b)
{
    for (int32_t l = 0; l < S->nlevels; l++) {
        const Row *o = &S->rows[S->levels[l].slot];
        double x = cs_row_coef(o, s) / a, y = cs_row_coef(o, t) / b;
        if (l == S->nlevels - 1)
            return x < y;
        if (x < y - CS_EPS)
            return true;
        if (x > y + CS_EPS)
            return false;
    }
    return false;
}

static Sym dual_entering_symbol(const cs_Solver *S, const Row *row)
{
    Sym best = 0;
    double best_a = 0;
    for (int32_t k = 0; k < row->n; k++) {
        Sym s = row->sym[k];
        double a = row->coef[k];
        if (a > 0.0 && S->kind[s] != SYM_DUMMY && (best == 0 || ratio_less(S, s, a, best, best_a))) {
            best = s;
            best_a = a;
        }
    }
    return best;
}

/* Restores feasibility after constants moved while keeping optimality (dual
 * simplex). A row that stays below 0 with no symbol able to enter holds only
 * required markers with the wrong signs: the required constraints cannot
 * hold together. That row is their certificate, noted with `cause`, the
 * constraint whose constant moved. */
cs_Status cs_dual_optimize(cs_Solver *S, uint32_t cause)
{
    while (S->infeasible.n > 0) {
        Sym *q = S->infeasible.p;
        size_t at = 0;
        for (size_t k = 1; k < S->infeasible.n; k++)
            if (q[k] < q[at])
                at = k;
        Sym leaving = q[at];
        q[at] = q[--S->infeasible.n];
        int32_t r = S->basic[leaving];
        if (r < 0 || near_zero(S->rows[r].constant) || S->rows[r].constant >= 0.0)
            continue;
        bool had = cs_choice_begins(); /* its quotients round where they will */
        Sym e = dual_entering_symbol(S, &S->rows[r]);
        cs_choice_made(had);
        if (e == 0) {
            cs_conflict_note(S, r, cause);
            return CS_ERR_UNSATISFIABLE;
        }
        if (!pivot(S, r, e))
            return CS_ERR_NOMEM;
    }
    return CS_OK;
}

/* ---- Adding a constraint ------------------------------------------------ */

/* The weight of a constraint's error symbol in the objective, after
 * counting the constraint as a user of its level; false on NOMEM. */
static bool objective_add(cs_Solver *S, Sym err, double strength)
{
    int32_t l = level_index(S, strength);
    return l >= 0 && cs_row_add_term(S, S->levels[l].slot, err, level_weight(S, strength));
}

static bool level_users(cs_Solver *S, double strength, int32_t delta)
{
    int32_t l = delta > 0 ? level_for(S, strength) : level_index(S, strength);
    if (l < 0 || !cs_save_levels(S))
        return false;
    S->levels[l].users += delta;
    return true;
}

/*
 * Row (1) for a constraint, in a new slot with no basic symbol yet (kiwi's
 * createRow): its expression, plus its markers. Basic variables are not
 * substituted yet: see expand_references. The row is written whole, in
 * one buffer, and sorted once: its symbols are distinct (a constraint's
 * terms are merged by variable; markers are new), so nothing merges, and
 * each goes to its column once.
 *
 * With *solved a variable's symbol (cs_add_cons asks for that when no row
 * holds the variable), the row is written already solved for it, its basic
 * symbol: the others scaled by -1 / a, as cs_row_solve_for scales them,
 * and *solved in no column; if it is not one of the constraint's terms (a
 * variable written first can merge away), *solved is set to 0 and the row
 * is written as it stands.
 */
static cs_Status create_row(cs_Solver *S, uint32_t id, Sym *solved, int32_t *out)
{
    int32_t slot = cs_slot_new(S);
    if (slot < 0)
        return CS_ERR_NOMEM;
    const Cons *c = &S->cons[id];
    bool required = cs_is_required(c->strength);
    /* Markers: a slack for an inequality, and an error beside it when it is
     * not required; two errors for a non-required equality; a dummy for a
     * required one. Each with its coefficient in the row. */
    Sym marker = 0, other = 0;
    double mcoef = 1.0, ocoef = 0.0;
    if (c->op == CS_LE || c->op == CS_GE) {
        mcoef = c->op == CS_LE ? 1.0 : -1.0;
        marker = cs_sym_new(S, SYM_SLACK, id);
        if (marker != 0 && !required) {
            other = cs_sym_new(S, SYM_ERROR, id);
            ocoef = -mcoef;
        }
    } else if (!required) {
        marker = cs_sym_new(S, SYM_ERROR, id);
        other = marker ? cs_sym_new(S, SYM_ERROR, id) : 0;
        mcoef = -1.0;
        ocoef = 1.0;
    } else {
        marker = cs_sym_new(S, SYM_DUMMY, id);
    }
    if (marker == 0 || (!required && other == 0))
        return CS_ERR_NOMEM;
    int32_t n = (int32_t)c->nterms + 1 + (other != 0);
    if (!cs_row_reserve(S, slot, n) || !cs_touch(S, slot))
        return CS_ERR_NOMEM;
    Row *r = &S->rows[slot];
    double subject_coef = 0.0;
    int32_t written = 0;
    /* Insertion sort as the terms are written: a handful each. */
    for (int32_t k = 0; k < n; k++) {
        Sym t;
        double a;
        if (k < (int32_t)c->nterms) {
            t = S->var_sym[c->terms[k].var]; /* basic variables stay as references ("Reference rows") */
            a = c->terms[k].coefficient;
        } else if (k == (int32_t)c->nterms) {
            t = marker;
            a = mcoef;
        } else {
            t = other;
            a = ocoef;
        }
        if (t == *solved) {
            subject_coef = a;
            continue;
        }
        int32_t at = written++; /* those written are in order */
        while (at > 0 && r->sym[at - 1] > t) {
            r->sym[at] = r->sym[at - 1];
            r->coef[at] = r->coef[at - 1];
            at--;
        }
        r->sym[at] = t;
        r->coef[at] = a;
    }
    r->constant = c->constant;
    if (subject_coef == 0.0) { /* terms are merged and nonzero: not one of them */
        *solved = 0;
    } else {
        /* Nearly every layout row is solved for a variable of coefficient
         * +-1: -1 leaves the terms as they are, 1 negates them, and only
         * another coefficient waits for a division (perf put a twelfth of
         * this function's samples on the multiply after it). */
        if (subject_coef == 1.0) {
            for (int32_t k = 0; k < written; k++)
                r->coef[k] = -r->coef[k];
            r->constant = -r->constant;
        } else if (subject_coef != -1.0) {
            double scale = -1.0 / subject_coef;
            for (int32_t k = 0; k < written; k++)
                r->coef[k] *= scale;
            r->constant *= scale;
        }
    }
    /* n first: if a push fails, the rollback that empties the slot counts
     * every entry pushed as gone (cs_col_gone). */
    r->n = written;
    for (int32_t k = 0; k < written; k++)
        if (!cs_col_push(S, r->sym[k], slot))
            return CS_ERR_NOMEM;
    r->basic = *solved;
    if (!required) {
        bool ok = c->op == CS_EQ ? objective_add(S, marker, c->strength) && objective_add(S, other, c->strength)
                                 : objective_add(S, other, c->strength);
        if (!ok)
            return CS_ERR_NOMEM;
    }
    if (!cs_save_cons(S, id))
        return CS_ERR_NOMEM;
    S->mark[id] = (Markers){ marker, other };
    *out = slot;
    return CS_OK;
}

/* kiwi's chooseSubject: an external variable if any (the lowest id), else a
 * marker with a negative coefficient, so the row stays feasible. */
static Sym choose_subject(const cs_Solver *S, const Row *r, Markers mk)
{
    for (int32_t k = 0; k < r->n; k++)
        if (S->kind[r->sym[k]] == SYM_EXTERNAL)
            return r->sym[k];
    Sym m[2] = { mk.marker, mk.other };
    for (int i = 0; i < 2; i++) {
        uint8_t kd = m[i] ? S->kind[m[i]] : SYM_NONE;
        if ((kd == SYM_SLACK || kd == SYM_ERROR) && cs_row_coef(r, m[i]) < 0.0)
            return m[i];
    }
    return 0;
}

static bool all_dummies(const cs_Solver *S, const Row *r)
{
    for (int32_t k = 0; k < r->n; k++)
        if (S->kind[r->sym[k]] != SYM_DUMMY)
            return false;
    return true;
}

/* Drops a parametric symbol (worth 0) from every row that holds it. */
static bool eliminate(cs_Solver *S, Sym s)
{
    const Column *c = &S->col[s];
    for (int32_t k = 0; k < c->n; k++)
        if (!cs_row_remove_term(S, cs_col_slot(S, c, k), s))
            return false;
    return true;
}

/*
 * The size of constraint c as written: |constant| + sum |a_i x_i| at the
 * values that stand (0 for a variable not solved yet), which is what
 * phase one measures its artificial against (add_with_artificial). A
 * number that decides without being written: it leaves the inexact flag
 * as it found it (cs_choice_begins), and is stored (volatile) before the
 * flag is read, so that no part of the sum is moved past that (with
 * clang, it was: C tests counted layouts that round nowhere as rounded).
 */
static __attribute__((noinline)) double written_size(const cs_Solver *S, const Cons *c)
{
    bool had = cs_choice_begins();
    double sum = fabs(c->constant);
    for (uint32_t k = 0; k < c->nterms; k++)
        sum += fabs(c->terms[k].coefficient * S->value[c->terms[k].var]);
    volatile double size = isfinite(sum) ? sum : 0.0;
    cs_choice_made(had);
    return size;
}

/*
 * A residual of a constraint within this much of its size is rounding
 * (negligible_in): the cases it was made for miss by 4e-16 to 7e-16 of
 * theirs (a few ulps of each term). Not CS_EPS of the size: cs_fuzz found
 * a required `100 v0 + 375 == 0` that the equalities before it, through
 * rows of 667, 375 and 1500, contradicted by 7e-6 (1e-8 of its size 750);
 * accepted, a later constant broke a required constraint by 0.99.
 */
#define CS_SIZE_EPS 1.0e-12

/* Is x, a residual of a constraint of that size in its own units, 0:
 * below CS_EPS (a point's), or below CS_SIZE_EPS of the size? The test
 * before 2026-11-29 (near_zero) first, which cannot round; the product
 * only where that fails, as written_size does. */
static __attribute__((noinline)) bool negligible_in(double x, double size)
{
    if (near_zero(x))
        return true;
    bool had = cs_choice_begins();
    volatile bool negligible = fabs(x) < CS_SIZE_EPS * size;
    cs_choice_made(had);
    return negligible;
}

/*
 * Section 4.1 of the paper, phase one for one row: make an artificial
 * variable basic for the row, minimise it, and accept the constraint iff it
 * reaches 0. Unlike kiwi, a row left holding only dummies at 0 is redundant
 * with the required equalities and is accepted (kiwi refuses it).
 *
 * In the constraint's own size. The artificial is the constraint's
 * residual, in the constraint's units, and the absolute CS_EPS that
 * entering_symbol and the last test apply is right for a constraint of
 * about a point. Where its terms sum to less than half of one, the
 * artificial objective is scaled up to about 1 (by a power of two, so
 * nothing rounds, and by at most 2^30): a required `0.005 v + 0.0141 <= 0`
 * against a weak `2e6 v == 6e6` holds the weak errors at 0.005 / 2e6 =
 * 2.5e-9, which entering_symbol took for 0, and phase one stopped at 0.029
 * and refused a constraint that holds. Never down: variables in units of
 * 1e-6 give a large constraint coefficients of 5e-6 that must enter
 * (lpcheck_wide --rows 0 --columns 6 refused three cases of 1,000 when
 * constraints of size 1e3 were scaled down). The last test, the other way,
 * allows CS_SIZE_EPS of the size where that is past CS_EPS: four required
 * equations with one solution left the artificial of `1e6 v + 3e5 w -
 * 1.1e7 == 0` at 1.49e-8, 8 ulps of its terms; so does cs_add_cons's test
 * of a row that holds only dummies, a constraint the required equalities
 * imply. An artificial taken for 0 so is made 0 before it leaves the
 * basis. `lpcheck_wide --rows 4 --columns 2` refused 4 cases of 1,000 in
 * both modes, and refuses none. Where the size is about a point, neither
 * changes anything (every workload's values are the same to the bit).
 *
 * Out of line, and so are written_size and negligible_in: a row without a
 * subject is rare, and inlined into cs_add_cons this path (with the size
 * and its scaling) cost every addition 6 instructions more (callgrind,
 * tree L replayed: 147.08M -> 147.54M; out of line 146.86M).
 */
static __attribute__((noinline)) cs_Status add_with_artificial(cs_Solver *S, int32_t slot, uint32_t id)
{
    Sym art = cs_sym_new(S, SYM_SLACK, id);
    if (art == 0 || !cs_touch(S, slot))
        return CS_ERR_NOMEM;
    S->rows[slot].basic = art;
    if (!cs_set_basic(S, art, slot))
        return CS_ERR_NOMEM;
    int32_t aslot = cs_slot_new(S);
    if (aslot < 0 || !cs_row_copy(S, aslot, slot) || !cs_slot_release(S, aslot))
        return CS_ERR_NOMEM;
    /* The artificial objective in units of the constraint's size ("In the
     * constraint's own size"); pivots substitute into it linearly, so it
     * stays `up` times the artificial. */
    double size = written_size(S, &S->cons[id]), up = 1.0;
    if (size > 0.0 && size < 0.5) {
        int e;
        (void)frexp(size, &e); /* size = m 2^e, m in [0.5, 1) */
        up = ldexp(1.0, -e < 30 ? -e : 30);
        Row *o = &S->rows[aslot];
        if (!isfinite(fmax(cs_row_largest(o), fabs(o->constant)) * up))
            up = 1.0;
        o->constant *= up;
        for (int32_t k = 0; k < o->n; k++)
            o->coef[k] *= up;
    }
    cs_Status st = cs_optimize(S, aslot);
    /* Before it refuses, a second look that takes any negative coefficient:
     * scaled to the constraint's size, a real one can
     * still be past -CS_EPS. `lpcheck_wide --rows 5 --columns 1` (case
     * 165): the required `-5e-5 v + 0.0317 == 0` reached 0 only through a
     * slack whose coefficient was -2.7e-9, through rows of 1e-4 and 1e4;
     * phase one stopped at 2e-4, 0.6% of the size, and refused a
     * constraint that holds, in both modes. Only on the way to a refusal,
     * so no constraint accepted before is solved differently. */
    if (st == CS_OK && !negligible_in(S->rows[aslot].constant / up, size))
        st = optimize(S, aslot, 0.0);
    if (st != CS_OK)
        return st;
    if (!negligible_in(S->rows[aslot].constant / up, size)) {
        cs_conflict_note(S, aslot, id);
        return CS_ERR_UNSATISFIABLE;
    }
    cs_row_clear(S, &S->rows[aslot]);
    int32_t r = S->basic[art];
    if (r >= 0 && !near_zero(S->rows[r].constant)) {
        /* Taken for 0 within the constraint's size: made 0, so that the
         * pivot below leaves no restricted row infeasible and no dummy
         * off 0 by it (cs_fuzz: a basic dummy at 7e-6 of `100 v0 + 375
         * == 0`). Below CS_EPS it stays, as it always has. */
        if (!cs_touch(S, r))
            return CS_ERR_NOMEM;
        S->rows[r].constant = 0.0;
    }
    if (r >= 0) {
        const Row *row = &S->rows[r];
        if (row->n == 0) /* art is identically 0 */
            return delete_row(S, r) && cs_sym_release(S, art) ? CS_OK : CS_ERR_NOMEM;
        /* Pivot art out on a slack or an error, the one with the largest
         * coefficient (art is 0: any pivot keeps the tableau feasible, and
         * the largest divides the row's rounding least); failing those, on
         * a dummy (the row says the new constraint is implied by required
         * equalities): the constraint's own marker if it is there, else the
         * lowest. A basic dummy at 0 is kiwi's redundant equality. Deleting
         * the row instead would lose any marker it alone holds, and with it
         * the way to remove that constraint later. A slack or error below
         * the pivot tolerance is rounding (cs_fuzz: 1e-10 beside 1, after
         * which a restricted row stood below 0): the dummy then, if it is
         * not. */
        Sym e = 0, dummy = 0, own = S->mark[id].marker;
        double e_size = 0.0;
        for (int32_t k = 0; k < row->n; k++) {
            uint8_t kd = S->kind[row->sym[k]];
            if ((kd == SYM_SLACK || kd == SYM_ERROR) && fabs(row->coef[k]) > e_size) {
                e = row->sym[k];
                e_size = fabs(row->coef[k]);
            } else if (kd == SYM_DUMMY && (dummy == 0 || row->sym[k] == own)) {
                dummy = row->sym[k];
            }
        }
        if (e != 0 && dummy != 0 && cs_row_ill_conditioned(row, e) && !cs_row_ill_conditioned(row, dummy)) {
            e = 0;
            /* Those slacks and errors are rounding, then, and not left in
             * the dummy's row: a later pivot on one would move that row's
             * constant, a required equality's, off 0 (cs_fuzz: 8e-11
             * beside 1 in the row of a duplicate of a required equation,
             * then the slack entered at 4.3e5 and the row read 3.5e-5). */
            for (int32_t k = row->n - 1; k >= 0; k--) {
                uint8_t kd = S->kind[row->sym[k]];
                if ((kd == SYM_SLACK || kd == SYM_ERROR) && !cs_row_remove_term(S, r, row->sym[k]))
                    return CS_ERR_NOMEM;
            }
        }
        if (!pivot(S, r, e ? e : dummy))
            return CS_ERR_NOMEM;
    }
    return eliminate(S, art) && cs_sym_release(S, art) ? CS_OK : CS_ERR_NOMEM;
}

/* Does a row other than `slot` hold s? */
static bool held_elsewhere(const cs_Solver *S, Sym s, int32_t slot)
{
    const Column *c = &S->col[s];
    for (int32_t k = 0; k < c->n; k++)
        if (cs_col_slot(S, c, k) != slot && cs_row_coef(&S->rows[cs_col_slot(S, c, k)], s) != 0.0)
            return true;
    return false;
}

/* independent_of and pivot_check visit at most CS_SEARCH_BUDGET rows
 * (cs_internal.h) before they give up, and the caller falls back to
 * expanding a row. */
/* A first, short search for a subject among the new row's variables, and
 * the expansion after it (cs_add_cons). 16 rows: in the cells workload a
 * cell's bottom (`image.y + image.h == cell.y + cell.h`) has no subject
 * as written that a short search can prove (below the cell's height hangs
 * every cell under it) and is expanded; the search before it was 64 rows,
 * 11% of a cells L or XL build's instructions. 8 is too few (a tree's
 * searches go further: its build took 1.3 times the instructions, cells'
 * 3.2); tree and stack builds are the same with 16 as with 64. */
#define CS_SHORT_SEARCH (CS_SEARCH_BUDGET < 16 ? CS_SEARCH_BUDGET : 16)
/* The search at a step of an expansion (expand): shorter still. 8 rows
 * finds a container's first child once the container cancels (the child's
 * siblings hold it). */
#define CS_STEP_SEARCH (CS_SEARCH_BUDGET < 8 ? CS_SEARCH_BUDGET : 8)

/* Stamps (in vdone) the variables that row r references; returns the
 * stamp. In *bound, the highest place among them (cs_topo.c) while an order
 * is kept: no variable placed after it depends on one of them. */
static uint32_t mark_references(cs_Solver *S, const Row *r, uint32_t *bound)
{
    uint32_t refs = cs_stamp_next(S);
    *bound = 0;
    for (int32_t k = 0; k < r->n; k++)
        if (cs_is_reference(S, r->sym[k])) {
            cs_Var u = S->owner[r->sym[k]];
            S->vdone[u] = refs;
            if (S->topo.live && S->topo.place[u] > *bound)
                *bound = S->topo.place[u];
        }
    return refs;
}

/*
 * The search of both shortcuts below: breadth first downstream (the rows
 * that reference a variable, and the rows that reference theirs), from
 * the column of `first` (0: none) and then from the n variables queued in
 * vstack (stamped `seen` in vpushed), skipping row `skip`. True when it ends
 * within `budget` rows without reaching a variable stamped `refs` in vdone
 * (mark_references); false when it reaches one, runs past the budget, or
 * finds a variable held by a restricted row or the objective (I5 says none
 * is: not for a shortcut). The column entries it reads count as a build's
 * work (cs_afresh.c, WORK_BUDGET).
 */
static bool dependents_clear(cs_Solver *S, int32_t skip, Sym first, uint32_t refs, uint32_t bound, uint32_t seen,
                             uint32_t n, uint32_t budget)
{
    uint32_t head = 0;
    Sym s = first;
    if (s == 0) {
        if (n == 0)
            return true;
        s = S->var_sym[S->vstack[head++]];
    }
    for (;;) {
        const Column *c = &S->col[s];
        S->build_work += (uint64_t)c->n;
        for (int32_t k = 0; k < c->n; k++) {
            const Row *h = &S->rows[cs_col_slot(S, c, k)];
            if (cs_col_slot(S, c, k) == skip || !cs_col_entry_live(c, h, s))
                continue;
            cs_Var u;
            if (!cs_row_variable(S, h, &u))
                return false;
            if (S->vdone[u] == refs)
                return false;
            if (!cs_topo_may_reach(S, u, bound))
                continue; /* placed after every reference: nothing below it is one */
            if (n >= budget)
                return false;
            if (S->vpushed[u] != seen) {
                S->vpushed[u] = seen;
                S->vstack[n++] = u;
            }
        }
        if (head == n)
            return true;
        s = S->var_sym[S->vstack[head++]];
    }
}

/*
 * Can row `slot` be solved for its parametric variable v as it stands,
 * references and all (its terms r: the slot's own, or an expansion's
 * working copy, expand_within)? Yes when no row that holds v is one the new row
 * depends on (through its references, transitively): then solving makes
 * those rows reference v without closing a cycle (I6), and no reference can
 * add to v's coefficient. Searched upward from each holder (who references
 * it, and who references those), which is short for what layouts hold
 * variables in: leaves such as a badge pinned to a view. True only when the
 * search finished within `budget` rows.
 */
static bool independent_of(cs_Solver *S, int32_t slot, const Row *r, Sym v, uint32_t budget)
{
    /* Held by no other row (a variable that the constraint brings in, as
     * most of a build's leads are): nothing to search. */
    const Column *c = &S->col[v];
    int32_t k = 0;
    while (k < c->n && cs_col_slot(S, c, k) == slot)
        k++;
    if (k == c->n)
        return true;
    uint32_t bound, refs = mark_references(S, r, &bound);
    return dependents_clear(S, slot, v, refs, bound, cs_stamp_next(S), 0, budget);
}

/*
 * Can variable row r be pivoted on marker m as it stands, references and
 * all (cs_remove_cons)? The pivot substitutes r into every other row that
 * holds m, which then references what r references; that closes a cycle
 * (I6) if one of those references is the variable of such a row, or
 * depends on it transitively. Searched downstream from each of those
 * variables (who references it, and who references those), skipping r,
 * whose variable the pivot makes a parameter. Expanding every reference
 * of r instead costs, in a chain of views stacked one below the other, the
 * whole chain above r, for each constraint of the chain removed.
 *
 * PIVOT_AS_IS when the search finished within CS_SEARCH_BUDGET rows and
 * no restricted row holds m (it must not receive variables, I5; the
 * caller drops what rounding left of m in the objective). PIVOT_EXPAND_ONE
 * when r references the variable of another row that holds m (a cell's
 * height defined from its image's): *ref is that reference, to expand
 * alone. PIVOT_EXPAND_ALL otherwise.
 */
enum { PIVOT_AS_IS, PIVOT_EXPAND_ONE, PIVOT_EXPAND_ALL };

static int pivot_check(cs_Solver *S, int32_t r, Sym m, Sym *ref)
{
    uint32_t bound, refs = mark_references(S, &S->rows[r], &bound);
    uint32_t seen = cs_stamp_next(S), n = 0;
    /* The variables of the other rows that hold m, queued first. */
    const Column *c = &S->col[m];
    for (int32_t k = 0; k < c->n; k++) {
        const Row *h = &S->rows[cs_col_slot(S, c, k)];
        if (cs_col_slot(S, c, k) == r || h->basic == 0 || !cs_col_entry_live(c, h, m))
            continue; /* the objective's residue is dropped before the pivot */
        if (S->kind[h->basic] != SYM_EXTERNAL)
            return PIVOT_EXPAND_ALL;
        cs_Var u = S->owner[h->basic];
        if (S->vdone[u] == refs) {
            *ref = h->basic;
            return PIVOT_EXPAND_ONE;
        }
        if (n >= CS_SEARCH_BUDGET)
            return PIVOT_EXPAND_ALL;
        if (S->vpushed[u] != seen) {
            S->vpushed[u] = seen;
            S->vstack[n++] = u;
        }
    }
    /* Then whoever references them. */
    return dependents_clear(S, r, 0, refs, bound, seen, n, CS_SEARCH_BUDGET) ? PIVOT_AS_IS : PIVOT_EXPAND_ALL;
}

/*
 * A variable of the new row to solve it for as it stands (see
 * independent_of): the first variable as written when it qualifies (within
 * the whole budget), since a constraint `item1.attr == m * item2.attr + c`
 * is written to place item1 (solving `badge.y == row.y + 4` for row.y
 * would define the row from its badge, and every later definition of
 * row.y would have to expand the chain above it); otherwise the lowest id
 * whose search ends within `budget` rows. Layouts add most constraints
 * this way: each position or size defined once, from items defined before.
 * cs_add_cons calls it twice: with a short budget first, so that a leaf (a
 * cell's image) is found before a variable with a chain below it (the
 * cell's height, which every cell under it depends on) runs the whole
 * budget, and with the whole budget after expand_within has failed. Only
 * variables whose coefficient is at least `least` in size qualify:
 * step_subject's condition (it names no lead), 0 for a row as written,
 * and in a cautious solve at least CS_CAUTIOUS_SUBJECT of the row's
 * largest, the lead's included.
 */
static Sym fresh_subject(cs_Solver *S, int32_t slot, const Row *r, uint32_t lead, uint32_t budget, double least)
{
    if (S->cautious)
        least = fmax(least, CS_CAUTIOUS_SUBJECT * cs_row_largest(r));
    if (lead != 0) {
        Sym s = S->var_sym[lead - 1];
        double a = S->basic[s] < 0 ? cs_row_coef(r, s) : 0.0;
        if (a != 0.0 && fabs(a) >= least && independent_of(S, slot, r, s, CS_SEARCH_BUDGET))
            return s;
    }
    for (int32_t k = 0; k < r->n; k++) {
        Sym s = r->sym[k];
        if (S->kind[s] == SYM_EXTERNAL && S->basic[s] < 0 && fabs(r->coef[k]) >= least &&
            independent_of(S, slot, r, s, budget))
            return s;
    }
    return 0;
}

/*
 * fresh_subject for a row part way through its expansion (expand), within
 * CS_STEP_SEARCH rows, and only a variable whose coefficient is the row's
 * largest, so that solving for it divides no term by more than it was
 * (partial pivoting, on one row). The row's coefficients are no longer the
 * constraint's own but sums of products; solving for any variable, the
 * C tests' random rounds grew rows of references whose coefficients
 * multiplied along chains (-2254 * v1), and 2 rounds in 8,000 more than
 * before failed against a fresh solve; solving only for the largest, as
 * many as before (4 in 8,000, worn by rounding: cs_values.c's
 * refactorisation now solves those again before they fail).
 * A layout's rows have coefficients of 1 and a container's count of
 * children: `3 * c1.h == p.h` is solved for c1.h.
 */
static Sym step_subject(cs_Solver *S, int32_t slot, const Row *r)
{
    return fresh_subject(S, slot, r, 0, CS_STEP_SEARCH, cs_row_largest(r));
}

static bool has_references(const cs_Solver *S, int32_t slot)
{
    const Row *r = &S->rows[slot];
    for (int32_t k = 0; k < r->n; k++)
        if (cs_is_reference(S, r->sym[k]))
            return true;
    return false;
}

/* The position in row r of the reference to substitute first (-1: none):
 * the most recently defined. Definitions mostly come after what they
 * depend on, so this approximates reverse topological order and lets a
 * shared ancestor cancel out (cell.y in `image.y + image.h == cell.y +
 * cell.h`) before it is expanded into the whole chain above it. */
static int32_t latest_reference(const cs_Solver *S, const Row *r)
{
    int32_t at = -1;
    for (int32_t k = 0; k < r->n; k++) {
        Sym t = r->sym[k];
        if (cs_is_reference(S, t) && (at < 0 || S->defined[t] > S->defined[r->sym[at]]))
            at = k;
    }
    return at;
}

/* Substitutes the references of row slot, recursively, until it holds
 * parametric symbols only (the row kiwi's createRow would have built);
 * false if memory runs out. */
static bool expand_references(cs_Solver *S, int32_t slot)
{
    for (;;) {
        const Row *r = &S->rows[slot];
        int32_t at = latest_reference(S, r);
        if (at < 0)
            return true;
        Sym ref = r->sym[at];
        cs_note_growth(S, r->coef[at]);
        if (!cs_row_axpy(S, slot, r->coef[at], S->basic[ref], ref))
            return false;
    }
}

enum { EXPANDED, EXPANSION_LONG, EXPANSION_NOMEM, EXPANSION_SUBJECT };

/*
 * One step of the expansion of row slot in scratch (expand_within): w =
 * src + a * q, with the reference ref (which q defines) dropped, where src
 * is the row as it stands at the first step and w after. The merge is
 * cs_row_axpy's (cs_terms_merge), so the row is the same to the bit, and
 * so are the columns: a symbol w gains gets the slot in its column, one
 * it loses counts as gone there, whether or not the row ends up holding
 * it. Merged into S->tmp, which is then traded for S->alt, where w lives;
 * the row itself is written once, at the end (write_expansion). False if
 * memory runs out (w as it was).
 */
static bool expansion_step(cs_Solver *S, int32_t slot, Row *w, const Row *src, double a, const Row *q, Sym ref)
{
    cs_note_growth(S, a);
    int32_t k = cs_terms_merge(S, slot, src, a, q, ref);
    if (k < 0)
        return false;
    Sym *os = S->tmp_sym;
    double *oc = S->tmp_coef;
    w->constant = src->constant + a * q->constant;
    w->n = k;
    S->tmp_sym = S->alt_sym;
    S->tmp_coef = S->alt_coef;
    int32_t cap = S->tmp_cap;
    S->tmp_cap = S->alt_cap;
    w->sym = S->alt_sym = os;
    w->coef = S->alt_coef = oc;
    w->cap = S->alt_cap = cap;
    return true;
}

/* Row slot made w (expand_within), whose symbols are in their columns
 * already (expansion_step): its terms copied, or, where the row has too
 * little room, its buffers (S->alt) traded for the row's. False if memory
 * runs out (the row as it was). */
static bool write_expansion(cs_Solver *S, int32_t slot, const Row *w)
{
    if (!cs_touch(S, slot))
        return false;
    Row *r = &S->rows[slot];
    if (w->n > r->cap) {
        S->alt_sym = r->sym;
        S->alt_coef = r->coef;
        S->alt_cap = r->cap;
        r->sym = w->sym;
        r->coef = w->coef;
        r->cap = w->cap;
    } else {
        for (int32_t k = 0; k < w->n; k++) {
            r->sym[k] = w->sym[k];
            r->coef[k] = w->coef[k];
        }
    }
    r->n = w->n;
    r->constant = w->constant;
    return true;
}

/*
 * Substitutes the references of the new row `slot` while that takes at
 * most `limit` substitutions and the row holds at most `limit` terms,
 * stopping as soon as the row, part way, has a subject as it stands
 * (step_subject, searched after a step in which terms cancelled):
 * EXPANSION_SUBJECT, the subject in *subject, or EXPANDED when no
 * reference is left; either way the row is the expansion. Otherwise
 * EXPANSION_LONG, the row as it was. Where the references share an
 * ancestor that cancels, this is a handful of substitutions: a cell's
 * `image.y + image.h == cell.y + cell.h` expands through the image and the
 * labels above it back to cell.y, which cancels, in about ten; the search
 * for a subject of the row as it stands (cell.h) would run down every cell
 * below, to the whole budget, for each cell of a long list. The last
 * child of a container in a column, `c3.y + c3.h == p.y + p.h`, has a
 * subject once p.y cancels (3 * c1.h == p.h: c1.h, p.h a reference), where
 * a full expansion went on through p.h's definition and every ancestor's,
 * to the window, and made a row that held every marker on the way: at tree
 * L rows had 6.4 terms on average instead of 3.1, and expanding them was a
 * quarter of a build's instructions.
 *
 * The steps are taken on a copy in the scratch (expansion_step), and the
 * row is written once, at the end. Each step merged into the row itself
 * (cs_row_axpy: the journal asked, the merge copied back) until 9bbb26e,
 * and a row given up was put back from a copy of it: a tree L flip
 * executed 72.1M instructions instead of 69.1M, a cells L flip 75.3M
 * instead of 74.0M (callgrind). The search at a step reads the copy (its
 * terms are passed apart from the slot, which the searches skip in every
 * column). On EXPANSION_NOMEM the operation fails and is rolled back.
 * Out of line: inlined into cs_add_cons, it cost the usual path, a row
 * with no expansion, 0.9M instructions more in stack L's build and flip.
 */
static __attribute__((noinline)) int expand_within(cs_Solver *S, int32_t slot, int32_t limit, Sym *subject)
{
    /* The row as it stands until the first step, the scratch's copy after. */
    Row w = { 0 };
    const Row *now = &S->rows[slot];
    bool cancelled = false;
    int how = EXPANSION_LONG;
    for (int32_t steps = 0;; steps++) {
        int32_t at = latest_reference(S, now);
        if (at < 0) {
            how = EXPANDED;
            break;
        }
        /* Searched only after a step in which a term cancelled (or two
         * merged), and while references are left: until then the row only
         * grew, and a subject it lacked before it most likely still lacks. */
        if (cancelled && (*subject = step_subject(S, slot, &w)) != 0) {
            how = EXPANSION_SUBJECT;
            break;
        }
        if (steps >= limit || now->n > limit)
            break;
        Sym ref = now->sym[at];
        const Row *q = &S->rows[S->basic[ref]];
        int32_t was = now->n + q->n - 1;
        S->build_work += (uint64_t)now->n + (uint64_t)q->n; /* what cs_row_axpy counts */
        if (!expansion_step(S, slot, &w, now, now->coef[at], q, ref)) {
            how = EXPANSION_NOMEM;
            break;
        }
        now = &w;
        cancelled = w.n < was - 1;
    }
    if (now != &w)
        return how; /* no step taken: the row is what it was */
    if (how != EXPANSION_LONG && how != EXPANSION_NOMEM) {
        if (write_expansion(S, slot, &w))
            return how;
        how = EXPANSION_NOMEM;
    }
    /* The row stays as it was. The columns of the symbols the steps
     * brought keep this slot, which they may (a superset, I3), counted as
     * gone: every symbol of the expansion, as when a row put back was
     * counted whole. */
    cs_terms_gone(S, w.sym, w.n);
    return how;
}

/* The variable that fresh_subject tries first for constraint c's new row
 * when its lead is basic, before it searches any column: the lowest symbol
 * among c's variables that are not (the row's order, in which the search
 * goes on); 0 if all are. Apart: inlined into cs_add_cons, it made the
 * usual case, a free lead, cost a flip at stack L 0.44M instructions more
 * (11 a constraint); apart, 0.28M. */
static __attribute__((noinline)) Sym lowest_free(const cs_Solver *S, const Cons *c)
{
    Sym lowest = 0;
    for (uint32_t k = 0; k < c->nterms; k++) {
        Sym s = S->var_sym[c->terms[k].var];
        if (S->basic[s] < 0 && (lowest == 0 || s < lowest))
            lowest = s;
    }
    return lowest;
}

/* Adds constraint id to the tableau without re-optimising the objective;
 * lead, a variable + 1 to try first as its subject (0: the constraint's
 * own, the first variable as written). */
cs_Status cs_add_cons(cs_Solver *S, uint32_t id, uint32_t lead)
{
    int32_t slot;
    double strength = S->cons[id].strength;
    if (!cs_is_required(strength) && !level_users(S, strength, +1))
        return CS_ERR_NOMEM; /* first, so that create_row finds the level */
    /* The variable the search below tries first (the lead, or lowest_free
     * when the lead is basic), when no row holds it, is the subject it
     * finds (fresh_subject: a column with no other row is nothing to
     * search), and the row is written solved for it: most of a build's
     * rows, in the solver's order (cs_afresh.c) and in a layout's. Solving
     * it after (cs_row_solve_for) wrote it, searched its column, and moved
     * and scaled the terms again: a flip at L executes 7 to 16% fewer
     * instructions (callgrind: stack 57.4M -> 48.5M, tree 79.4M -> 73.8M,
     * cells 82.9M -> 77.2M), and every value is the same. That was the
     * lead alone at first; with a basic lead too (`k.x + k.w == c.x + c.w`
     * after `k.x == c.x`: k.w, a view's trailing edge after its leading
     * one), tree 73.8M -> 72.1M and cells 77.2M -> 75.9M; stack, whose
     * leads are free in a flip, 48.5M -> 48.7M; builds at L 2 to 4% fewer. */
    uint32_t first = lead != 0 ? lead : S->cons[id].lead;
    Sym solved = first != 0 ? S->var_sym[first - 1] : 0;
    if (solved == 0 || S->basic[solved] >= 0)
        solved = lowest_free(S, &S->cons[id]);
    if (solved != 0 && S->col[solved].n > 0)
        solved = 0;
    cs_Status st = create_row(S, id, &solved, &slot);
    if (st != CS_OK)
        return st;
    /* A subject of the row as it stands, found within a short search; else
     * the row expanded, if that is short, up to the step where it has one;
     * else a subject within the whole budget; else the row expanded,
     * however long (kiwi's path). */
    Sym subject = solved != 0 ? solved : fresh_subject(S, slot, &S->rows[slot], first, CS_SHORT_SEARCH, 0.0);
    bool expanded = false;
    if (subject == 0) {
        int how = expand_within(S, slot, CS_SHORT_SEARCH, &subject);
        if (how == EXPANSION_NOMEM)
            return CS_ERR_NOMEM;
        expanded = how == EXPANDED;
        if (how == EXPANSION_LONG)
            subject = fresh_subject(S, slot, &S->rows[slot], 0, CS_SEARCH_BUDGET, 0.0);
    }
    if (subject == 0) {
        /* kiwi's path, on the fully substituted row. */
        if (!expanded && !expand_references(S, slot))
            return CS_ERR_NOMEM;
        Row *r = &S->rows[slot];
        /* Negated so that a marker subject starts feasible (its constant
         * not negative). A row whose constant is 0 is feasible either way,
         * and is negated where that makes the slack its subject rather
         * than the error beside it: the objective holds every error, and
         * substituting into it costs as many terms as it has. A height's
         * compression resistance added after its hugging has the slack;
         * the hugging added after the compression resistance had the
         * error (cells M, the order reversed: 40,000 instructions a
         * constraint, 80% of the build). */
        Sym m = S->mark[id].marker;
        if (r->constant < 0.0 ||
            (r->constant == 0.0 && S->kind[m] == SYM_SLACK && cs_row_coef(r, m) > 0.0)) {
            r->constant = -r->constant;
            for (int32_t k = 0; k < r->n; k++)
                r->coef[k] = -r->coef[k];
        }
        subject = choose_subject(S, r, S->mark[id]);
        if (subject == 0 && all_dummies(S, r)) {
            /* Implied by the required equalities, with this constant
             * ("In the constraint's own size": `1e5 v - 3.4e7 == 0`
             * implied held 2.98e-8, 4 ulps of its terms). */
            if (!near_zero(r->constant)) {
                if (!negligible_in(r->constant, written_size(S, &S->cons[id]))) {
                    cs_conflict_note(S, slot, id);
                    return CS_ERR_UNSATISFIABLE;
                }
                r->constant = 0.0; /* a basic dummy is 0 (add_with_artificial) */
            }
            subject = S->mark[id].marker;
        }
    }
    /* Solving the row for its subject (cs_row_solve_for) is a pivot, and
     * on a coefficient below the tolerance marks the operation as one
     * does: cs_fuzz found rows whose subject stood at 6e-10 of their
     * largest, what is left of terms that cancelled, after which the rows
     * held numbers of 1e11 and a required equality in conflict with another
     * was accepted (19 of the 57 failing inputs collected; no workload's
     * row comes near it: every trace replays with the same rebuilds).
     * Refusing such a subject instead broke systems whose variables are in
     * units 1e-6 to 1e6, where it is the system's own. */
    if (subject == 0) {
        st = add_with_artificial(S, slot, id);
    } else if ((subject != solved && !cs_row_solve_for(S, slot, subject)) || !cs_set_basic(S, subject, slot)) {
        st = CS_ERR_NOMEM;
    } else if (cs_restricted(S, subject) && !substitute(S, subject, slot)) {
        /* A variable subject is left as a reference in the rows that hold
         * it (all of them variable rows, I5); a marker is substituted. */
        st = CS_ERR_NOMEM;
    }
    if (st != CS_OK)
        return st;
    if (subject != 0)
        cs_topo_admit(S, slot, subject, &S->cons[id]); /* a variable subject's row adds edges to the order */
    S->state[id] = CONS_ADDED;
    return CS_OK;
}

/* ---- Removing a constraint ---------------------------------------------- */

/* Takes an error symbol's weight out of the objective (kiwi's
 * removeMarkerEffects). */
static bool remove_marker_effects(cs_Solver *S, Sym m, double strength)
{
    int32_t l = level_index(S, strength);
    if (l < 0)
        return false;
    int32_t obj = S->levels[l].slot;
    double w = level_weight(S, strength);
    return S->basic[m] >= 0 ? cs_row_axpy(S, obj, -w, S->basic[m], 0) : cs_row_add_term(S, obj, m, -w);
}

/*
 * The row to pivot a parametric marker into (kiwi's getMarkerLeavingRow):
 * first a row whose basic symbol is a dummy (a required equality that was
 * redundant with this one: its constant is 0, so the pivot moves no other
 * row's constant, and that equality takes over; through any other row the
 * dummy's row would be left off 0, its equality silently broken -- found by
 * fuzz/cs_fuzz.c); then a restricted row where it has a negative
 * coefficient, with the least ratio, so the tableau stays feasible; else a
 * restricted row with a positive one; else a row of an external variable,
 * one without references first.
 */
static int32_t marker_leaving_row(cs_Solver *S, Sym m)
{
    const Column *c = &S->col[m];
    uint32_t stamp = cs_visit_begin(S);
    int32_t first = -1, second = -1, third = -1;
    double r1 = INFINITY, r2 = INFINITY;
    Sym b1 = 0, b2 = 0, b3 = 0;
    bool plain3 = false;
    for (int32_t k = 0; k < c->n; k++) {
        int32_t r = cs_col_slot(S, c, k);
        if (S->visit[r] == stamp)
            continue;
        S->visit[r] = stamp;
        const Row *row = &S->rows[r];
        Sym b = row->basic;
        if (b == 0)
            continue;
        double a = cs_row_coef(row, m);
        if (a == 0.0)
            continue;
        if (S->kind[b] == SYM_DUMMY)
            return r; /* see above: a row of a redundant equality first */
        if (!cs_restricted(S, b)) {
            /* Any variable row will do: one without references can be
             * substituted as it stands (cs_remove_cons expands the others). */
            bool plain = !has_references(S, r);
            if (third < 0 || (plain && !plain3) || (plain == plain3 && b < b3)) { third = r; b3 = b; plain3 = plain; }
        } else if (a < 0.0) {
            double q = -row->constant / a;
            if (q < r1 || (q == r1 && b < b1)) { r1 = q; first = r; b1 = b; }
        } else {
            double q = row->constant / a;
            if (q < r2 || (q == r2 && b < b2)) { r2 = q; second = r; b2 = b; }
        }
    }
    return first >= 0 ? first : second >= 0 ? second : third;
}

cs_Status cs_remove_cons(cs_Solver *S, uint32_t id)
{
    if (!cs_save_cons(S, id))
        return CS_ERR_NOMEM;
    Cons c = S->cons[id];
    Markers mk = S->mark[id];
    if (!cs_is_required(c.strength)) {
        if ((S->kind[mk.marker] == SYM_ERROR && !remove_marker_effects(S, mk.marker, c.strength)) ||
            (mk.other && S->kind[mk.other] == SYM_ERROR && !remove_marker_effects(S, mk.other, c.strength)) ||
            !level_users(S, c.strength, -1))
            return CS_ERR_NOMEM;
    }
    int32_t r = S->basic[mk.marker];
    if (r < 0) {
        /* The pivot row is substituted into every other row that holds the
         * marker. From a variable row that would carry its references along,
         * and a row that one of them depends on could end up depending on
         * itself (I6): expand them first, when another row receives it and
         * a search cannot show that none does (pivot_check).
         * Expanding can cancel the marker out of the row: choose again. */
        for (int single = 0;; single++) {
            bool had = cs_choice_begins(); /* its quotients round where they will */
            r = marker_leaving_row(S, mk.marker);
            cs_choice_made(had);
            if (r < 0)
                break;
            if (cs_restricted(S, S->rows[r].basic) || !held_elsewhere(S, mk.marker, r) || !has_references(S, r))
                break;
            Sym ref = 0;
            int how = pivot_check(S, r, mk.marker, &ref);
            if (how == PIVOT_AS_IS)
                break;
            /* One reference at a time, a few times (each takes r upstream);
             * then all of them. */
            bool ok;
            if (how == PIVOT_EXPAND_ONE && single < 16) {
                double a = cs_row_coef(&S->rows[r], ref);
                cs_note_growth(S, a);
                ok = cs_row_axpy(S, r, a, S->basic[ref], ref);
            } else {
                ok = expand_references(S, r);
            }
            if (!ok)
                return CS_ERR_NOMEM;
        }
        /* No row holds the marker: in exact arithmetic impossible (its
         * column is the inverse basis times a unit column), but rounding
         * can cancel every coefficient below CS_EPS when the constraint's
         * coefficients are 1e9 apart (found by cs_fuzz with 1e-6 next to
         * 667). Nothing of the constraint is left to take out of the rows:
         * only its symbols go. */
        if (r < 0) {
            for (int32_t l = 0; l < S->nlevels; l++)
                if (!cs_row_remove_term(S, S->levels[l].slot, mk.marker))
                    return CS_ERR_NOMEM;
            goto release;
        }
        /* Through a variable row only when no restricted row holds the
         * marker, so its objective coefficient is 0 but for rounding; drop
         * any residue, or the pivot would carry variables into the
         * objective (I5). */
        if (!cs_restricted(S, S->rows[r].basic)) {
            for (int32_t l = 0; l < S->nlevels; l++)
                if (!cs_row_remove_term(S, S->levels[l].slot, mk.marker))
                    return CS_ERR_NOMEM;
        }
        if (!pivot(S, r, mk.marker))
            return CS_ERR_NOMEM;
    }
    if (!delete_row(S, r))
        return CS_ERR_NOMEM;
release:
    /* The other marker's column is the negated marker's (both come from
     * this constraint's row alone), so it is gone too; eliminate() makes
     * sure no rounding leaves a trace before its id is reused. */
    if (!cs_sym_release(S, mk.marker) || (mk.other && (!eliminate(S, mk.other) || !cs_sym_release(S, mk.other))))
        return CS_ERR_NOMEM;
    S->state[id] = CONS_IDLE;
    S->mark[id] = (Markers){ 0, 0 };
    return CS_OK;
}

/* ---- Edits -------------------------------------------------------------- */

/*
 * kiwi's suggestValue, for any added constraint: moves constraint id's
 * constant by dc and restores feasibility with the dual simplex.
 *
 * The constraint's row was written as  expr + constant + m * marker (+ other)
 * with m = +1 or -1 (create_row). Changing the constant by dc is the same as
 * renaming marker to marker + dc / m, so every row holding the marker (with
 * coefficient a) moves by a * dc / m, and the marker's own row (or the other
 * error's) by -dc / m (or +dc / m). Rows of user variables that refer to
 * those rows follow through the references. A row whose basic symbol is a
 * dummy must stay at 0: if it moves, required equalities that were redundant
 * now contradict each other, and the change is refused.
 */

/* A row whose basic symbol is a dummy holds a required equation: its
 * constant must stay 0. */
static bool breaks_required(const cs_Solver *S, Sym basic, double constant)
{
    return S->kind[basic] == SYM_DUMMY && !near_zero(constant);
}

static cs_Status moved(cs_Solver *S, int32_t slot, uint32_t id)
{
    Row *row = &S->rows[slot];
    if (breaks_required(S, row->basic, row->constant)) {
        cs_conflict_note(S, slot, id);
        return CS_ERR_UNSATISFIABLE;
    }
    if (infeasible(S, row->basic, row->constant) && !push_infeasible(S, row->basic))
        return CS_ERR_NOMEM;
    return CS_OK;
}

/*
 * A move of a values-map parameter's constant whose rows are known without
 * a walk (its marker's own row, or the rows gathered when the map was
 * built), and that leaves every one of them feasible, cannot fail: no pivot
 * follows, no memory is taken. Such a move (each step of a resize) is made
 * here outside a transaction, nothing logged, and skips the transaction's
 * fixed cost (a tenth of a resize step's instructions at S).
 * Anything else returns false, nothing changed, for cs_shift_constant in a
 * transaction. The rows' new constants are cs_shift_constant's sums,
 * rounded the same.
 */
CS_HOT bool cs_shift_constant_in_place(cs_Solver *S, uint32_t id, double dc)
{
    if (dc == 0.0)
        return true;
    const Sens *z = &S->sens;
    int32_t p = z->ok ? cs_sens_index(z, id) : -1;
    if (p < 0)
        return false;
    S->exact = false; /* its sums may round (cs_internal.h, "Exact arithmetic") */
    Cons *c = &S->cons[id];
    double delta = dc / cs_marker_sign(c);
    Sym marker = S->mark[id].marker, other = S->mark[id].other;
    /* The rows it moves, as cs_shift_constant finds them: the marker's (or
     * other error's) own row when basic, by -+delta (delta times -+1, the
     * same bits), else the rows gathered when the map was built. */
    int32_t r = S->basic[marker];
    Holder own;
    const Holder *h;
    size_t n;
    if (r >= 0 || (other != 0 && (r = S->basic[other]) >= 0)) {
        own = (Holder){ r, S->basic[marker] >= 0 ? -1.0 : 1.0 };
        h = &own;
        n = 1;
    } else if (z->gathered[p]) {
        h = z->holders[p].p;
        n = z->holders[p].n;
    } else {
        return false; /* its rows are still to be gathered: cs_shift_constant */
    }
    /* First the test, then the move: a refusal changes nothing. */
    for (size_t k = 0; k < n; k++) {
        const Row *row = &S->rows[h[k].slot];
        double x = row->constant + delta * h[k].a;
        if (infeasible(S, row->basic, x) || breaks_required(S, row->basic, x))
            return false; /* what moved() would act on */
    }
    for (size_t k = 0; k < n; k++) {
        Row *row = &S->rows[h[k].slot];
        row->constant += delta * h[k].a;
        cs_mark_dirty(S, row->basic);
    }
    c->constant += dc;
    return true;
}

cs_Status cs_shift_constant(cs_Solver *S, uint32_t id, double dc)
{
    if (dc == 0.0)
        return CS_OK;
    if (!cs_save_cons(S, id))
        return CS_ERR_NOMEM;
    Cons *c = &S->cons[id];
    c->constant += dc;
    double delta = dc / cs_marker_sign(c);
    Sym marker = S->mark[id].marker, other = S->mark[id].other;
    /* Only a parameter of the values map moving keeps values affine in
     * the parameters (Sens): an edit, or a constraint whose constant was
     * set before, when the map has it or is still to be built. */
    Sens *z = &S->sens;
    int32_t p = z->ok ? cs_sens_index(z, id) : -1;
    bool param = (S->flags[id] & CONS_EDIT) || (c->moves && (!z->ok || p >= 0));
    bool (*touch)(cs_Solver *, int32_t) = param ? cs_touch_constant : cs_touch;
    int32_t r = S->basic[marker];
    if (r >= 0 || (other != 0 && (r = S->basic[other]) >= 0)) {
        if (!touch(S, r))
            return CS_ERR_NOMEM;
        S->rows[r].constant += S->basic[marker] >= 0 ? -delta : delta;
        cs_Status st = moved(S, r, id);
        return st != CS_OK ? st : cs_dual_optimize(S, id);
    }
    if (p >= 0 && !z->gathered[p])
        cs_sens_gather(S, (uint32_t)p); /* if memory runs out, the walk below */
    if (p >= 0 && z->gathered[p]) {
        const Holder *h = z->holders[p].p;
        for (size_t k = 0, n = z->holders[p].n; k < n; k++) {
            if (!touch(S, h[k].slot))
                return CS_ERR_NOMEM;
            S->rows[h[k].slot].constant += delta * h[k].a;
            cs_Status st = moved(S, h[k].slot, id);
            if (st != CS_OK)
                return st;
        }
        return cs_dual_optimize(S, id);
    }
    /* Not a parameter of the map, or its rows could not be gathered: a
     * walk of the marker's column, in the order cs_sens_gather lists them. */
    const Column *col = &S->col[marker];
    uint32_t stamp = cs_visit_begin(S);
    double a;
    for (int32_t k = 0, s; (s = next_holder(S, col, &k, stamp, marker, &a)) >= 0;) {
        if (!touch(S, s))
            return CS_ERR_NOMEM;
        S->rows[s].constant += delta * a;
        cs_Status st = moved(S, s, id);
        if (st != CS_OK)
            return st;
    }
    return cs_dual_optimize(S, id);
}

void cs_sens_gather(cs_Solver *S, uint32_t p)
{
    Sens *z = &S->sens;
    Vec *held = &z->holders[p];
    Sym marker = S->mark[z->param[p]].marker;
    const Column *col = &S->col[marker];
    uint32_t stamp = cs_visit_begin(S);
    double a;
    held->n = 0;
    for (int32_t k = 0, s; (s = next_holder(S, col, &k, stamp, marker, &a)) >= 0;)
        if (!cs_vec_push(S, held, sizeof(Holder), &(Holder){ s, a }))
            return; /* the list is only a shortcut: moves walk the column */
    z->gathered[p] = 1;
}
