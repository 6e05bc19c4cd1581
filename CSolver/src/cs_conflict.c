/*
 * cs_conflict.c -- explaining an unsatisfiable required constraint with a
 * minimal set of required constraints that cannot hold together.
 *
 * Certificate. When phase one stops with the artificial objective above 0,
 * or a new row holds only dummies and a nonzero constant, that row is a
 * linear combination of the new constraint's row and of other rows, written
 * over the markers of the constraints combined (Badros et al. 2001, 4.1).
 * At the optimum no error or non-required slack can appear in it (either of
 * the pair would be an improving direction), so the required constraints
 * whose markers appear, with the refused one, cannot all hold: a Farkas
 * certificate, usually small.
 *
 * Minimality. A deletion filter over the certificate: drop each member in
 * turn and keep it out if the rest still cannot hold, tested on a scratch
 * solver. Each test is a phase one on at most the certificate's size, so the
 * cost is paid only when a constraint is refused, and grows with the
 * certificate, not the tableau.
 */
#include "cs_internal.h"

#include <stdlib.h>
#include <string.h>

void cs_conflict_note(cs_Solver *S, int32_t slot, uint32_t refused)
{
    if (S->no_explain)
        return;
    S->conflict.n = 0;
    if (!cs_vec_push(S, &S->conflict, sizeof refused, &refused))
        return;
    const Row *r = &S->rows[slot];
    /* The row's basic symbol belongs to it too (a dual simplex failure puts
     * a required slack there); a new row's is 0 and adds nothing. */
    for (int32_t k = -1; k < r->n; k++) {
        Sym s = k < 0 ? r->basic : r->sym[k];
        if (s == 0)
            continue;
        if (S->kind[s] != SYM_DUMMY && S->kind[s] != SYM_SLACK)
            continue;
        uint32_t o = S->owner[s];
        if (o == refused || !cs_is_required(S->cons[o].strength))
            continue;
        if (!cs_vec_push(S, &S->conflict, sizeof o, &o)) {
            S->conflict.n = 0;
            return;
        }
    }
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static size_t sort_unique(uint32_t *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_u32);
    size_t w = 0;
    for (size_t k = 0; k < n; k++)
        if (w == 0 || v[w - 1] != v[k])
            v[w++] = v[k];
    return w;
}

/* 1 if the required constraints ids[0..n) except ids[skip] cannot all
 * hold, 0 if they can, -1 if memory ran out. */
static int cannot_hold(cs_Solver *S, const uint32_t *ids, size_t n, size_t skip)
{
    cs_Solver *T = cs_solver_new(CS_WEIGHTED, S->alloc, S->ud);
    if (T == NULL)
        return -1;
    T->no_explain = true;
    /* Variables: the distinct ones used, mapped by binary search. */
    size_t nv = 0;
    for (size_t k = 0; k < n; k++)
        nv += S->cons[ids[k]].nterms;
    uint32_t *vars = cs_mem_realloc(S, NULL, 0, (nv ? nv : 1) * sizeof *vars);
    int result = -1;
    if (vars == NULL)
        goto done;
    nv = 0;
    for (size_t k = 0; k < n; k++)
        for (uint32_t t = 0; t < S->cons[ids[k]].nterms; t++)
            vars[nv++] = S->cons[ids[k]].terms[t].var;
    size_t nvu = sort_unique(vars, nv);
    for (size_t v = 0; v < nvu; v++) {
        cs_Var dummy;
        if (cs_var_new(T, &dummy) != CS_OK)
            goto done;
    }
    result = 0;
    for (size_t k = 0; k < n && result == 0; k++) {
        if (k == skip)
            continue;
        const Cons *c = &S->cons[ids[k]];
        cs_Term local[8], *terms = c->nterms <= 8 ? local : cs_mem_realloc(S, NULL, 0, c->nterms * sizeof(cs_Term));
        if (terms == NULL) {
            result = -1;
            break;
        }
        for (uint32_t t = 0; t < c->nterms; t++) {
            uint32_t *at = bsearch(&c->terms[t].var, vars, nvu, sizeof *vars, cmp_u32);
            terms[t].var = (cs_Var)(at - vars);
            terms[t].coefficient = c->terms[t].coefficient;
        }
        cs_Cons id;
        cs_Status st = cs_cons_new(T, terms, c->nterms, c->constant, (cs_Relation)c->op, CS_REQUIRED, &id);
        if (st == CS_OK)
            st = cs_add(T, id);
        if (terms != local)
            cs_mem_free(S, terms, c->nterms * sizeof(cs_Term));
        result = st == CS_OK ? 0 : st == CS_ERR_UNSATISFIABLE ? 1 : -1;
    }
done:
    if (vars)
        cs_mem_free(S, vars, (nv ? nv : 1) * sizeof *vars);
    cs_solver_free(T);
    return result;
}

void cs_conflict_minimize(cs_Solver *S)
{
    if (S->no_explain || S->conflict.n == 0)
        return;
    uint32_t *ids = S->conflict.p;
    size_t n = sort_unique(ids, S->conflict.n);
    /* The refused constraint is never dropped: without it the rest were
     * accepted together, so they can hold. */
    if (cannot_hold(S, ids, n, SIZE_MAX) != 1) {
        S->conflict.n = 0; /* not a certificate after all (rounding): say nothing rather than something wrong */
        return;
    }
    for (size_t k = 0; k < n;) {
        int r = cannot_hold(S, ids, n, k);
        if (r < 0) {
            S->conflict.n = 0;
            return;
        }
        if (r == 1) {
            memmove(ids + k, ids + k + 1, (n - k - 1) * sizeof *ids);
            n--;
        } else {
            k++;
        }
    }
    S->conflict.n = n;
}
