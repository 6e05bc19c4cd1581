/*
 * trace.h -- solver traces (../shared/bench/TRACE.md) parsed into memory
 * before anything is timed.
 */
#ifndef SOLVER_BENCH_TRACE_H
#define SOLVER_BENCH_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "csolver.h"

#define TRACE_NO_VAR UINT32_MAX /* a name no `var` declared */

typedef struct TraceCons {
    double strength;
    cs_Relation op;
    double constant;
    uint32_t first, nterms; /* into Trace.terms */
} TraceCons;

typedef struct TraceGroup {
    char *name;
    uint32_t first, count; /* into Trace.cons */
} TraceGroup;

typedef enum TraceOpKind {
    OP_EDIT, OP_SUGGEST, OP_ADD, OP_REMOVE, OP_SOLVE, OP_CHECK, OP_DUMP, OP_PHASE
} TraceOpKind;

typedef struct TraceOp {
    TraceOpKind kind;
    uint32_t arg;   /* variable, group or phase-name index */
    double value;   /* strength (edit) or value (suggest) */
} TraceOp;

typedef struct Trace {
    char **vars; uint32_t nvars;
    TraceGroup *groups; uint32_t ngroups;
    TraceCons *cons; uint32_t ncons;
    cs_Term *terms; uint32_t nterms;   /* var = index into vars */
    TraceOp *ops; size_t nops;         /* loops expanded */
    char **phases; uint32_t nphases;
} Trace;

/* Parses a trace file. On failure returns nonzero and writes
 * "PATH:LINE: problem" into err. */
int trace_load(const char *path, Trace *t, char *err, size_t errlen);
void trace_free(Trace *t);

#endif
