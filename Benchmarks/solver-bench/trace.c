/*
 * trace.c -- the trace parser: one statement a line, `#` comments, groups
 * of constraints, one level of `loop`, expanded here so that the replay
 * loop does nothing but call the solver.
 */
#include "trace.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- growable arrays and a string table --------------------------------- */

static void *grow(void *p, size_t item, size_t *cap, size_t need)
{
    if (need <= *cap)
        return p;
    size_t c = *cap ? *cap : 16;
    while (c < need)
        c *= 2;
    void *q = realloc(p, c * item);
    if (q == NULL) {
        fprintf(stderr, "solver-bench: out of memory\n");
        exit(1);
    }
    *cap = c;
    return q;
}

typedef struct Names {  /* open addressing over owned keys: name -> index */
    char **keys; uint32_t *vals; size_t cap, n;
} Names;

static uint64_t hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 1099511628211ull;
    return h;
}

/* The index stored for key, or -1. */
static long names_find(const Names *m, const char *key)
{
    if (m->cap == 0)
        return -1;
    for (size_t h = hash(key) & (m->cap - 1); m->keys[h]; h = (h + 1) & (m->cap - 1))
        if (strcmp(m->keys[h], key) == 0)
            return m->vals[h];
    return -1;
}

/* Stores key (not yet present; the table keeps the pointer) -> val. */
static void names_put(Names *m, char *key, uint32_t val)
{
    if ((m->n + 1) * 2 > m->cap) {
        Names bigger = { calloc(m->cap ? m->cap * 2 : 1024, sizeof(char *)),
                         calloc(m->cap ? m->cap * 2 : 1024, sizeof(uint32_t)),
                         m->cap ? m->cap * 2 : 1024, 0 };
        if (!bigger.keys || !bigger.vals) {
            fprintf(stderr, "solver-bench: out of memory\n");
            exit(1);
        }
        for (size_t k = 0; k < m->cap; k++)
            if (m->keys[k])
                names_put(&bigger, m->keys[k], m->vals[k]);
        free(m->keys);
        free(m->vals);
        *m = bigger;
    }
    size_t h = hash(key) & (m->cap - 1);
    while (m->keys[h])
        h = (h + 1) & (m->cap - 1);
    m->keys[h] = key;
    m->vals[h] = val;
    m->n++;
}

static void names_free(Names *m)
{
    free(m->keys);
    free(m->vals);
}

static char *copy_string(const char *s)
{
    char *c = strdup(s);
    if (c == NULL) {
        fprintf(stderr, "solver-bench: out of memory\n");
        exit(1);
    }
    return c;
}

/* ---- parsing ------------------------------------------------------------ */

typedef struct Parser {
    const char *path;
    int line;
    char *err; size_t errlen;
    Trace *t;
    Names vars, groups, phases;
    size_t capvars, capgroups, capcons, capterms, capops, capphases;
} Parser;

static int fail(Parser *p, const char *fmt, ...)
{
    int n = snprintf(p->err, p->errlen, "%s:%d: ", p->path, p->line);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < p->errlen)
        vsnprintf(p->err + n, p->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return 1;
}

static int number(Parser *p, const char *s, double *out)
{
    char *end;
    errno = 0;
    *out = strtod(s, &end);
    if (end == s || *end != '\0')
        return fail(p, "'%s' is not a number", s);
    return 0;
}

static int strength(Parser *p, const char *s, double *out)
{
    if (!strcmp(s, "required")) *out = CS_REQUIRED;
    else if (!strcmp(s, "strong")) *out = CS_STRONG;
    else if (!strcmp(s, "medium")) *out = CS_MEDIUM;
    else if (!strcmp(s, "weak")) *out = CS_WEAK;
    else return number(p, s, out);
    return 0;
}

static uint32_t var_index(Parser *p, const char *name)
{
    long v = names_find(&p->vars, name);
    return v < 0 ? TRACE_NO_VAR : (uint32_t)v;
}

/* The index of name in a list of names, appended if new. */
static uint32_t intern(Names *m, char ***arr, uint32_t *n, size_t *cap, const char *name)
{
    long v = names_find(m, name);
    if (v >= 0)
        return (uint32_t)v;
    *arr = grow(*arr, sizeof **arr, cap, *n + 1);
    (*arr)[*n] = copy_string(name);
    names_put(m, (*arr)[*n], *n);
    return (*n)++;
}

static void push_op(Parser *p, TraceOp op, TraceOp **loop, size_t *nloop, size_t *caploop, int in_loop)
{
    if (in_loop) {
        *loop = grow(*loop, sizeof **loop, caploop, *nloop + 1);
        (*loop)[(*nloop)++] = op;
    } else {
        p->t->ops = grow(p->t->ops, sizeof *p->t->ops, &p->capops, p->t->nops + 1);
        p->t->ops[p->t->nops++] = op;
    }
}

int trace_load(const char *path, Trace *t, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    Parser p = { .path = path, .err = err, .errlen = errlen, .t = t };
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return 1;
    }
    char *line = NULL;
    size_t linecap = 0;
    int in_group = 0, in_loop = 0, rc = 0;
    uint32_t group = 0;
    long loop_count = 0;
    TraceOp *loop = NULL;
    size_t nloop = 0, caploop = 0;
    char *tok[4096];
    while (getline(&line, &linecap, f) >= 0) {
        p.line++;
        char *hash_at = strchr(line, '#');
        if (hash_at)
            *hash_at = '\0';
        int n = 0;
        for (char *s = strtok(line, " \t\r\n"); s; s = strtok(NULL, " \t\r\n")) {
            if (n == (int)(sizeof tok / sizeof *tok)) { rc = fail(&p, "too many tokens"); goto out; }
            tok[n++] = s;
        }
        if (n == 0)
            continue;
        const char *kw = tok[0];
        if (in_group) {
            if (!strcmp(kw, "end")) {
                in_group = 0;
                continue;
            }
            if (strcmp(kw, "c") != 0) { rc = fail(&p, "'%s' inside a group", kw); goto out; }
            if (n < 4 || (n - 4) % 2) { rc = fail(&p, "a constraint needs STRENGTH OP CONST and COEF NAME pairs"); goto out; }
            TraceCons c;
            if (strength(&p, tok[1], &c.strength) || number(&p, tok[3], &c.constant)) { rc = 1; goto out; }
            if (!strcmp(tok[2], "==")) c.op = CS_EQ;
            else if (!strcmp(tok[2], "<=")) c.op = CS_LE;
            else if (!strcmp(tok[2], ">=")) c.op = CS_GE;
            else { rc = fail(&p, "bad relation '%s'", tok[2]); goto out; }
            c.first = t->nterms;
            c.nterms = (uint32_t)(n - 4) / 2;
            t->terms = grow(t->terms, sizeof *t->terms, &p.capterms, t->nterms + c.nterms);
            for (int k = 4; k < n; k += 2) {
                double coef;
                if (number(&p, tok[k], &coef)) { rc = 1; goto out; }
                uint32_t v = var_index(&p, tok[k + 1]);
                if (v == TRACE_NO_VAR) { rc = fail(&p, "unknown variable '%s'", tok[k + 1]); goto out; }
                t->terms[t->nterms++] = (cs_Term){ v, coef };
            }
            t->cons = grow(t->cons, sizeof *t->cons, &p.capcons, t->ncons + 1);
            t->cons[t->ncons++] = c;
            t->groups[group].count++;
            continue;
        }
        TraceOp op = { 0 };
        if (!strcmp(kw, "var") && n == 2) {
            if (names_find(&p.vars, tok[1]) >= 0) { rc = fail(&p, "variable '%s' declared twice", tok[1]); goto out; }
            intern(&p.vars, &t->vars, &t->nvars, &p.capvars, tok[1]);
            continue;
        } else if (!strcmp(kw, "group") && n == 2) {
            if (names_find(&p.groups, tok[1]) >= 0) { rc = fail(&p, "group '%s' defined twice", tok[1]); goto out; }
            t->groups = grow(t->groups, sizeof *t->groups, &p.capgroups, t->ngroups + 1);
            t->groups[t->ngroups] = (TraceGroup){ copy_string(tok[1]), t->ncons, 0 };
            names_put(&p.groups, t->groups[t->ngroups].name, t->ngroups);
            group = t->ngroups++;
            in_group = 1;
            continue;
        } else if (!strcmp(kw, "loop") && n == 2) {
            if (in_loop) { rc = fail(&p, "nested loop"); goto out; }
            char *end;
            loop_count = strtol(tok[1], &end, 10);
            if (*end || loop_count < 0) { rc = fail(&p, "bad loop count '%s'", tok[1]); goto out; }
            in_loop = 1;
            nloop = 0;
            continue;
        } else if (!strcmp(kw, "end") && n == 1) {
            if (!in_loop) { rc = fail(&p, "'end' without 'loop' or 'group'"); goto out; }
            for (long k = 0; k < loop_count; k++)
                for (size_t m = 0; m < nloop; m++)
                    push_op(&p, loop[m], NULL, NULL, NULL, 0);
            in_loop = 0;
            continue;
        } else if (!strcmp(kw, "edit") && n == 3) {
            op.kind = OP_EDIT;
            op.arg = var_index(&p, tok[1]);
            if (strength(&p, tok[2], &op.value)) { rc = 1; goto out; }
        } else if (!strcmp(kw, "suggest") && n == 3) {
            op.kind = OP_SUGGEST;
            op.arg = var_index(&p, tok[1]);
            if (number(&p, tok[2], &op.value)) { rc = 1; goto out; }
        } else if ((!strcmp(kw, "add") || !strcmp(kw, "remove")) && n == 2) {
            op.kind = kw[0] == 'a' ? OP_ADD : OP_REMOVE;
            long g = names_find(&p.groups, tok[1]);
            if (g < 0) { rc = fail(&p, "unknown group '%s'", tok[1]); goto out; }
            op.arg = (uint32_t)g;
        } else if (!strcmp(kw, "solve") && n == 1) {
            op.kind = OP_SOLVE;
        } else if (!strcmp(kw, "check") && n == 1) {
            op.kind = OP_CHECK;
        } else if (!strcmp(kw, "dump") && n == 1) {
            op.kind = OP_DUMP;
        } else if (!strcmp(kw, "phase") && n == 2) {
            op.kind = OP_PHASE;
            op.arg = intern(&p.phases, &t->phases, &t->nphases, &p.capphases, tok[1]);
        } else {
            rc = fail(&p, "cannot read '%s' with %d argument(s)", kw, n - 1);
            goto out;
        }
        push_op(&p, op, &loop, &nloop, &caploop, in_loop);
    }
    if (in_group || in_loop)
        rc = fail(&p, "file ends inside a %s", in_group ? "group" : "loop");
out:
    free(line);
    free(loop);
    fclose(f);
    names_free(&p.vars);
    names_free(&p.groups);
    names_free(&p.phases);
    return rc;
}

void trace_free(Trace *t)
{
    for (uint32_t k = 0; k < t->nvars; k++) free(t->vars[k]);
    for (uint32_t k = 0; k < t->ngroups; k++) free(t->groups[k].name);
    for (uint32_t k = 0; k < t->nphases; k++) free(t->phases[k]);
    free(t->vars); free(t->groups); free(t->cons); free(t->terms); free(t->ops); free(t->phases);
    memset(t, 0, sizeof *t);
}
