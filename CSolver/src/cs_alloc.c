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
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <unistd.h>
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
/* A reserve is made of at least this much (cs_reserve); its helper's stack. */
#define RESERVE_MIN ((size_t)4 << 20)
#define HELPER_STACK ((size_t)256 << 10)

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

/* A reserve's chunks (spares that hold zeros) up to a quarter more: what
 * a first transition takes is about what the build before it made, and at
 * XL that is 150 MB, half of what the solver holds after the build (295
 * MB at cells XL). Within spare_limit the reserve held 28 to 36 MB there,
 * and the flip mapped 72 to 92 MB anew and faulted it itself; within this,
 * 64 MB and 30. Flips at XL 8 to 12% faster (docs/performance-history.md,
 * 2026-11-28); peak memory at XL 6 to 20 MB more (stack 473 -> 493 MB). */
static size_t reserve_limit(const cs_Solver *S) { return spare_limit(S) + S->bytes / 4; }

/* Adds p (len bytes) to the spares, which have room for it. */
static void spare_add(Spares *sp, char *p, size_t len, bool zero)
{
    sp->p[sp->n] = p;
    sp->len[sp->n] = len;
    sp->zero[sp->n++] = zero;
    sp->bytes += len;
}

/* Keeps p (len bytes) as a spare if it may be; zero: it holds zeros only
 * (a reserve's chunks, kept up to reserve_limit). */
static void spare_put(cs_Solver *S, char *p, size_t len, bool zero)
{
    Spares *sp = &S->spares;
    if (sp->n < CS_SPARES && sp->bytes + len <= (zero ? reserve_limit(S) : spare_limit(S)))
        spare_add(sp, p, len, zero);
    else
        munmap(p, len);
}

/* A spare of exactly len bytes (a multiple of HUGE_BLOCK), cut from the
 * smallest that holds it, and in *zero whether it holds zeros only; NULL
 * if none does. */
static char *spare_take(cs_Solver *S, size_t len, bool *zero)
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
    *zero = sp->zero[best];
    sp->bytes -= have;
    sp->p[best] = sp->p[--sp->n];
    sp->len[best] = sp->len[sp->n];
    sp->zero[best] = sp->zero[sp->n];
    if (have > len) /* a mapping of its own now, where the one it was cut from was */
        spare_add(sp, p + len, have - len, *zero);
    return p;
}

/*
 * The reserve. A change set solved afresh makes its tableau in new memory
 * while the state it leaves is kept (cs_cache.c): at L a flip takes 8 or 9
 * blocks of 2 MB that no spare holds (its map of values included), and the
 * first touch of each is a page fault of 0.2 ms where the host still backs
 * the memory and about 6 ms where it does not (README, "Timing on this
 * machine"). So as soon as a change set solved afresh (a build included)
 * is made, the solver asks for what the next one is expected to take: the
 * large blocks this one made and two maps of values, the one the update
 * after it makes and the next one's (cs_afresh.c, cs_reserve). What the
 * spares do not hold is mapped at once, and a helper thread brings its
 * pages in while the caller goes on. An app rotates seconds later, when
 * all of it is in; solver-bench flips 0.2 ms after its build's update,
 * and at L finds all of it.
 *
 * The mapping is cut in chunks of HUGE_BLOCK. The helper takes them from
 * the bottom (`front`); the solver's thread, needing a block before the
 * helper has reached it, takes one from the top (`back`, reserve_take)
 * and faults its pages itself, as it would a new mapping's. One
 * compare-and-swap of both ends (`ends`) gives each chunk to one thread,
 * so that no chunk is written by both. The chunks the helper has brought
 * in, [0, done), go to the spares at the solver's next large block
 * (reserve_claim). The helper writes one byte of each 4 KB page, a 0 over
 * the 0 a new mapping holds, and nothing else; the solver reads nothing of
 * a chunk before `done` (release, acquire) says it is in. So a chunk holds
 * zeros only, and a spare made of chunks says so (Spares.zero) until a
 * block cut from it is given back: a new block cut from one, or from the
 * reserve's top, or mapped anew, is not zeroed again (mem_realloc's
 * *zero, clear_room), only touched where its pages may be out.
 *
 * The helper is the library's, not the caller's: it starts with every
 * signal blocked, so that a signal sent to the process goes to one of the
 * caller's threads. A child of fork() has no helper, only the solver's
 * copy of the reserve: it does not join one (POSIX gives joining a thread
 * the process does not have no meaning; glibc marks the parent's threads
 * ended in the child), and the chunks the helper had taken are mapped
 * memory like the rest, whether their pages came in or not (reserve_end).
 */
struct Reserve {
    char *p;                 /* the mapping: nchunk chunks of HUGE_BLOCK */
    uint32_t nchunk;
    uint32_t claimed;        /* chunks handed to the spares: [0, claimed) */
    _Atomic uint64_t ends;   /* front << 32 | back: chunks [front, back) are taken by neither */
    _Atomic uint32_t done;   /* chunks the helper has brought in: [0, done) */
    pthread_t helper;
    pid_t owner;             /* the process whose thread the helper is */
};

static uint64_t reserve_ends(uint32_t front, uint32_t back) { return (uint64_t)front << 32 | back; }

/* Is r's helper a thread of this process (not of the parent of a fork)? */
static bool helper_here(const Reserve *r) { return r->owner == getpid(); }

static void *reserve_fill(void *arg)
{
    Reserve *r = arg;
    uint64_t e = atomic_load_explicit(&r->ends, memory_order_relaxed);
    for (;;) {
        uint32_t front = (uint32_t)(e >> 32), back = (uint32_t)e;
        if (front >= back)
            return NULL;
        if (!atomic_compare_exchange_weak_explicit(&r->ends, &e, reserve_ends(front + 1, back),
                                                   memory_order_relaxed, memory_order_relaxed))
            continue;
        volatile char *chunk = r->p + (size_t)front * HUGE_BLOCK;
        for (size_t b = 0; b < HUGE_BLOCK; b += 4096)
            chunk[b] = 0;
        atomic_store_explicit(&r->done, front + 1, memory_order_release);
        e = atomic_load_explicit(&r->ends, memory_order_relaxed);
    }
}

/* Hands the chunks brought in since the last claim to the spares, as
 * one spare with those already handed over while that one is whole (one
 * mapping, so that mremap may grow a block cut from it). The chunks hold
 * zeros only: the spare they join does if it did. */
static void reserve_claim(cs_Solver *S, Reserve *r)
{
    uint32_t done = atomic_load_explicit(&r->done, memory_order_acquire);
    if (done == r->claimed)
        return;
    char *from = r->p + (size_t)r->claimed * HUGE_BLOCK;
    size_t len = (size_t)(done - r->claimed) * HUGE_BLOCK;
    Spares *sp = &S->spares;
    uint32_t k = r->claimed > 0 ? 0 : sp->n; /* none before the mapping's first chunk is of it */
    while (k < sp->n && sp->p[k] + sp->len[k] != from)
        k++;
    if (k < sp->n && sp->bytes + len <= reserve_limit(S)) {
        sp->len[k] += len;
        sp->bytes += len;
    } else {
        spare_put(S, from, len, true);
    }
    r->claimed = done;
}

/* Stops the helper (it finishes its chunk), hands what it brought in to
 * the spares and unmaps the chunks no one took. */
static void reserve_end(cs_Solver *S)
{
    Reserve *r = S->spares.reserve;
    uint64_t e = atomic_load_explicit(&r->ends, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(&r->ends, &e, reserve_ends((uint32_t)(e >> 32), (uint32_t)(e >> 32)),
                                                  memory_order_relaxed, memory_order_relaxed))
        ;
    uint32_t front = (uint32_t)(e >> 32), back = (uint32_t)e;
    if (helper_here(r))
        pthread_join(r->helper, NULL);
    else
        atomic_store_explicit(&r->done, front, memory_order_relaxed); /* a child of fork() */
    reserve_claim(S, r);
    if (back > front)
        munmap(r->p + (size_t)front * HUGE_BLOCK, (size_t)(back - front) * HUGE_BLOCK);
    free(r);
    S->spares.reserve = NULL;
}

/* len bytes from the top of the reserve, chunks the helper has not
 * reached; NULL if it has. */
static char *reserve_take(Reserve *r, size_t len)
{
    uint32_t n = (uint32_t)(len / HUGE_BLOCK);
    uint64_t e = atomic_load_explicit(&r->ends, memory_order_relaxed);
    for (;;) {
        uint32_t front = (uint32_t)(e >> 32), back = (uint32_t)e;
        if (back - front < n)
            return NULL;
        if (atomic_compare_exchange_weak_explicit(&r->ends, &e, reserve_ends(front, back - n),
                                                  memory_order_relaxed, memory_order_relaxed))
            return r->p + (size_t)(back - n) * HUGE_BLOCK;
    }
}

void cs_reserve(cs_Solver *S, size_t want)
{
    Reserve *r = S->spares.reserve;
    if (r != NULL) {
        uint64_t e = atomic_load_explicit(&r->ends, memory_order_relaxed);
        if ((uint32_t)(e >> 32) < (uint32_t)e && helper_here(r))
            return; /* the helper is still at work on the last one */
        reserve_end(S); /* in a child of fork(), whatever the helper had left */
    }
    size_t have = S->spares.bytes, limit = reserve_limit(S);
    if (!S->prefault || S->alloc != cs_default_alloc || want < have + RESERVE_MIN || have >= limit)
        return;
    size_t len = huge_length(want - have);
    if (len == 0 || len > limit - have)
        len = (limit - have) & ~(HUGE_BLOCK - 1);
    if (len < RESERVE_MIN || len / HUGE_BLOCK > UINT32_MAX || (r = malloc(sizeof *r)) == NULL)
        return;
    r->nchunk = (uint32_t)(len / HUGE_BLOCK);
    r->claimed = 0;
    atomic_init(&r->ends, reserve_ends(0, r->nchunk));
    atomic_init(&r->done, 0);
    r->owner = getpid();
    pthread_attr_t attr;
    sigset_t none, mask;
    bool started = false;
    if ((r->p = huge_map(len)) != NULL && pthread_attr_init(&attr) == 0) {
        (void)pthread_attr_setstacksize(&attr, HELPER_STACK); /* default (8 MB) if refused */
        (void)sigfillset(&none);
        if (pthread_sigmask(SIG_SETMASK, &none, &mask) == 0) { /* the new thread's mask is this one */
            started = pthread_create(&r->helper, &attr, reserve_fill, r) == 0;
            (void)pthread_sigmask(SIG_SETMASK, &mask, NULL);
        }
        pthread_attr_destroy(&attr);
    }
    if (!started) {
        if (r->p != NULL)
            munmap(r->p, len);
        free(r);
        return;
    }
    S->spares.reserve = r;
}

size_t cs_reserve_bytes(const cs_Solver *S)
{
    const Reserve *r = S->spares.reserve;
    if (r == NULL)
        return 0;
    uint64_t e = atomic_load_explicit(&((Reserve *)r)->ends, memory_order_relaxed);
    return (size_t)((uint32_t)e - r->claimed) * HUGE_BLOCK;
}

/* A mapping of len bytes for S: cut from its spares if one holds it (S
 * NULL: none), else from the reserve's top, else mapped anew; *zero: it
 * holds zeros only (a new mapping's pages, or a reserve's chunks). */
static void *map_block(cs_Solver *S, size_t len, bool *zero)
{
    char *p = NULL;
    *zero = true;
    if (S != NULL) {
        S->spares.made += len;
        if (S->spares.reserve != NULL)
            reserve_claim(S, S->spares.reserve);
        p = spare_take(S, len, zero);
        if (p == NULL && S->spares.reserve != NULL)
            p = reserve_take(S->spares.reserve, len);
    }
    return p != NULL ? p : huge_map(len);
}

/* A mapping of len bytes that S gives back: kept as a spare if it may be. */
static void unmap_block(cs_Solver *S, void *p, size_t len)
{
    if (S != NULL)
        spare_put(S, p, len, false);
    else
        munmap(p, len);
}

/* A block of nsize bytes where ptr had osize, for S (NULL: no spares);
 * *zero: a new block (ptr NULL) that holds zeros only. */
static void *block_realloc(cs_Solver *S, void *ptr, size_t osize, size_t nsize, bool *zero)
{
    bool was_huge = ptr != NULL && osize >= HUGE_MIN, huge = nsize >= HUGE_MIN;
    *zero = false;
    if (!was_huge && !huge)
        return small_realloc(ptr, nsize);
    size_t len = huge ? huge_length(nsize) : 0;
    if (huge && len == 0)
        return NULL;
    if (was_huge && huge) {
        if (len == huge_length(osize))
            return ptr;
        void *m = mremap(ptr, huge_length(osize), len, MREMAP_MAYMOVE);
        if (m != MAP_FAILED) {
            (void)madvise(m, len, MADV_HUGEPAGE);
            return m;
        }
        /* Refused (a block across two mappings, which the kernel may keep
         * apart: spares joined in reserve_claim): a new block and a copy. */
    }
    void *q = NULL;
    bool mapped_zero = false;
    if (nsize > 0 && (q = huge ? map_block(S, len, &mapped_zero) : malloc(nsize)) == NULL)
        return NULL;
    *zero = mapped_zero && ptr == NULL;
    if (q != NULL && ptr != NULL)
        memcpy(q, ptr, osize < nsize ? osize : nsize);
    if (was_huge)
        unmap_block(S, ptr, huge_length(osize));
    else
        free(ptr);
    return q;
}
#else
void cs_reserve(cs_Solver *S, size_t want) { (void)S; (void)want; }
size_t cs_reserve_bytes(const cs_Solver *S) { (void)S; return 0; }
#endif

void *cs_default_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud;
#ifdef HUGE_BLOCK
    bool zero;
    return block_realloc(NULL, ptr, osize, nsize, &zero);
#else
    (void)osize;
    return small_realloc(ptr, nsize);
#endif
}

void cs_spares_release(cs_Solver *S)
{
#ifdef HUGE_BLOCK
    if (S->spares.reserve != NULL)
        reserve_end(S);
    Spares *sp = &S->spares;
    for (uint32_t k = 0; k < sp->n; k++)
        munmap(sp->p[k], sp->len[k]);
#endif
    memset(&S->spares, 0, sizeof S->spares);
}

/* cs_mem_realloc, and in *zero whether a new block holds zeros only. */
static void *mem_realloc(cs_Solver *S, void *p, size_t osize, size_t nsize, bool *zero)
{
    *zero = false;
#ifdef HUGE_BLOCK
    void *q = S->alloc == cs_default_alloc ? block_realloc(S, p, osize, nsize, zero)
                                           : S->alloc(S->ud, p, osize, nsize);
#else
    void *q = S->alloc(S->ud, p, osize, nsize);
#endif
    if (q != NULL || nsize == 0)
        S->bytes += nsize - osize; /* wraps correctly when shrinking */
    return q;
}

void *cs_mem_realloc(cs_Solver *S, void *p, size_t osize, size_t nsize)
{
    bool zero;
    return mem_realloc(S, p, osize, nsize, &zero);
}

/* Zeroes [p, p + n) and so brings its pages in; where it holds zeros
 * already (a new block mem_realloc says so of), only brings them in, a
 * write of 0 into each 4 KB. */
static void clear_room(char *p, size_t n, bool holds_zeros)
{
    if (!holds_zeros) {
        memset(p, 0, n);
        return;
    }
    volatile char *c = p;
    for (size_t b = 0; b < n; b += 4096)
        c[b] = 0;
    if (n > 0)
        c[n - 1] = 0; /* the last page, where n is not a multiple of 4 KB from a page's start */
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

/* cs_grow, and with zeroed the new room zeroed (clear_room). */
static bool grow(cs_Solver *S, void **p, size_t item, uint32_t *cap, uint32_t n, bool zeroed)
{
    if (n <= *cap)
        return true;
    size_t c = next_cap(*cap, n);
    if (c > UINT32_MAX / 2 || c > SIZE_MAX / item)
        return false;
    bool zero;
    char *q = mem_realloc(S, *p, (size_t)*cap * item, c * item, &zero);
    if (q == NULL)
        return false;
    if (zeroed)
        clear_room(q + (size_t)*cap * item, (c - *cap) * item, zero);
    *p = q;
    *cap = (uint32_t)c;
    return true;
}

bool cs_grow(cs_Solver *S, void **p, size_t item, uint32_t *cap, uint32_t n)
{
    return grow(S, p, item, cap, n, false);
}

bool cs_grow_zeroed(cs_Solver *S, void **p, size_t item, uint32_t *cap, uint32_t n)
{
    return grow(S, p, item, cap, n, true);
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
    bool zero;
    char *block = mem_realloc(S, NULL, 0, nbytes, &zero);
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
     * transaction began. A block known to hold zeros (mem_realloc) has
     * its pages touched instead (clear_room): a flip's new tableau, in a reserve's
     * chunks, zeroed 5.6 to 6.8 MB at L that the helper had brought in
     * already, out of the caches (the kernel clears a huge page around
     * them), 0.5 ms of it. */
    char *old = *f[0].field, *at = block;
    for (int i = 0; i < nf; i++) {
        size_t room = c - *cap;
        if (f[i].free_list && room > LIST_TOUCH)
            room = LIST_TOUCH;
        if (*cap > 0)
            memcpy(at, *f[i].field, f[i].size * *cap);
        clear_room(at + f[i].size * *cap, f[i].size * room, zero);
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
