/*
 * cs_fuzz.c -- libFuzzer target for the C API of CSolver.
 *
 * The input's bytes are decoded into a sequence of operations on one solver
 * (new constraints with ordinary and hostile numbers, adds, removes, change
 * sets, edits, suggestions, new constants, deletions, updates, new bounds
 * on the solved states kept, the reserve switched). After each:
 *
 *   - the solver's own invariants hold (cs_check_invariants);
 *   - an operation that was refused changed nothing: the dump of the
 *     tableau and values is the same before and after;
 *   - after an update, every added required constraint holds at the values,
 *     within a tolerance relative to the magnitudes involved.
 *
 * A broken check aborts, which libFuzzer reports with the input. Build and
 * run with `make fuzz` (scripts/fuzz.sh). To read a failing input, link
 * this file with a main that calls LLVMFuzzerTestOneInput on it, and set
 * CS_FUZZ_VERBOSE=1 (each operation and its status) or 2 (and the tableau
 * after each); build with -DCS_DEBUG_INVARIANTS to name the broken invariant.
 */
#include "csolver.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NVARS = 8, MAXCONS = 32, MAXTERMS = 3 };

/* Numbers the decoder draws from: a layout's ordinary ones, and every kind
 * the API must refuse (NaN, infinities, beyond 1e12). Accepted magnitudes
 * far apart (1e-6, 1e6) are left out unless CS_FUZZ_WIDE is set: within
 * one constraint, terms 1e12 apart then meet, and values are differences of
 * numbers near 1e8 or more, known to 1e-8 at best, which times 1e6 exceeds
 * check_values' tolerance (1e-6 of the constraint's own terms) by rounding
 * alone. 1e12 is not drawn even then: next to 1e6 it makes values of 1e18,
 * in whose sums a constant of 8 is lost. */
static const double numbers[] = {
    0, 1, -1, 2, -2, 0.5, 8, 20, -20, 100, 375, 667, -0.25, 3,
    NAN, INFINITY, -INFINITY, 1e300, -1e13,
    1e-6, 1e6, -1e6, /* the wide ones: keep them last */
};
enum { NWIDE = 3 };
static size_t nnumbers = sizeof numbers / sizeof *numbers - NWIDE;
static const double strengths[] = {
    CS_REQUIRED, CS_REQUIRED, CS_STRONG, 750000, 250000, CS_MEDIUM, CS_WEAK, 0, -1, NAN, 2e9,
};

typedef struct Input { const uint8_t *p; size_t n; } Input;

static unsigned next(Input *in)
{
    if (in->n == 0)
        return 0;
    in->n--;
    return *in->p++;
}

static double number(Input *in) { return numbers[next(in) % nnumbers]; }

typedef struct Text { char *p; size_t n, cap; } Text;

static void text_write(void *ud, const char *s, size_t n)
{
    Text *t = ud;
    if (t->n + n + 1 > t->cap) {
        size_t cap = (t->n + n + 1) * 2;
        char *p = realloc(t->p, cap);
        if (p == NULL)
            abort();
        t->p = p;
        t->cap = cap;
    }
    memcpy(t->p + t->n, s, n);
    t->n += n;
    t->p[t->n] = '\0';
}

/* cs_dump's text but the values map it closes with: an accelerator that
 * the next update may build again, not the solver's state. */
static char *fingerprint(const cs_Solver *S)
{
    Text t = { 0 };
    text_write(&t, "", 0);
    cs_dump(S, text_write, &t);
    char *map = strstr(t.p, "\nValues map\n");
    if (map != NULL)
        *map = '\0';
    return t.p;
}

static void fail(const char *what)
{
    fprintf(stderr, "cs_fuzz: %s\n", what);
    abort();
}

/* A constraint as the fuzzer made it, to check values against. */
typedef struct Made {
    cs_Cons id;
    cs_Term t[MAXTERMS];
    size_t n;
    double constant, strength;
    cs_Relation op;
    int live;
} Made;

static void check_values(const cs_Solver *S, const Made *m, size_t nm)
{
    for (size_t k = 0; k < nm; k++) {
        if (!m[k].live || m[k].strength < CS_REQUIRED || !cs_cons_is_added(S, m[k].id))
            continue;
        double r = cs_cons_constant(S, m[k].id), scale = fabs(r);
        for (size_t j = 0; j < m[k].n; j++) {
            double x = m[k].t[j].coefficient * cs_value(S, m[k].t[j].var);
            r += x;
            scale += fabs(x);
        }
        double v = m[k].op == CS_EQ ? fabs(r) : m[k].op == CS_LE ? fmax(0, r) : fmax(0, -r);
        if (v > 1e-6 * (1 + scale)) {
            fprintf(stderr, "constraint %u violated by %g (scale %g)\n", m[k].id, v, scale);
            if (getenv("CS_FUZZ_VERBOSE")) {
                char *d = fingerprint(S);
                fprintf(stderr, "%s\n", d);
                free(d);
            }
            fail("an added required constraint does not hold");
        }
    }
}

/* The variables cs_changed lists, as flags by id (nvar of them); fails on
 * an id out of range or listed twice. */
static void changed_flags(const cs_Solver *S, unsigned char *flags, size_t nvar)
{
    size_t n;
    const cs_Var *changed = cs_changed(S, &n);
    memset(flags, 0, nvar);
    for (size_t k = 0; k < n; k++)
        if (changed[k] >= nvar || flags[changed[k]]++)
            fail("cs_changed lists a variable out of range, or twice");
}

/* cs_update, and what cs_changed says of it: every variable whose value's
 * bits changed is listed (a refactorisation lists every one); *listed
 * becomes the list, as flags. */
static void update_and_check_changed(cs_Solver *S, unsigned char *listed)
{
    size_t n;
    double was[NVARS];
    memcpy(was, cs_values(S, &n), sizeof was);
    cs_update(S);
    const double *now = cs_values(S, &n);
    changed_flags(S, listed, NVARS);
    for (size_t v = 0; v < NVARS; v++)
        if (memcmp(&was[v], &now[v], sizeof *now) != 0 && !listed[v])
            fail("a value changed that cs_changed does not list");
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    if (getenv("CS_FUZZ_WIDE"))
        nnumbers = sizeof numbers / sizeof *numbers;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Input in = { data, size };
    cs_Solver *S = cs_solver_new(next(&in) & 1 ? CS_LEXICOGRAPHIC : CS_WEIGHTED, NULL, NULL);
    if (S == NULL)
        return 0;
    cs_Var v[NVARS];
    for (int k = 0; k < NVARS; k++)
        if (cs_var_new(S, &v[k]) != CS_OK)
            fail("cs_var_new");
    Made made[MAXCONS] = { 0 };
    size_t nmade = 0;
    unsigned char listed[NVARS] = { 0 }, still[NVARS]; /* cs_changed's answer after the last update */
    while (in.n > 0) {
        unsigned op = next(&in) % 10;
        char *before = fingerprint(S);
        cs_Status st = CS_OK;
        Made *m = nmade ? &made[next(&in) % nmade] : NULL;
        switch (op) {
        case 0: { /* a new constraint */
            if (nmade == MAXCONS)
                break;
            Made c = { 0 };
            c.n = 1 + next(&in) % MAXTERMS;
            for (size_t j = 0; j < c.n; j++)
                c.t[j] = (cs_Term){ v[next(&in) % NVARS], number(&in) };
            c.constant = number(&in);
            c.op = (cs_Relation)(next(&in) % 4); /* 3 is not a relation */
            c.strength = strengths[next(&in) % (sizeof strengths / sizeof *strengths)];
            st = cs_cons_new(S, c.t, c.n, c.constant, c.op, c.strength, &c.id);
            if (getenv("CS_FUZZ_VERBOSE")) {
                fprintf(stderr, "new %u:", st == CS_OK ? c.id : 999u);
                for (size_t j = 0; j < c.n; j++)
                    fprintf(stderr, " %g*v%u", c.t[j].coefficient, c.t[j].var);
                fprintf(stderr, " + %g op%d strength %g\n", c.constant, (int)c.op, c.strength);
            }
            if (st == CS_OK) {
                /* Terms on one variable are summed: keep the merged form. */
                for (size_t a = 0; a < c.n; a++)
                    for (size_t b = a + 1; b < c.n; b++)
                        if (c.t[b].var == c.t[a].var) {
                            c.t[a].coefficient += c.t[b].coefficient;
                            c.t[b].coefficient = 0;
                        }
                c.live = 1;
                made[nmade++] = c;
            }
            break;
        }
        case 1:
            if (m) st = cs_add(S, m->id);
            if (m && getenv("CS_FUZZ_VERBOSE")) fprintf(stderr, "add %u\n", m->id);
            break;
        case 2:
            if (m) st = cs_remove(S, m->id);
            if (m && getenv("CS_FUZZ_VERBOSE")) fprintf(stderr, "remove %u\n", m->id);
            break;
        case 3: { /* a change set */
            cs_Cons rem[2], add[2];
            size_t nr = 0, na = 0;
            for (int j = 0; j < 2 && nmade; j++) {
                Made *x = &made[next(&in) % nmade];
                if (cs_cons_is_added(S, x->id)) rem[nr++] = x->id;
                else add[na++] = x->id;
            }
            size_t at;
            st = cs_apply(S, rem, nr, add, na, &at);
            if (getenv("CS_FUZZ_VERBOSE")) {
                fprintf(stderr, "apply: remove");
                for (size_t j = 0; j < nr; j++)
                    fprintf(stderr, " %u", rem[j]);
                fprintf(stderr, ", add");
                for (size_t j = 0; j < na; j++)
                    fprintf(stderr, " %u", add[j]);
                fprintf(stderr, "\n");
            }
            break;
        }
        case 4: {
            cs_Var x = v[next(&in) % NVARS];
            double strength = strengths[next(&in) % (sizeof strengths / sizeof *strengths)];
            st = cs_edit_add(S, x, strength);
            if (getenv("CS_FUZZ_VERBOSE"))
                fprintf(stderr, "edit v%u strength %g\n", x, strength);
            break;
        }
        case 5: {
            cs_Var x = v[next(&in) % NVARS];
            double value = number(&in);
            st = cs_suggest(S, x, value);
            if (getenv("CS_FUZZ_VERBOSE"))
                fprintf(stderr, "suggest v%u = %g\n", x, value);
            break;
        }
        case 6:
            if (m) {
                double c = number(&in);
                st = cs_cons_set_constant(S, m->id, c);
                if (getenv("CS_FUZZ_VERBOSE"))
                    fprintf(stderr, "set constant %u = %g (added %d)\n", m->id, c, cs_cons_is_added(S, m->id));
            }
            break;
        case 7:
            if (m && m->live) {
                st = cs_cons_delete(S, m->id);
                if (getenv("CS_FUZZ_VERBOSE")) fprintf(stderr, "delete %u\n", m->id);
                if (st == CS_OK)
                    m->live = 0; /* its id may come back for a later constraint */
            }
            break;
        case 8:
            if (next(&in) & 1)
                cs_edit_remove(S, v[next(&in) % NVARS]);
            update_and_check_changed(S, listed);
            check_values(S, made, nmade);
            break;
        case 9: { /* kept states bounded anew (65 is refused), and the reserve switched */
            unsigned b = next(&in);
            size_t was = cs_cache_limit(S);
            st = cs_set_cache_limit(S, b % 4 == 3 ? 65 : b % 4);
            if (cs_cache_limit(S) != (st == CS_OK ? b % 4 : was))
                fail("cs_cache_limit does not read back the limit in force");
            cs_set_prefault(S, (b >> 2) & 1);
            break;
        }
        }
        if (getenv("CS_FUZZ_VERBOSE"))
            fprintf(stderr, "op %u -> %s\n", op, cs_status_string(st));
        if (getenv("CS_FUZZ_VERBOSE") && atoi(getenv("CS_FUZZ_VERBOSE")) > 1 && op != 8) {
            char *d = fingerprint(S);
            fprintf(stderr, "%s\n", strstr(d, "Tableau"));
            free(d);
        }
        if (st == CS_ERR_INTERNAL || cs_check_invariants(S) != CS_OK)
            fail("the solver's invariants are broken");
        changed_flags(S, still, NVARS); /* the last update's, whatever came after it */
        if (memcmp(still, listed, sizeof still) != 0)
            fail("cs_changed's answer changed without an update");
        if (st != CS_OK && op != 8) {
            char *after = fingerprint(S);
            if (strcmp(before, after) != 0)
                fail("a refused operation changed the solver");
            free(after);
        }
        free(before);
        /* A deleted constraint's id may be reused: forget the old record. */
        for (size_t k = 0; k < nmade; k++)
            if (made[k].live == 0) {
                made[k] = made[--nmade];
                k--;
            }
    }
    cs_update(S);
    check_values(S, made, nmade);
    cs_solver_free(S);
    return 0;
}
