/*
 * cs_threads.c -- separate solvers on separate threads at once, as
 * csolver.h documents ("keeps no global state"). Built and run under
 * ThreadSanitizer by scripts/test.sh, which fails on any data race it reports.
 *
 * Every thread lays out a row of boxes in a window whose width it drags and
 * whose size class it switches (change sets between two variants, kept
 * solved states, moving edits), each solver with its own counting allocator.
 * Threads 2k and 2k+1 run the same layout, and each checksum must equal the
 * one the main thread computed alone beforehand: bit for bit, since the
 * solver is deterministic and nothing of one solver may reach another.
 *
 *   clang -std=c11 -g -O1 -fsanitize=thread -fuse-ld=lld -ICSolver/include CSolver/src/[a-z]*.c \
 *       CSolver/tests/cs_threads.c -lm -lpthread && ./a.out
 */
#include "csolver.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NTHREADS = 8, BOXES = 60, STEPS = 300 };

typedef struct Job {
    int layout;             /* which of NTHREADS / 2 layouts */
    uint64_t checksum;      /* of every value after every update */
    size_t live;            /* bytes its allocator holds at the end (0) */
    int failed;
} Job;

static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    size_t *live = ud;
    if (nsize == 0) {
        *live -= osize;
        free(ptr);
        return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (p != NULL)
        *live += nsize - (ptr ? osize : 0);
    return p;
}

static uint64_t mix(uint64_t h, double v)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    h ^= bits;
    return h * 0x100000001b3ULL;
}

#define TRY(call) do { if ((call) != CS_OK) { job->failed = __LINE__; goto done; } } while (0)

static void *run(void *arg)
{
    Job *job = arg;
    cs_Solver *S = cs_solver_new(CS_LEXICOGRAPHIC, counting_alloc, &job->live);
    if (S == NULL) {
        job->failed = __LINE__;
        return NULL;
    }
    uint64_t h = 0xcbf29ce484222325ULL;
    cs_Var width, left[BOXES], size[BOXES];
    cs_Cons wide[BOXES], narrow[BOXES];
    TRY(cs_var_new(S, &width));
    for (int i = 0; i < BOXES; i++) {
        TRY(cs_var_new(S, &left[i]));
        TRY(cs_var_new(S, &size[i]));
    }
    double gap = 4 + job->layout; /* each layout its own numbers */
    cs_Cons id;
    for (int i = 0; i < BOXES; i++) {
        /* left[i] == left[i-1] + size[i-1] + gap (or 0 for the first) */
        cs_Term chain[3] = { { left[i], 1 }, { i ? left[i - 1] : width, i ? -1 : 0 }, { i ? size[i - 1] : width, i ? -1 : 0 } };
        TRY(cs_cons_new(S, chain, i ? 3 : 1, i ? -gap : 0, CS_EQ, CS_REQUIRED, &id));
        TRY(cs_add(S, id));
        cs_Term least[1] = { { size[i], 1 } };
        TRY(cs_cons_new(S, least, 1, -10, CS_GE, CS_REQUIRED, &id));
        TRY(cs_add(S, id));
        /* wide: equal sizes; narrow: a size of 20, at 750 */
        cs_Term equal[2] = { { size[i], 1 }, { size[i ? i - 1 : 0], i ? -1 : 0 } };
        TRY(cs_cons_new(S, equal, i ? 2 : 1, i ? 0 : -30, CS_EQ, 900000, &wide[i]));
        TRY(cs_cons_new(S, least, 1, -20, CS_EQ, 750000, &narrow[i]));
        TRY(cs_add(S, wide[i]));
    }
    cs_Term fill[3] = { { left[BOXES - 1], 1 }, { size[BOXES - 1], 1 }, { width, -1 } };
    TRY(cs_cons_new(S, fill, 3, 0, CS_LE, CS_REQUIRED, &id));
    TRY(cs_add(S, id));
    TRY(cs_cons_new(S, fill, 3, 0, CS_EQ, CS_MEDIUM, &id));
    TRY(cs_add(S, id));
    TRY(cs_edit_add(S, width, CS_STRONG));
    int narrowed = 0;
    for (int step = 0; step < STEPS; step++) {
        if (step % 25 == 24) { /* a size-class switch: one variant for the other */
            TRY(cs_apply(S, narrowed ? narrow : wide, BOXES, narrowed ? wide : narrow, BOXES, NULL));
            narrowed = !narrowed;
        }
        TRY(cs_suggest(S, width, 800 + 3 * (step % 50) + 100 * job->layout));
        cs_update(S);
        size_t n;
        const double *values = cs_values(S, &n);
        for (size_t k = 0; k < n; k++)
            h = mix(h, values[k]);
    }
    if (cs_check_invariants(S) != CS_OK)
        job->failed = __LINE__;
done:
    cs_solver_free(S);
    job->checksum = h;
    return NULL;
}

int main(void)
{
    Job alone[NTHREADS / 2], together[NTHREADS];
    for (int l = 0; l < NTHREADS / 2; l++) {
        alone[l] = (Job){ .layout = l };
        run(&alone[l]);
    }
    pthread_t threads[NTHREADS];
    for (int t = 0; t < NTHREADS; t++) {
        together[t] = (Job){ .layout = t / 2 };
        if (pthread_create(&threads[t], NULL, run, &together[t]) != 0) {
            fprintf(stderr, "cs_threads: cannot start thread %d\n", t);
            return 1;
        }
    }
    for (int t = 0; t < NTHREADS; t++)
        pthread_join(threads[t], NULL);
    int failed = 0;
    for (int t = 0; t < NTHREADS; t++) {
        const Job *a = &alone[t / 2], *j = &together[t];
        const char *why = a->failed || j->failed ? "an operation failed"
                        : j->checksum != a->checksum ? "values differ from the same layout solved alone"
                        : j->live != 0 ? "its allocator still holds memory" : NULL;
        if (why) {
            fprintf(stderr, "FAIL thread %d (layout %d): %s (line %d/%d, %zu bytes)\n", t, j->layout, why,
                    a->failed, j->failed, j->live);
            failed++;
        }
    }
    printf("threads: %d solvers on %d threads at once, %d steps each\n", NTHREADS, NTHREADS, STEPS);
    printf("%d passed, %d failed\n", NTHREADS - failed, failed);
    return failed != 0;
}
