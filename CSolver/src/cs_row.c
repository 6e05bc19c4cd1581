/*
 * cs_row.c -- sparse rows and the column index.
 *
 * A row is  basic = constant + sum(coef[k] * sym[k])  with sym[] strictly
 * increasing (I1). Merges stream both rows once into the solver's scratch
 * arrays and copy the result back, or trade buffers with the scratch when
 * the row must grow, so a merge allocates only when a row outgrows its
 * buffer (doubling). Every symbol that enters a row is appended to that symbol's column
 * (I3) before the row changes, so a failed append leaves the row as it was.
 */
#include "cs_internal.h"

#include <math.h>
#include <string.h>

#ifdef CS_TEST_SEAMS
double cs_test_cancel_mostly = CS_CANCEL_MOSTLY; /* cs_internal.h, cs_cancelled */
/* Tests only: every row merged (sparse_axpy never taken), so that a test
 * can hold the rows it makes against the merge's; and how many times it
 * was taken. */
bool cs_test_merge_always;
long cs_test_sparse_axpys;
#define TEST_MERGE_ALWAYS() cs_test_merge_always
#define TEST_COUNT_SPARSE_AXPY() (cs_test_sparse_axpys++)
#else
#define TEST_MERGE_ALWAYS() false
#define TEST_COUNT_SPARSE_AXPY() ((void)0)
#endif

/* Where s is in r, or would go, at `lo` or after. */
static int32_t find_from(const Row *r, Sym s, int32_t lo)
{
    int32_t hi = r->n;
    while (lo < hi) {
        int32_t mid = (int32_t)(((uint32_t)lo + (uint32_t)hi) >> 1);
        if (r->sym[mid] < s)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int32_t find(const Row *r, Sym s) { return find_from(r, s, 0); }

double cs_row_coef_search(const Row *r, Sym s)
{
    int32_t k = find(r, s);
    return k < r->n && r->sym[k] == s ? r->coef[k] : 0.0;
}

/* The class of a block of cap terms in the term pool (TermPool), or -1
 * when it is too large for one: the same for a block's allocation and its
 * free, which are given the same cap. */
static int term_class(int32_t cap)
{
    return cap <= 4 ? 0 : cap <= 8 ? 1 : cap <= 16 ? 2 : -1;
}

static double *pooled_terms(cs_Solver *S, int cls)
{
    TermPool *tp = &S->terms;
    double *block = tp->free[cls];
    if (block != NULL) {
        memcpy(&tp->free[cls], block, sizeof(double *)); /* the next free one */
        return block;
    }
    size_t bytes = ((size_t)4 << cls) * (sizeof(double) + sizeof(Sym)); /* 16-byte multiples */
    if ((size_t)(tp->end - tp->at) < bytes) {
        Slab slab = { NULL, (size_t)CS_TERM_SLAB << tp->grade };
        if ((slab.p = cs_mem_realloc(S, NULL, 0, slab.bytes)) == NULL)
            return NULL;
        if (!cs_vec_push(S, &tp->slabs, sizeof slab, &slab)) {
            cs_mem_free(S, slab.p, slab.bytes);
            return NULL;
        }
        tp->at = slab.p;
        tp->end = slab.p + slab.bytes;
        tp->grade += tp->grade < CS_TERM_SLAB_DOUBLINGS;
    }
    block = (double *)(void *)tp->at;
    tp->at += bytes;
    return block;
}

bool cs_terms_new(cs_Solver *S, int32_t cap, Sym **sym, double **coef)
{
    *sym = NULL;
    *coef = NULL;
    if (cap == 0)
        return true;
    int cls = term_class(cap);
    double *block = cls >= 0 ? pooled_terms(S, cls)
                             : cs_mem_realloc(S, NULL, 0, (size_t)cap * (sizeof(double) + sizeof(Sym)));
    if (block == NULL)
        return false;
    *coef = block;
    *sym = (Sym *)(block + cap);
    return true;
}

void cs_terms_free(cs_Solver *S, double *coef, int32_t cap)
{
    if (coef == NULL)
        return;
    int cls = term_class(cap);
    if (cls < 0) {
        cs_mem_free(S, coef, (size_t)cap * (sizeof(double) + sizeof(Sym)));
        return;
    }
    memcpy(coef, &S->terms.free[cls], sizeof(double *));
    S->terms.free[cls] = coef;
}

void cs_terms_release(cs_Solver *S)
{
    TermPool *tp = &S->terms;
    Slab *slab = tp->slabs.p;
    for (size_t k = 0; k < tp->slabs.n; k++)
        cs_mem_free(S, slab[k].p, slab[k].bytes);
    cs_vec_free(S, &tp->slabs, sizeof *slab);
    memset(tp, 0, sizeof *tp);
}

void cs_terms_expect(cs_Solver *S, size_t rows)
{
    TermPool *tp = &S->terms;
    size_t want = rows < SIZE_MAX / 64 ? rows * 4 * (sizeof(double) + sizeof(Sym)) : SIZE_MAX;
    while (tp->grade < CS_TERM_SLAB_DOUBLINGS && ((size_t)CS_TERM_SLAB << tp->grade) < want)
        tp->grade++;
}

/* A new block of capacity at least need (doubling) holding the first n
 * terms; the old one is freed. Nothing changes if memory runs out. */
static bool grow_terms(cs_Solver *S, Sym **sym, double **coef, int32_t *cap, int32_t n, int32_t need)
{
    if (need <= *cap)
        return true;
    int32_t c = *cap < 4 ? 4 : *cap;
    while (c < need) {
        if (c > INT32_MAX / 2)
            return false;
        c *= 2;
    }
    Sym *ns;
    double *nc;
    if (!cs_terms_new(S, c, &ns, &nc))
        return false;
    if (n > 0) {
        memcpy(ns, *sym, (size_t)n * sizeof(Sym));
        memcpy(nc, *coef, (size_t)n * sizeof(double));
    }
    cs_terms_free(S, *coef, *cap);
    *sym = ns;
    *coef = nc;
    *cap = c;
    return true;
}

bool cs_scratch_reserve(cs_Solver *S, int32_t n)
{
    return grow_terms(S, &S->tmp_sym, &S->tmp_coef, &S->tmp_cap, 0, n);
}

bool cs_row_reserve(cs_Solver *S, int32_t slot, int32_t n)
{
    Row *r = &S->rows[slot];
    if (r->cap == 0 && n > 0 && n <= 16) {
        /* A new row (create_row: every row of a build) takes a block of its
         * class at once, where grow_terms doubles up to it, copies nothing
         * and frees nothing: 110 instructions a row, a twentieth of a tree
         * L build's, went that way. */
        int32_t cap = 4 << term_class(n);
        if (!cs_terms_new(S, cap, &r->sym, &r->coef))
            return false;
        r->cap = cap;
        return true;
    }
    return grow_terms(S, &r->sym, &r->coef, &r->cap, r->n, n);
}

uint32_t cs_visit_begin(cs_Solver *S)
{
    if (++S->visit_stamp == 0) {
        memset(S->visit, 0, (size_t)S->capslot * sizeof *S->visit);
        S->visit_stamp = 1;
    }
    return S->visit_stamp;
}

/* Moves column c to a chunk twice its size (COL_FIRST entries for a new
 * one), its old chunk to the free list of its size; false if memory runs
 * out (the column as it was). A new column's first chunk, where no freed
 * one waits and the pool has room, cs_col_push takes inline without this
 * call: the same steps as the end of this one, for every symbol of a build. */
bool cs_col_grow(cs_Solver *S, Column *c)
{
    ColPool *p = &S->pool;
    uint32_t old = 0; /* the size class of its chunk, when it has one */
    while (((uint32_t)COL_FIRST << old) < (uint32_t)c->cap)
        old++;
    uint32_t cls = c->cap == 0 ? 0 : old + 1;
    if (cls >= COL_CLASSES)
        return false;
    uint32_t size = (uint32_t)COL_FIRST << cls, at;
    if (p->free[cls] != 0) {
        at = p->free[cls] - 1;
        p->free[cls] = (uint32_t)p->slot[at];
    } else {
        if (p->n > UINT32_MAX / 2 - size ||
            (p->n + size > p->cap && !cs_grow(S, (void **)&p->slot, sizeof(int32_t), &p->cap, p->n + size)))
            return false;
        at = p->n;
        p->n += size;
    }
    if (c->n > 0)
        memcpy(p->slot + at, p->slot + c->at, (size_t)c->n * sizeof(int32_t));
    if (c->cap > 0) {
        p->slot[c->at] = (int32_t)p->free[old];
        p->free[old] = c->at + 1;
    }
    c->at = at;
    c->cap = (int32_t)size;
    return true;
}

void cs_col_queue(cs_Solver *S, Sym s)
{
    /* Compacting now could drop an entry that a rollback needs (I3): it
     * waits for the commit. If the request cannot be stored, the column is
     * only longer than it needs to be. */
    (void)cs_vec_push(S, &S->j.compact, sizeof s, &s);
}

void cs_terms_gone(cs_Solver *S, const Sym *sym, int32_t n)
{
    for (int32_t k = 0; k < n; k++)
        cs_col_gone(S, sym[k]);
}

/* Drops stale and duplicate entries. Each costs the departure that made it
 * (cs_col_gone), and a compaction visits at most twice as many entries as
 * were stale, so its cost is amortised over those departures. */
void cs_col_compact(cs_Solver *S, Sym s)
{
    Column *c = &S->col[s];
    uint32_t stamp = cs_visit_begin(S);
    int32_t w = 0;
    int32_t *slots = S->pool.slot + c->at; /* nothing is pushed here */
    for (int32_t k = 0; k < c->n; k++) {
        int32_t slot = slots[k];
        if (S->visit[slot] == stamp)
            continue;
        S->visit[slot] = stamp;
        const Row *r = &S->rows[slot];
        int32_t at = find(r, s);
        if (at < r->n && r->sym[at] == s)
            slots[w++] = slot;
    }
    c->n = w;
    c->stale = 0;
}

/* r's constant += a * q's. A constant that cancels to rounding is 0: by
 * the rule for coefficients, its noise part alone (a constant can be small
 * and real). Left, it was what two sums of 1e11 left of 0 in a restricted
 * row, -1.5e-5, an infeasible tableau (cs_fuzz). */
static void axpy_constant(cs_Solver *S, Row *r, double a, const Row *q)
{
    double x = r->constant, y = a * q->constant, sum = x + y;
    bool noise = cs_noise(sum, x, y);
    S->sum_dropped |= noise && sum != 0.0;
    r->constant = noise ? 0.0 : sum;
}

/*
 * A short row added into a long one, in place (cs_row_axpy): each of the
 * short row's terms found in the long one by bisection, the long row's
 * terms moved only where one comes in or goes, a stretch at a time
 * (memmove), where the merge reads and writes every term of both. A long
 * row is an objective's: a level's row holds the error symbols of its
 * constraints that are not basic, and a pivot substitutes a constraint's
 * row of a few terms into it. A layout with many priorities in conflict
 * makes thousands of pivots into objectives of thousands of terms
 * (Benchmarks/priorities_trace.py: N variables each wanted at six values,
 * one a priority, and a chain of inequalities between them). At N = 2,000
 * the build took 901 ms weighted with the merge alone and takes 78 (kiwi:
 * 938), and 4.0 s lexicographic, 2.0 with this alone (medians of 5, one
 * run: CSolver/README.md's table, where the scans for an entering symbol
 * take most of what is left). The workloads' objectives take few rows
 * this way: their replays at L execute within 450 instructions of what
 * they did (callgrind, lexicographic, 108 to 156 million). The arithmetic, and the order in which symbols are
 * pushed to their columns or counted gone, are the merge's: the row is the
 * same to the bit (held against the merge's in every C test and fuzz input
 * with every row taken so, 2026-11-30).
 */
enum { /* chosen, not tuned */
    SPARSE_AXPY_FROM = 64, /* the long row's terms at least */
    SPARSE_AXPY_RATIO = 8, /* ... and this many times the short row's */
    SPARSE_AXPY_MOST = 32  /* the short row's terms at most (a stack of events) */
};
#ifdef CS_TEST_SEAMS
/* Tests only: rows of any length taken in place (1 and 1), so that the
 * tests of random systems run the moves of every shape. */
int32_t cs_test_sparse_from = SPARSE_AXPY_FROM, cs_test_sparse_ratio = SPARSE_AXPY_RATIO;
#define SPARSE_FROM cs_test_sparse_from
#define SPARSE_RATIO cs_test_sparse_ratio
#else
#define SPARSE_FROM SPARSE_AXPY_FROM
#define SPARSE_RATIO SPARSE_AXPY_RATIO
#endif

typedef struct AxpyEvent {
    int32_t at;     /* the long row's term it comes before (insert) or is (update, delete) */
    int8_t kind;    /* AXPY_INSERT, AXPY_UPDATE, AXPY_DELETE */
    Sym sym;
    double coef;
} AxpyEvent;
enum { AXPY_INSERT, AXPY_UPDATE, AXPY_DELETE };

/* Moves r's terms [start, end) by `shift` places. */
static void move_stretch(Row *r, int32_t start, int32_t end, int32_t shift)
{
    size_t n = (size_t)(end - start);
    memmove(r->sym + start + shift, r->sym + start, n * sizeof(Sym));
    memmove(r->coef + start + shift, r->coef + start, n * sizeof(double));
}

/* cs_terms_merge's result for r += a * q, dropping `drop`, written into r
 * itself: 1; 0 if memory runs out (r as it was, the symbols pushed counted
 * gone); -1 where it does not apply (rows of other shapes, or q holding
 * `drop`, which the merge brings back in): nothing done. */
static int sparse_axpy(cs_Solver *S, int32_t dst, Row *r, double a, const Row *q, Sym drop)
{
    if (r->n < SPARSE_FROM || q->n > SPARSE_AXPY_MOST || (int64_t)q->n * SPARSE_RATIO > r->n ||
        TEST_MERGE_ALWAYS())
        return -1;
    if (drop != 0) {
        int32_t d = find(q, drop);
        if (d < q->n && q->sym[d] == drop)
            return -1;
    }
    AxpyEvent ev[SPARSE_AXPY_MOST + 1];
    int32_t nev = 0, grow = 0, from = 0;
    int32_t dp = drop != 0 ? find(r, drop) : r->n;
    bool dropping = dp < r->n && r->sym[dp] == drop;
    /* The events in the merge's order: by symbol. */
    for (int32_t j = 0; j <= q->n; j++) {
        Sym sj = j < q->n ? q->sym[j] : 0;
        if (dropping && (j == q->n || drop < sj)) {
            cs_col_gone(S, drop);
            ev[nev++] = (AxpyEvent){ dp, AXPY_DELETE, drop, 0.0 };
            grow--;
            dropping = false;
        }
        if (j == q->n)
            break;
        int32_t lo = from = find_from(r, sj, from); /* from the last one found: q's symbols ascend */
        double v = a * q->coef[j];
        if (lo < r->n && r->sym[lo] == sj) {
            double u = r->coef[lo], sum = u + v;
            if (!cs_cancelled(sum, u, v)) {
                cs_note_cancellation(S, dst, sum, u, v);
                ev[nev++] = (AxpyEvent){ lo, AXPY_UPDATE, sj, sum };
            } else {
                cs_note_dropped(S, dst, sum, u, v);
                cs_col_gone(S, sj);
                ev[nev++] = (AxpyEvent){ lo, AXPY_DELETE, sj, 0.0 };
                grow--;
            }
        } else if (v != 0.0) {
            if (!cs_col_push(S, sj, dst))
                goto failed;
            ev[nev++] = (AxpyEvent){ lo, AXPY_INSERT, sj, v };
            grow++;
        }
    }
    if (grow > 0 && !grow_terms(S, &r->sym, &r->coef, &r->cap, r->n, r->n + grow))
        goto failed;
    for (int32_t e = 0; e < nev; e++)
        if (ev[e].kind == AXPY_UPDATE)
            r->coef[ev[e].at] = ev[e].coef;
    /* The stretches between events, each moved by the inserts less the
     * deletes before it: those moving right from the last, those moving
     * left from the first, so that none is written over before it moves
     * (a stretch's shift differs from its neighbour's by one). */
    int32_t start[SPARSE_AXPY_MOST + 2], end[SPARSE_AXPY_MOST + 2], shift[SPARSE_AXPY_MOST + 2], nst = 0;
    int32_t at = 0, d = 0;
    for (int32_t e = 0; e < nev; e++) {
        if (ev[e].kind == AXPY_UPDATE)
            continue;
        start[nst] = at, end[nst] = ev[e].at, shift[nst++] = d;
        if (ev[e].kind == AXPY_INSERT) {
            ev[e].at += d; /* where it goes */
            d++;
            at = end[nst - 1];
        } else {
            d--;
            at = ev[e].at + 1;
        }
    }
    start[nst] = at, end[nst] = r->n, shift[nst++] = d;
    for (int32_t t = nst - 1; t >= 0; t--)
        if (shift[t] > 0)
            move_stretch(r, start[t], end[t], shift[t]);
    for (int32_t t = 0; t < nst; t++)
        if (shift[t] < 0)
            move_stretch(r, start[t], end[t], shift[t]);
    for (int32_t e = 0; e < nev; e++)
        if (ev[e].kind == AXPY_INSERT) {
            r->sym[ev[e].at] = ev[e].sym;
            r->coef[ev[e].at] = ev[e].coef;
        }
    r->n += grow;
    TEST_COUNT_SPARSE_AXPY();
    return 1;
failed: /* the symbols pushed count as gone; r is as it was */
    for (int32_t e = 0; e < nev; e++)
        if (ev[e].kind == AXPY_INSERT)
            cs_col_gone(S, ev[e].sym);
    return 0;
}

/*
 * dst += a * src, dropping the symbol `drop` from dst (0: none). With drop
 * = s and a = dst's coefficient of s, this substitutes row src (s = ...)
 * into dst (kiwi's Row::substitute) in one pass.
 */
bool cs_row_axpy(cs_Solver *S, int32_t dst, double a, int32_t src, Sym drop)
{
    if (!cs_touch(S, dst))
        return false;
    Row *r = &S->rows[dst];
    const Row *q = &S->rows[src];
    S->build_work += (uint64_t)r->n + (uint64_t)q->n;
    int in_place = sparse_axpy(S, dst, r, a, q, drop);
    if (in_place >= 0) {
        if (in_place == 0)
            return false;
        axpy_constant(S, r, a, q);
        return true;
    }
    int32_t k = cs_terms_merge(S, dst, r, a, q, drop);
    if (k < 0)
        return false;
    Sym *os = S->tmp_sym;
    double *oc = S->tmp_coef;
    axpy_constant(S, r, a, q);
    if (k <= r->cap) {
        /* Copied back: the scratch keeps its room for the next merge,
         * where trading buffers would leave it a row's (too small, so
         * every merge would allocate). */
        memcpy(r->sym, os, (size_t)k * sizeof(Sym));
        memcpy(r->coef, oc, (size_t)k * sizeof(double));
    } else {
        S->tmp_sym = r->sym; r->sym = os;
        S->tmp_coef = r->coef; r->coef = oc;
        int32_t cap = S->tmp_cap; S->tmp_cap = r->cap; r->cap = cap;
    }
    r->n = k;
    return true;
}

bool cs_row_add_term(cs_Solver *S, int32_t dst, Sym s, double a)
{
    if (!cs_touch(S, dst))
        return false;
    Row *r = &S->rows[dst];
    /* A symbol above every one in the row goes at its end: an objective
     * row takes each new error symbol so (the newest, the highest), and at
     * cells L it holds 16,000 of them. */
    int32_t k = r->n > 0 && r->sym[r->n - 1] < s ? r->n : find(r, s);
    if (k < r->n && r->sym[k] == s) {
        double v = r->coef[k] + a;
        if (!cs_cancelled(v, r->coef[k], a)) {
            r->coef[k] = v;
        } else {
            S->sum_dropped |= v != 0.0;
            memmove(r->sym + k, r->sym + k + 1, (size_t)(r->n - k - 1) * sizeof(Sym));
            memmove(r->coef + k, r->coef + k + 1, (size_t)(r->n - k - 1) * sizeof(double));
            r->n--;
            cs_col_gone(S, s);
        }
        return true;
    }
    if (a == 0.0)
        return true;
    if (!grow_terms(S, &r->sym, &r->coef, &r->cap, r->n, r->n + 1))
        return false;
    if (!cs_col_push(S, s, dst))
        return false;
    if (k < r->n) { /* not at the end, as an objective's new error is */
        memmove(r->sym + k + 1, r->sym + k, (size_t)(r->n - k) * sizeof(Sym));
        memmove(r->coef + k + 1, r->coef + k, (size_t)(r->n - k) * sizeof(double));
    }
    r->sym[k] = s;
    r->coef[k] = a;
    r->n++;
    return true;
}

bool cs_row_remove_term(cs_Solver *S, int32_t dst, Sym s)
{
    Row *r = &S->rows[dst];
    int32_t k = find(r, s);
    if (k >= r->n || r->sym[k] != s)
        return true;
    if (!cs_touch(S, dst))
        return false;
    memmove(r->sym + k, r->sym + k + 1, (size_t)(r->n - k - 1) * sizeof(Sym));
    memmove(r->coef + k, r->coef + k + 1, (size_t)(r->n - k - 1) * sizeof(double));
    r->n--;
    cs_col_gone(S, s);
    return true;
}

/*
 * Pivots a row onto `entering`, which must be in it with coefficient a:
 *     basic = c + a*e + sum(a_k s_k)
 *  => e = -c/a + (1/a)*basic + sum(-a_k/a * s_k)                        (2)
 * The caller updates basic[] for both symbols.
 */
bool cs_row_solve_for(cs_Solver *S, int32_t slot, Sym entering)
{
    if (!cs_touch(S, slot))
        return false;
    Row *r = &S->rows[slot];
    Sym old = r->basic;
    int32_t k = find(r, entering);
    CS_ASSERT(k < r->n && r->sym[k] == entering);
    if (k >= r->n || r->sym[k] != entering)
        return false;
    if (old != 0 && !cs_col_push(S, old, slot))
        return false;
    double a = r->coef[k], largest = cs_row_largest(r);
    /* At 2^-9 of the largest or more, not suspect: told without a
     * rounding (cs_internal.h, "Exact arithmetic"). */
    if (fabs(a) * 0x1p9 < largest && fabs(a) < CS_SUSPECT_PIVOT * largest) { /* rare: no workload's pivot is */
        S->verify_due = true;
        if (cs_row_tiny(r, a))
            S->refactor_due = true;
    }
    double scale = -1.0 / a;
    /* Remove e at k and scale the rest, in one pass (a row holds a handful
     * of terms: two calls to memmove cost more than the moves). */
    int32_t n = r->n - 1;
    for (int32_t i = 0; i < k; i++)
        r->coef[i] *= scale;
    for (int32_t i = k; i < n; i++) {
        r->sym[i] = r->sym[i + 1];
        r->coef[i] = r->coef[i + 1] * scale;
    }
    cs_col_gone(S, entering);
    r->constant *= scale;
    if (old != 0) {
        int32_t at;
        r->n = n;
        at = find(r, old);
        memmove(r->sym + at + 1, r->sym + at, (size_t)(n - at) * sizeof(Sym));
        memmove(r->coef + at + 1, r->coef + at, (size_t)(n - at) * sizeof(double));
        r->sym[at] = old;
        r->coef[at] = 1.0 / a;
        n++;
    }
    r->n = n;
    r->basic = entering;
    return true;
}

bool cs_row_copy(cs_Solver *S, int32_t dst, int32_t src)
{
    if (!cs_touch(S, dst))
        return false;
    Row *r = &S->rows[dst];
    const Row *q = &S->rows[src];
    if (!grow_terms(S, &r->sym, &r->coef, &r->cap, 0, q->n))
        return false;
    q = &S->rows[src];
    for (int32_t k = 0; k < q->n; k++)
        if (!cs_col_push(S, q->sym[k], dst)) {
            cs_terms_gone(S, q->sym, k); /* those pushed */
            return false;
        }
    cs_terms_gone(S, r->sym, r->n);
    memcpy(r->sym, q->sym, (size_t)q->n * sizeof(Sym));
    memcpy(r->coef, q->coef, (size_t)q->n * sizeof(double));
    r->n = q->n;
    r->constant = q->constant;
    return true;
}
