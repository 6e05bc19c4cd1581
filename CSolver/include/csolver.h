/*
 * csolver.h -- the public C API of CSolver, an incremental simplex solver for
 * linear constraint systems with priorities, in the style of Cassowary
 * (Badros, Borning and Stuckey, "The Cassowary linear arithmetic constraint
 * solving algorithm", ACM TOCHI 8(4), 2001).
 *
 * Model
 *   A solver owns variables and constraints, both named by small integer ids.
 *   A constraint is  sum(coefficient * variable) + constant  OP  0  with OP one
 *   of ==, <=, >=, and a strength. Constraints are created once, then added to
 *   and removed from the solver any number of times, alone or as a change set
 *   (removals and additions applied as one operation, re-optimised once).
 *
 * Strengths and modes (chosen when the solver is created)
 *   CS_WEIGHTED       kiwi's objective: minimise the sum over non-required
 *                     constraints of strength * violation.
 *   CS_LEXICOGRAPHIC  Auto Layout's: every distinct strength is a priority
 *                     level; a higher level is satisfied as well as it can be
 *                     before any lower level is considered, and within a level
 *                     every constraint weighs 1.
 *   A strength >= CS_REQUIRED is required: it holds exactly or is refused.
 *
 * Errors
 *   Every fallible call returns a cs_Status. A call that fails leaves the
 *   solver exactly as it was: the same values, and the same answer to every
 *   later call (operations are transactions, undone on failure, including
 *   failures to allocate memory). Nothing aborts.
 *
 * Memory and threads
 *   All memory comes from the cs_Alloc given to cs_solver_new. The solver
 *   keeps no global state: separate solvers may be used on separate threads at
 *   once; one solver must not be used by two threads at the same time.
 *   Pointers returned by the solver stay valid until the next call that takes
 *   a non-const cs_Solver*.
 */
#ifndef CSOLVER_H
#define CSOLVER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__clang__)
#define CS_ENUM(name) enum __attribute__((enum_extensibility(closed))) name
#else
#define CS_ENUM(name) enum name
#endif

/* An opaque solver. */
typedef struct cs_Solver cs_Solver;

/* Ids of variables and constraints; valid only with the solver that made them. */
typedef uint32_t cs_Var;
typedef uint32_t cs_Cons;

typedef CS_ENUM(cs_Status) {
    CS_OK = 0,
    CS_ERR_NOMEM,          /* an allocation failed; nothing changed */
    CS_ERR_UNSATISFIABLE,  /* a required constraint cannot hold with the others; see cs_conflict */
    CS_ERR_DUPLICATE,      /* the constraint is already added, or the variable is already an edit variable */
    CS_ERR_UNKNOWN,        /* no such variable or constraint, a constraint that is not added, or a variable that is not an edit variable */
    CS_ERR_BAD_STRENGTH,   /* a strength that is not positive, or a required strength for an edit variable */
    CS_ERR_INVALID_NUMBER, /* NaN, an infinity, or a magnitude above CS_MAX_MAGNITUDE */
    CS_ERR_INVALID_ARG,    /* a NULL pointer, a bad relation or mode, or a full id space */
    CS_ERR_INTERNAL        /* the solver found its own state inconsistent (a bug); nothing changed */
} cs_Status;

typedef CS_ENUM(cs_Mode) {
    CS_WEIGHTED = 0,
    CS_LEXICOGRAPHIC = 1
} cs_Mode;

typedef CS_ENUM(cs_Relation) {
    CS_EQ = 0,  /* expression == 0 */
    CS_LE = 1,  /* expression <= 0 */
    CS_GE = 2   /* expression >= 0 */
} cs_Relation;

/* kiwi's strength scale. Any positive number is a strength; Auto Layout's
 * priority P < 1000 is conventionally P * 1000, and 1000 is CS_REQUIRED. */
#define CS_REQUIRED 1001001000.0
#define CS_STRONG 1000000.0
#define CS_MEDIUM 1000.0
#define CS_WEAK 1.0

/* Coefficients, constants and suggested values must be finite and at most
 * this large in magnitude: beyond it, products in the tableau lose every
 * digit that a layout needs. */
#define CS_MAX_MAGNITUDE 1e12

/* One term of a linear expression. */
typedef struct cs_Term {
    cs_Var var;
    double coefficient;
} cs_Term;

/* The allocator: like lua_Alloc. nsize == 0 frees ptr (and returns NULL);
 * otherwise it returns a block of nsize bytes holding the first
 * min(osize, nsize) bytes of ptr (ptr may be NULL, osize 0), or NULL if it
 * cannot, leaving ptr untouched. */
typedef void *(*cs_Alloc)(void *ud, void *ptr, size_t osize, size_t nsize);

/* ---- Solvers ---------------------------------------------------------- */

/* A new, empty solver. alloc may be NULL for malloc/realloc/free; ud is passed
 * to it. Returns NULL if memory runs out or mode is not a cs_Mode. */
cs_Solver *cs_solver_new(cs_Mode mode, cs_Alloc alloc, void *ud);

/* Frees the solver and everything it owns. NULL is allowed. */
void cs_solver_free(cs_Solver *solver);

cs_Mode cs_solver_mode(const cs_Solver *solver);

/* A short English description of a status ("unsatisfiable constraint"). Static storage. */
const char *cs_status_string(cs_Status status);

/* ---- Variables -------------------------------------------------------- */

/* A new variable, value 0, in *out. Fails with CS_ERR_NOMEM. */
cs_Status cs_var_new(cs_Solver *solver, cs_Var *out);

/* The number of variables made so far; ids run from 0 to this minus 1. */
size_t cs_var_count(const cs_Solver *solver);

/* ---- Constraints ------------------------------------------------------ */

/* A new constraint  sum(terms) + constant  op  0  of the given strength, in
 * *out, not yet added. Terms on the same variable are summed; terms whose
 * coefficient is 0 are dropped. The solver copies terms. Fails with
 * CS_ERR_UNKNOWN (a variable), CS_ERR_INVALID_NUMBER, CS_ERR_BAD_STRENGTH
 * (strength not positive), CS_ERR_INVALID_ARG (op, or terms NULL with n > 0),
 * CS_ERR_NOMEM. */
cs_Status cs_cons_new(cs_Solver *solver, const cs_Term *terms, size_t n,
                      double constant, cs_Relation op, double strength,
                      cs_Cons *out);

/* Forgets a constraint, removing it first if it is added. Its id may be
 * given to a later constraint. Fails with CS_ERR_UNKNOWN or CS_ERR_NOMEM. */
cs_Status cs_cons_delete(cs_Solver *solver, cs_Cons cons);

/* Sets a constraint's constant. On an added constraint this is incremental
 * (as cs_suggest is): the solution moves without removing and adding the
 * constraint. A required constraint whose new constant cannot hold with the
 * other required constraints is refused with CS_ERR_UNSATISFIABLE (cs_conflict
 * names a minimal set) and keeps its old constant. Also CS_ERR_UNKNOWN,
 * CS_ERR_INVALID_NUMBER, CS_ERR_NOMEM. A move that in place would pivot on
 * a coefficient below 1e-6 of its row's largest (rounding, in practice) is
 * decided by solving the constraints from an empty tableau instead, as
 * cs_apply's change sets are (cs_Stats.refactors counts it).
 *
 * A constraint whose constant has been set moves as an edit variable does
 * from then on: cs_update republishes values through the same map (the
 * first 8 such constraints). Setting a constant to the value it has marks
 * one that will move (a window's size) before the map is built, so that
 * even its first move costs no full update. */
cs_Status cs_cons_set_constant(cs_Solver *solver, cs_Cons cons, double constant);
/* The constraint's constant (0 for an unknown constraint). */
double cs_cons_constant(const cs_Solver *solver, cs_Cons cons);
/* 1 if the constraint exists and is added, else 0. */
int cs_cons_is_added(const cs_Solver *solver, cs_Cons cons);

/* Adds a constraint and re-optimises. A required constraint that cannot
 * hold with the required constraints already added is refused with
 * CS_ERR_UNSATISFIABLE (cs_conflict then names a minimal conflicting set).
 * Also CS_ERR_DUPLICATE, CS_ERR_UNKNOWN, CS_ERR_NOMEM. */
cs_Status cs_add(cs_Solver *solver, cs_Cons cons);

/* Removes an added constraint and re-optimises. CS_ERR_UNKNOWN if it is not
 * added; CS_ERR_NOMEM. */
cs_Status cs_remove(cs_Solver *solver, cs_Cons cons);

/* A change set: removes remove[0..nremove), then adds add[0..nadd), then
 * re-optimises once. All or nothing: on failure nothing changed and, if
 * failed is not NULL, *failed is the position of the constraint at fault in
 * remove[] followed by add[] (so nremove + j for add[j]). One that removes
 * more constraints than it leaves (a size-class transition in a tree of
 * containers) is solved from an empty tableau instead, which costs less;
 * the optimum is the same, and where a layout leaves a choice between equal
 * optima, the values are those a new solver given the same constraints
 * finds. The constraints are added again in the order they were made in,
 * then add[]; where that order proves costly (a view's constraints before
 * its container's, shuffled ones), they are added in one the solver finds
 * instead (cs_Stats.reorders), and a choice between equal optima may then
 * fall otherwise. A change set that in place would pivot on a coefficient
 * below 1e-6 of its row's largest (rounding, in practice) is solved from
 * an empty tableau too, and refused if that refuses it (cs_Stats.rebuilds
 * counts it). */
cs_Status cs_apply(cs_Solver *solver, const cs_Cons *remove, size_t nremove,
                   const cs_Cons *add, size_t nadd, size_t *failed);

/* After CS_ERR_UNSATISFIABLE from cs_add or cs_apply: a minimal set of
 * required constraints that cannot all hold (removing any one of them makes
 * the rest satisfiable), the refused constraint among them, in increasing id
 * order. *ids points into the solver; *n is 0 when the last refusal was not
 * for unsatisfiability or the set could not be computed. */
void cs_conflict(const cs_Solver *solver, const cs_Cons **ids, size_t *n);

/* ---- Edit variables --------------------------------------------------- */

/* Makes var an edit variable of a non-required strength, suggested value 0.
 * CS_ERR_DUPLICATE, CS_ERR_UNKNOWN, CS_ERR_BAD_STRENGTH (required, or not
 * positive), CS_ERR_INVALID_NUMBER, CS_ERR_NOMEM. */
cs_Status cs_edit_add(cs_Solver *solver, cs_Var var, double strength);

/* Stops editing var. CS_ERR_UNKNOWN if it is not an edit variable; CS_ERR_NOMEM. */
cs_Status cs_edit_remove(cs_Solver *solver, cs_Var var);

/* 1 if var is an edit variable, else 0. */
int cs_edit_has(const cs_Solver *solver, cs_Var var);

/* Suggests a value for an edit variable and re-solves (dual simplex).
 * CS_ERR_UNKNOWN, CS_ERR_INVALID_NUMBER, CS_ERR_NOMEM. */
cs_Status cs_suggest(cs_Solver *solver, cs_Var var, double value);

/* ---- Solved states ---------------------------------------------------- */

/* A change set that removes and adds many constraints (at least an eighth as
 * many as are added: a size-class transition) keeps the solved state it
 * leaves, keyed by the set of constraints added; a later change set that
 * leads back to that set restores it instead of solving again, and only
 * moves it to the current edit values. Results are the same either way
 * (within rounding of the last bits). Keeping a state costs a copy of the
 * tableau the first time it is left; coming back costs no copy.
 *
 * Sets how many states are kept, the least recently used going first
 * (default 4; at most 64): those kept already stay, down to the new limit,
 * and 0 keeps none and frees those kept. A kept state
 * is dropped when a constraint added in it is deleted (a new constant for
 * one is noted, and the state moved to it when restored; dropped if it
 * cannot hold there); all are dropped by a new variable and by adding or
 * removing an edit variable. CS_ERR_INVALID_ARG, CS_ERR_NOMEM (then nothing changed). */
cs_Status cs_set_cache_limit(cs_Solver *solver, size_t states);

/* The limit cs_set_cache_limit set last (4 for a new solver; 0 for NULL). */
size_t cs_cache_limit(const cs_Solver *solver);

/* A change set solved from an empty tableau (a build, a transition to a
 * set of constraints not seen before) makes a new tableau in memory of its
 * own, and at 10,000 views and more most of its time can be page faults
 * on that memory. With the default allocator on Linux, after such a change
 * set, while the solver keeps no solved state (a build, or every such
 * change set with cs_set_cache_limit 0), the solver maps what the next one
 * is expected to take (the large blocks this one made, within the bound on
 * spare memory, cs_Stats) and a thread of its own brings its pages in
 * while the caller goes on; the next such change set finds them there.
 * Once a state is kept, transitions go between kept states and make none.
 * Enabled by default; 0 disables it
 * (no thread is started after that; one at work finishes its memory and
 * is joined by cs_solver_free). Results are the same either way. The
 * thread touches only that mapping, takes no signal (all are blocked in
 * it), and lives until its memory is in; a child of fork() goes on
 * without it. */
void cs_set_prefault(cs_Solver *solver, int enabled);

/* Whether cs_set_prefault left it enabled (1 for a new solver; 0 for NULL);
 * with another allocator, or off Linux, enabled does nothing. */
int cs_prefault_enabled(const cs_Solver *solver);

/* ---- Values ----------------------------------------------------------- */

/* Brings every variable's value up to date and records which ones changed
 * since the previous cs_update. Cannot fail. While only edit variables move
 * (a window being resized), updates after the first cost one multiply-add
 * per edit for each variable that depends on one: the first builds that
 * map, in memory of its own (cs_Stats.bytes); if memory runs out, updates
 * just take the full path. When an update finds that rounding over many
 * pivots has worn the tableau (a constraint's residual before refinement
 * past 1e-10 of its size), it solves the constraints added again from
 * scratch (cs_Stats.refactors) and publishes those values; that update
 * lists every variable as changed. An update after a change set solved
 * from an empty tableau skips refinement when no operation of that solve
 * or of the update rounded (cs_Stats.exact_updates): C99's inexact flag
 * tells, and the caller's flag is left as it would be without the look. */
void cs_update(cs_Solver *solver);

/* The value of var as of the last cs_update (0 for an unknown var). */
double cs_value(const cs_Solver *solver, cs_Var var);

/* Every value as of the last cs_update, indexed by variable id; *n is the count. */
const double *cs_values(const cs_Solver *solver, size_t *n);

/* The variables whose values changed in the last cs_update, in no
 * particular order; *n is the count. The array is the solver's: valid
 * until the next call that changes the solver. */
const cs_Var *cs_changed(const cs_Solver *solver, size_t *n);

/* ---- Inspection ------------------------------------------------------- */

typedef struct cs_Stats {
    size_t rows;          /* basic rows in the tableau */
    size_t terms;         /* nonzero entries over all rows */
    size_t symbols;       /* live symbols (variables, slacks, errors, dummies) */
    size_t levels;        /* objective levels (1 in weighted mode) */
    size_t pivots;        /* pivots since the solver was made */
    size_t bytes;         /* bytes the solver holds from its allocator, kept states included */
    size_t cached_states; /* solved states kept (cs_set_cache_limit) */
    size_t cache_bytes;   /* what they hold, part of bytes */
    size_t rebuilds;      /* change sets solved from an empty tableau (see cs_apply) */
    size_t reorders;      /* of those, solved again in the solver's own order, the
                           * caller's having cost too much (see cs_apply) */
    size_t refactors;     /* times the tableau was solved again from scratch: it had drifted (see
                           * cs_update), or an operation other than cs_apply pivoted on a
                           * coefficient below 1e-6 of its row's largest, after which it does so */
    size_t spare_bytes;   /* large blocks given back and kept for the next ones, and what is
                           * mapped for the next change set solved afresh (the default
                           * allocator's only, cs_set_prefault; not part of bytes; freed with
                           * the solver) */
    size_t exact_updates; /* updates that published every value without refining it, nothing
                           * having rounded since the tableau was solved from an empty one
                           * (see cs_update) */
} cs_Stats;

void cs_stats(const cs_Solver *solver, cs_Stats *out);

/* Recomputes every internal invariant (rows, column index, objective,
 * feasibility) and returns CS_ERR_INTERNAL if one is broken; for tests. */
cs_Status cs_check_invariants(const cs_Solver *solver);

/* Writes a readable dump of the tableau through write(ud, text, length). */
void cs_dump(const cs_Solver *solver,
             void (*write)(void *ud, const char *text, size_t length), void *ud);

#ifdef __cplusplus
}
#endif
#endif /* CSOLVER_H */
