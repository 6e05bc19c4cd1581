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
 * values near 500) to that of the constraints as written. Cost: twice the
 * rows of the variables that may have changed.
 */
#include "cs_internal.h"

#include <math.h>
#include <string.h>

static void mark(cs_Solver *S, cs_Var v)
{
    if (!S->dirty[v]) {
        S->dirty[v] = 1;
        S->dirty_list[S->ndirty++] = v;
    }
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
            const Row *r = &S->rows[c->slot[m]];
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
        S->eval_stamp = 1;
    }
    return S->eval_stamp;
}

static void store(cs_Solver *S, cs_Var v, double x, uint32_t stamp)
{
    if (x != S->value[v] || signbit(x) != signbit(S->value[v])) {
        S->value[v] = x;
        S->changed[S->nchanged++] = v;
    }
    S->vdone[v] = stamp;
}

/* A variable's first-pass value (x0): this update's if it is dirty. */
static long double first_pass(const cs_Solver *S, cs_Var v)
{
    return S->dirty[v] ? S->x0[v] : S->value[v];
}

/* A variable's refined value: this update's if it is dirty. */
static long double refined(const cs_Solver *S, cs_Var v)
{
    return S->dirty[v] ? S->x1[v] : S->value[v];
}

/*
 * The value a parameter takes in the refinement pass. For the marker of a
 * constraint whose markers are all parametric (the constraint holds
 * exactly), it is the constraint's residual at the first-pass values over
 * the marker's coefficient in the constraint's own row, so that the
 * tableau, an identity in its parameters, carries the values back onto the
 * constraint; 0 for any other parameter.
 */
static long double correction(const cs_Solver *S, Sym p)
{
    uint8_t kd = S->kind[p];
    if (kd != SYM_SLACK && kd != SYM_DUMMY && kd != SYM_ERROR)
        return 0.0;
    const Cons *c = &S->cons[S->owner[p]];
    if (c->state != CONS_ADDED || c->marker != p || (c->other != 0 && S->basic[c->other] >= 0))
        return 0.0;
    double coef = c->op == CS_GE || (c->op == CS_EQ && !cs_is_required(c->strength)) ? -1.0 : 1.0;
    /* Extended precision: the residual is a difference of near-equal
     * sums, and refinement is only as good as it. */
    long double r = c->constant; /* an edit constraint's is -value */
    for (uint32_t k = 0; k < c->nterms; k++)
        r += (long double)c->terms[k].coefficient * first_pass(S, c->terms[k].var);
    return r / coef;
}

/* Evaluates root and the dirty references it needs, depth first. Pass 0
 * computes x0 with every parameter at 0; pass 1 recomputes with the
 * corrections, into value[], recording what changed. */
static void evaluate(cs_Solver *S, cs_Var root, uint32_t stamp, int pass)
{
    uint32_t sp = 0;
    S->vstack[sp++] = root;
    S->vpushed[root] = stamp;
    while (sp > 0) {
        cs_Var v = S->vstack[sp - 1];
        int32_t slot = S->basic[S->var_sym[v]];
        if (slot < 0) {
            if (pass == 0)
                S->x0[v] = 0.0;
            else {
                S->x1[v] = 0.0;
                store(S, v, 0.0, stamp);
            }
            sp--;
            continue;
        }
        const Row *r = &S->rows[slot];
        /* Descend into the first dirty reference not evaluated yet; the
         * stack is the current path, so one pushed but not done is on it:
         * a cycle, which I6 rules out (its current value is used). */
        cs_Var next = v;
        for (int32_t k = 0; k < r->n && next == v; k++) {
            Sym t = r->sym[k];
            if (!cs_is_reference(S, t))
                continue;
            cs_Var w = S->owner[t];
            if (S->dirty[w] && S->vpushed[w] != stamp)
                next = w;
        }
        if (next != v) {
            S->vpushed[next] = stamp;
            S->vstack[sp++] = next;
            continue;
        }
        long double x = r->constant;
        for (int32_t k = 0; k < r->n; k++) {
            Sym t = r->sym[k];
            if (cs_is_reference(S, t))
                x += r->coef[k] * (pass == 0 ? first_pass(S, S->owner[t]) : refined(S, S->owner[t]));
            else if (pass == 1)
                x += r->coef[k] * correction(S, t);
        }
        if (pass == 0) {
            S->x0[v] = x;
            S->vdone[v] = stamp;
        } else {
            S->x1[v] = x;
            store(S, v, (double)x, stamp);
        }
        sp--;
    }
}

void cs_update(cs_Solver *S)
{
    if (S == NULL)
        return;
    S->nchanged = 0;
    close_dirty_set(S);
    for (int pass = 0; pass < 2; pass++) {
        uint32_t stamp = cs_stamp_next(S);
        for (uint32_t k = 0; k < S->ndirty; k++) {
            cs_Var v = S->dirty_list[k];
            if (S->vdone[v] != stamp)
                evaluate(S, v, stamp, pass);
        }
    }
    for (uint32_t k = 0; k < S->ndirty; k++)
        S->dirty[S->dirty_list[k]] = 0;
    S->ndirty = 0;
}
