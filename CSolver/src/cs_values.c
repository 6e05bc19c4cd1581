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
 * The stack is explicit: a chain of views is as deep as it is long. Cost:
 * the rows of the variables that may have changed.
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

static void evaluate(cs_Solver *S, cs_Var root, uint32_t stamp)
{
    uint32_t sp = 0;
    S->vstack[sp++] = root;
    S->vpushed[root] = stamp;
    while (sp > 0) {
        cs_Var v = S->vstack[sp - 1];
        int32_t slot = S->basic[S->var_sym[v]];
        if (slot < 0) {
            store(S, v, 0.0, stamp);
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
            if (S->kind[t] != SYM_EXTERNAL || S->basic[t] < 0)
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
        double x = r->constant;
        for (int32_t k = 0; k < r->n; k++) {
            Sym t = r->sym[k];
            if (S->kind[t] == SYM_EXTERNAL && S->basic[t] >= 0)
                x += r->coef[k] * S->value[S->owner[t]];
        }
        store(S, v, x, stamp);
        sp--;
    }
}

void cs_update(cs_Solver *S)
{
    if (S == NULL)
        return;
    S->nchanged = 0;
    close_dirty_set(S);
    uint32_t stamp = cs_stamp_next(S);
    for (uint32_t k = 0; k < S->ndirty; k++) {
        cs_Var v = S->dirty_list[k];
        if (S->vdone[v] != stamp)
            evaluate(S, v, stamp);
    }
    for (uint32_t k = 0; k < S->ndirty; k++)
        S->dirty[S->dirty_list[k]] = 0;
    S->ndirty = 0;
}
