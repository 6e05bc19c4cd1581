/*
 * cs_values.c -- cs_update: the values of the variables whose rows changed,
 * evaluated through references (cs_simplex.c, "Reference rows").
 *
 * A variable's value is its row's constant plus, for each reference, the
 * coefficient times the referenced variable's value (parametric symbols are
 * 0). Operations mark the variables whose rows they touch; cs_update first
 * closes that set over "is referenced by" (through the column index), then
 * evaluates it depth first so that a reference is evaluated before the rows
 * that use it: one reference at a time, so the stack is the current path.
 * The stack is explicit: a chain of views is as deep as it is long.
 *
 * Two passes: the second is one step of iterative refinement (each exactly
 * holding constraint's residual fed back through its marker), which takes
 * values from the accuracy of accumulated pivot arithmetic (1e-11 seen on
 * values near 500) to that of the constraints as written; it sums each
 * value's correction, in double, and adds it to the first pass's value
 * (refine). It follows the order the first found (order[]), and computes
 * each constraint's residual once however many rows hold its marker; it
 * moves the values by it only where every row that holds the marker is
 * evaluated (correction_of). Cost: twice the rows of the variables that
 * may have changed, and the constraints of the markers they hold; once,
 * when every variable is evaluated and refinement would change none
 * (refine_every).
 */
#include "cs_internal.h"

#include <float.h>
#include <math.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__)) && !defined(CS_NO_AVX2)
#include <immintrin.h>
#define HAVE_PUBLISH_ONE_AVX2 1
#endif

static void mark(cs_Solver *S, cs_Var v)
{
    if (!S->dirty[v]) {
        S->dirty[v] = 1;
        S->dirty_list[S->ndirty++] = v;
    }
}

/* Empties the dirty set: every value it names is published (cs_update). */
static inline void clear_dirty_set(cs_Solver *S)
{
    for (uint32_t k = 0; k < S->ndirty; k++)
        S->dirty[S->dirty_list[k]] = 0;
    S->ndirty = 0;
}

/* Adds to the dirty set every variable whose row references a dirty one. */
static void close_dirty_set(cs_Solver *S)
{
    for (uint32_t k = 0; k < S->ndirty; k++) {
        Sym s = S->var_sym[S->dirty_list[k]];
        if (S->basic[s] < 0 && S->col[s].n == 0)
            continue;
        const Column *c = &S->col[s];
        for (int32_t m = 0; m < c->n; m++) {
            const Row *r = &S->rows[cs_col_slot(S, c, m)];
            if (r->basic != 0 && S->kind[r->basic] == SYM_EXTERNAL && !S->dirty[S->owner[r->basic]] &&
                cs_row_coef(r, s) != 0.0)
                mark(S, S->owner[r->basic]);
        }
    }
}

uint32_t cs_stamp_next(cs_Solver *S)
{
    if (++S->eval_stamp == 0) {
        memset(S->vdone, 0, (size_t)S->capvar * sizeof *S->vdone);
        memset(S->vpushed, 0, (size_t)S->capvar * sizeof *S->vpushed);
        memset(S->fix_stamp, 0, (size_t)S->capcons * sizeof *S->fix_stamp);
        S->eval_stamp = 1;
    }
    return S->eval_stamp;
}

static void store(cs_Solver *S, cs_Var v, double x)
{
    if (x != S->value[v] || signbit(x) != signbit(S->value[v])) {
        S->value[v] = x;
        S->changed[S->nchanged++] = v;
    }
}

/* A variable's first-pass value (x0): this update's if it is dirty. */
static long double first_pass(const cs_Solver *S, cs_Var v)
{
    return S->dirty[v] ? S->x0[v] : S->value[v];
}

/* What the second pass adds to a variable's first-pass value: this
 * update's correction if it is dirty; 0 for a value that stands. */
static double moved(const cs_Solver *S, cs_Var v)
{
    return S->dirty[v] ? S->delta[v] : 0.0;
}

/* Does constraint id hold exactly, its correction to be computed? */
static bool holds_exactly(const cs_Solver *S, uint32_t id)
{
    Markers mk = S->mark[id];
    return S->state[id] == CONS_ADDED && (mk.other == 0 || S->basic[mk.other] < 0);
}

/* holds_exactly, with its marker parametric: a basic marker is in its own
 * restricted row alone, and no variable's row holds it. The constraints
 * whose residuals refine_every sums and whose derivatives
 * sens_holds_required checks. */
static bool holds_at_marker(const cs_Solver *S, uint32_t id)
{
    Sym m = S->mark[id].marker;
    return m != 0 && S->basic[m] < 0 && holds_exactly(S, id);
}

/* Constraint c's residual at the first-pass values, in extended precision
 * (a difference of near-equal sums, and refinement is only as good as it);
 * `every`: every variable is dirty (refine_every), so that none is asked. */
static inline __attribute__((always_inline)) long double residual_of(const cs_Solver *S, const Cons *c, bool every)
{
    long double r = c->constant; /* an edit constraint's is -value */
    for (uint32_t k = 0; k < c->nterms; k++)
        r += (long double)c->terms[k].coefficient * (every ? S->x0[c->terms[k].var] : first_pass(S, c->terms[k].var));
    return r;
}

static long double residual(const cs_Solver *S, const Cons *c) { return residual_of(S, c, false); }

/* The sizes that c's residual sums, at least 1 (a point: a constraint whose
 * terms are all near 0 has no scale of its own), at the values residual_of
 * reads. Apart from residual: only a residual that is not 0 needs it
 * (note_drift), and in a build or a transition nearly all are 0
 * (refine_every). */
static inline long double residual_scale_of(const cs_Solver *S, const Cons *c, bool every)
{
    long double size = fabsl((long double)c->constant);
    for (uint32_t k = 0; k < c->nterms; k++)
        size += fabsl((long double)c->terms[k].coefficient *
                      (every ? S->x0[c->terms[k].var] : first_pass(S, c->terms[k].var)));
    return size > 1.0L ? size : 1.0L;
}

static long double residual_scale(const cs_Solver *S, const Cons *c) { return residual_scale_of(S, c, false); }

/* r over the marker's coefficient in the constraint's row, +-1: a sign.
 * Dividing, and dividing for every drift (note_drift), were two x87
 * divisions a constraint: 0.2 ms of a 3 ms update at tree L. */
static long double fix_of(const Cons *c, long double r)
{
    bool negated = c->op == CS_GE || (c->op == CS_EQ && !cs_is_required(c->strength));
    return negated ? -r : r;
}

/* How far the tableau has drifted from constraint c, |r| / scale, kept if
 * it is the largest this pass. Divided only when it can be: if the quotient
 * rounds above S->residual, |r| is at least S->residual * scale rounded
 * (both roundings keep order), so no new largest is passed over. A
 * residual of 0 is no drift. */
static void note_drift(cs_Solver *S, const Cons *c, long double r)
{
    if (r == 0.0L)
        return;
    long double scale = residual_scale(S, c), ar = fabsl(r);
    if (ar >= (long double)S->residual * scale) {
        double drift = (double)(ar / scale);
        if (drift > S->residual)
            S->residual = drift;
    }
}

/* Could residual r of constraint c be the largest drift so far? note_drift's
 * test. */
static bool may_drift(const cs_Solver *S, const Cons *c, long double r)
{
    return fabsl(r) >= (long double)S->residual * residual_scale(S, c);
}

/* Does some variable's row hold symbol p (through its column)? With
 * kept_only, some variable's that is not in this update's dirty set, and
 * so keeps its value (correction_of says why that matters). */
static bool held_by_a_variable(const cs_Solver *S, Sym p, bool kept_only)
{
    const Column *c = &S->col[p];
    for (int32_t k = 0; k < c->n; k++) {
        const Row *h = &S->rows[cs_col_slot(S, c, k)];
        if (h->basic != 0 && S->kind[h->basic] == SYM_EXTERNAL && !(kept_only && S->dirty[S->owner[h->basic]]) &&
            cs_row_coef(h, p) != 0.0)
            return true;
    }
    return false;
}

/*
 * Constraint id's correction, computed (correction): its residual, as a
 * move of its marker, where the marker is held only by rows this update
 * evaluates; 0 where a variable that keeps its value holds it too. The
 * values must be one point of the tableau: a row evaluated that references
 * a variable not evaluated reads that variable's share of the marker's
 * move as 0 (moved), and takes its own share, and where the tableau makes
 * the two cancel (v0 = s' + 100 v6 + ..., v6 = -0.01 s' + ...: v0 does not
 * depend on s') the value moves by what should have cancelled, and the
 * rows that reference it carry that on, times their coefficients (v2 =
 * 1500 v0 + 3000 s + ...: v0 short by 4.5e-12 left v2 off by 6.8e-9);
 * cs_fuzz found a required equation missed by 4.5e-6 so (a C test replays
 * it). An update of every variable needs no look; in the others (a
 * constraint added, removed or given a constant) the look is made for a
 * residual that is not 0, and the workloads' values are the same to the
 * bit. The residual counts in the drift either way: it is what the tableau
 * has lost.
 */
static long double correction_of(cs_Solver *S, uint32_t id, uint32_t stamp)
{
    long double fix = 0.0;
    if (holds_exactly(S, id)) {
        long double r = residual(S, &S->cons[id]);
        note_drift(S, &S->cons[id], r);
        if (r != 0.0L && (S->ndirty == S->nvar || !held_by_a_variable(S, S->mark[id].marker, true)))
            fix = fix_of(&S->cons[id], r);
    }
    S->fix_stamp[id] = stamp;
    S->fix[id] = fix;
    return fix;
}

/*
 * The value a parameter takes in the refinement pass. For the marker of a
 * constraint whose markers are all parametric (the constraint holds
 * exactly), it is the constraint's residual at the first-pass values over
 * the marker's coefficient in the constraint's own row, so that the
 * tableau, an identity in its parameters, carries the values back onto the
 * constraint; 0 for any other parameter. Computed once a pass (stamp) for
 * each constraint: a marker is held by every row expanded through it.
 * Inlined into the passes; the computation, once a constraint, is not.
 */
static inline __attribute__((always_inline)) long double correction(cs_Solver *S, Sym p, uint32_t stamp)
{
    uint8_t kd = S->kind[p];
    if (kd != SYM_SLACK && kd != SYM_DUMMY && kd != SYM_ERROR)
        return 0.0;
    uint32_t id = S->owner[p];
    if (S->mark[id].marker != p)
        return 0.0;
    return S->fix_stamp[id] == stamp ? S->fix[id] : correction_of(S, id, stamp);
}

/* For an update of every variable whose map has one or two parameters (a
 * window's width and height: a build's, a transition's), the columns of J
 * that the first pass sums as it sums the values; j0 NULL for none. */
typedef struct Fused {
    double *j0, *j1; /* parameter 0's and 1's columns of J (j1 NULL for one) */
    double d0, d1;   /* what a unit of each moves a row holding its marker by */
    Sym m0, m1;      /* those markers (0 for one whose d is 0: it moves nothing) */
} Fused;

static Fused fused_columns(const cs_Solver *S, const Sens *z)
{
    Fused f = { 0 };
    if (z == NULL || z->nparam < 1 || z->nparam > 2)
        return f;
    f.j0 = z->J;
    f.d0 = z->d[0];
    f.m0 = f.d0 != 0.0 ? S->mark[z->param[0]].marker : 0;
    if (z->nparam == 2) {
        f.j1 = z->J + z->capvar;
        f.d1 = z->d[1];
        f.m1 = f.d1 != 0.0 ? S->mark[z->param[1]].marker : 0;
    }
    return f;
}

/* The first pass from root: root and the dirty references it needs, depth
 * first, each with every parameter at 0, into x0, and appended to order[]
 * (from n) once evaluated; returns the new count. A reference is evaluated
 * before the rows that use it, so order[] is one the second pass can
 * follow as it stands. With f, each row's entries of J too, in the same
 * loop, in registers, in the order of the terms (each sum begun again
 * when the row is, after a descent): where the second pass summed them,
 * the second pass could not be skipped (refine_every). */
static inline __attribute__((always_inline)) uint32_t
first_pass_walk(cs_Solver *S, cs_Var root, uint32_t stamp, uint32_t n, const Fused *f, bool every)
{
    uint32_t sp = 0;
    S->vstack[sp++] = root;
    S->vpushed[root] = stamp;
    while (sp > 0) {
        cs_Var v = S->vstack[sp - 1];
        int32_t slot = S->basic[S->var_sym[v]];
        if (slot < 0) {
            S->x0[v] = 0.0;
            if (f) {
                f->j0[v] = 0.0;
                if (f->j1)
                    f->j1[v] = 0.0;
            }
            S->vdone[v] = stamp;
            S->order[n++] = v;
            sp--;
            continue;
        }
        const Row *r = &S->rows[slot];
        /* Descend into the first dirty reference not evaluated yet; the
         * stack is the current path, so one pushed but not done is on it:
         * a cycle, which I6 rules out (its current value is used). The
         * value is summed on the way, in the order of the terms, and kept
         * when no reference needs a descent: in slot order most rows are
         * ready when the walk comes to them, and were read twice. */
        cs_Var next = v;
        long double x = r->constant;
        double j0 = 0.0, j1 = 0.0;
        for (int32_t k = 0; k < r->n; k++) {
            Sym t = r->sym[k];
            if (!cs_is_reference(S, t)) {
                if (f && t == f->m0)
                    j0 += r->coef[k] * f->d0;
                if (f && t == f->m1)
                    j1 += r->coef[k] * f->d1;
                continue;
            }
            cs_Var w = S->owner[t];
            if ((every || S->dirty[w]) && S->vpushed[w] != stamp) {
                next = w;
                break;
            }
            x += r->coef[k] * (every ? S->x0[w] : first_pass(S, w));
            if (f) {
                j0 += r->coef[k] * f->j0[w];
                if (f->j1)
                    j1 += r->coef[k] * f->j1[w];
            }
        }
        if (next != v) {
            S->vpushed[next] = stamp;
            S->vstack[sp++] = next;
            continue;
        }
        S->x0[v] = x;
        if (f) {
            f->j0[v] = j0;
            if (f->j1)
                f->j1[v] = j1;
        }
        S->vdone[v] = stamp;
        S->order[n++] = v;
        sp--;
    }
    return n;
}

static uint32_t first_pass_from(cs_Solver *S, cs_Var root, uint32_t stamp, uint32_t n)
{
    return first_pass_walk(S, root, stamp, n, NULL, false);
}

/*
 * The first pass when every variable is evaluated (a build, a transition):
 * the parametric ones, then from each row in slot order; returns how many.
 * Every variable is dirty, so the walk asks no reference whether it is.
 * Slot order is mostly one in which references come first (a row is made
 * after what it references: 58 to 100% of the rows at L), so most rows are
 * evaluated as the walk comes to them, read where they lie, one after
 * another, where a walk from the variables in id order jumps between rows.
 * With f, J's columns too (first_pass_walk); f is tested once here, so
 * that each call is the walk specialised for it, with no test a term.
 *
 * The rows lie in order, but their terms do not: each row's block is its
 * own, from a slab or a free list (cs_terms_new), and the first load of
 * each was a cache miss (perf, ten first transitions at cells L: a third
 * of the full update's samples on the first use of a row's first term).
 * So the sweep asks for the terms of the row SWEEP_AHEAD slots on while
 * it sums this one: ten first transitions at cells L 3 to 5% less time
 * (a harness switching it on and off every round in one process: median
 * ratios 0.92 to 0.97 in five runs of six), stack L 1 to 3%, tree L no
 * change that its noise shows (2026-11-26, docs/performance-history.md).
 *
 * A descent leaves slot order for a row further on, and at XL, where the
 * tableau is ten times the L3, it waited on that row and then on its
 * terms, two misses one after the other: a quarter of cells' rows are
 * reached so in a build, 15% in a flip, and perf put a quarter of an XL
 * flip's full update on the descended row's first load. So the sweep
 * looks DESCENT_AHEAD slots on, where the terms asked for earlier have
 * come, for references whose rows lie further still (a term whose symbol
 * is basic is a reference: I2 and I6), asks for each such row, and for
 * its terms DESCENT_TERMS_AHEAD slots before the sweep gets there, when
 * the row has come: cells XL flip 0.935, build
 * 0.961 (medians of 21 replays, each round in a shuffled order, against
 * 1.003 and 0.980 for a second copy of the base), stack and tree within
 * their noise at L and XL (2026-11-28, docs/performance-history.md).
 * A row whose references all come first costs a look at its terms'
 * slots, which the sum reads next anyway.
 */
#define SWEEP_AHEAD 12
#define DESCENT_AHEAD 6
#define DESCENT_TERMS_AHEAD 3
enum { DESCENT_QUEUE = 32 }; /* rows asked for and their terms not yet: a power of 2 */
/* Asks for row r's term block (its symbols and coefficients). */
static inline void ask_for_terms(const Row *r)
{
    __builtin_prefetch(r->coef);
    __builtin_prefetch(r->sym);
}
static uint32_t first_pass_sweep(cs_Solver *S, uint32_t stamp, const Fused *f)
{
    uint32_t n = 0;
    for (cs_Var v = 0; v < S->nvar; v++)
        if (S->basic[S->var_sym[v]] < 0) /* 0, at once */
            n = f ? first_pass_walk(S, v, stamp, n, f, true) : first_pass_walk(S, v, stamp, n, NULL, true);
    /* Rows of descents to come, in the order asked for: the row, and the
     * slot whose look found it. */
    int32_t queued[DESCENT_QUEUE];
    uint32_t found_at[DESCENT_QUEUE], head = 0, tail = 0;
    for (uint32_t slot = 0; slot < S->nslot; slot++) {
        if (slot + SWEEP_AHEAD < S->nslot)
            ask_for_terms(&S->rows[slot + SWEEP_AHEAD]);
        uint32_t look = slot + DESCENT_AHEAD;
        if (look < S->nslot) {
            const Row *r = &S->rows[look];
            for (int32_t k = 0; k < r->n && head - tail < DESCENT_QUEUE; k++) {
                int32_t at = S->basic[r->sym[k]];
                if (at > (int32_t)look) {
                    __builtin_prefetch(&S->rows[at]);
                    queued[head % DESCENT_QUEUE] = at;
                    found_at[head % DESCENT_QUEUE] = look;
                    head++;
                }
            }
        }
        for (; tail != head && found_at[tail % DESCENT_QUEUE] <= slot + DESCENT_TERMS_AHEAD; tail++)
            ask_for_terms(&S->rows[queued[tail % DESCENT_QUEUE]]);
        Sym b = S->rows[slot].basic;
        if (b != 0 && S->kind[b] == SYM_EXTERNAL && S->vdone[S->owner[b]] != stamp)
            n = f ? first_pass_walk(S, S->owner[b], stamp, n, f, true)
                  : first_pass_walk(S, S->owner[b], stamp, n, NULL, true);
    }
    return n;
}

static void sens_row(cs_Solver *S, Sens *z, cs_Var v, const Row *r);

/* The second pass over order[0..n): each variable's correction, its row's
 * sum of its references' corrections and its parameters' (those of this
 * pass, stamp), into delta; its first-pass value plus that, published to
 * value[] (what changed is listed in changed[]); with z (an update of every
 * variable whose map has more than two parameters), each variable's entries
 * of the values map too (sens_row).
 *
 * The row is linear, so its value with the corrections is its first-pass
 * value plus the sum of what they move it by. That sum is the size of the
 * first pass's rounding (1e-14 of the value and less in the workloads), so
 * double holds it to 1e-30 of the value, and the value is rounded once, by
 * one extended addition. The pass used to sum each value again, in
 * extended precision, rounding at every term of every row on the way. Of
 * tree L's 39,368 values after its build, against the exact ones rounded
 * (fractions): 4,400 were one ulp off, 4,398 are, the same but t2868.y and
 * t8605.y (1183925/2187, 5e-17 from halfway between two doubles). The
 * others are sizes near 0.3 defined through positions near 500, and a
 * residual is only as exact as the extended sum of its terms (3e-17 at
 * 500, about half an ulp at 0.3). Tree S and M: none, before and after.
 * In double, the pass reads 8 bytes a variable where it read 16, and
 * sums with no x87 load or store. A value of 0 is +0 here (x0 + +0). */
/* A correction past this part of the value it makes (at least 1) is not a
 * rounding mended: refinement through a column of numbers near 1e15 (a
 * tableau worn ill-conditioned) can move a value by whole points, and
 * full_update then keeps whichever values break the required constraints
 * less (keep_the_better_values). Corrections in the workloads are below
 * 1e-13 of their values. */
#define CORRECTED_FAR 1.0e-6

/* Each value's correction d[] (corr[] by symbol, or delta[] by variable:
 * `by_symbol`) against the value it made, once the largest of them is
 * past CORRECTED_FAR (rarely: the loops that sum them keep only the
 * largest, where this test on each value took 0.4% of a tree L replay's
 * instructions). */
static void note_far_corrections(cs_Solver *S, uint32_t n, const double *d, bool by_symbol)
{
    for (uint32_t i = 0; i < n; i++) {
        cs_Var v = S->order[i];
        double c = d[by_symbol ? S->var_sym[v] : v];
        if (fabs(c) > CORRECTED_FAR * (1.0 + fabs(S->value[v])))
            S->corrected_far = true;
    }
}

static void refine(cs_Solver *S, uint32_t n, uint32_t stamp, Sens *z)
{
    double largest = 0.0; /* correction */
    for (uint32_t i = 0; i < n; i++) {
        cs_Var v = S->order[i];
        int32_t slot = S->basic[S->var_sym[v]];
        if (slot < 0) {
            S->delta[v] = 0.0;
            store(S, v, 0.0);
            for (uint32_t p = 0; z && p < z->nparam; p++)
                z->J[(size_t)p * z->capvar + v] = 0.0;
            continue;
        }
        const Row *r = &S->rows[slot];
        double d = 0.0;
        for (int32_t k = 0; k < r->n; k++) {
            Sym t = r->sym[k];
            d += r->coef[k] * (cs_is_reference(S, t) ? moved(S, S->owner[t]) : (double)correction(S, t, stamp));
        }
        S->delta[v] = d;
        largest = fabs(d) > largest ? fabs(d) : largest;
        store(S, v, (double)(S->x0[v] + d));
        if (z)
            sens_row(S, z, v, r);
    }
    if (largest > CORRECTED_FAR)
        note_far_corrections(S, n, S->delta, false);
}

/*
 * refine, for an update of every variable whose J the first pass summed
 * (refine_every): corr[] holds, by symbol, each exactly holding
 * constraint's correction at its marker and 0 at every other symbol, and
 * each variable's correction is written at its own symbol once its row is
 * summed, so that a row's sum is one load a term, whatever the term is: a
 * reference (the variable's correction: order[] puts it first), a marker,
 * or any other parameter (0). refine asks each term what it is (its kind,
 * whether it is basic, its owner and that one's marker and stamp): at tree
 * L, 220 instructions a row. The values, and the order of each sum, are
 * refine's.
 */
static void refine_all(cs_Solver *S, uint32_t n, double *restrict corr)
{
    double largest = 0.0; /* correction */
    for (uint32_t i = 0; i < n; i++) {
        cs_Var v = S->order[i];
        Sym s = S->var_sym[v];
        int32_t slot = S->basic[s];
        if (slot < 0) {
            store(S, v, 0.0); /* corr[s] stays 0 */
            continue;
        }
        const Row *r = &S->rows[slot];
        double d = 0.0;
        for (int32_t k = 0; k < r->n; k++)
            d += r->coef[k] * corr[r->sym[k]];
        corr[s] = d;
        largest = fabs(d) > largest ? fabs(d) : largest;
        store(S, v, (double)(S->x0[v] + d));
    }
    if (largest > CORRECTED_FAR)
        note_far_corrections(S, n, corr, true);
}

/*
 * The second pass when every variable was evaluated (a build, a
 * transition), J, if it is made, summed by the first. Each exactly holding
 * constraint's correction first, in constraint order; while every one that
 * some variable's row holds is 0, every variable's correction is 0, and
 * the first pass's values plus 0 (which makes a -0 +0, as refine's sum
 * does) are published: refine's to the bit. That is every build and
 * transition of the stack and cells workloads (their constraints hold to
 * the last bit of the first pass): a full update at L took 2.7 ms (stack)
 * and 3.4 ms (cells), and takes 2.1 and 2.3. In tree's, 8% of the
 * corrections are not 0 (a width divided among three children), and
 * every row is summed again (refine_all), the corrections by symbol. A
 * nonzero correction counts in the drift (S->residual) when a variable's
 * row holds its marker, as when refine computes it for such a row.
 * A residual of 0 (nearly all of them) is neither stored nor given its
 * scale (residual_scale), and no variable is asked whether it is dirty
 * (all are): with the same in the first pass, 1 to 2% fewer instructions
 * in a transition at L (callgrind: tree 0.6M of 80M, cells 1.4M of 86M)
 * and 2 to 4% less time (ten first transitions, `--cache 0`, medians of
 * 4 interleaved); the values are the same to the bit. Where corr[] cannot
 * be had (out of memory), refine, which computes the corrections as it
 * comes to them, gives the same values. `exact`: neither the tableau's
 * build nor the first pass rounded (cs_internal.h, "Exact arithmetic"),
 * so every residual is 0 and none is summed; the values published are
 * the same.
 */
static void refine_every(cs_Solver *S, uint32_t n, bool exact)
{
    S->residual = 0.0;
    double *corr = NULL;
    bool moves = false;
    S->exact_updates += exact;
    for (uint32_t id = 0; id < S->ncons && !exact; id++) {
        if (!holds_at_marker(S, id))
            continue;
        Sym p = S->mark[id].marker;
        CS_ASSERT(S->owner[p] == id);
        long double r = residual_of(S, &S->cons[id], true);
        if (r == 0.0L)
            continue; /* its correction, 0 of either sign, is 0 in corr[] */
        if (corr == NULL) {
            if (!cs_grow(S, (void **)&S->corr, sizeof *S->corr, &S->capcorr, S->nsym)) {
                refine(S, n, cs_stamp_next(S), NULL);
                return;
            }
            corr = S->corr;
            memset(corr, 0, (size_t)S->nsym * sizeof *corr);
        }
        corr[p] = (double)fix_of(&S->cons[id], r);
        /* Whether a variable's row holds p (two or three cache misses)
         * matters while none has moved a value, and then only where this
         * residual could be the largest drift. */
        if ((!moves || may_drift(S, &S->cons[id], r)) && held_by_a_variable(S, p, false)) {
            note_drift(S, &S->cons[id], r);
            moves = true;
        }
    }
    if (moves) {
        refine_all(S, n, corr);
        return;
    }
    for (uint32_t i = 0; i < n; i++) {
        cs_Var v = S->order[i];
        store(S, v, (double)(S->x0[v] + 0.0)); /* a parameter's x0 is 0 */
    }
}

/* ---- Moving edits ---------------------------------------------------------
 *
 * A suggestion moves the constant of each row that holds its edit
 * constraint's marker (cs_shift_constant) and, when no row turns
 * infeasible, nothing else: the basis and every coefficient stay. So does
 * a new constant for any constraint (cs_cons_set_constant), which is how
 * the Swift layer resizes a window (its autoresizing constraints). A
 * variable's value is its row's constant plus coefficients times the values
 * it references, so as long as the tableau keeps its shape the values are
 * affine in those constants, the map's parameters:
 *
 *     value[v] = base[v] + sum_k J[k][v] * (constant_k - p0[k])        (3)
 *
 * where J[k][v] = a_k(v) / m_k + sum over references w of coef(w) * J[k][w],
 * a_k(v) is the coefficient of parameter k's marker in v's row and m_k the
 * marker's sign in its constraint's row (cs_marker_sign: a constant moved by
 * dc moves such rows by a * dc / m). The parameters are every edit
 * constraint (constant = -value) and every added constraint whose constant
 * has ever been set (S->movers). J is built once, in one pass in reference
 * order, after a full update that followed only parameter moves (a resize
 * in progress) or that evaluated a quarter of the variables or more (see
 * cs_update); later updates are then one multiply-add for each parameter
 * that moved, for each variable that depends on one, and no walk of the
 * tableau at all. Any
 * other change (cs_reshaped), or a constant set for the first time, drops
 * it. base is the full update's refined values, so (3) with no move gives
 * exactly what a full update would.
 */

/*
 * The map's arrays but its gathered rows, in one block, each array 16-byte
 * aligned, in the order below: one allocation instead of ten, one copy when
 * a tableau is copied, and at L (4 MB at tree L) one large enough for the
 * default allocator's huge pages, where the arrays apart (0.25 to 2 MB)
 * were written into fresh 4 KB pages, 270 page faults a build. Returns the
 * block's bytes (0 if that overflows); with a block, points z's arrays
 * into it (NULL where an array is empty).
 */
static size_t sens_layout(Sens *z, size_t ne, size_t nv, char *block)
{
    if (ne > 0 && nv > SIZE_MAX / 64 / ne)
        return 0;
    struct { void **field; size_t bytes; } f[] = {
        { (void **)&z->param, ne * sizeof *z->param }, { (void **)&z->p0, ne * sizeof *z->p0 },
        { (void **)&z->d, ne * sizeof *z->d }, { (void **)&z->nplist, ne * sizeof *z->nplist },
        { (void **)&z->dprev, ne * sizeof *z->dprev }, { (void **)&z->base, nv * sizeof *z->base },
        { (void **)&z->list, nv * sizeof *z->list }, { (void **)&z->J, ne * nv * sizeof *z->J },
        { (void **)&z->plist, ne * nv * sizeof *z->plist }, { (void **)&z->pbase, ne * nv * sizeof *z->pbase },
        { (void **)&z->pj, ne * nv * sizeof *z->pj },
    };
    size_t at = 0;
    for (size_t k = 0; k < sizeof f / sizeof *f; k++) {
        if (block != NULL)
            *f[k].field = f[k].bytes > 0 ? block + at : NULL;
        at += (f[k].bytes + 15) & ~(size_t)15;
    }
    return at;
}

size_t cs_sens_bytes(const Sens *z)
{
    Sens scratch; /* sens_layout without a block only sizes: scratch is not read or written */
    size_t bytes = sens_layout(&scratch, z->capparam, z->capvar, NULL) +
                   (size_t)z->capparam * (sizeof *z->holders + sizeof *z->gathered + sizeof *z->runs);
    for (uint32_t p = 0; p < z->capparam; p++)
        bytes += z->holders[p].cap * sizeof(Holder) + z->runs[p].runs.cap * sizeof(Run) +
                 z->runs[p].narrow.cap * sizeof(float);
    return bytes;
}

void cs_changed_own(cs_Solver *S)
{
    if (S->changed_list != NULL) {
        memcpy(S->changed, S->changed_list, (size_t)S->nchanged * sizeof *S->changed);
        S->changed_list = NULL;
    }
}

void cs_sens_free(cs_Solver *S, Sens *z)
{
    cs_changed_own(S); /* the list may be this map's */
    cs_mem_free(S, z->block, sens_layout(z, z->capparam, z->capvar, NULL));
    for (uint32_t k = 0; k < z->capparam && z->holders; k++)
        cs_vec_free(S, &z->holders[k], sizeof(Holder));
    for (uint32_t k = 0; k < z->capparam && z->runs; k++) {
        cs_vec_free(S, &z->runs[k].runs, sizeof(Run));
        cs_vec_free(S, &z->runs[k].narrow, sizeof(float));
    }
    cs_mem_free(S, z->holders, (size_t)z->capparam * sizeof *z->holders);
    cs_mem_free(S, z->gathered, (size_t)z->capparam * sizeof *z->gathered);
    cs_mem_free(S, z->runs, (size_t)z->capparam * sizeof *z->runs);
    memset(z, 0, sizeof *z);
}

bool cs_sens_alloc(cs_Solver *S, Sens *z, uint32_t capparam, uint32_t capvar)
{
    memset(z, 0, sizeof *z);
    size_t ne = capparam, bytes = sens_layout(z, capparam, capvar, NULL);
    if (bytes == 0 && (size_t)capparam + capvar > 0)
        return false;
    z->block = cs_mem_realloc(S, NULL, 0, bytes);
    z->holders = cs_mem_realloc(S, NULL, 0, ne * sizeof *z->holders);
    z->gathered = cs_mem_realloc(S, NULL, 0, ne * sizeof *z->gathered);
    z->runs = cs_mem_realloc(S, NULL, 0, ne * sizeof *z->runs);
    z->capparam = capparam;
    z->capvar = capvar;
    if (z->holders != NULL)
        memset(z->holders, 0, ne * sizeof *z->holders);
    if (z->gathered != NULL)
        memset(z->gathered, 0, ne * sizeof *z->gathered);
    if (z->runs != NULL)
        memset(z->runs, 0, ne * sizeof *z->runs);
    /* A zero-sized array is NULL, and fine. */
    if ((bytes > 0 && z->block == NULL) ||
        (ne > 0 && (z->holders == NULL || z->gathered == NULL || z->runs == NULL))) {
        cs_sens_free(S, z);
        return false;
    }
    sens_layout(z, capparam, capvar, z->block);
    return true;
}

/* to holds from's items (in room of its own); false if memory runs out. */
static bool vec_assign(cs_Solver *S, Vec *to, const Vec *from, size_t item)
{
    if (!cs_vec_reserve(S, to, item, from->n))
        return false;
    if (from->n > 0)
        memcpy(to->p, from->p, from->n * item);
    to->n = from->n;
    return true;
}

bool cs_sens_copy(cs_Solver *S, Sens *c, const Sens *z)
{
    if (!cs_sens_alloc(S, c, z->capparam, z->capvar))
        return false;
    if (c->block != NULL) /* laid out alike; d is scratch, copied with the rest */
        memcpy(c->block, z->block, sens_layout(c, z->capparam, z->capvar, NULL));
    c->nparam = z->nparam;
    c->nlist = z->nlist;
    c->nvar = z->nvar;
    c->ok = z->ok;
    /* The runs too, so that the copy resizes as fast; a list whose runs
     * find no memory is published from the list itself. */
    for (uint32_t p = 0; p < z->nparam; p++) {
        const ListRuns *from = &z->runs[p];
        ListRuns *to = &c->runs[p];
        to->on = from->on && vec_assign(S, &to->runs, &from->runs, sizeof(Run)) &&
                 vec_assign(S, &to->narrow, &from->narrow, sizeof(float));
        to->most = from->most;
    }
    return true;
}

/* Room for nparam parameters over S->nvar variables; false (and nothing)
 * if memory runs out: the full path needs none of it. Sized by the
 * variables there are, an eighth more for those made later, not by the
 * capacity of the variables' arrays (a power of two: at tree L 65,536 for
 * 39,368), since each of the map's arrays has a column of that many and a
 * transition to a new configuration writes the map afresh, into pages
 * fresh from the kernel: 4.5 MB there, three huge pages to clear, became
 * 3.0 MB, two. */
static uint32_t sens_room(const cs_Solver *S)
{
    return S->nvar <= UINT32_MAX / 9 * 8 ? S->nvar + S->nvar / 8 : S->nvar;
}

static bool sens_reserve(cs_Solver *S, Sens *z, uint32_t nparam)
{
    if (nparam <= z->capparam && S->nvar <= z->capvar)
        return true;
    cs_sens_free(S, z);
    return cs_sens_alloc(S, z, nparam, sens_room(S));
}

/* Every basic variable, references before the rows that use them, into
 * out[]; returns how many. */
static uint32_t reference_order(cs_Solver *S, cs_Var *out)
{
    uint32_t n = 0, stamp = cs_stamp_next(S);
    for (cs_Var root = 0; root < S->nvar; root++) {
        if (S->vdone[root] == stamp || S->basic[S->var_sym[root]] < 0)
            continue;
        uint32_t sp = 0;
        S->vstack[sp++] = root;
        S->vpushed[root] = stamp;
        while (sp > 0) {
            cs_Var v = S->vstack[sp - 1];
            const Row *r = &S->rows[S->basic[S->var_sym[v]]];
            cs_Var next = v;
            for (int32_t k = 0; k < r->n && next == v; k++) {
                Sym t = r->sym[k];
                if (cs_is_reference(S, t) && S->vpushed[S->owner[t]] != stamp)
                    next = S->owner[t];
            }
            if (next != v) {
                S->vpushed[next] = stamp;
                S->vstack[sp++] = next;
                continue;
            }
            S->vdone[v] = stamp;
            out[n++] = v;
            sp--;
        }
    }
    return n;
}

/* Constraints whose constant moves, beyond the edits, that the map takes
 * as parameters: each costs a column of J (8 bytes a variable) and a
 * multiply-add a dependent variable at every update. A window's size needs
 * two; one that moves and is not a parameter drops the map (cs_reshaped). */
enum { SENS_MOVERS = 8 };

/*
 * Building (3) at the current values, in three parts: sens_begin chooses
 * the parameters; a variable's column entries come from its row, once
 * those of its references are in (when the update evaluates every
 * variable, the first pass sums them as it sums the value, or refine
 * calls sens_row for a map of more than two parameters; otherwise sens_build
 * walks the rows in reference order, calling sens_row); sens_finish lists
 * who moves with what. The map stays off if memory runs out.
 */
/* The constraints that moved and are added, up to SENS_MOVERS: the map's
 * parameters beyond the edits. */
static uint32_t sens_movers(const cs_Solver *S)
{
    const cs_Cons *movers = S->movers.p;
    uint32_t nmovers = 0;
    for (size_t k = 0; k < S->movers.n && nmovers < SENS_MOVERS; k++)
        nmovers += S->state[movers[k]] == CONS_ADDED;
    return nmovers;
}

size_t cs_sens_expected_bytes(const cs_Solver *S)
{
    Sens scratch; /* sized only, as in cs_sens_bytes */
    return sens_layout(&scratch, S->nedit + sens_movers(S), sens_room(S), NULL);
}

static bool sens_begin(cs_Solver *S)
{
    Sens *z = &S->sens;
    const cs_Cons *movers = S->movers.p;
    uint32_t nedit = S->nedit, nmovers = sens_movers(S);
    cs_changed_own(S); /* its lists are written again */
    if (!sens_reserve(S, z, nedit + nmovers))
        return false;
    /* The parameters: every edit constraint, and the added constraints
     * whose constant has been set, the first SENS_MOVERS so set. */
    z->nparam = 0;
    for (uint32_t k = 0; k < nedit; k++)
        z->param[z->nparam++] = S->edit_cons[S->edit_vars[k]] - 1;
    for (size_t k = 0; k < S->movers.n && z->nparam < nedit + nmovers; k++)
        if (S->state[movers[k]] == CONS_ADDED)
            z->param[z->nparam++] = movers[k];
    for (uint32_t p = 0; p < z->nparam; p++) {
        const Cons *c = &S->cons[z->param[p]];
        Markers mk = S->mark[z->param[p]];
        z->p0[p] = c->constant;
        z->gathered[p] = 0; /* gathered on the tableau's old shape */
        z->nplist[p] = 0;
        z->runs[p].on = false;
        z->dprev[p] = 0.0; /* the values now are base */
        /* d (scratch until the map is in use): what a unit of the
         * constant moves a row holding the marker by, per unit of the
         * marker's coefficient there, 1 / m (cs_shift_constant); 0 when
         * the marker (or other error) is basic: the constant moves that
         * restricted row only. */
        bool held = S->basic[mk.marker] < 0 && (mk.other == 0 || S->basic[mk.other] < 0);
        z->d[p] = held ? 1.0 / cs_marker_sign(c) : 0.0;
    }
    return true;
}

/* Variable v's entries of J, from its row r: a / m for each parameter
 * whose marker r holds, plus each reference's entries times its coefficient
 * (those are in: reference order). m is +-1, so multiplying by d[p] = 1 / m
 * is dividing by m, exactly. */
static void sens_row(cs_Solver *S, Sens *z, cs_Var v, const Row *r)
{
    double *J = z->J;
    size_t cap = z->capvar;
    uint32_t nparam = z->nparam;
    if (nparam == 0)
        return;
    for (uint32_t p = 0; p < nparam; p++)
        J[p * cap + v] = 0.0;
    for (int32_t k = 0; k < r->n; k++) {
        Sym t = r->sym[k];
        if (cs_is_reference(S, t)) {
            cs_Var w = S->owner[t];
            for (uint32_t p = 0; p < nparam; p++)
                J[p * cap + v] += r->coef[k] * J[p * cap + w];
        } else {
            for (uint32_t p = 0; p < nparam; p++)
                if (t == S->mark[z->param[p]].marker && z->d[p] != 0.0)
                    J[p * cap + v] += r->coef[k] * z->d[p];
        }
    }
}

/*
 * Runs. A resize moves one parameter and publishes base + j * d for each
 * variable of its list (affine_publish_one below). At XL that is 100,000
 * variables, and with each one's id, base and derivative, 20 bytes, read
 * from the L3 beside the values' own lines, the resize grew 14 to 18x from
 * L, where all of it is in L2 (README "What is left"). Lists are regular:
 * the variables that move with a width are one or two of each view's, at
 * a fixed distance in id order, with one derivative (in every workload,
 * each list is one run). Told as runs (first, count, stride, slope), with
 * the bases as floats where each is one exactly (positions on a grid of
 * points or half points), the list streams 4 bytes a variable.
 * A list is told so when its runs average RUN_MIN_MEAN variables or more:
 * most go through the four-wide loop then, and the runs (24 bytes each)
 * add 3 bytes a variable at most. The list, bases and derivatives stay as
 * they were: the list is the changed list (*listed), and where a value
 * stands, the listing kernel goes on from them.
 */
enum { RUN_MIN_MEAN = 8 };

/* Whether x is a float exactly, its bits and all. */
static bool is_a_float(double x)
{
    if (!(fabs(x) <= FLT_MAX))
        return false; /* too large, or a NaN */
    double back = (float)x;
    return memcmp(&back, &x, sizeof x) == 0;
}

/* The largest |x[i]|, i < n; +inf where one is not finite (a NaN too,
 * which a comparison would pass over). */
static double largest_magnitude(const double *x, uint32_t n)
{
    double most = 0.0;
    for (uint32_t i = 0; i < n; i++) {
        double a = fabs(x[i]);
        if (!(a <= DBL_MAX))
            return INFINITY;
        most = a > most ? a : most;
    }
    return most;
}

/* Where the run that starts at list[i] ends: the variables after it at
 * one stride from the one before, with j[i]'s bits. */
static uint32_t run_end(const cs_Var *list, const double *j, uint32_t i, uint32_t n)
{
    uint32_t e = i + 1;
    if (e == n)
        return e;
    uint32_t stride = list[e] - list[i]; /* > 0: the list is in id order */
    while (e < n && list[e] - list[e - 1] == stride && memcmp(&j[e], &j[i], sizeof *j) == 0)
        e++;
    return e;
}

/* Parameter p's list as runs (z->runs[p]), where that pays and memory
 * allows; otherwise it is published from the list. */
static void runs_build(cs_Solver *S, Sens *z, uint32_t p)
{
    ListRuns *lr = &z->runs[p];
    size_t at = (size_t)p * z->capvar;
    const cs_Var *list = z->plist + at;
    const double *base = z->pbase + at, *j = z->pj + at;
    uint32_t n = z->nplist[p], most = n / RUN_MIN_MEAN; /* more runs do not pay */
    lr->on = false;
    lr->runs.n = 0;
    lr->narrow.n = 0;
    for (uint32_t i = 0; i < n;) {
        uint32_t e = run_end(list, j, i, n);
        Run run = { .first = list[i], .count = e - i, .stride = e - i > 1 ? list[i + 1] - list[i] : 0, .slope = j[i] };
        if (lr->runs.n == most || !cs_vec_push(S, &lr->runs, sizeof run, &run))
            return;
        i = e;
    }
    if (n == 0)
        return;
    lr->most = largest_magnitude(base, n);
    bool narrow = true;
    for (uint32_t i = 0; i < n && narrow; i++)
        narrow = is_a_float(base[i]);
    if (narrow && !cs_vec_reserve(S, &lr->narrow, sizeof(float), n))
        return;
    float *f = lr->narrow.p;
    if (narrow)
        for (uint32_t i = 0; i < n; i++)
            f[i] = (float)base[i];
    lr->narrow.n = narrow ? n : 0;
    lr->on = true;
}

/*
 * Whether the map's derivatives keep every required constraint that holds
 * exactly holding as the parameters move: for such a constraint
 * sum a_j v_j + c, moved by parameter k's d, sum a_j J[k][v_j] d must be
 * -d where k is the constraint itself and 0 elsewhere. Checked, in
 * extended precision, on a tableau that lost digits (S->digits_lost):
 * there the rows, and so J, can be off by far more than the values, which
 * refinement mends against the constraints and the map does not
 * (cs_internal.h, "Digits lost"). One pass over the required constraints'
 * terms for each parameter.
 *
 * The tolerance: MAP_SLIP of the sizes the sum adds, and MAP_NOISE of the
 * constraint's coefficients (each J to 1e-12 of a point a point). Not
 * against 1, as a residual is: a derivative that should be 0 and is
 * 1e-8, all of it rounding, passed that, and a move of 375 missed the
 * required `0.5 v1 - 1 == 0` by 3.9e-6 of 2 (cs_fuzz). Nor against the
 * sizes alone: derivatives that should be 0 and are rounding (1e-16 to
 * 6e-13, which moves a value by 6e-10 at a move of 1,000 points) failed
 * that in 7,205 of the C tests' 76,791 maps, with every map checked for
 * the count; so checked, 39 fail this test, and no workload's map does.
 */
#define MAP_SLIP 1.0e-6
#define MAP_NOISE 1.0e-12
static bool sens_holds_required(const cs_Solver *S, const Sens *z)
{
    for (uint32_t id = 0; id < S->ncons; id++) {
        const Cons *c = &S->cons[id];
        if (!holds_at_marker(S, id) || !cs_is_required(c->strength))
            continue;
        for (uint32_t p = 0; p < z->nparam; p++) {
            const double *J = z->J + (size_t)p * z->capvar;
            long double own = z->param[p] == id ? 1.0L : 0.0L, sum = own, size = own, coefs = own;
            for (uint32_t k = 0; k < c->nterms; k++) {
                long double a = c->terms[k].coefficient, t = a * J[c->terms[k].var];
                sum += t;
                size += fabsl(t);
                coefs += fabsl(a);
            }
            if (fabsl(sum) > MAP_SLIP * size + MAP_NOISE * coefs)
                return false;
        }
    }
    return true;
}

/*
 * Nor is a map kept where the update that builds it found its values off
 * by more than MAP_DRIFT of a constraint's terms (S->residual, before
 * refinement). The map moves the values it starts from, and whatever they
 * miss a required constraint by, it misses by still: a miss that is a
 * rounding of the terms at the start can be past a tolerance of the terms
 * at the end, when a move brings them near 0, and only a full update,
 * which refines against the constraints at their new constants, mends it.
 * Values that drift are where such misses are: their rows amplify
 * rounding. cs_fuzz: rows of 667 * 667 against 100 * 4449.09 (a double
 * off by 1.5e-13), 750 times their difference, left `100 v0 + 3 == 0`
 * missed by 1.1e-6 (1.8e-7 of its terms), where the update had found a
 * drift of 1.5e-11; with the constant set back to 0, the map moved v0 by
 * exactly 0.03 and published 1.1e-8 where 0 is required. The full update
 * publishes 0. A miss the map carries, below MAP_DRIFT of terms of a
 * layout's size (under 1e6 points), stays within 1e-6 of a point after
 * any move. Every workload's drift is 2.8e-17 at most; of the C tests'
 * 76,769 maps, 388 drifted past 1e-12 (151 past 1e-11), and their updates
 * are full ones.
 */
#define MAP_DRIFT 1.0e-12
/* Out of line: inlined into full_update, as it was, its one more test moved
 * that function's register allocation about, and a replay at tree M
 * executed 0.15% more instructions (callgrind, cs_apply and cs_update); out
 * of line, whole replays at L execute 0.09% (cells) and 0.13% (tree) fewer
 * than with it inlined without the test. Once an update at most. */
static __attribute__((noinline)) void sens_finish(cs_Solver *S)
{
    Sens *z = &S->sens;
    if (S->residual > MAP_DRIFT || (S->digits_lost && !sens_holds_required(S, z))) {
        z->ok = false; /* no map: full updates, which refine and measure the drift */
        return;
    }
    uint32_t nparam = z->nparam, kept = 0;
    size_t cap = z->capvar;
    /* The variables that move with a parameter, in id order: sens_update
     * streams through base, J and value instead of jumping about them in
     * reference order (a cache miss a variable at L). */
    for (cs_Var v = 0; v < S->nvar; v++) {
        bool moves = false;
        for (uint32_t p = 0; p < nparam; p++) {
            double j = z->J[(size_t)p * cap + v];
            if (j != 0.0) {
                size_t at = (size_t)p * cap + z->nplist[p]++;
                z->plist[at] = v;
                z->pbase[at] = S->value[v];
                z->pj[at] = j;
                moves = true;
            }
        }
        if (moves)
            z->list[kept++] = v;
    }
    z->nlist = kept;
    if (S->nvar > 0)
        memcpy(z->base, S->value, (size_t)S->nvar * sizeof *z->base);
    z->nvar = S->nvar;
    z->ok = true;
    for (uint32_t p = 0; p < nparam; p++)
        runs_build(S, z, p);
    /* The rows each parameter's constant moves, now rather than at its
     * first move: that move then needs no transaction (a resize's first
     * step was five times the others' at S). A parameter whose marker is
     * basic (d = 0, as sens_begin left it) moves its own row alone. */
    for (uint32_t p = 0; p < nparam; p++)
        if (z->d[p] != 0.0)
            cs_sens_gather(S, p);
}

/* (3) after an update that evaluated some of the variables. */
static void sens_build(cs_Solver *S)
{
    Sens *z = &S->sens;
    if (!sens_begin(S))
        return;
    if (z->nparam > 0)
        memset(z->J, 0, (size_t)z->capvar * z->nparam * sizeof *z->J); /* a parametric variable's is 0 */
    uint32_t n = reference_order(S, z->list);
    for (uint32_t i = 0; i < n; i++)
        sens_row(S, z, z->list[i], &S->rows[S->basic[S->var_sym[z->list[i]]]]);
    sens_finish(S);
}

/* The kernel of (3) for the variables v in list[0..n) (every v < n when
 * list is NULL): value[v] = base[v] + c0[v] * d0 + c1[v] * d1 when at most
 * two parameters moved (c1, or both, NULL when fewer), otherwise the sum
 * over every column of J; appends to changed[] each v whose value's bits
 * differ and returns the new count.
 *
 * This is the whole of a resize's re-solve, so it is kept apart, with
 * locals and restrict pointers: the count stays in a register instead of
 * going through memory each variable, as it would through S, where a store
 * to changed[] could alias it. Writing every value without a branch was
 * slower (100 against 60 us a re-solve at tree L): a value that does not
 * change is then written back to memory all the same. */
typedef struct Moves {
    const double *c0, *c1; double d0, d1;  /* the columns that moved, when two or fewer */
    const double *J; size_t cap; const double *d; uint32_t nparam; /* otherwise */
} Moves;

/* Stores x as v's value and lists v in changed[] when its bits differ;
 * returns the new count (inlined into the kernels below, where it stays in
 * a register). */
static inline uint32_t publish(double *restrict value, cs_Var *restrict changed, uint32_t nchanged, cs_Var v,
                               double x)
{
    uint64_t now, was;
    memcpy(&now, &x, sizeof now);
    memcpy(&was, &value[v], sizeof was);
    if (now != was) {
        value[v] = x;
        changed[nchanged++] = v;
    }
    return nchanged;
}

/* How many of the map's columns a publication sums: the kernel below is
 * one loop for each (and for a list or every variable), so that no test
 * of the shape is left in the loop. Written as one loop that tested its
 * arguments, the compiler kept the tests in it and spilled to the stack:
 * the pass over every variable after a switch to a kept state (two
 * columns) took 22.6 instructions a variable, now 10.0, and a stack L
 * transition back and forth 0.23 ms, now 0.18 (600 of them, callgrind and
 * medians of 3). */
enum MoveShape { MOVES_NONE, MOVES_ONE, MOVES_TWO, MOVES_GENERAL };

static inline __attribute__((always_inline)) uint32_t
affine_loop(double *restrict value, cs_Var *restrict changed, uint32_t nchanged, const double *restrict base,
            const Moves *m, const cs_Var *restrict list, uint32_t n, enum MoveShape shape)
{
    const double *restrict c0 = m->c0, *restrict c1 = m->c1;
    double d0 = m->d0, d1 = m->d1;
    for (uint32_t i = 0; i < n; i++) {
        cs_Var v = list ? list[i] : i;
        double x = base[v];
        if (shape == MOVES_GENERAL) {
            for (uint32_t p = 0; p < m->nparam; p++)
                x += m->J[p * m->cap + v] * m->d[p];
        } else if (shape == MOVES_TWO) {
            x += c0[v] * d0; /* in parameter order, as the general sum adds them */
            x += c1[v] * d1;
        } else if (shape == MOVES_ONE) {
            x += c0[v] * d0;
        }
        nchanged = publish(value, changed, nchanged, v, x);
    }
    return nchanged;
}

/* affine_loop for m's shape, each shape a loop of its own. */
static inline __attribute__((always_inline)) uint32_t
affine_shaped(double *restrict value, cs_Var *restrict changed, uint32_t nchanged, const double *restrict base,
              const Moves *m, const cs_Var *restrict list, uint32_t n)
{
    if (m->J != NULL)
        return affine_loop(value, changed, nchanged, base, m, list, n, MOVES_GENERAL);
    if (m->c1 != NULL)
        return affine_loop(value, changed, nchanged, base, m, list, n, MOVES_TWO);
    if (m->c0 != NULL)
        return affine_loop(value, changed, nchanged, base, m, list, n, MOVES_ONE);
    return affine_loop(value, changed, nchanged, base, m, list, n, MOVES_NONE);
}

/* (3) for the variables of list (NULL: every variable below n). */
static __attribute__((noinline)) uint32_t
affine_publish(double *restrict value, cs_Var *restrict changed, uint32_t nchanged,
               const double *restrict base, const Moves *m, const cs_Var *restrict list, uint32_t n)
{
    return list != NULL ? affine_shaped(value, changed, nchanged, base, m, list, n)
                        : affine_shaped(value, changed, nchanged, base, m, NULL, n);
}

/* base[i] + j[i] * d (affine_publish_one's sum) as list[i]'s value, i from
 * `from` on, stored while its bits change; returns the first i whose value
 * stands (not stored), or n. */
static inline __attribute__((always_inline)) uint32_t
publish_one_changing(double *restrict value, const double *restrict base, const double *restrict j,
                     const cs_Var *restrict list, uint32_t from, uint32_t n, double d)
{
    uint32_t i = from;
    for (; i < n; i++) {
        double x = base[i];
        x += j[i] * d;
        if (memcmp(&x, &value[list[i]], sizeof x) == 0)
            break;
        value[list[i]] = x;
    }
    return i;
}

/* The same sum for list[i], i from `from` on, each value published
 * (publish): listed in changed[] after the nchanged there when its bits
 * differ. Returns the new count. */
static inline __attribute__((always_inline)) uint32_t
publish_one_listed(double *restrict value, cs_Var *restrict changed, uint32_t nchanged, const double *restrict base,
                   const double *restrict j, const cs_Var *restrict list, uint32_t from, uint32_t n, double d)
{
    for (uint32_t i = from; i < n; i++) {
        double x = base[i];
        x += j[i] * d;
        nchanged = publish(value, changed, nchanged, list[i], x);
    }
    return nchanged;
}

/* The kernel of (3) when one parameter alone has moved from where the map
 * was built (a resize): value[v] = base[i] + j[i] * d for each v = list[i],
 * the same sum, rounded the same, as affine_publish's. Returns how many
 * changed; where every one did (a resize), *listed = list and changed[]
 * is not written: the list is the changed list, and writing it again was
 * a sixth of the kernel's stores (publish_one_avx2_loop). Otherwise
 * *listed = NULL and changed[] lists them. */
static __attribute__((noinline)) uint32_t
affine_publish_one(double *restrict value, cs_Var *restrict changed, const double *restrict base,
                   const double *restrict j, const cs_Var *restrict list, uint32_t n, double d,
                   const cs_Var **listed)
{
    uint32_t i = publish_one_changing(value, base, j, list, 0, n, d);
    *listed = i == n ? list : NULL;
    if (i == n)
        return n;
    memcpy(changed, list, (size_t)i * sizeof *changed); /* all before i changed */
    return publish_one_listed(value, changed, i, base, j, list, i, n, d);
}

/*
 * Whether every variable of a run moves, proved from the run's slope s and
 * the list's largest base B (lr->most) alone, so that the kernels need not
 * compare each new value with the old one (runs_avx2_loop: 4 of 10
 * vector instructions a group of four). The old value is w = b + q
 * rounded, the new one x = b + p rounded, with p = s * d and q = s * dprev
 * rounded as the kernels round them (q = 0 where dprev is 0: w is b
 * itself, published_before). Each sum is off by at most 2^-53 of its size,
 * at most B + P with P = max(|p|, |q|), so |x - w| >= |p - q| - 2^-52 (B +
 * P), and x and w differ (in their bits too) when |p - q| > 2^-52 (B + P).
 * The test asks for 2^-50, which also covers its own two roundings, and
 * for a bound in the normal range (no sum there is below it, where
 * roundings are absolute). A NaN or an infinity anywhere fails it, as
 * does d == dprev: the kernels then compare each value, as before. A
 * resize passes it in every workload (|p - q| is a point or more, B a few
 * thousand points).
 */
static inline bool run_moves_all(double most, double s, double d, double dprev)
{
    double p = s * d, q = dprev != 0.0 ? s * dprev : 0.0;
    double bound = (most + fmax(fabs(p), fabs(q))) * 0x1p-50;
    return fabs(p - q) > bound && bound >= 0x1p-900;
}

/* affine_publish_one for a list told as runs (lr, "Runs"): the same sums,
 * base + slope * d with the slope j's bits and a narrow base widened
 * exactly, so the same values to the bit. A run that run_moves_all proves
 * moves whole is stored without a look at the old values; otherwise, from
 * the first value that stands, the listing kernel goes on from the list.
 * dprev: the parameter's move at the last update (published_before). */
static __attribute__((noinline)) uint32_t
runs_publish(double *restrict value, cs_Var *restrict changed, const ListRuns *lr, const double *restrict base,
             const double *restrict j, const cs_Var *restrict list, uint32_t n, double d, double dprev,
             const cs_Var **listed)
{
    const Run *run = lr->runs.p;
    const float *narrow = lr->narrow.n > 0 ? lr->narrow.p : NULL;
    uint32_t i = 0;
    for (size_t r = 0; r < lr->runs.n; r++) {
        cs_Var v = run[r].first;
        const bool check = !run_moves_all(lr->most, run[r].slope, d, dprev);
        for (uint32_t k = 0; k < run[r].count; k++, i++, v += run[r].stride) {
            double x = narrow != NULL ? (double)narrow[i] : base[i];
            x += run[r].slope * d;
            if (check && memcmp(&x, &value[v], sizeof x) == 0)
                goto stands;
            value[v] = x;
        }
    }
    *listed = list;
    return n;
stands:
    *listed = NULL;
    memcpy(changed, list, (size_t)i * sizeof *changed); /* all before i changed */
    return publish_one_listed(value, changed, i, base, j, list, i, n, d);
}

/*
 * What each variable of the list holds when the kernel runs: the value the
 * last update published, (3) with this parameter alone moved, by dprev
 * (sens_update calls the kernel only when no other parameter moved since
 * then, and none is moved now), which that update summed as the kernel
 * does (here, or affine_publish's one column) -- or base itself when dprev
 * is 0 (the full update that built the map, or a publication of no move;
 * base + j * 0 would turn a base of -0 into +0).
 */
static inline double published_before(double base, double j, double dprev)
{
    double x = base;
    if (dprev != 0.0)
        x += j * dprev;
    return x;
}

#ifdef HAVE_PUBLISH_ONE_AVX2
/*
 * affine_publish_one four entries at a time, on processors with AVX2 (the
 * build targets the x86-64 baseline, so cs_update asks the processor;
 * -DCS_NO_AVX2 leaves the scalar loop alone, as the tests' second
 * configuration does). A resize at S is this loop over a hundred or so
 * variables. The four old values are not loaded from value[] (four loads
 * at scattered places, 7 of the 31 instructions of four entries when they
 * were): they are what the last update published, published_before, three
 * vector operations away from base and j, which are loaded four at a time:
 * base plus j times the last move, or base itself where that was 0 (a
 * blend). One loop for both: with a loop for each, the first re-solve
 * after a build ran one and the second the other, code still cold, and the
 * resize phase at S took 5 to 9% longer (medians of 61 interleaved
 * replays of each workload).
 * Where all four new values differ from those in their bits (in a resize,
 * all of them do), the four are stored; while every group so far did, no
 * id is written to changed[], and where all of the list did, the list is
 * the changed list (*listed). Writing the ids too, four in one store, cost
 * the resize at S 3 to 8% (medians of 41 interleaved replays of each
 * workload, an upper bound measured with the store left out). A group in
 * which one value stands goes through the scalar test against value[]
 * itself, so a value whose bits stand is never listed.
 * Each entry is one multiply and one add, rounded as the scalar loop
 * rounds them (no FMA: the target is "avx2" alone), so the values are the
 * same to the bit.
 *
 * Except in long lists (`load_old`): there the old values are loaded
 * after all. Their values spread past the 1 MB L2, and the loads, issued
 * early, are what brings the values' lines in before the stores to them
 * (a store that misses waits in the store buffer). Computed, a resize at
 * XL (lists of 180,000 to 200,000 variables) took 5 to 9% longer, and
 * asking for the lines ahead (prefetchw, 32 or 128 entries on) won back
 * only half of that (medians of 7 interleaved replays). At L (20,000)
 * computing them is as fast (the values are in L2), and at S 12% faster:
 * lists of LOAD_OLD_FROM variables or more load them. They are four scalar
 * loads (vgatherdpd was slower than the scalar loop here), and since the
 * list holds distinct variables (sens_finish, in id order), four loaded
 * before any is stored are what the scalar loop would read.
 */
enum { LOAD_OLD_FROM = 32768 };

/* The new values of the list's four variables from i (*x), and which of
 * them stand: a bit in the mask returned where x's bits are those the last
 * update published (published_before, or loaded when load_old). */
static inline __attribute__((always_inline, target("avx2"))) int
four_values(const double *restrict value, const double *restrict base, const double *restrict j,
            const cs_Var *restrict list, size_t i, __m256d vd, __m256d vp, __m256d at_base, bool load_old,
            __m256d *x)
{
    __m256d b = _mm256_loadu_pd(base + i), s = _mm256_loadu_pd(j + i);
    *x = _mm256_add_pd(b, _mm256_mul_pd(s, vd));
    __m256d was = load_old ? _mm256_set_pd(value[list[i + 3]], value[list[i + 2]], value[list[i + 1]], value[list[i]])
                           : _mm256_blendv_pd(_mm256_add_pd(b, _mm256_mul_pd(s, vp)), b, at_base);
    return _mm256_movemask_pd(
        _mm256_castsi256_pd(_mm256_cmpeq_epi64(_mm256_castpd_si256(*x), _mm256_castpd_si256(was))));
}

/* Stores the four values of x at the list's four places from i. */
static inline __attribute__((always_inline, target("avx2"))) void
store_four(double *restrict value, const cs_Var *restrict list, size_t i, __m256d x)
{
    __m128d x01 = _mm256_castpd256_pd128(x), x23 = _mm256_extractf128_pd(x, 1);
    _mm_storel_pd(&value[list[i]], x01);
    _mm_storeh_pd(&value[list[i + 1]], x01);
    _mm_storel_pd(&value[list[i + 2]], x23);
    _mm_storeh_pd(&value[list[i + 3]], x23);
}

/* The rest of publish_one_avx2_loop from i, where a value first stands:
 * the list so far copied to changed[], and each group listed as it goes.
 * Out of line and cold: a resize never runs it, and its lines stay out of
 * those a resize's first run fetches. */
static __attribute__((noinline, cold, target("avx2"))) uint32_t
publish_one_avx2_listing(double *restrict value, cs_Var *restrict changed, const double *restrict base,
                         const double *restrict j, const cs_Var *restrict list, uint32_t n, double d, double dprev,
                         bool load_old, size_t i)
{
    size_t n4 = i + ((n - i) & ~(size_t)3); /* groups of four from i (runs_avx2_loop's i is anywhere) */
    const __m256d vd = _mm256_set1_pd(d), vp = _mm256_set1_pd(dprev);
    const __m256d at_base = _mm256_castsi256_pd(_mm256_set1_epi64x(dprev == 0.0 ? -1 : 0));
    memcpy(changed, list, i * sizeof *changed); /* all before i changed */
    size_t out = i;
    for (; i < n4; i += 4) {
        __m256d x;
        if (four_values(value, base, j, list, i, vd, vp, at_base, load_old, &x) == 0) {
            store_four(value, list, i, x);
            _mm_storeu_si128((__m128i *)(void *)(changed + out),
                             _mm_loadu_si128((const __m128i *)(const void *)(list + i)));
            out += 4;
            continue;
        }
        double xs[4];
        _mm256_storeu_pd(xs, x);
        for (int k = 0; k < 4; k++)
            out = publish(value, changed, (uint32_t)out, list[i + k], xs[k]);
    }
    return publish_one_listed(value, changed, (uint32_t)out, base, j, list, (uint32_t)i, n, d);
}

/* The loop while every value changes (a resize), which writes nothing to
 * changed[] (affine_publish_one); at the first four of which one stands,
 * publish_one_avx2_listing goes on from there. With that loop inline here
 * (c41f318), the function was 1.5 KB where a resize runs a fifth of it;
 * out of line, 0.5 KB, and the resize at S 6 to 10% faster (medians of 41
 * interleaved replays of each workload, twice: the first re-solve after a
 * build runs this code cold, README "What is left"). */
static inline __attribute__((always_inline, target("avx2"))) uint32_t
publish_one_avx2_loop(double *restrict value, cs_Var *restrict changed, const double *restrict base,
                      const double *restrict j, const cs_Var *restrict list, uint32_t n, double d, double dprev,
                      bool load_old, const cs_Var **listed)
{
    size_t i = 0, n4 = n & ~3u;
    const __m256d vd = _mm256_set1_pd(d), vp = _mm256_set1_pd(dprev);
    const __m256d at_base = _mm256_castsi256_pd(_mm256_set1_epi64x(dprev == 0.0 ? -1 : 0));
    for (; i < n4; i += 4) {
        __m256d x;
        if (__builtin_expect(four_values(value, base, j, list, i, vd, vp, at_base, load_old, &x) != 0, 0))
            break;
        store_four(value, list, i, x);
    }
    if (i == n4) {
        i = publish_one_changing(value, base, j, list, (uint32_t)i, n, d); /* the last n % 4 */
        if (i == n) {
            *listed = list;
            return n;
        }
    }
    *listed = NULL;
    return publish_one_avx2_listing(value, changed, base, j, list, n, d, dprev, load_old, i);
}

/* The loops above, one copy for each source of the old values, so that no
 * test of it is left in the loop. */
static CS_HOT __attribute__((noinline, target("avx2"))) uint32_t
affine_publish_one_avx2(double *restrict value, cs_Var *restrict changed, const double *restrict base,
                        const double *restrict j, const cs_Var *restrict list, uint32_t n, double d, double dprev,
                        const cs_Var **listed)
{
    if (n >= LOAD_OLD_FROM)
        return publish_one_avx2_loop(value, changed, base, j, list, n, d, dprev, true, listed);
    return publish_one_avx2_loop(value, changed, base, j, list, n, d, dprev, false, listed);
}

/* runs_publish four variables of a run at a time, as publish_one_avx2_loop
 * publishes the list: a run that run_moves_all proves moves whole is
 * stored with no old value compared (a resize at S 4 to 9%
 * faster, at M 22 to 25%: medians of 21 to 61 interleaved replays of each
 * workload; at L, where the lines of the values are what it waits on, 1 to
 * 2%); otherwise the old values are computed, or loaded in long lists,
 * and at the first four of which one stands, publish_one_avx2_listing goes
 * on from the list. Long lists load them either way: there the loads are
 * what brings the values' lines in (LOAD_OLD_FROM). A run's last count % 4
 * go one by one. narrow: the bases are lr's floats. */
static inline __attribute__((always_inline, target("avx2"))) uint32_t
runs_avx2_loop(double *restrict value, cs_Var *restrict changed, const ListRuns *lr, const double *restrict base,
               const double *restrict j, const cs_Var *restrict list, uint32_t n, double d, double dprev,
               bool narrow, bool load_old, const cs_Var **listed)
{
    const Run *run = lr->runs.p;
    const float *restrict fb = lr->narrow.p;
    const __m256d vd = _mm256_set1_pd(d), vp = _mm256_set1_pd(dprev);
    const __m256d at_base = _mm256_castsi256_pd(_mm256_set1_epi64x(dprev == 0.0 ? -1 : 0));
    size_t i = 0;
    for (size_t r = 0; r < lr->runs.n; r++) {
        const double slope = run[r].slope;
        const __m256d s = _mm256_set1_pd(slope);
        size_t v = run[r].first, stride = run[r].stride, end = i + run[r].count, end4 = i + (run[r].count & ~3u);
        /* Each value compared with the old one unless run_moves_all proves them all moved. */
        const bool check = load_old || !run_moves_all(lr->most, slope, d, dprev);
        for (; i < end4; i += 4, v += 4 * stride) {
            __m256d b = narrow ? _mm256_cvtps_pd(_mm_loadu_ps(fb + i)) : _mm256_loadu_pd(base + i);
            __m256d x = _mm256_add_pd(b, _mm256_mul_pd(s, vd));
            __m256d was = load_old ? _mm256_set_pd(value[v + 3 * stride], value[v + 2 * stride], value[v + stride],
                                                   value[v])
                                   : _mm256_blendv_pd(_mm256_add_pd(b, _mm256_mul_pd(s, vp)), b, at_base);
            if (check && __builtin_expect(_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(
                                              _mm256_castpd_si256(x), _mm256_castpd_si256(was)))) != 0,
                                          0))
                goto stands;
            __m128d x01 = _mm256_castpd256_pd128(x), x23 = _mm256_extractf128_pd(x, 1);
            _mm_storel_pd(&value[v], x01);
            _mm_storeh_pd(&value[v + stride], x01);
            _mm_storel_pd(&value[v + 2 * stride], x23);
            _mm_storeh_pd(&value[v + 3 * stride], x23);
        }
        for (; i < end; i++, v += stride) {
            double x = narrow ? (double)fb[i] : base[i];
            x += slope * d;
            if (check && memcmp(&x, &value[v], sizeof x) == 0)
                goto stands;
            value[v] = x;
        }
    }
    *listed = list;
    return n;
stands:
    *listed = NULL;
    return publish_one_avx2_listing(value, changed, base, j, list, n, d, dprev, load_old, i);
}

/* runs_avx2_loop, one copy for each kind of base and source of the old
 * values. */
static CS_HOT __attribute__((noinline, target("avx2"))) uint32_t
runs_publish_avx2(double *restrict value, cs_Var *restrict changed, const ListRuns *lr,
                  const double *restrict base, const double *restrict j, const cs_Var *restrict list, uint32_t n,
                  double d, double dprev, const cs_Var **listed)
{
    bool narrow = lr->narrow.n > 0;
    if (n >= LOAD_OLD_FROM)
        return narrow ? runs_avx2_loop(value, changed, lr, base, j, list, n, d, dprev, true, true, listed)
                      : runs_avx2_loop(value, changed, lr, base, j, list, n, d, dprev, false, true, listed);
    return narrow ? runs_avx2_loop(value, changed, lr, base, j, list, n, d, dprev, true, false, listed)
                  : runs_avx2_loop(value, changed, lr, base, j, list, n, d, dprev, false, false, listed);
}
#endif

/* affine_publish_one, from the list's runs where it has them (lr), by the
 * fastest kernel this processor has; dprev is the parameter's move at the
 * last update (published_before). */
static uint32_t publish_one(double *restrict value, cs_Var *restrict changed, const ListRuns *lr,
                            const double *restrict base, const double *restrict j, const cs_Var *restrict list,
                            uint32_t n, double d, double dprev, const cs_Var **listed)
{
#ifndef NDEBUG
    for (uint32_t i = 0; i < n; i++) {
        double was = published_before(base[i], j[i], dprev);
        CS_ASSERT(memcmp(&was, &value[list[i]], sizeof was) == 0);
    }
#endif
#ifdef HAVE_PUBLISH_ONE_AVX2
    if (__builtin_cpu_supports("avx2"))
        return lr->on ? runs_publish_avx2(value, changed, lr, base, j, list, n, d, dprev, listed)
                      : affine_publish_one_avx2(value, changed, base, j, list, n, d, dprev, listed);
#endif
    return lr->on ? runs_publish(value, changed, lr, base, j, list, n, d, dprev, listed)
                  : affine_publish_one(value, changed, base, j, list, n, d, listed);
}

/* (3) for the variables that depend on a parameter, or for every variable
 * after the tableau was swapped for a kept one (cs_cache.c). Only the
 * parameters that moved since the map was built are summed (a resize moves
 * one of two), each a column of J read in order. A variable's value changes
 * only if a parameter it depends on moved since the last update: when one
 * did, only its list is visited (a resize of the width leaves the heights
 * alone). */
static void sens_update(cs_Solver *S, bool every)
{
    Sens *z = &S->sens;
    Moves m = { 0 };
    uint32_t nmoved = 0, nsince = 0, since = 0;
    double dprev_since = 0.0; /* since's move at the last update */
    for (uint32_t p = 0; p < z->nparam; p++) {
        z->d[p] = S->cons[z->param[p]].constant - z->p0[p];
        if (z->d[p] != z->dprev[p]) {
            since = p;
            nsince++;
            dprev_since = z->dprev[p];
            z->dprev[p] = z->d[p];
        }
        if (z->d[p] == 0.0)
            continue;
        const double *c = z->J + (size_t)p * z->capvar;
        if (nmoved == 0) {
            m.c0 = c;
            m.d0 = z->d[p];
        } else if (nmoved == 1) {
            m.c1 = c;
            m.d1 = z->d[p];
        }
        nmoved++;
    }
    if (nmoved > 2)
        m = (Moves){ .J = z->J, .cap = z->capvar, .d = z->d, .nparam = z->nparam };
    if (!every) {
        const cs_Var *list = z->list;
        uint32_t n = z->nlist;
        if (nsince == 0)
            return; /* every value is what the last update published */
        if (nsince == 1) {
            list = z->plist + (size_t)since * z->capvar;
            n = z->nplist[since];
            if (nmoved == 1 && z->d[since] != 0.0) { /* it is the one that moved */
                size_t at = (size_t)since * z->capvar;
                CS_ASSERT(S->nchanged == 0 && S->changed_list == NULL); /* cs_update's first publication */
                S->nchanged = publish_one(S->value, S->changed, &z->runs[since], z->pbase + at, z->pj + at, list, n,
                                          z->d[since], dprev_since, &S->changed_list);
                return;
            }
        }
        S->nchanged = affine_publish(S->value, S->changed, S->nchanged, z->base, &m, list, n);
        return;
    }
    CS_ASSERT(z->nvar <= S->nvar); /* variables are never deleted */
    S->nchanged = affine_publish(S->value, S->changed, S->nchanged, z->base, &m, NULL, z->nvar);
    /* A variable made since the map was built is a parameter (its row
     * would have changed the tableau's shape): 0. */
    for (cs_Var v = z->nvar; v < S->nvar; v++)
        if (S->value[v] != 0.0 || signbit(S->value[v])) {
            S->value[v] = 0.0;
            S->changed[S->nchanged++] = v;
        }
}

/* ---- Refactorisation -----------------------------------------------------
 *
 * Every pivot rounds, and rows made from rows carry their rounding on: after
 * a few hundred pivots of random adds and removes, coefficients that should
 * be 2 read 1.99999999273 and ones that should be 0 read 7e-9; the next
 * pivot on such a one (an entering symbol whose true coefficient is 0)
 * multiplies the error by 1e8, and a required constraint no longer holds
 * (the C tests' random rounds 1222, 1496, 5983 and 6357 of 8,000 did that).
 * Refinement hides the drift from the values, and measures it: each
 * exactly holding constraint's residual at the first pass's values, relative
 * to the sizes summed, is what the tableau has lost (2.8e-17 at most in
 * every workload's S, L and XL trace; a few 1e-11 in random rounds that stay
 * sound; past 1e-10 tens of steps before each of those four failed). When the
 * largest one passes REFACTOR_RESIDUAL, and has grown REFACTOR_GROWTH times
 * past what a fresh solve of the same system gave (its floor: a system can
 * be ill-conditioned from scratch, and solving it again would not help),
 * the constraints added are solved again from an empty tableau (cs_refactor,
 * LP solvers' reinversion), and the same update publishes the new
 * tableau's values, which differ by the drift, or, where the layout leaves
 * a choice between equal optima, are those a new solver finds (until
 * 2026-11-27 the worn tableau's refined values stood until the next update,
 * refinement being taken to mend any drift; full_update says why not).
 *
 * A fresh solve can be as broken as the worn tableau: its own arithmetic
 * then takes a reduced cost or a pivot that is rounding for the system's
 * (cs_fuzz: a lexicographic level's reduced cost of -4.8e-13, a symbol that
 * rounding left in it, entered at a pivot of 4.8e-13 beside 1, and moved
 * by 3e11; a required constraint then missed by 3 of 3). Past
 * CAUTIOUS_RESIDUAL, where values are wrong (cs_fuzz checks required
 * constraints to 1e-6), the constraints are solved afresh once more,
 * cautiously (S->cautious): a reduced cost below CS_CAUTIOUS_COST of its
 * level's largest is taken for 0, and a step that only a pivot below the
 * tolerance bounds for noise (cs_simplex.c). Only then: on systems that
 * are not broken, those rules fail lpcheck cases that pass without them.
 * Once for each fresh solve: a system the cautious solve leaves broken too
 * is not solved again at every update (S->cautious_tried).
 *
 * Refusing a broken build keeps what stands, which here is broken too: the
 * worn values, or the refined ones past CAUTIOUS_RESIDUAL. So the
 * refactorisation is told how far they break a required constraint, and
 * a cautious build whose only fault is its values', each required
 * constraint broken by less than that, is taken (cs_refactor). cs_fuzz: a
 * system no order conditions well (v0 fixed before the row
 * `-0.25 v2 - 2 v4 + 375 v0 + 20 <= 0` comes, which only v2 can be solved
 * for), worn to a drift of 7e-5; all three builds missed the required
 * `375 v2 + 375 v3 - 1 == 0` at their vertices by 7.5e-6 to 8.5e-6 of
 * 4.6, and were refused, and the worn values stood 2.4e-4 off it. The
 * cautious build, taken, publishes values that hold it to 2e-15.
 */
enum { REFACTOR_GROWTH = 16 };
#define REFACTOR_RESIDUAL 1.0e-10
#define CAUTIOUS_RESIDUAL 1.0e-6

/* Is constraint id a required one that is added? The constraints that
 * cs_required_broken, cs_identity_lost and worst_required check. */
static bool added_required(const cs_Solver *S, uint32_t id)
{
    return S->state[id] == CONS_ADDED && cs_is_required(S->cons[id].strength);
}

/* How far residual r breaks constraint c: |r| for an equation, the
 * excess on the wrong side for an inequality (<= 0 where it holds). */
static long double broken_by(const Cons *c, long double r)
{
    return c->op == CS_EQ ? fabsl(r) : c->op == CS_LE ? r : -r;
}

bool cs_required_broken(cs_Solver *S, long double tolerated)
{
    uint32_t n = reference_order(S, S->order);
    for (cs_Var v = 0; v < S->nvar; v++)
        S->x0[v] = 0.0L; /* a parametric variable's value */
    for (uint32_t i = 0; i < n; i++) { /* references first */
        const Row *r = &S->rows[S->basic[S->var_sym[S->order[i]]]];
        long double x = r->constant;
        for (int32_t k = 0; k < r->n; k++)
            if (cs_is_reference(S, r->sym[k]))
                x += (long double)r->coef[k] * S->x0[S->owner[r->sym[k]]];
        S->x0[S->order[i]] = x;
    }
    for (uint32_t id = 0; id < S->ncons; id++) {
        const Cons *c = &S->cons[id];
        if (!added_required(S, id))
            continue;
        long double off = broken_by(c, residual_of(S, c, true)), scale = residual_scale_of(S, c, true);
        if (off > CAUTIOUS_RESIDUAL * scale && off >= tolerated * scale)
            return true;
    }
    return false;
}

/* ---- Identities -----------------------------------------------------------
 *
 * The tableau is an identity in its parameters: an added constraint's row
 * e + c + m * marker, every basic symbol replaced by its row (references
 * too, all the way down), is 0 in every parametric symbol, whatever the
 * values. cs_required_broken looks at one point, the vertex, where the
 * parameters are 0; rows can hold a required constraint there and not
 * elsewhere. cs_fuzz found a change set solved afresh (lexicographic,
 * eight variables, chains of 667, 1500 and 750) whose variables' rows did
 * not hold the required `667 v2 + 3 v3 == 0`'s dummy at all (two error
 * rows did): the constraint's expression, substituted, was
 * -0.4855 s15 + 0.4855 e16 and a rounding, where it should have been the
 * dummy. It held at the vertex to 1.6e-7; after an edit's pivot moved s15
 * to 213 it missed by 103.6. Built again with the required constraints
 * first, every identity held to 2e-19.
 *
 * So the identities are checked wherever the vertex is: a symbol's
 * coefficient in them, against the sizes of the products that sum to it
 * (the paths through the rows). The required constraints are summed as one
 * combination with weights in [0.5, 1) of random sign (identity_weight,
 * 53 random bits each, so that what is lost in one cancels against
 * another's only by coincidence) in one pass: each constraint's terms and
 * marker seed a weight on its variables, which flows from each variable
 * to the ones its row references (the reverse of reference_order) and
 * ends on parametric symbols. What the
 * check finds is a symbol lost: past IDENTITY_LOST of its sizes (a lost
 * one reads 1; random rounds of the C tests 1e-10 at most), held by a
 * basic row all the same (cs_marker_held). A marker or slack that no row
 * holds is left out: it can never move, and the solver makes such symbols
 * on purpose, a slack that phase one leaves as rounding in a row it gives
 * to a dummy (lpcheck_wide's case 268 of 3,000, rows and columns scaled,
 * where a tight inequality is implied by equalities). A user variable is
 * not: a parameter that no row holds moves once a constraint is solved
 * for it, and cs_fuzz found a removal whose row dropped a real
 * coefficient (cs_note_dropped) and with it the only path by which a
 * required inequality reached such a variable. What it does not
 * find is a loss by degrees: in that input the shortfall on s15 is 1.5e-6
 * of its sizes, and builds of the C tests' ill-conditioned systems that
 * stand read up to 9e-6, so no threshold there tells them apart; the
 * dummy lost with it is what the check sees. (In place, where a loss by
 * degrees comes from sums that cancelled, the merge marks the operation:
 * cs_note_cancellation, cs_internal.h.) A pass over the tableau and
 * 32 bytes a symbol and a variable, made only where the vertex is checked
 * (a build that decides an operation, an outcome after a suspect pivot),
 * which no workload reaches.
 */
#define IDENTITY_LOST 1.0e-3

/* A weight in [0.5, 1) of either sign for constraint id (splitmix64's
 * finaliser). */
static long double identity_weight(uint32_t id)
{
    uint64_t h = (uint64_t)id + 0x9e3779b97f4a7c15u;
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9u;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebu;
    h ^= h >> 31;
    long double w = 0.5L + (long double)(h >> 11) * 0x1p-54L;
    return (h & 1) ? -w : w;
}

/* Adds a times symbol s (parametric) to the combination. */
static inline void identity_add(long double *coef, long double *size, Sym s, long double a, long double size_a)
{
    coef[s] += a;
    size[s] += size_a;
}

bool cs_identity_lost(cs_Solver *S)
{
    size_t nsym = S->nsym, nvar = S->nvar;
    size_t bytes = 2 * (nsym + nvar) * sizeof(long double);
    long double *coef = cs_mem_realloc(S, NULL, 0, bytes);
    if (coef == NULL)
        return false; /* unchecked: the vertex still is */
    memset(coef, 0, bytes);
    long double *size = coef + nsym, *w = size + nsym, *wsize = w + nvar;
    for (uint32_t id = 0; id < S->ncons; id++) {
        const Cons *c = &S->cons[id];
        if (!added_required(S, id))
            continue;
        long double r = identity_weight(id);
        for (uint32_t k = 0; k < c->nterms; k++) {
            cs_Var v = c->terms[k].var;
            long double a = r * c->terms[k].coefficient;
            if (S->basic[S->var_sym[v]] >= 0) {
                w[v] += a;
                wsize[v] += fabsl(a);
            } else {
                identity_add(coef, size, S->var_sym[v], a, fabsl(a));
            }
        }
        Sym m = S->mark[id].marker;
        long double a = r * cs_marker_sign(c);
        if (S->basic[m] >= 0) { /* a restricted row: parametric symbols only (I2) */
            const Row *row = &S->rows[S->basic[m]];
            for (int32_t k = 0; k < row->n; k++)
                identity_add(coef, size, row->sym[k], a * row->coef[k], fabsl(a * row->coef[k]));
        } else {
            identity_add(coef, size, m, a, fabsl(a));
        }
    }
    uint32_t n = reference_order(S, S->order);
    for (uint32_t i = n; i-- > 0;) { /* a variable before the ones its row references */
        cs_Var v = S->order[i];
        if (wsize[v] == 0.0L)
            continue;
        const Row *row = &S->rows[S->basic[S->var_sym[v]]];
        for (int32_t k = 0; k < row->n; k++) {
            Sym s = row->sym[k];
            long double a = w[v] * row->coef[k], size_a = wsize[v] * fabsl((long double)row->coef[k]);
            if (cs_is_reference(S, s)) {
                w[S->owner[s]] += a;
                wsize[S->owner[s]] += size_a;
            } else {
                identity_add(coef, size, s, a, size_a);
            }
        }
    }
    bool lost = false;
    for (size_t s = 1; s < nsym && !lost; s++)
        lost = fabsl(coef[s]) > IDENTITY_LOST * size[s] &&
               (S->kind[s] == SYM_EXTERNAL || cs_marker_held(S, (Sym)s));
    cs_mem_free(S, coef, bytes);
    return lost;
}

#ifdef CS_TEST_SEAMS
/* Tests only: every update refines, exact or not, so that a test can hold
 * the values an exact update publishes against refinement's. */
bool cs_test_refine_always;
#define TEST_REFINE_ALWAYS() cs_test_refine_always
#else
#define TEST_REFINE_ALWAYS() false
#endif

/* full_update's two passes and its map, without the refactorisation; the
 * number of variables evaluated, in S->order. */
static uint32_t full_pass(cs_Solver *S, bool republished)
{
    /* After a swap the whole tableau is new to the published values; its
     * map of values is built too, so that coming back here next time is
     * one pass of (3). */
    bool moves_only = !S->shape_changed || republished;
    if (republished)
        for (cs_Var v = 0; v < S->nvar; v++)
            mark(S, v);
    if (S->ndirty < S->nvar)
        close_dirty_set(S);
    /* The next updates can be (3) when only parameters moved since the
     * last update (a resize is under way), or when this one evaluates a
     * quarter of the variables or more (a build, a size-class transition):
     * the map costs about what the evaluation does, and the first resize
     * after it is then a pass of (3) instead of a full update. After a
     * small change (a constraint edited) it would cost more than the
     * update does. When every variable is evaluated, the passes build it
     * as they go: the first for one or two parameters, refine for more. */
    bool every = S->ndirty == S->nvar;
    Sens *z = every && sens_begin(S) ? &S->sens : NULL;
    Fused f = fused_columns(S, z);
    uint32_t stamp = cs_stamp_next(S), evaluated = 0;
    /* A tableau built without a rounding, evaluated without one, needs
     * no refinement (cs_internal.h, "Exact arithmetic"). */
    bool watched = every && S->exact && !TEST_REFINE_ALWAYS(), had_rounded = watched && cs_watch_rounding();
    if (every)
        evaluated = first_pass_sweep(S, stamp, f.j0 != NULL ? &f : NULL);
    for (uint32_t k = 0; k < S->ndirty; k++) {
        cs_Var v = S->dirty_list[k];
        if (S->vdone[v] != stamp)
            evaluated = first_pass_from(S, v, stamp, evaluated);
    }
    CS_ASSERT(evaluated == S->ndirty);
    bool exact = watched && !cs_rounded(had_rounded);
    S->exact = false; /* what follows is a map's, or refines what moved */
    bool map = moves_only || (uint64_t)evaluated * 4 >= S->nvar;
    S->corrected_far = false;
    if (every && (z == NULL || z->nparam <= 2)) {
        refine_every(S, evaluated, exact);
    } else {
        S->residual = 0.0;
        refine(S, evaluated, cs_stamp_next(S), z);
    }
    clear_dirty_set(S);
    S->shape_changed = false;
    if (z != NULL)
        sens_finish(S);
    else if (map && !every)
        sens_build(S);
    if (S->measure_floor && every) {
        S->residual_floor = S->residual;
        S->measure_floor = false;
    }
    return evaluated;
}

/* The largest violation of an added required constraint at values x (one
 * a variable), relative to its terms' sizes (at least 1), as
 * cs_required_broken measures it. */
static long double worst_required(const cs_Solver *S, const double *x)
{
    long double worst = 0.0L;
    for (uint32_t id = 0; id < S->ncons; id++) {
        const Cons *c = &S->cons[id];
        if (!added_required(S, id))
            continue;
        long double r = c->constant, size = fabsl((long double)c->constant);
        for (uint32_t k = 0; k < c->nterms; k++) {
            long double t = (long double)c->terms[k].coefficient * x[c->terms[k].var];
            r += t;
            size += fabsl(t);
        }
        long double off = broken_by(c, r) / (size > 1.0L ? size : 1.0L);
        if (off > worst)
            worst = off;
    }
    return worst;
}

/* Lists every variable as changed (cs_changed): the values published
 * come from a pass other than the one the list was kept for. */
static void list_every_variable(cs_Solver *S)
{
    for (cs_Var v = 0; v < S->nvar; v++)
        S->changed[v] = v;
    S->nchanged = S->nvar;
}

/*
 * Refinement is a step that mends rounding: it moves the values along each
 * exactly holding constraint's marker column by its residual, which
 * carries them back onto the constraint only where the tableau is an
 * identity to a rounding. Where the drift is past CAUTIOUS_RESIDUAL, and
 * a fresh solve did not mend it, that is not so, and the step can make
 * the values worse as well as better. cs_fuzz found both. An addition in
 * place (lexicographic, eight variables, 667 and 375 beside strengths of
 * 750,000 and 1e6) took for 0 a real coefficient below 1e-8 that a sum had
 * nearly cancelled (cs_cancelled's second rule; with it off the rows hold
 * to 5e-11, but nine C tests fail), and the rows then held a strong
 * inequality tight where the first pass left it a slack of 13.4 of 53:
 * every required constraint held at the first pass's values, and the
 * corrections, along columns as wrong, broke the new one by 0.005 of 750
 * (the cautious fresh solve drops the same coefficient). And a tableau
 * whose first pass broke a required equation by 0.03 (of terms near 0),
 * with residuals as large, was mended by its corrections. A drift below
 * it can mislead as much: cs_fuzz found a tableau worn to coefficients
 * near 5e15 on two error symbols, whose residuals of a few ulps, fed back
 * through them, moved a value by 1 and broke a required equation by 100
 * (C test "a refinement that moves values by whole points is not
 * published"). So there, and where a correction moved a value past
 * CORRECTED_FAR of it (refine, refine_all), the update publishes
 * whichever of the two breaks the required constraints less: the refined
 * values unless they break one past CAUTIOUS_RESIDUAL and the first
 * pass's break them less. Publishing
 * the first pass's, it lists every variable as changed and drops the
 * values map this update may have built from the refined ones. If memory
 * runs out the refined values stand; so they do after a fresh solve that
 * was refused, whose checks used the first pass's scratch. No workload
 * comes near it (their drift is 2.8e-17 at most).
 */
static void keep_the_better_values(cs_Solver *S, uint32_t n)
{
    size_t bytes = (size_t)S->nvar * sizeof(double);
    double *first = cs_mem_realloc(S, NULL, 0, bytes);
    if (first == NULL)
        return;
    memcpy(first, S->value, bytes);
    for (uint32_t i = 0; i < n; i++) {
        cs_Var v = S->order[i];
        first[v] = (double)(S->x0[v] + 0.0); /* as refine_every publishes it */
    }
    long double refined = worst_required(S, S->value);
    if (refined > CAUTIOUS_RESIDUAL && worst_required(S, first) < refined) {
        memcpy(S->value, first, bytes);
        list_every_variable(S);
        cs_reshaped(S);
    }
    cs_mem_free(S, first, bytes);
}

static void full_update(cs_Solver *S, bool republished);

/* The same update again, every variable evaluated, and every one listed
 * as changed: where the values this update began to publish are not kept
 * (full_update). */
static void republish_every_value(cs_Solver *S)
{
    S->nchanged = 0;
    full_update(S, true);
    list_every_variable(S);
}

/* An update without the values map (a build, a transition, a constraint
 * changed): the two passes over the variables that may have changed, and
 * the map built where it pays. Out of line and not CS_HOT: its 7 KB stay
 * out of the resize path's lines (cs_update). */
static __attribute__((noinline)) void full_update(cs_Solver *S, bool republished)
{
    uint32_t evaluated = full_pass(S, republished);
    bool worn = S->residual > REFACTOR_RESIDUAL && S->residual > REFACTOR_GROWTH * S->residual_floor;
    if (!worn && (S->residual <= CAUTIOUS_RESIDUAL || S->cautious_tried)) {
        /* A partial update moves a value only where every variable row
         * that holds a constraint's marker is evaluated (correction_of),
         * and the values that stand keep the corrections they were given.
         * Where the tableau is sound that is a rounding. Where its drift
         * is past CAUTIOUS_RESIDUAL and solving afresh did not mend it,
         * those corrections are for residuals the rows no longer have:
         * cs_fuzz found a required inequality whose identity a dropped sum
         * had left short (every fresh build made the same rows), held by
         * the refined values of a full update; after a required equation
         * was removed, the partial update evaluated three variables of
         * eight and missed it by 0.026 of 40. So there every value is
         * evaluated and refined again, together. No workload comes near
         * it (their drift is 2.8e-17 at most). */
        if (S->residual > CAUTIOUS_RESIDUAL && evaluated < S->nvar) {
            republish_every_value(S);
            return;
        }
        if (S->residual > CAUTIOUS_RESIDUAL || S->corrected_far)
            keep_the_better_values(S, evaluated);
        return;
    }
    S->cautious = !worn; /* a worn tableau is first solved afresh as usual */
    /* A cautious build is taken if its values break the required
     * constraints less than these do ("Refactorisation"). */
    cs_Status st = cs_refactor(S, worst_required(S, S->value));
    S->cautious = false;
    if (st != CS_OK) {
        if (worn) { /* out of memory, or refused: not again until it grows */
            S->residual_floor = S->residual;
        } else if (st != CS_ERR_NOMEM) { /* refused: not again until the next fresh solve */
            S->cautious_tried = true;
        } else { /* out of memory: the next update evaluates every value again, and tries again */
            cs_reshaped(S);
            S->republish = true;
        }
        return;
    }
    /* The values just published are the worn tableau's, refined, and
     * refinement mends a drift of a few ulps, not this: cs_fuzz found a
     * tableau worn to a residual of 1 whose refined values broke a
     * required constraint by 8 (of 8). So this update publishes the new
     * tableau's values (measuring its floor: it does not refactor again,
     * but may be solved cautiously), and lists every variable as changed,
     * since the values the worn ones replaced are not kept. */
    S->republish = false;
    republish_every_value(S);
}

/* With a values map, (3) alone (each step of a resize); without one, the
 * full update. That is apart, so that this function (sens_update inlined)
 * is under 1 KB of .text.hot, next to its kernel, where the resize path's
 * lines were spread over cs_update's 8 KB: at S the first re-solve after a
 * build is 10 to 50 ns faster (of 600 to 700) and the second 40 to 50 (of
 * 250 to 300), medians of 15 replays in each of three interleaved runs;
 * the later ones the same. */
CS_HOT void cs_update(cs_Solver *S)
{
    if (S == NULL)
        return;
    S->nchanged = 0;
    S->changed_list = NULL;
    bool republished = S->republish;
    S->republish = false;
    if (!S->sens.ok) {
        full_update(S, republished);
        return;
    }
    sens_update(S, republished);
    clear_dirty_set(S);
}
