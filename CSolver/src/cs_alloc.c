/*
 * cs_alloc.c -- every byte the solver holds comes through the caller's
 * cs_Alloc, counted in S->bytes, so that tests can fail any allocation and
 * check that nothing leaks.
 */
#include "cs_internal.h"

#include <string.h>

void *cs_mem_realloc(cs_Solver *S, void *p, size_t osize, size_t nsize)
{
    void *q = S->alloc(S->ud, p, osize, nsize);
    if (q != NULL || nsize == 0)
        S->bytes += nsize - osize; /* wraps correctly when shrinking */
    return q;
}

void cs_mem_free(cs_Solver *S, void *p, size_t size)
{
    if (p == NULL)
        return;
    S->alloc(S->ud, p, size, 0);
    S->bytes -= size;
}

/* Capacity policy: double, at least 8. Overflow of the byte count is refused. */
static size_t next_cap(size_t cap, size_t need)
{
    size_t c = cap < 8 ? 8 : cap;
    while (c < need)
        c *= 2;
    return c;
}

bool cs_vec_reserve(cs_Solver *S, Vec *v, size_t item, size_t n)
{
    if (n <= v->cap)
        return true;
    size_t cap = next_cap(v->cap, n);
    if (cap > SIZE_MAX / item)
        return false;
    void *p = cs_mem_realloc(S, v->p, v->cap * item, cap * item);
    if (p == NULL)
        return false;
    v->p = p;
    v->cap = cap;
    return true;
}

bool cs_vec_push(cs_Solver *S, Vec *v, size_t item, const void *x)
{
    if (!cs_vec_reserve(S, v, item, v->n + 1))
        return false;
    memcpy((char *)v->p + v->n * item, x, item);
    v->n++;
    return true;
}

void cs_vec_free(cs_Solver *S, Vec *v, size_t item)
{
    cs_mem_free(S, v->p, v->cap * item);
    v->p = NULL;
    v->n = v->cap = 0;
}

bool cs_grow(cs_Solver *S, void **p, size_t item, uint32_t *cap, uint32_t n)
{
    if (n <= *cap)
        return true;
    size_t c = next_cap(*cap, n);
    if (c > UINT32_MAX / 2 || c > SIZE_MAX / item)
        return false;
    void *q = cs_mem_realloc(S, *p, (size_t)*cap * item, c * item);
    if (q == NULL)
        return false;
    *p = q;
    *cap = (uint32_t)c;
    return true;
}

/* Sizes of the fields of an SoA block at a given capacity, 16-byte aligned. */
size_t cs_soa_bytes(const SoaField *f, int nf, size_t cap)
{
    size_t total = 0;
    for (int i = 0; i < nf; i++)
        total += (f[i].size * cap + 15) & ~(size_t)15;
    return total;
}

/*
 * Grows a structure-of-arrays block in one allocation, so that the arrays
 * indexed by one id space always share one capacity and a failure leaves
 * every one of them as it was. The block starts at *f[0].field.
 */
bool cs_soa_grow(cs_Solver *S, const SoaField *f, int nf, uint32_t *cap, uint32_t need)
{
    if (need <= *cap)
        return true;
    size_t c = next_cap(*cap, need);
    if (c > UINT32_MAX / 2)
        return false;
    size_t nbytes = cs_soa_bytes(f, nf, c), obytes = cs_soa_bytes(f, nf, *cap);
    char *block = cs_mem_realloc(S, NULL, 0, nbytes);
    if (block == NULL)
        return false;
    char *old = *f[0].field, *at = block;
    for (int i = 0; i < nf; i++) {
        if (*cap > 0)
            memcpy(at, *f[i].field, f[i].size * *cap);
        memset(at + f[i].size * *cap, 0, f[i].size * (c - *cap));
        *f[i].field = at;
        at += (f[i].size * c + 15) & ~(size_t)15;
    }
    cs_mem_free(S, old, obytes);
    *cap = (uint32_t)c;
    return true;
}

void cs_soa_free(cs_Solver *S, const SoaField *f, int nf, uint32_t cap)
{
    cs_mem_free(S, *f[0].field, cs_soa_bytes(f, nf, cap));
    for (int i = 0; i < nf; i++)
        *f[i].field = NULL;
}
