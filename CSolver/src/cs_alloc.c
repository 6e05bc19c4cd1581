/*
 * cs_alloc.c -- every byte the solver holds comes through the caller's
 * cs_Alloc, counted in S->bytes, so that tests can fail any allocation and
 * check that nothing leaks; and the allocator used when the caller gives
 * none.
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* mremap; mmap's MAP_ANONYMOUS and madvise's MADV_HUGEPAGE under -std=c11 */
#endif
#include "cs_internal.h"

#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <sys/mman.h>
#endif

/*
 * The default allocator: malloc, realloc and free, except on Linux for
 * blocks of HUGE_MIN (1 MB) or more, which are mapped on their own, aligned
 * to and rounded up to HUGE_BLOCK (2 MB), with transparent huge pages asked
 * for. A build or a transition at L and XL fills a few such blocks for the
 * first time (the per-symbol and per-slot arrays, the column pool, the term
 * slabs, a new tableau for a change set solved afresh), and with 4 KB pages
 * the page faults were a third of a stack-L build's time (perf: clearing,
 * charging and mapping each page, about 2 us each here); with 2 MB pages
 * there is one fault where there were 512 (least of 5 runs at L: builds
 * 15-20% faster). Blocks of 1 to 2 MB (a tableau's markers at L, its map of
 * values) went to malloc until the threshold came down from 2 MB: rounded
 * up, such a block costs at most its own size again, and only a solver past
 * 30,000 symbols or so has one. Such a block grows by mremap, as glibc's
 * realloc grows its own mappings, without a copy. A block below the size is
 * where malloc would put it. Which path a block took follows from its size,
 * which the solver always passes (osize). A solver keeps the large blocks
 * it gives back for its next ones ("Spare mappings" below).
 *
 * Huge pages are a request: where the kernel has none to give (or
 * transparent huge pages are off), the mapping has 4 KB pages. A block is
 * rounded up to 2 MB: at XL, 5% more peak memory.
 */
/* malloc's realloc, with nsize 0 freeing ptr. */
static void *small_realloc(void *ptr, size_t nsize)
{
    if (nsize > 0)
        return realloc(ptr, nsize);
    free(ptr);
    return NULL;
}

#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(MREMAP_MAYMOVE)
#define HUGE_BLOCK ((size_t)2 << 20)
#define HUGE_MIN ((size_t)1 << 20)

/* n rounded up to HUGE_BLOCK; 0 if that overflows. */
static size_t huge_length(size_t n)
{
    return n > SIZE_MAX - 2 * HUGE_BLOCK ? 0 : (n + HUGE_BLOCK - 1) & ~(HUGE_BLOCK - 1);
}

/* A mapping of len bytes (a multiple of HUGE_BLOCK), aligned to HUGE_BLOCK. */
static void *huge_map(size_t len)
{
    /* Room to align, and the ends that alignment leaves over unmapped. */
    char *raw = mmap(NULL, len + HUGE_BLOCK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        return NULL;
    char *p = (char *)(((uintptr_t)raw + HUGE_BLOCK - 1) & ~(uintptr_t)(HUGE_BLOCK - 1));
    if (p > raw)
        munmap(raw, (size_t)(p - raw));
    if (p + len < raw + len + HUGE_BLOCK)
        munmap(p + len, (size_t)(raw + len + HUGE_BLOCK - (p + len)));
    (void)madvise(p, len, MADV_HUGEPAGE); /* a request: 4 KB pages if refused */
    return p;
}

/*
 * Spare mappings. A mapping the kernel hands out is cleared and mapped page
 * by page at its first touch, and at L that is most of a build's and a
 * first transition's time: of the samples in cs_apply and cs_update for
 * tree L's build and flip (perf record, 8 replays), 41% were the kernel
 * clearing huge pages (clear_page_erms), a 2 MB page 130 to 145 us here,
 * and 1.9 ms in the runs where the machine backs the memory anew. Yet the
 * solver gives back as much as it takes: each id space, grown by doubling
 * while constraints are made, leaves its old block behind; a tableau left
 * by a transition or evicted from the kept states leaves all of its own.
 * So the default allocator's mappings that the solver frees are kept (at
 * most CS_SPARES of them, and at most spare_limit() bytes) and a new block
 * of 1 MB or more is cut from the smallest that holds it, its pages
 * already in; the rest of that mapping stays a spare. What no spare holds
 * is mapped anew. Only for the default allocator: a caller's own cs_Alloc
 * sees every request as before. The spares are not in S->bytes (what the
 * solver uses); cs_Stats.spare_bytes reports them.
 */
/* Spares are kept up to 32 MB plus a quarter of what the solver uses:
 * at XL, 12 to 20 MB more peak memory than without them (480 to 550 MB). */
static size_t spare_limit(const cs_Solver *S) { return ((size_t)32 << 20) + S->bytes / 4; }

static void spare_put(cs_Solver *S, char *p, size_t len)
{
    Spares *sp = &S->spares;
    if (sp->n < CS_SPARES && sp->bytes + len <= spare_limit(S)) {
        sp->p[sp->n] = p;
        sp->len[sp->n++] = len;
        sp->bytes += len;
    } else {
        munmap(p, len);
    }
}

/* A spare of exactly len bytes (a multiple of HUGE_BLOCK), cut from the
 * smallest that holds it; NULL if none does. */
static char *spare_take(cs_Solver *S, size_t len)
{
    Spares *sp = &S->spares;
    uint32_t best = sp->n;
    for (uint32_t k = 0; k < sp->n; k++)
        if (sp->len[k] >= len && (best == sp->n || sp->len[k] < sp->len[best]))
            best = k;
    if (best == sp->n)
        return NULL;
    char *p = sp->p[best];
    size_t have = sp->len[best];
    sp->bytes -= have;
    sp->p[best] = sp->p[--sp->n];
    sp->len[best] = sp->len[sp->n];
    if (have > len)
        spare_put(S, p + len, have - len); /* a mapping of its own now; room for it was just made */
    return p;
}

/* A mapping of len bytes for S: cut from its spares if one holds it (S
 * NULL: none), else mapped anew. */
static void *map_block(cs_Solver *S, size_t len)
{
    char *p = S != NULL ? spare_take(S, len) : NULL;
    return p != NULL ? p : huge_map(len);
}

/* A mapping of len bytes that S gives back: kept as a spare if it may be. */
static void unmap_block(cs_Solver *S, void *p, size_t len)
{
    if (S != NULL)
        spare_put(S, p, len);
    else
        munmap(p, len);
}

/* A block of nsize bytes where ptr had osize, for S (NULL: no spares). */
static void *block_realloc(cs_Solver *S, void *ptr, size_t osize, size_t nsize)
{
    bool was_huge = ptr != NULL && osize >= HUGE_MIN, huge = nsize >= HUGE_MIN;
    if (!was_huge && !huge)
        return small_realloc(ptr, nsize);
    size_t len = huge ? huge_length(nsize) : 0;
    if (huge && len == 0)
        return NULL;
    if (was_huge && huge) {
        if (len == huge_length(osize))
            return ptr;
        void *m = mremap(ptr, huge_length(osize), len, MREMAP_MAYMOVE);
        if (m == MAP_FAILED)
            return NULL;
        (void)madvise(m, len, MADV_HUGEPAGE);
        return m;
    }
    void *q = NULL;
    if (nsize > 0 && (q = huge ? map_block(S, len) : malloc(nsize)) == NULL)
        return NULL;
    if (q != NULL && ptr != NULL)
        memcpy(q, ptr, osize < nsize ? osize : nsize);
    if (was_huge)
        unmap_block(S, ptr, huge_length(osize));
    else
        free(ptr);
    return q;
}
#endif

void *cs_default_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud;
#ifdef HUGE_BLOCK
    return block_realloc(NULL, ptr, osize, nsize);
#else
    (void)osize;
    return small_realloc(ptr, nsize);
#endif
}

void cs_spares_release(cs_Solver *S)
{
#ifdef HUGE_BLOCK
    Spares *sp = &S->spares;
    for (uint32_t k = 0; k < sp->n; k++)
        munmap(sp->p[k], sp->len[k]);
#endif
    memset(&S->spares, 0, sizeof S->spares);
}

void *cs_mem_realloc(cs_Solver *S, void *p, size_t osize, size_t nsize)
{
#ifdef HUGE_BLOCK
    void *q = S->alloc == cs_default_alloc ? block_realloc(S, p, osize, nsize) : S->alloc(S->ud, p, osize, nsize);
#else
    void *q = S->alloc(S->ud, p, osize, nsize);
#endif
    if (q != NULL || nsize == 0)
        S->bytes += nsize - osize; /* wraps correctly when shrinking */
    return q;
}

void cs_mem_free(cs_Solver *S, void *p, size_t size)
{
    if (p != NULL)
        (void)cs_mem_realloc(S, p, size, 0);
}

/* Capacity policy: double, at least 8. Overflow of the byte count is
 * refused. A first capacity is need itself (at least 8): a block made for
 * what is about to go in (a new tableau, cs_tableau_empty) is not rounded
 * up to a power of two, whose slack would be zeroed too. */
static size_t next_cap(size_t cap, size_t need)
{
    size_t c = cap == 0 ? (need < 8 ? 8 : need) : cap < 8 ? 8 : cap;
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
/* The entries of a free list's room that cs_soa_grow zeroes (see there). */
enum { LIST_TOUCH = 1024 };

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
    /* The room is zeroed even where the kernel's fresh mappings are zero
     * already: zeroing also brings each page in now. Left to the first
     * use, a 2 MB page's fault lands in whatever operation first reaches
     * it: with the zeroing skipped (5212c5f, reverted), a build and a flip
     * at L were 4% faster and a tweak at XL took 250 us an operation. A
     * free list's room is the exception: it is never read above the
     * list's count, which grows only as ids are freed, one by one, and a
     * new tableau's lists are nearly empty; zeroing its first LIST_TOUCH
     * entries brings in the page the next pushes write, and the rest (at
     * the end of the block, a 2 MB page of its own at tree and stack L) is
     * left to the removals that reach it. Peak memory of a build and a
     * flip 2 MB less at tree and stack L, 8 to 12 MB less at XL. Its old
     * entries are all copied: a rollback reads those popped since its
     * transaction began. */
    char *old = *f[0].field, *at = block;
    for (int i = 0; i < nf; i++) {
        size_t zero = c - *cap;
        if (f[i].free_list && zero > LIST_TOUCH)
            zero = LIST_TOUCH;
        if (*cap > 0)
            memcpy(at, *f[i].field, f[i].size * *cap);
        memset(at + f[i].size * *cap, 0, f[i].size * zero);
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
