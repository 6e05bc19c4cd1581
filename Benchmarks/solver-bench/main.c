/*
 * solver-bench -- replays solver traces (../shared/bench/TRACE.md) through
 * CSolver and prints phase times and check lines exactly as the format
 * says, so that its output compares line for line with
 * ../shared/bench/replay_kiwisolver.py.
 *
 *     solver-bench replay [--lexicographic] [--stats] [--cache N] [--no-prefault]
 *                         [--warm-heap MB] [--report] TRACE
 *
 * --stats writes the tableau's size after each phase to stderr (rows,
 * nonzero terms, pivots so far, bytes held, solved states kept and their
 * bytes, change sets solved afresh, refactorisations). --cache N keeps at
 * most N solved states (cs_set_cache_limit; default 4, 0 for none).
 * --no-prefault makes no reserve for the next change set solved afresh
 * (cs_set_prefault), to measure what the reserve saves in one binary.
 * --warm-heap MB brings the process's resident memory up to MB with memory
 * touched and given back before the trace is loaded (warm_heap below).
 *
 * Built in release with symbols and frame pointers: `perf record -g
 * solver-bench replay T` shows where the time goes.
 */
#define _DEFAULT_SOURCE /* readlink, getrusage */
#include "trace.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The lines a phase prints after its time, kept until the phase ends. */
typedef struct Out { char *p; size_t n, cap; } Out;

static void out_printf(Out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#include <stdarg.h>
static void out_printf(Out *o, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(o->p ? o->p + o->n : NULL, o->cap - o->n, fmt, ap);
        va_end(ap);
        if (n < 0)
            return;
        if (o->n + (size_t)n < o->cap) {
            o->n += (size_t)n;
            return;
        }
        size_t cap = o->cap ? o->cap * 2 : 4096;
        while (cap <= o->n + (size_t)n)
            cap *= 2;
        char *q = realloc(o->p, cap);
        if (q == NULL) {
            fprintf(stderr, "solver-bench: out of memory\n");
            exit(1);
        }
        o->p = q;
        o->cap = cap;
    }
}

static const char *error_kind(cs_Status st)
{
    switch (st) {
    case CS_ERR_UNSATISFIABLE: return "unsatisfiable";
    case CS_ERR_DUPLICATE: return "duplicate";
    case CS_ERR_UNKNOWN: return "unknown";
    default: return "invalid";
    }
}

/* Out of memory and internal errors are not the trace's fault: stop. */
static void fatal_status(cs_Status st, const char *what)
{
    if (st == CS_ERR_NOMEM || st == CS_ERR_INTERNAL) {
        fprintf(stderr, "solver-bench: %s: %s\n", what, cs_status_string(st));
        exit(1);
    }
}

typedef struct Replay {
    const Trace *t;
    cs_Solver *solver;
    cs_Cons *cons;         /* per trace constraint: its id, or UINT32_MAX */
    cs_Status *made;       /* per trace constraint: status of cs_cons_new */
    cs_Var *vars;
    uint8_t *clean;        /* per trace group: every constraint of it was made */
    cs_Cons *batch_remove, *batch_add;
    Out out;
} Replay;

/* One statement's constraints, one at a time, reporting each refusal. */
static void apply_one_by_one(Replay *R, const TraceOp *op)
{
    const TraceGroup *g = &R->t->groups[op->arg];
    for (uint32_t k = 0; k < g->count; k++) {
        uint32_t c = g->first + k;
        cs_Status st = R->made[c];
        if (st == CS_OK)
            st = op->kind == OP_ADD ? cs_add(R->solver, R->cons[c]) : cs_remove(R->solver, R->cons[c]);
        fatal_status(st, op->kind == OP_ADD ? "add" : "remove");
        if (st != CS_OK)
            out_printf(&R->out, "error %s %s %u\n", error_kind(st), g->name, k);
    }
}

/*
 * A run of `remove` statements followed by `add` statements is one change
 * set: one transaction, one re-optimisation. If the solver refuses it, it
 * changed nothing, and the run is replayed statement by statement,
 * constraint by constraint, so that each refusal is reported where the
 * trace format (and kiwi) reports it. Returns the index after the run.
 *
 * A group's constraints are consecutive in R->cons, so a run of one
 * `remove` and one `add` (a transition) passes the two groups' ids as they
 * lie, as a caller passes the arrays it holds; longer runs copy them into
 * the batches a group at a time. Copied one constraint at a time, each
 * tested for having been made, the batches were a third of the rotate
 * phase's samples at stack L (perf; 0.11 ms a transition).
 */
static size_t apply_run(Replay *R, size_t i)
{
    const Trace *t = R->t;
    size_t end = i, nrem = 0, nadd = 0;
    int clean = 1; /* every constraint of the run was made */
    while (end < t->nops && t->ops[end].kind == OP_REMOVE)
        end++;
    size_t nremove_ops = end - i;
    while (end < t->nops && t->ops[end].kind == OP_ADD)
        end++;
    bool as_they_lie = nremove_ops <= 1 && end - i - nremove_ops <= 1; /* a group of each at most */
    const cs_Cons *remove = R->batch_remove, *add = R->batch_add;
    for (size_t k = i; k < end; k++) {
        const TraceGroup *g = &t->groups[t->ops[k].arg];
        bool removing = t->ops[k].kind == OP_REMOVE;
        size_t *n = removing ? &nrem : &nadd;
        clean &= R->clean[t->ops[k].arg];
        if (as_they_lie)
            *(removing ? &remove : &add) = R->cons + g->first;
        else
            memcpy((removing ? R->batch_remove : R->batch_add) + *n, R->cons + g->first, g->count * sizeof *R->cons);
        *n += g->count;
    }
    if (clean) {
        cs_Status st = cs_apply(R->solver, remove, nrem, add, nadd, NULL);
        fatal_status(st, "change set");
        if (st == CS_OK)
            return end;
    }
    for (size_t k = i; k < end; k++)
        apply_one_by_one(R, &t->ops[k]);
    return end;
}

static void print_stats(const cs_Solver *s, const char *phase)
{
    cs_Stats st;
    cs_stats(s, &st);
    fprintf(stderr, "stats %s: rows %zu terms %zu (%.1f a row) symbols %zu levels %zu pivots %zu bytes %zu "
                    "kept %zu states %zu bytes rebuilds %zu refactors %zu exact updates %zu spare %zu bytes\n",
            phase, st.rows, st.terms, st.rows ? (double)st.terms / (double)st.rows : 0.0, st.symbols,
            st.levels, st.pivots, st.bytes, st.cached_states, st.cache_bytes, st.rebuilds, st.refactors,
            st.exact_updates, st.spare_bytes);
}

/*
 * --report: lines after the trace's own, for `solver-bench compare`:
 *   phase-ms NAME MS  each phase's time to the nanosecond (the trace's
 *                   lines have 3 decimals: at S a resize phase of 20
 *                   re-solves is a few microseconds);
 *   floor MS        the time to write every variable's value once (a
 *                   copy of cs_values into an array), the least over 50
 *                   tries of 64 copies timed together: no re-solve can
 *                   publish new values faster (one copy timed alone, at
 *                   S, counted the clock's own 20-30 ns as a third of it);
 *   lines-floor MS  the time to read one value of each 64-byte line of
 *                   cs_values, timed as the floor is: a re-solve that
 *                   moves a value in every line (a resize, in each
 *                   workload) brings each line in at least once, so this
 *                   is what the caches alone make it cost, at each size;
 *   peak-rss KB     the process's peak resident memory;
 *   kept N BYTES    the solved states kept at the end and their bytes;
 *   spare BYTES     the large blocks given back and kept for the next ones.
 */
/* Reads one value of each 64-byte line of values[0..n), in four chains of
 * bitwise ors (one chain of adds counted its latency, not the lines: at L
 * 2.4 us where the lines take 1.6). */
static void read_each_line(const double *values, size_t n)
{
    uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0, x;
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        memcpy(&x, &values[i], sizeof x), a0 |= x;
        memcpy(&x, &values[i + 8], sizeof x), a1 |= x;
        memcpy(&x, &values[i + 16], sizeof x), a2 |= x;
        memcpy(&x, &values[i + 24], sizeof x), a3 |= x;
    }
    for (; i < n; i += 8)
        memcpy(&x, &values[i], sizeof x), a0 |= x;
    __asm__ volatile("" : : "r"(a0 | a1 | a2 | a3)); /* the reads happen */
}

static void print_report(const cs_Solver *solver, const Trace *t, const double *phase_ms)
{
    for (uint32_t k = 0; k < t->nphases; k++)
        if (phase_ms[k] >= 0)
            printf("phase-ms %s %.6f\n", t->phases[k], phase_ms[k]);
    size_t n;
    const double *values = cs_values(solver, &n);
    double *sink = malloc((n + 1) * sizeof *sink), best = 1e300;
    if (sink == NULL)
        return;
    enum { TRIES = 50, COPIES = 64 };
    for (int k = 0; k < TRIES; k++) {
        double t0 = now_ms();
        for (int c = 0; c < COPIES; c++) {
            memcpy(sink, values, n * sizeof *sink);
            __asm__ volatile("" : : "r"(sink) : "memory"); /* each copy's writes happen */
        }
        double t = (now_ms() - t0) / COPIES;
        if (t < best)
            best = t;
    }
    free(sink);
    double lines = 1e300;
    for (int k = 0; k < TRIES; k++) {
        double t0 = now_ms();
        for (int c = 0; c < COPIES; c++)
            read_each_line(values, n);
        double t = (now_ms() - t0) / COPIES;
        if (t < lines)
            lines = t;
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    cs_Stats st;
    cs_stats(solver, &st);
    printf("floor %.6f\nlines-floor %.6f\npeak-rss %ld\nkept %zu %zu\nspare %zu\n", best, lines, ru.ru_maxrss,
           st.cached_states, st.cache_bytes, st.spare_bytes);
}

/* The process's resident memory now, in KB (0 where /proc is not there). */
static long resident_kb(void)
{
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f == NULL)
        return 0;
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2)
        resident = 0;
    fclose(f);
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/*
 * --warm-heap MB: before the trace is loaded, the process's resident
 * memory is brought up to MB with a mapping (huge pages asked for, as the
 * solver's large blocks are) of which one byte of each 4 KB page is
 * written, and which is then unmapped. Its pages go back to the kernel's
 * free lists, from which the replay's mappings take them. With MB the peak
 * resident memory of a replay without it (compare.py), the warming is
 * about what the replay takes, and the peak stays the replay's own. It is
 * done before the trace is loaded and the constraints made, not right
 * before the first phase: the kernel clears every page it hands out, and
 * clearing megabytes there pushed what the replay had made out of the
 * caches (at S, a resize's re-solve 0.08 -> 0.12 us, a rotation 0.017 ->
 * 0.029 ms).
 *
 * Why: a guest whose balloon reports free memory to its host (this
 * machine's, README "Timing on this machine") hands back blocks of 2 MB
 * that stay free for about two seconds, and the next touch of one faults
 * on the host too, about 5 ms a block here instead of 0.1. A replay is a
 * new process that takes all of its memory fresh, so whether its build or
 * flip finds such blocks is chance: 7 of 12 stack L replays after 8 s
 * idle took 16.5 to 17.5 ms to build or 4.6 to 26.0 to flip, against 2.8
 * to 3.2 and 2.5 to 2.8 for the others, with the same page faults; with
 * 256 MB warmed first, 12 of 12 took 2.9 to 3.2 and 2.6 to 2.9. The
 * solver still takes every page fault and clears every page it takes
 * (the kernel's work stays in the phases); what the warming removes is
 * the host backing the guest's free memory anew, which a process that
 * keeps its memory (an app) meets once, not at every transition.
 * compare.py times one replay without it, and prints that too.
 */
static void warm_heap(long mb)
{
    long have = resident_kb();
    if (mb <= 0 || have <= 0 || mb * 1024 <= have)
        return;
    size_t len = (size_t)(mb * 1024 - have) << 10;
    char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return; /* a request: the replay runs as it would without it */
#ifdef MADV_HUGEPAGE
    (void)madvise(p, len, MADV_HUGEPAGE);
#endif
    for (size_t b = 0; b < len; b += 4096)
        ((volatile char *)p)[b] = 1;
    munmap(p, len);
}

/* Loads the trace and makes its variables and constraints (untimed), or
 * prints why not and returns the exit status. */
static int replay_open(Replay *R, Trace *t, const char *path, cs_Mode mode, long cache, int prefault)
{
    char err[512];
    if (trace_load(path, t, err, sizeof err)) {
        fprintf(stderr, "solver-bench: %s\n", err);
        return 2;
    }
    *R = (Replay){ .t = t };
    R->solver = cs_solver_new(mode, NULL, NULL);
    if (R->solver && cache >= 0 && cs_set_cache_limit(R->solver, (size_t)cache) != CS_OK) {
        fprintf(stderr, "solver-bench: --cache %ld: at most 64 states\n", cache);
        return 2;
    }
    cs_set_prefault(R->solver, prefault);
    R->vars = malloc((t->nvars + 1) * sizeof *R->vars);
    R->cons = malloc((t->ncons + 1) * sizeof *R->cons);
    R->made = malloc((t->ncons + 1) * sizeof *R->made);
    R->clean = malloc(t->ngroups + 1);
    /* A run may name a group more than once: size the batches by the ops. */
    size_t most = 0;
    for (size_t k = 0; k < t->nops; k++)
        if (t->ops[k].kind == OP_ADD || t->ops[k].kind == OP_REMOVE)
            most += t->groups[t->ops[k].arg].count;
    R->batch_remove = malloc((most + 1) * sizeof *R->batch_remove);
    R->batch_add = malloc((most + 1) * sizeof *R->batch_add);
    if (!R->solver || !R->vars || !R->cons || !R->made || !R->clean || !R->batch_remove || !R->batch_add) {
        fprintf(stderr, "solver-bench: out of memory\n");
        return 1;
    }
    for (uint32_t v = 0; v < t->nvars; v++)
        if (cs_var_new(R->solver, &R->vars[v]) != CS_OK) {
            fprintf(stderr, "solver-bench: out of memory\n");
            return 1;
        }
    /* Constraint objects are made before any timing, as kiwi's replayer does. */
    for (uint32_t c = 0; c < t->ncons; c++) {
        const TraceCons *tc = &t->cons[c];
        R->made[c] = cs_cons_new(R->solver, t->terms + tc->first, tc->nterms, tc->constant, tc->op,
                                 tc->strength, &R->cons[c]);
        fatal_status(R->made[c], "constraint");
    }
    for (uint32_t g = 0; g < t->ngroups; g++) {
        R->clean[g] = 1;
        for (uint32_t m = 0; m < t->groups[g].count; m++)
            R->clean[g] &= R->made[t->groups[g].first + m] == CS_OK;
    }
    return 0;
}

static void replay_close(Replay *R)
{
    cs_solver_free(R->solver);
    free(R->vars); free(R->cons); free(R->made); free(R->clean); free(R->batch_remove); free(R->batch_add);
    free(R->out.p);
    trace_free((Trace *)R->t);
}

/* Carries out the statement at i (any but `phase`); returns the index of
 * the next one. Its output lines go to R->out. */
static size_t run_op(Replay *R, size_t i)
{
    const TraceOp *op = &R->t->ops[i];
    cs_Status st = CS_OK;
    switch (op->kind) {
    case OP_PHASE:
        break;
    case OP_ADD:
    case OP_REMOVE:
        return apply_run(R, i);
    case OP_EDIT:
        st = op->arg == TRACE_NO_VAR ? CS_ERR_UNKNOWN : cs_edit_add(R->solver, R->vars[op->arg], op->value);
        break;
    case OP_SUGGEST:
        st = op->arg == TRACE_NO_VAR ? CS_ERR_UNKNOWN : cs_suggest(R->solver, R->vars[op->arg], op->value);
        break;
    case OP_SOLVE:
        cs_update(R->solver);
        break;
    case OP_CHECK:
    case OP_DUMP: {
        size_t n;
        const double *values = cs_values(R->solver, &n);
        if (op->kind == OP_CHECK) {
            double sum = 0;
            for (size_t v = 0; v < n; v++)
                sum += (double)(v % 7 + 1) * values[v];
            out_printf(&R->out, "check %zu %.6f\n", n, sum);
        } else {
            for (size_t v = 0; v < n; v++)
                out_printf(&R->out, "value %s %.17g\n", R->t->vars[v], values[v]);
        }
        break;
    }
    }
    fatal_status(st, "edit");
    if (st != CS_OK)
        out_printf(&R->out, "error %s - -\n", error_kind(st));
    return i + 1;
}

/* Ends the phase that began last, if one did (-1: none): prints its time
 * (kept in phase_ms), its stats and the lines it produced, and flushes, so
 * that a replay stopped by a time limit still says what it finished. */
static void phase_end(Replay *R, long phase, double ms, double *phase_ms, int stats)
{
    if (phase >= 0) {
        phase_ms[phase] = ms;
        printf("phase %s %.3f\n", R->t->phases[phase], ms);
        if (stats)
            print_stats(R->solver, R->t->phases[phase]);
    }
    fwrite(R->out.p, 1, R->out.n, stdout);
    fflush(stdout);
    R->out.n = 0;
}

static int replay(const char *path, cs_Mode mode, int stats, long cache, int prefault, int report, long warm_mb)
{
    Trace t;
    Replay R;
    warm_heap(warm_mb);
    int rc = replay_open(&R, &t, path, mode, cache, prefault);
    if (rc != 0)
        return rc;
    long phase = -1;
    double started = 0, elapsed = 0;
    double *phase_ms = malloc((t.nphases + 1) * sizeof *phase_ms);
    if (phase_ms == NULL) {
        fprintf(stderr, "solver-bench: out of memory\n");
        replay_close(&R);
        return 1;
    }
    for (uint32_t k = 0; k < t.nphases; k++)
        phase_ms[k] = -1;
    for (size_t i = 0; i < t.nops;) {
        const TraceOp *op = &t.ops[i];
        if (op->kind == OP_PHASE) {
            phase_end(&R, phase, elapsed + now_ms() - started, phase_ms, stats);
            phase = (long)op->arg;
            elapsed = 0;
            started = now_ms();
            i++;
            continue;
        }
        /* Reading the values for a check is not the solver's time. */
        int pause = op->kind == OP_CHECK || op->kind == OP_DUMP;
        if (pause)
            elapsed += now_ms() - started;
        i = run_op(&R, i);
        if (pause)
            started = now_ms();
    }
    phase_end(&R, phase, elapsed + now_ms() - started, phase_ms, stats);
    if (report)
        print_report(R.solver, &t, phase_ms);
    free(phase_ms);
    fflush(stdout);
    replay_close(&R);
    return 0;
}

/*
 * soak: a long run of trait transitions. The trace is replayed through the
 * end of its `rotate` phase, then that phase's statements (10 transitions
 * between configurations seen before) again and again until TRANSITIONS
 * transitions have been made. Every pass must print the first pass's check
 * line (the same configuration and sizes give the same layout, however
 * many times it was left and restored), and resident memory is sampled ten
 * times: the growth from the first sample to the last is reported and must
 * stay under 1 MB + 1% (what the allocator's own bookkeeping may add).
 * Exit status 1 when either fails.
 */
static int soak(const char *path, cs_Mode mode, long transitions)
{
    Trace t;
    Replay R;
    int rc = replay_open(&R, &t, path, mode, -1, 1);
    if (rc != 0)
        return rc;
    size_t from = t.nops, to = t.nops, per_pass = 0;
    for (size_t k = 0; k < t.nops; k++)
        if (t.ops[k].kind == OP_PHASE) {
            if (from < t.nops && to == t.nops && k > from)
                to = k;
            if (strcmp(t.phases[t.ops[k].arg], "rotate") == 0)
                from = k + 1;
        }
    for (size_t k = from; k < to; k++)
        per_pass += t.ops[k].kind == OP_SOLVE;
    if (from >= t.nops || per_pass == 0) {
        fprintf(stderr, "solver-bench soak: %s has no rotate phase with solves\n", path);
        replay_close(&R);
        return 2;
    }
    for (size_t i = 0; i < to;)
        i = run_op(&R, i);
    char *first = NULL;
    long passes = (transitions + (long)per_pass - 1) / (long)per_pass, samples[10], bad = 0;
    double started = now_ms();
    for (long p = 0; p < passes; p++) {
        R.out.n = 0;
        for (size_t i = from; i < to;)
            i = run_op(&R, i);
        if (first == NULL)
            first = strndup(R.out.p ? R.out.p : "", R.out.n);
        else if (R.out.n != strlen(first) || memcmp(R.out.p, first, R.out.n) != 0)
            bad++;
        /* Every tenth of the run this pass completes (all ten when there are fewer passes). */
        for (long tenth = p * 10 / passes; tenth < (p + 1) * 10 / passes; tenth++)
            samples[tenth] = resident_kb();
    }
    double ms = now_ms() - started;
    cs_Stats st;
    cs_stats(R.solver, &st);
    long made = passes * (long)per_pass, growth = samples[9] - samples[0];
    int grew = growth > 1024 + samples[0] / 100;
    printf("soak %s: %ld transitions in %.1f s (%.3f ms each)\n", path, made, ms / 1000, ms / (double)made);
    printf("resident KB at each tenth:");
    for (int k = 0; k < 10; k++)
        printf(" %ld", samples[k]);
    printf("\ngrowth from the first tenth to the last: %+ld KB (%+.2f%%)%s\n", growth,
           100.0 * (double)growth / (double)(samples[0] ? samples[0] : 1), grew ? ": NOT FLAT" : "");
    printf("solver: %zu bytes, %zu kept states (%zu bytes), %zu bytes of spare mappings\n", st.bytes,
           st.cached_states, st.cache_bytes, st.spare_bytes);
    printf("checks: %ld of %ld passes differ from the first%s\n", bad, passes, bad ? "" : " (none)");
    free(first);
    replay_close(&R);
    return bad || grew ? 1 : 0;
}

/*
 * compare: every workload through this solver and kiwisolver in one run, a
 * table and a plot. The driver is Benchmarks/compare.py of the tree this
 * binary was built from (found through __FILE__), run with this binary.
 */
static int compare(int argc, char **argv)
{
    char script[4096], self[4096];
    const char *file = __FILE__, *slash = strrchr(file, '/');
    int n = slash ? (int)(slash - file) : 0;
    snprintf(script, sizeof script, "%.*s/../compare.py", n, file);
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0 || access(script, R_OK) != 0) {
        fprintf(stderr, "solver-bench compare: cannot find %s (run Benchmarks/compare.py from the source tree)\n",
                script);
        return 2;
    }
    self[len] = '\0';
    char **args = calloc((size_t)argc + 4, sizeof *args);
    if (args == NULL)
        return 1;
    int k = 0;
    args[k++] = "python3";
    args[k++] = script;
    args[k++] = "--bench";
    args[k++] = self;
    for (int i = 2; i < argc; i++)
        args[k++] = argv[i];
    execvp("python3", args);
    fprintf(stderr, "solver-bench compare: cannot run python3\n");
    return 2;
}

static int usage(void)
{
    fprintf(stderr,
            "usage: solver-bench replay [--lexicographic] [--stats] [--cache N] [--no-prefault] [--warm-heap MB]\n"
            "                           [--report] TRACE\n"
            "       solver-bench compare [--sizes S,M,L,XL] [--runs N] [--kiwi-limit S] [--plot F.svg] ...\n"
            "       solver-bench soak [--lexicographic] [--transitions N] TRACE\n"
            "  Replays a solver trace (TRACE.md) and prints `phase NAME MS` per phase,\n"
            "  then the check, value and error lines that phase produced.\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    if (strcmp(argv[1], "replay") == 0) {
        cs_Mode mode = CS_WEIGHTED;
        int k = 2, stats = 0, report = 0;
        long cache = -1, warm_mb = 0;
        int prefault = 1;
        for (; k < argc && argv[k][0] == '-'; k++) {
            char *end;
            if (strcmp(argv[k], "--lexicographic") == 0)
                mode = CS_LEXICOGRAPHIC;
            else if (strcmp(argv[k], "--stats") == 0)
                stats = 1;
            else if (strcmp(argv[k], "--report") == 0)
                report = 1;
            else if (strcmp(argv[k], "--no-prefault") == 0)
                prefault = 0;
            else if (strcmp(argv[k], "--cache") == 0 && k + 1 < argc &&
                     (cache = strtol(argv[k + 1], &end, 10)) >= 0 && *end == '\0' && argv[k + 1][0] != '\0')
                k++;
            else if (strcmp(argv[k], "--warm-heap") == 0 && k + 1 < argc &&
                     (warm_mb = strtol(argv[k + 1], &end, 10)) >= 0 && warm_mb <= (1L << 20) && *end == '\0' &&
                     argv[k + 1][0] != '\0')
                k++;
            else
                return usage();
        }
        if (k + 1 != argc)
            return usage();
        return replay(argv[k], mode, stats, cache, prefault, report, warm_mb);
    }
    if (strcmp(argv[1], "compare") == 0)
        return compare(argc, argv);
    if (strcmp(argv[1], "soak") == 0) {
        cs_Mode mode = CS_WEIGHTED;
        long transitions = 100000;
        int k = 2;
        for (; k < argc && argv[k][0] == '-'; k++) {
            char *end;
            if (strcmp(argv[k], "--lexicographic") == 0)
                mode = CS_LEXICOGRAPHIC;
            else if (strcmp(argv[k], "--transitions") == 0 && k + 1 < argc &&
                     (transitions = strtol(argv[k + 1], &end, 10)) >= 10 && *end == '\0')
                k++;
            else
                return usage();
        }
        if (k + 1 != argc)
            return usage();
        return soak(argv[k], mode, transitions);
    }
    return usage();
}
