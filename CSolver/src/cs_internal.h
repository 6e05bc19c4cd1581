/*
 * cs_internal.h -- the solver's private data and the functions its files
 * share. Nothing here is part of the API.
 *
 * The tableau (Badros, Borning and Stuckey 2001, section 2)
 *   Every constraint  e + c  OP  0  becomes a row  e + c + markers = 0  whose
 *   markers are a slack (inequalities), error symbols (non-required), or a
 *   dummy (required equalities). Each row is solved for one basic symbol:
 *
 *       basic = constant + sum(coef[k] * sym[k])                        (1)
 *
 *   over parametric (non-basic) symbols, which are 0 in the current
 *   solution, so a basic symbol's value is its row's constant. Every symbol
 *   other than an external variable is restricted to be >= 0, so the
 *   solution is feasible when every restricted basic row has constant >= 0.
 *   The objective (one row per priority level, section "Levels") is written
 *   in the same parametric symbols; it is optimal when no symbol has a
 *   lexicographically negative reduced cost.
 *
 * Invariants (checked by cs_check_invariants)
 *   I1  a row's symbols are strictly increasing and no coefficient is 0;
 *   I2  a basic restricted symbol appears in no row but its own, nor in
 *       the objective;
 *   I3  column superset: if row slot r holds symbol s, r is in col[s];
 *   I4  every restricted basic row has constant >= -CS_EPS (feasible);
 *   I5  external variables never appear in a restricted row or in the
 *       objective (so a parametric external has reduced cost 0);
 *   I6  a basic external variable appears only in rows of other external
 *       variables, as a reference, and references form no cycle.
 *
 * Data layout
 *   Rows live in one array of slots (Row), reused through a free list, so
 *   that the column index can name rows by a 32-bit slot. A row keeps its
 *   terms as two parallel sorted arrays (symbols, coefficients): the hot
 *   loops (merge, substitute) stream through both, and lookups are binary
 *   searches. Per-symbol data is structure-of-arrays indexed by symbol id.
 *
 * Column index
 *   col[s] lists the slots of rows that may hold s. Entries are appended
 *   when s enters a row and never removed inside an operation, so the list is
 *   a superset (I3) that stays true when an operation is undone; stale and
 *   duplicate entries are skipped with a visit stamp and dropped by
 *   compaction when the operation commits. Each column counts the times s
 *   left a row since it was last compacted (cs_col_gone), which bounds
 *   its entries that are stale or duplicates; it is compacted when those
 *   could be half of it, so it stays within twice the rows that hold s
 *   (plus 8) and a column that only grew is never compacted.
 *
 * Transactions
 *   Every public operation that changes the solver runs as a transaction.
 *   The first change to a row saves a copy; changes to per-symbol basic
 *   slots, constraint records and edit records are logged; frees are
 *   deferred to the commit. A failure (unsatisfiable, out of memory) rolls
 *   everything back, so the solver is exactly as it was.
 */
#ifndef CS_INTERNAL_H
#define CS_INTERNAL_H

#include "csolver.h"

#include <fenv.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__GNUC__)
#define CS_HIDDEN __attribute__((visibility("hidden")))
#else
#define CS_HIDDEN
#endif

/* The functions of a resize's re-solve (cs_suggest, cs_shift_constant_in_place,
 * cs_mark_dirty, cs_update without its full update, and the kernel), placed
 * together (.text.hot): the first resize after a build or a transition runs
 * code the build never ran, and at S its cold code was a sixth of the 20
 * re-solves of a resize phase (the first 650 ns, the others 130); spread
 * over five places in the binary it was fetched from five. Together: resize
 * at S against the floor 3.0-3.1x -> 2.8x at tree, 2.4 -> 2.3x at stack
 * and cells (medians of 25). */
#if defined(__GNUC__)
#define CS_HOT __attribute__((hot))
#else
#define CS_HOT
#endif

/* Internal invariants: checked in debug builds only; never control flow. */
#ifdef NDEBUG
#define CS_ASSERT(c) ((void)0)
#else
#include <assert.h>
#define CS_ASSERT(c) assert(c)
#endif

/* Solved states kept by a new solver (cs_set_cache_limit). */
#define CS_DEFAULT_CACHE_LIMIT 4

/* Constants closer to 0 than this are 0, and reduced costs closer to 0
 * than this are not improving (kiwi's choice for both). */
#define CS_EPS 1.0e-8

/*
 * Is v = x + y, a coefficient just summed, 0? Coefficients are not compared
 * with an absolute threshold (kiwi drops every one below CS_EPS): in a system
 * whose rows and variables have their own units, a coefficient of 1e-9 can be
 * as real as one of 1e9, and dropping it moved a required equality by 5 points
 * in one case in 1,000 (scripts/lpcheck_wide.py --rows 3 --columns 3). A sum
 * is 0 when what is left is rounding noise relative to what was added,
 * CS_CANCEL_NOISE of |x| + |y| (a few units in the last place, after the
 * error that chains of pivots accumulate), or when it is below CS_EPS and
 * CS_CANCEL_MOSTLY of |x| + |y|: all but a millionth of two small numbers
 * cancelled, which in a layout is what is left of a coefficient that should
 * be 0 (the C tests' random rounds wear such a one to 7e-9 beside terms of
 * 1 and 2, a few billionths of them).
 *
 * Until 2026-11-29 "nearly all" was 1e-3 of |x| + |y|, and that dropped
 * real coefficients: cs_fuzz found two sequences (lexicographic, eight
 * variables, chains of 667, 375 and 100) in which a sum of 7.485e-4 and
 * -7.485e-4 (4.8e-10 of 1.87e-5 in the other) left -9.995e-9, 1.3e-5 of
 * its terms and real. Dropped, a required inequality's identity was short
 * by 1e-6 of a slack that the next pivot made basic (rows of 2,668 and
 * 21,344), and the values missed the inequality by 6.3e-4 of 6 (4806 of
 * 44,147 in the other); a fresh solve dropped the same sum, so the
 * refactorisation that the drift called for built the same rows. Kept,
 * both hold. A sum kept below CS_ILL_CANCEL of its terms (below) marks
 * the operation for a check; one below a millionth and below CS_EPS is
 * taken for 0 here. Every workload's values are the same to the bit (no
 * workload keeps a sum of terms of opposite signs), and so are the other
 * cs_fuzz inputs' verdicts (5,278 of earlier runs' corpora).
 * Products are never dropped (a product of nonzeros is not noise).
 */
#define CS_CANCEL_NOISE 1.0e-14
#define CS_CANCEL_MOSTLY 1.0e-6
#ifdef CS_TEST_SEAMS
/* Tests only (scripts/test.sh defines CS_TEST_SEAMS for one configuration
 * of the C tests): CS_CANCEL_MOSTLY, or the 1e-3 that a test puts back so
 * that the sequences cs_fuzz found under it wear a tableau as they did,
 * and the checks that caught what they did are still tested (cs_row.c). */
extern double cs_test_cancel_mostly;
#endif

/* Is v = x + y nothing but the rounding of x and y (CS_CANCEL_NOISE of
 * |x| + |y|; a constant so cancelled is 0, cs_row_axpy)? A sum that
 * cancelled exactly, and one far from cancelling (past 2^-39 of the larger
 * term, so past 2^-40 of |x| + |y|), are told by operations that cannot
 * round, so that the test leaves the inexact flag as it found it in all
 * but near-cancellations (below, "Exact arithmetic"); the answers are the
 * product's. */
static inline bool cs_noise(double v, double x, double y)
{
    double a = fabs(v);
    if (a == 0.0)
        return true;
    if (a * 0x1p39 > fmax(fabs(x), fabs(y)))
        return false;
    return a <= CS_CANCEL_NOISE * (fabs(x) + fabs(y));
}

static inline bool cs_cancelled(double v, double x, double y)
{
    if (cs_noise(v, x, y))
        return true;
    double a = fabs(v);
#ifdef CS_TEST_SEAMS
    return a < CS_EPS && a <= cs_test_cancel_mostly * (fabs(x) + fabs(y));
#else
    /* Past 2^-18 of the larger term is past 2^-19 of the two, above
     * CS_CANCEL_MOSTLY: told without a rounding, as in cs_noise. */
    if (a >= CS_EPS || a * 0x1p18 > fmax(fabs(x), fabs(y)))
        return false;
    return a <= CS_CANCEL_MOSTLY * (fabs(x) + fabs(y));
#endif
}

typedef uint32_t Sym; /* 0 is no symbol */

enum SymKind {
    SYM_NONE = 0,
    SYM_EXTERNAL, /* a user variable; unrestricted */
    SYM_SLACK,    /* inequality slack, or the artificial variable; >= 0 */
    SYM_ERROR,    /* violation of a non-required constraint; >= 0, in the objective */
    SYM_DUMMY     /* marker of a required equality; always 0, never enters */
};

typedef struct Row {
    Sym basic;        /* the symbol this row defines; 0 for objective rows and free slots */
    int32_t n, cap;   /* terms in use, allocated */
    uint32_t jstamp;  /* transaction that saved (or created) this slot */
    double constant;
    Sym *sym;         /* n symbols, strictly increasing; in coef's block */
    double *coef;     /* n coefficients; owns the block (cs_terms_new) */
} Row;

/* A column's slots: pool.slot[at .. at + n), in a chunk of cap entries of
 * its tableau's pool (ColPool). */
typedef struct Column {
    uint32_t at;      /* where its chunk starts in the pool */
    int32_t n, cap;   /* slots that may hold the symbol (superset, I3); chunk size */
    int32_t stale;    /* times the symbol left a row since the last compaction: at
                       * least the entries that are stale or duplicates */
} Column;

/*
 * Every column of a tableau lives in one array, in chunks of 4, 8, 16 ...
 * entries; a column that outgrows its chunk moves to one twice as large and
 * its old chunk goes on the free list of its size. A build makes a column
 * for every symbol, about 90,000 at L, most of one or two entries: one
 * malloc each was a fifth of a build's instructions. And copying a tableau
 * (a kept state) is one memcpy of the pool instead of a malloc a column.
 * The first chunk was 8 entries until the pool was a fifth of a new
 * tableau's memory, most of it never written: with 4, the peak resident
 * memory of a build and a flip is 4 MB less at L (of 69-75) and 41 MB less
 * at stack XL (of 514), for the same instructions within 1.3% and the same
 * times (medians of 21 interleaved replays at L).
 * Columns are named by offset, not pointer: the pool moves when it grows,
 * so a walk of a column reads pool.slot afresh at each step (cs_col_slot).
 */
enum { COL_FIRST = 4, COL_CLASSES = 27 };  /* chunks of COL_FIRST << 0 .. << 26 entries */
typedef struct ColPool {
    int32_t *slot;                         /* owned */
    uint32_t n, cap;                       /* entries handed out (chunks included), allocated */
    uint32_t free[COL_CLASSES];            /* first free chunk of each size, offset + 1 (0: none);
                                            * a free chunk's first entry is the next one's */
} ColPool;

enum ConsState { CONS_FREE = 0, CONS_IDLE, CONS_ADDED };
/* What a constraint is, set when it is made and fixed until its id is
 * freed (S->flags): a rollback or a deletion has nothing to put back. */
enum ConsFlag { CONS_EDIT = 1, CONS_REQUIRED = 2 };

typedef struct Cons {
    cs_Term *terms;   /* merged, nonzero, sorted by variable; owned */
    uint32_t nterms;
    uint8_t op;       /* cs_Relation */
    uint8_t moves;    /* its constant has been set (cs_cons_set_constant): listed in
                       * S->movers, a parameter of the values map (Sens) */
    double constant;
    double strength;
    uint32_t lead;    /* the first variable as the caller wrote it, + 1 (0: none) */
} Cons;

/*
 * A constraint's marker symbols while it is added (kiwi's Tag): its
 * slack, error or dummy, and the second error of a non-required equality
 * or inequality; both 0 while it is not. Symbols are a tableau's, so the
 * markers are too: an array indexed by constraint id that belongs to the
 * tableau (Tableau.mark) and trades places with it, so that restoring a
 * kept state does not visit every constraint.
 */
typedef struct Markers { Sym marker, other; } Markers;

/* One priority level of the objective. Weighted mode has exactly one, with
 * strength 0, whose coefficients are the strengths themselves. */
typedef struct Level {
    double strength;
    int32_t slot;     /* its objective row */
    int32_t users;    /* constraints added at this strength */
    /* Scratch of one scan for an entering symbol (cs_simplex.c,
     * improving_above): the row's largest coefficient, found at most once
     * a scan, valid while `scanned` is the solver's level_scan. */
    double largest;
    uint64_t scanned;
} Level;

/* A symbol's first level (highest first) whose row holds it with a
 * positive coefficient, and that coefficient, as one scan for an entering
 * symbol found them (cs_simplex.c, mark_levels); valid while `scan` is
 * the solver's level_scan. */
typedef struct HeldAt { uint64_t scan; double coef; int32_t level; } HeldAt;

typedef struct SavedRow { int32_t slot; Row row; } SavedRow;
typedef struct SavedConstant { int32_t slot; double constant; } SavedConstant;
typedef struct SavedBasic { Sym sym; int32_t slot; uint32_t defined; } SavedBasic;
typedef struct SavedCons { uint32_t id; Cons cons; Markers mark; uint8_t state; } SavedCons;
typedef struct SavedEdit { cs_Var var; uint32_t cons; double constant; } SavedEdit;

/* Growable array of fixed-size items; `p` is owned. */
typedef struct Vec { void *p; size_t n, cap; } Vec;

/*
 * Values as affine functions of the moving constants (cs_values.c,
 * "Moving edits"). While the tableau keeps its shape (no pivot, no row made
 * or changed other than by a parameter's constant moving), every
 * variable's value is  base[v] + sum_k J[k][v] * (constant_k - p0[k]):  a
 * suggestion, or a new constant, moves row constants only, and values are
 * linear in them. The parameters are the edit constraints and the
 * constraints whose constant has been set (a window's autoresizing ones).
 */
/* A row holding a parameter's marker, and the marker's coefficient there. */
typedef struct Holder { int32_t slot; double a; } Holder;

/* A stretch of a parameter's list whose variables are evenly spaced in id
 * order, first, first + stride, ..., and share one derivative, slope
 * (cs_values.c, "Runs"). */
typedef struct Run { cs_Var first; uint32_t count, stride; double slope; } Run;

/* A parameter's list told as runs, beside the list itself, where that
 * streams fewer bytes: a resize then reads a run's first variable, stride
 * and slope once, and each variable's base value alone, as a float where
 * every one of the list's is one exactly. */
typedef struct ListRuns {
    bool on;        /* the runs tell the list as the map has it now */
    Vec runs;       /* Run, in list order; owned */
    Vec narrow;     /* float: the list's base values, when each is a float exactly (else empty); owned */
    double most;    /* the largest magnitude among the list's base values; +inf where one is not
                     * finite (run_moves_all) */
} ListRuns;

typedef struct Sens {
    bool ok;                 /* built, and the tableau kept its shape since */
    char *block;             /* the arrays below but holders and gathered (cs_values.c,
                              * sens_layout); owned */
    uint32_t nparam, capparam;
    cs_Cons *param;          /* its parameters: edit constraints and constraints
                              * whose constant moves, when it was built */
    double *p0, *d;          /* their constants then; scratch for the moves */
    uint32_t nvar, capvar;   /* variables when it was built; room */
    double *base;            /* every variable's value then (capvar) */
    double *J;               /* nparam x capvar derivatives by constant */
    cs_Var *list;            /* variables with a nonzero derivative (capvar) */
    uint32_t nlist;
    /* The same for each parameter alone (capparam lists of capvar): when one
     * parameter moved since the last update (a resize), only the variables
     * that depend on it are visited. */
    cs_Var *plist;
    uint32_t *nplist;        /* their lengths (capparam) */
    /* Beside each list, each of its variables' base value and derivative
     * by that parameter, in the list's order: a resize (one parameter
     * moved) streams these two arrays, instead of gathering from base and
     * a column of J, and four of either are one load. */
    double *pbase, *pj;      /* capparam x capvar each */
    double *dprev;           /* each parameter's move at the last update (capparam) */
    /* For each parameter, the rows its constant moves (cs_shift_constant),
     * gathered when the map is built (gathered[k]; in a copy of a map, or
     * if memory ran out, at its first move), valid while the map is: moves
     * change constants, not coefficients.
     * A move then visits those rows alone, without a walk of the marker's
     * column or a search of each row for its coefficient. */
    Vec *holders;            /* capparam Vecs of Holder; owned */
    uint8_t *gathered;       /* capparam flags; owned */
    ListRuns *runs;          /* capparam: each list as runs, where it pays (cs_values.c); owned */
} Sens;

/*
 * A tableau: everything that describes one solved state of the constraints
 * added (cs_cache.c). The solver works on its current tableau in place (the
 * fields of cs_Solver listed in cs_cache.c's cs_tableau_swap); a solved state
 * kept for later is one of these, moved out of the solver, not copied.
 */
typedef struct Tableau {
    uint32_t nsym, capsym; uint8_t *kind; int32_t *basic; uint32_t *defined, def_clock;
    uint32_t *owner; Column *col; Sym *free_sym; uint32_t nfree_sym; ColPool pool;
    uint32_t nslot, capslot; Row *rows; uint32_t *visit, visit_stamp; int32_t *free_slot; uint32_t nfree_slot;
    Level *levels; int32_t nlevels, caplevels;
    Markers *mark; uint32_t capmark;
    bool shape_changed, digits_lost;
    Sens sens;
} Tableau;

/* A solved state kept for the set of constraints it solves (cs_cache.c). */
typedef struct Moved { cs_Cons id; double from; } Moved;

typedef struct CacheEntry {
    /* Constraints added in exactly one of this state and the current one,
     * kept up to date by every change to the set added (cs_cache_toggled):
     * the state solves a change set's target exactly when the change set's
     * constraints are all of them (cs_cache_switch). */
    uint32_t differ;
    double *edit_value;        /* each edit variable's value there, in variable order */
    uint32_t nedit;
    /* Constraints of this state whose constant was set since it was kept,
     * with the constant its tableau holds (cs_cache_note_constant). */
    Vec moved;                 /* Moved */
    uint64_t used;             /* last use, for eviction (least recently used goes) */
    Tableau t;                 /* its markers included (t.mark) */
} CacheEntry;

/*
 * Small blocks of row terms (cs_row.c, cs_terms_new): blocks of 4, 8 and 16
 * terms are carved from slabs and kept on a free list of their size when
 * freed, for the next row. A build makes a row a constraint, most of two to
 * four terms: a malloc each was 245 instructions, 9% of a tree L build's.
 * Slabs go back with the solver (cs_solver_free), so a solver's term memory
 * stays at its peak; larger blocks are the caller's allocator's, as before.
 *
 * The first slab is CS_TERM_SLAB bytes (64 KB) and each of the next
 * CS_TERM_SLAB_DOUBLINGS twice the one before, up to 2 MB: a solver at S
 * holds one small slab, and at L most terms are in slabs large enough for
 * the default allocator to map with huge pages (cs_alloc.c). A tableau
 * built afresh says how many rows it is about to make (cs_terms_expect), so
 * that a build at L starts with a slab of 2 MB. With 64 KB slabs
 * throughout, a build at tree L wrote its 3 MB of terms into fresh 4 KB
 * pages, 700 page faults of about 2 us each here.
 */
enum { TERM_CLASSES = 3 };
/* The first slab's bytes. A build may set it (scripts/test.sh makes it 256
 * bytes, a few blocks, doubling to 8 KB, for the C tests' run in which every
 * allocation fails in turn: with 64 KB a term allocation seldom allocates). */
#ifndef CS_TERM_SLAB
#define CS_TERM_SLAB (64 << 10)
#endif
#if CS_TERM_SLAB < 192
#error "CS_TERM_SLAB must hold a block of 16 terms (192 bytes)"
#endif
#ifndef CS_TERM_SLAB_DOUBLINGS
#define CS_TERM_SLAB_DOUBLINGS 5
#endif
typedef struct Slab { char *p; size_t bytes; } Slab;
typedef struct TermPool {
    double *free[TERM_CLASSES]; /* free blocks of 4 << k terms; each holds the next's address */
    char *at, *end;             /* what is left of the newest slab */
    Vec slabs;                  /* Slab: every slab, owned */
    uint32_t grade;             /* the next slab is CS_TERM_SLAB << grade bytes (grade at
                                 * most CS_TERM_SLAB_DOUBLINGS) */
} TermPool;

/* A topological order of the variables, kept while a change set is solved
 * afresh (cs_topo.c). */
typedef struct Topo {
    uint32_t *place;   /* each variable's place; nvar of them */
    uint32_t *high;    /* each run of `gap` places: at least its highest in use (cs_topo.c) */
    uint64_t *key;     /* the searches' lists, 2 * CS_SEARCH_BUDGET (cs_topo.c) */
    uint32_t nvar, gap;
    uint32_t cap;      /* room in place[] and high[], kept from one build to the next */
    uint64_t work, allowance; /* what its reorders have visited, and may (cs_topo.c) */
    bool live;         /* the order holds, and the subject search may use it */
} Topo;

enum { CS_WATCH = 64 };
typedef struct Journal {
    uint32_t stamp;            /* current transaction; 0 outside one */
    uint32_t count;            /* transactions begun (wraps; then every jstamp is reset) */
    Vec rows;                  /* SavedRow: first-touch copies, owned buffers */
    Vec constants;             /* SavedConstant: rows whose constant alone moved, before any copy */
    Vec basics;                /* SavedBasic */
    Vec cons;                  /* SavedCons */
    Vec edits;                 /* SavedEdit */
    Vec free_syms, free_slots, free_cons; /* deferred frees (Sym, int32_t, uint32_t) */
    Vec compact;               /* Sym: columns that turned due for compaction (cs_col_gone) */
    Level *levels; int32_t nlevels; bool levels_saved; /* copy of the level table, owned */
    bool sens_ok, shape_changed; /* as the transaction found them (a rollback restores the shape) */
    uint32_t ndirty;           /* variables marked for cs_update when it began */
    /* The tableau was made empty for this transaction (cs_apply_afresh),
     * which discards it whole if the transaction fails: what only the
     * tableau holds (basic slots, markers, levels) is not logged, nor the
     * constraint records, which adding constraints does not change. */
    bool fresh;
    uint32_t nsym, nfree_sym, nslot, nfree_slot, ncons, nfree_cons, def_clock;
    /* Markers that may have left the last row that held them in this
     * transaction (cs_col_gone), for cs_markers_lost; past CS_WATCH of
     * them, every added constraint's markers are looked at instead. A
     * fixed array: an allocation here could fail where nothing can say so
     * (the C test that fails each allocation in turn counts on each one
     * refusing its operation). */
    Sym watch[CS_WATCH];
    uint32_t nwatch;
    bool watch_overflow;
    /* The tableau was exact when it began (S->exact), so its rounding is
     * watched, and whether the caller's inexact flag was raised then
     * (cs_internal.h, "Exact arithmetic"). */
    bool exact, had_rounded;
} Journal;

/* Mappings of the default allocator that the solver gave back, kept for
 * its next large blocks (cs_alloc.c, "Spare mappings"): each p[k] is
 * len[k] bytes, a multiple of 2 MB, its pages brought in already; zero[k]
 * where no one has written them but with zeros (a reserve's chunks). */
enum { CS_SPARES = 8 };
typedef struct Reserve Reserve;
typedef struct Spares {
    char *p[CS_SPARES];
    size_t len[CS_SPARES];
    bool zero[CS_SPARES];
    uint32_t n;
    size_t bytes;              /* the sum of len */
    struct Reserve *reserve;   /* a mapping a helper thread brings in (cs_alloc.c) */
    size_t made;               /* bytes of large blocks made, rounded up (a running count) */
    size_t made_before;        /* made when the last tableau solved afresh began */
} Spares;

struct cs_Solver {
    cs_Alloc alloc; void *ud;
    cs_Mode mode;
    size_t bytes;              /* held from alloc */
    Spares spares;             /* not counted in bytes */
    bool prefault;             /* cs_set_prefault */
    size_t pivots;

    /* Symbols (SoA, index = Sym). The whole capacity is zeroed when the
     * block is made or grows (cs_soa_grow), every page of it touched then:
     * an id handed out later finds its page mapped. Set up lazily instead
     * (tried at 46b9c2d), the first constraint added in place after a
     * transition met a page fault for a 2 MB page, 0.3 to 3 ms (a tweak at
     * XL 1 us -> 140 us an operation), to save 4% of a build's
     * instructions. The same for slots. */
    uint32_t nsym, capsym;
    uint8_t *kind;             /* enum SymKind */
    int32_t *basic;            /* slot where the symbol is basic, or -1 */
    uint32_t *defined;         /* def_clock when it last became basic (expansion order) */
    uint32_t def_clock;
    uint32_t *owner;           /* var id (external) or constraint id (markers) */
    Column *col;               /* column index */
    ColPool pool;              /* where the columns' slots are */
    Sym *free_sym; uint32_t nfree_sym; /* LIFO; capacity capsym */

    /* Row slots. */
    uint32_t nslot, capslot;
    Row *rows;
    uint32_t *visit;           /* per-slot stamp for column walks */
    uint32_t visit_stamp;
    int32_t *free_slot; uint32_t nfree_slot; /* LIFO; capacity capslot */

    /* Objective levels, highest strength first. */
    Level *levels; int32_t nlevels, caplevels;
    uint64_t level_scan; /* the last scan for an entering symbol (Level.scanned, HeldAt.scan) */
    HeldAt *held; uint32_t capheld; /* by symbol: where a scan found it held back (cs_simplex.c) */

    /* Each constraint's markers (index = cs_Cons; capacity >= capcons). */
    Markers *mark; uint32_t capmark;

    /* Constraints (index = cs_Cons). Their state (enum ConsState) is an
     * array of its own: a switch between kept states reads and writes the
     * state of every constraint of its change set, and nothing else of them. */
    uint32_t ncons, capcons;
    Cons *cons;
    uint8_t *state;
    /* Its ConsFlag bits (made by cs_edit_add, required), apart from Cons
     * for the same reason: a change set solved afresh tests every
     * constraint it removes or adds for being an edit's (cs_afresh.c,
     * target_set), and reading a byte of each 40-byte record took 4.1
     * million cycles of a stack XL flip's 75 (its records are 16 MB, half
     * the L3), 1.5 from these bytes. */
    uint8_t *flags;
    /* cs_update's refinement pass: the correction of each constraint's
     * marker, computed once a pass (fix_stamp) however many rows hold it. */
    long double *fix;
    uint32_t *fix_stamp;
    uint32_t *free_cons; uint32_t nfree_cons; /* LIFO; capacity capcons */

    /* Variables (index = cs_Var). */
    uint32_t nvar, capvar;
    Sym *var_sym;
    double *value;
    uint32_t *edit_cons;       /* edit constraint id + 1, or 0 */
    double *edit_value;        /* last suggested value */
    cs_Var *edit_vars; uint32_t nedit; /* the variables with an edit constraint, in order */
    uint8_t *dirty;            /* value may have changed since cs_update */
    cs_Var *dirty_list; uint32_t ndirty;
    cs_Var *changed; uint32_t nchanged;
    const cs_Var *changed_list; /* when not NULL, the last update's changed variables are
                                 * these, a list of the values map (a resize changed every
                                 * variable of it), and changed[] does not hold them:
                                 * cs_changed_own copies them there before the map's
                                 * lists are written or freed (cs_values.c) */
    uint32_t *vdone, *vpushed; /* evaluation stamps of cs_update */
    cs_Var *vstack;            /* its explicit DFS stack (chains are deep) */
    cs_Var *order;             /* the first pass's evaluation order, which the second follows */
    long double *x0;           /* the first pass's values, in extended precision */
    double *delta;             /* the second's corrections to them (cs_values.c) */
    double *corr; uint32_t capcorr; /* by symbol: the second pass's corrections in a full
                                * update of every variable (cs_values.c, refine_all) */
    uint32_t eval_stamp;
    bool shape_changed;        /* a row changed other than by an edit moving, since cs_update */
    /* A merge kept a sum below CS_WORN_CANCEL of its larger term in a
     * constraint's row since this tableau was built (cs_note_cancellation):
     * its values map is checked against the required constraints before
     * it is used (cs_values.c, sens_holds_required). The tableau's: kept
     * states keep their own. */
    bool digits_lost;
    Sens sens;

    TermPool terms;            /* where rows' small blocks of terms come from */

    /* Scratch for merges (owned): cs_row_axpy's, into tmp; an expansion's
     * steps (cs_simplex.c, expand_within), from alt into tmp, the two then
     * traded. And the infeasible rows of a dual pass. */
    Sym *tmp_sym; double *tmp_coef; int32_t tmp_cap;
    Sym *alt_sym; double *alt_coef; int32_t alt_cap;
    Vec infeasible;            /* Sym */

    /* The last conflict (cs_conflict). */
    Vec conflict;              /* cs_Cons */
    /* Constraints whose constant has been set (Cons.moves), for Sens. */
    Vec movers;                /* cs_Cons */
    bool no_explain;           /* a scratch solver of cs_conflict_minimize: skip it */

    /* Solved states kept by constraint set (cs_cache.c). */
    uint32_t nadded;           /* constraints added, edit constraints included */
    CacheEntry *cache; uint32_t ncache, cache_limit;
    uint64_t cache_clock;
    bool republish;            /* the tableau was swapped: every value may differ, and
                                * cs_update publishes them all (no dirty marks needed) */
    size_t rebuilds;           /* change sets solved from an empty tableau (cs_afresh.c) */
    uint64_t build_work;       /* terms read by row merges (cs_row_axpy) and column entries
                                * read by subject searches (dependents_clear): a build's budget */
    size_t reorders;           /* builds begun again in the solver's own order (cs_afresh.c) */

    /* Refactorisation (cs_values.c, "Refactorisation"): the largest relative
     * residual the last refinement pass found; the one found in the first
     * full update after the tableau was last solved afresh (its floor:
     * what this system's arithmetic gives from scratch), and whether that
     * is still to be measured; tableaux solved afresh because they drifted. */
    double residual, residual_floor;
    bool measure_floor;
    /* The last refinement moved a value by more than CORRECTED_FAR of it
     * (cs_values.c, keep_the_better_values). */
    bool corrected_far;
    size_t refactors;
    /* Solving afresh cautiously (cs_values.c, "Refactorisation"): set
     * while a tableau that a fresh solve left broken is solved once more,
     * tiny reduced costs and pivots taken for rounding (cs_simplex.c,
     * entering_symbol and leaving_row); and whether that was tried since
     * the tableau was last solved afresh. */
    bool cautious, cautious_tried;
    /* A pivot of this operation was on a coefficient too small for its
     * row (cs_row_ill_conditioned): a change set in place is rolled
     * back and solved afresh, another operation ends by solving the
     * constraints added again (cs_solver.c). A rollback clears it. */
    bool refactor_due;
    /* A pivot of this operation was on a coefficient below
     * CS_SUSPECT_PIVOT of its row's largest (refactor_due too where it
     * was below the tolerance), or a merge grew a constraint's row by more
     * than CS_SUSPECT_GROWTH: its outcome is checked before it stands
     * (cs_rests_on_ill_pivot, refactor_if_due; a build, cs_afresh.c).
     * Cleared when checked and by a rollback. */
    bool verify_due;
    /* A merge of this operation kept a sum below CS_ILL_CANCEL of its
     * terms in a constraint's row (cs_note_cancellation; a build reads it,
     * cs_afresh.c). */
    bool cancelled_past;
    /* Exact arithmetic (below): the tableau was built from an empty one
     * and nothing has rounded in it since, its update still to come; and
     * whether a merge took a sum that was not 0 for 0 (cs_cancelled),
     * which the floating-point environment does not report.
     * exact_updates: updates published without refinement (cs_Stats). */
    bool exact, sum_dropped;
    size_t exact_updates;

    Journal j;
    Topo topo;
    /* A change set solved afresh: its order[], lead[] and the constraints'
     * states before it, in one block kept for the next (cs_afresh.c). */
    void *afresh_room;
    size_t afresh_bytes;
};

/* ---- cs_alloc.c ---- */
/* The allocator when cs_solver_new is given none (cs_alloc.c says how). */
CS_HIDDEN void *cs_default_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
CS_HIDDEN void *cs_mem_realloc(cs_Solver *S, void *p, size_t osize, size_t nsize);
CS_HIDDEN void cs_mem_free(cs_Solver *S, void *p, size_t size);
/* Unmaps the spare mappings (cs_solver_free). */
CS_HIDDEN void cs_spares_release(cs_Solver *S);
CS_HIDDEN void cs_reserve(cs_Solver *S, size_t want);
CS_HIDDEN size_t cs_reserve_bytes(const cs_Solver *S);
CS_HIDDEN bool cs_vec_reserve(cs_Solver *S, Vec *v, size_t item, size_t n);
/* Appends one item. Inline, so that the copy is of a known size: the
 * journal pushes an entry for nearly every change (a suggestion at M, one
 * a row it moves). */
static inline bool cs_vec_push(cs_Solver *S, Vec *v, size_t item, const void *x)
{
    if (v->n == v->cap && !cs_vec_reserve(S, v, item, v->n + 1))
        return false;
    memcpy((char *)v->p + v->n * item, x, item);
    v->n++;
    return true;
}
CS_HIDDEN void cs_vec_free(cs_Solver *S, Vec *v, size_t item);
/* Grows an array of `item`-sized elements to hold at least n; *cap updated. */
CS_HIDDEN bool cs_grow(cs_Solver *S, void **p, size_t item, uint32_t *cap, uint32_t n);
/* cs_grow, the new entries 0. */
CS_HIDDEN bool cs_grow_zeroed(cs_Solver *S, void **p, size_t item, uint32_t *cap, uint32_t n);
/* One array of a structure-of-arrays block: where its pointer lives, item
 * size, and whether it is a free list (a stack read only below its count,
 * whose room cs_soa_grow need not zero). */
typedef struct SoaField { void **field; size_t size; bool free_list; } SoaField;
CS_HIDDEN bool cs_soa_grow(cs_Solver *S, const SoaField *f, int nf, uint32_t *cap, uint32_t need);
CS_HIDDEN void cs_soa_free(cs_Solver *S, const SoaField *f, int nf, uint32_t cap);
/* The size of such a block at a capacity (its arrays start 16-byte aligned). */
CS_HIDDEN size_t cs_soa_bytes(const SoaField *f, int nf, size_t cap);

/* ---- cs_journal.c ---- */
CS_HIDDEN void cs_txn_begin(cs_Solver *S);
CS_HIDDEN void cs_txn_commit(cs_Solver *S);
CS_HIDDEN void cs_txn_rollback(cs_Solver *S);
/* Saves row slot before its first change in the transaction and marks its
 * variable for cs_update. cs_touch is for any change (a copy of the row);
 * cs_touch_constant for a change to the row's constant alone, by a
 * parameter of the values map moving, which keeps the tableau's shape
 * (the old constant, 16 bytes, instead of a copy). */
CS_HIDDEN bool cs_touch(cs_Solver *S, int32_t slot);
CS_HIDDEN bool cs_touch_constant(cs_Solver *S, int32_t slot);
CS_HIDDEN bool cs_set_basic(cs_Solver *S, Sym s, int32_t slot);
CS_HIDDEN bool cs_save_cons(cs_Solver *S, uint32_t id);
CS_HIDDEN bool cs_save_edit(cs_Solver *S, cs_Var v);
CS_HIDDEN bool cs_save_levels(cs_Solver *S);
CS_HIDDEN Sym cs_sym_new(cs_Solver *S, enum SymKind kind, uint32_t owner);
CS_HIDDEN bool cs_sym_release(cs_Solver *S, Sym s);
CS_HIDDEN int32_t cs_slot_new(cs_Solver *S);
CS_HIDDEN bool cs_slot_release(cs_Solver *S, int32_t slot);
CS_HIDDEN bool cs_cons_alloc(cs_Solver *S, uint32_t *id);
/* Grows a tableau's markers array to at least need entries, the new ones 0. */
CS_HIDDEN bool cs_marks_reserve(cs_Solver *S, Markers **mark, uint32_t *cap, uint32_t need);
CS_HIDDEN bool cs_cons_release(cs_Solver *S, uint32_t id);
/* Frees every id space's arrays and what they own (cs_solver_free). */
CS_HIDDEN void cs_free_id_spaces(cs_Solver *S);
CS_HIDDEN void cs_mark_dirty(cs_Solver *S, Sym s);

/* ---- cs_row.c ---- */
/* A row's terms in one block of cap coefficients then cap symbols (one
 * allocation a row, not two; the doubles first keep both aligned). */
CS_HIDDEN bool cs_terms_new(cs_Solver *S, int32_t cap, Sym **sym, double **coef);
CS_HIDDEN void cs_terms_free(cs_Solver *S, double *coef, int32_t cap);
/* Every slab of the term pool, freed (cs_solver_free, after every row). */
CS_HIDDEN void cs_terms_release(cs_Solver *S);
/* About `rows` rows are about to be made (a tableau built afresh): the next
 * slab holds a block of 4 terms for each, or is the largest a slab can be. */
CS_HIDDEN void cs_terms_expect(cs_Solver *S, size_t rows);
/* s's coefficient in row r (0 if r lacks it), by binary search. */
CS_HIDDEN double cs_row_coef_search(const Row *r, Sym s);
/* The same, inline, scanning a short row: a layout's rows hold 3 or 4
 * terms, and the searches for a subject ask each row that a column lists
 * whether it still holds the symbol (222,000 times in a cells L build and
 * flip), where a call and a binary search cost twice the scan. */
static inline double cs_row_coef(const Row *r, Sym s)
{
    if (r->n > 8)
        return cs_row_coef_search(r, s);
    for (int32_t k = 0; k < r->n; k++)
        if (r->sym[k] >= s)
            return r->sym[k] == s ? r->coef[k] : 0.0;
    return 0.0;
}
/* The largest coefficient of row r in size (0 for an empty row). */
static inline double cs_row_largest(const Row *r)
{
    double most = 0.0;
    for (int32_t k = 0; k < r->n; k++)
        most = fmax(most, fabs(r->coef[k]));
    return most;
}

/*
 * Is symbol e's coefficient in row r too small beside the row's largest
 * for a pivot on it to keep the tableau's accuracy? Dividing by it
 * multiplies the rounding already in the row by as much. The ratio tests
 * still take such a row where it is the one that keeps the tableau
 * feasible: a removal's marker may be held by no other restricted row (a
 * variable row instead would carry variables into the restricted rows,
 * I5), and a degenerate row (constant 0) wins a ratio test at any
 * coefficient. cs_fuzz found both: a marker at 4e-11 (a true product of
 * small coefficients, 5.4e-5 times 1.5e-5 over 20) in a row whose largest
 * was 1, after which the tableau's numbers grew by 1e10 and a conflicting
 * required equality added next was accepted; and a slack entering at
 * 8e-11, after which a restricted row stood at -1.9e-6 (I4 broken). So
 * the pivot is made, and the operation is marked (refactor_due): a change
 * set applied in place, or a new constant, is rolled back and solved
 * afresh, any other operation solves its constraints again once it has
 * succeeded (cs_solver.c), as an LP solver refactors after a pivot below
 * its tolerance. cs_row_solve_for marks it, for a pivot and for a new
 * constraint's row solved for its subject (cs_add_cons) alike. The
 * tolerance is 1e-6 of the row's largest: at 1e-9, a pivot at 4e-9 of a
 * row whose largest was 0.02 still left numbers of 1e8 and a conflicting
 * equality accepted; at 1e-7 (until 2026-11-28), two pivots at 2.4e-7
 * left constants of 8e7 and let in, unmarked, a required equality in
 * conflict with two others (cs_fuzz). No workload comes near it (every
 * trace replays with refactors 0 and its rebuilds alone), and lpcheck's
 * lines are the same at 1e-6 as at 1e-7.
 */
#define CS_PIVOT_TOLERANCE 1.0e-6 /* at most 2^-19 (cs_row_tiny) */
/*
 * Above the tolerance, a pivot on a small coefficient is most often exact
 * (a product of a layout's small and large numbers), but a few of them in
 * one operation multiply the rounding in the rows by as much each.
 * cs_fuzz found operations whose pivots, each at 2.7e-6 to 1.5e-3 of its row,
 * left numbers of 1e9 to 1e10 and accepted a required equality in conflict
 * with a required inequality (v4 + 0.5 == 0 beside 2 v4 + 2 <= 0); the
 * tableau was refactored at the next update, after the operation had
 * succeeded. So an operation with a pivot below CS_SUSPECT_PIVOT of its
 * row's largest is marked (verify_due), and its outcome, if accepted, is
 * checked before it stands: against the restricted rows
 * (cs_left_infeasible) and the required constraints, at the values
 * (cs_required_broken) and as identities (cs_identity_lost), a pass over
 * the tableau each; one that leaves a restricted symbol basic below 0 or
 * breaks a required constraint is treated as resting on an
 * ill-conditioned pivot. cs_fuzz found a change set in place whose suspect
 * pivot, on rows of 1e7, left a slack basic at -5.7e-5 while every
 * required constraint still held at the values. No workload pivots below
 * 0.1 of a row's largest (every trace at S and L, both modes), so no
 * workload pays for the check; lpcheck's random systems do, and give the
 * same lines.
 */
#define CS_SUSPECT_PIVOT 1.0e-3 /* at most 2^-9 (cs_row_solve_for) */
/*
 * Growth. A pivot's own row is tested above; the rows it is substituted
 * into grow by the multiplier, the coefficient of the symbol replaced, and
 * a few multipliers of hundreds in a row (667, 375, 18,750) leave numbers
 * of 1e9 that a later operation cancels back down to units, with what
 * rounding left in them (8.9e-10 beside 1, where 0 belongs) as large as
 * what is kept: cs_fuzz found an in-place change set, none of whose pivots
 * was suspect, after which a required inequality's values missed it by
 * 0.008 of 290 while its slack stood feasible, and refinement, which
 * reads the constraints that hold exactly, saw nothing. Gaussian
 * elimination calls this element growth, and bounds it by pivoting on the
 * largest; the simplex method's pivots are chosen by the objective, so it
 * is watched instead: a merge into a constraint's row (a substitution, a
 * new row's expansion) by a multiplier past CS_SUSPECT_GROWTH marks the
 * operation as a suspect pivot does (verify_due). Objective rows are
 * left out: their multipliers are strengths, and they hold no
 * constraint. No workload multiplies a row by more than 1 (every trace at
 * S, M and L, both modes).
 */
#define CS_SUSPECT_GROWTH 1.0e3
static inline void cs_note_growth(cs_Solver *S, double a)
{
    if (fabs(a) > CS_SUSPECT_GROWTH)
        S->verify_due = true;
}
/*
 * Cancellation. A sum kept (not 0 by cs_cancelled) that is below
 * CS_ILL_CANCEL of what was added has lost that many of its digits: the
 * rounding its terms carried is now that much larger beside it. A
 * coefficient that should be 0 and is left as noise past CS_CANCEL_NOISE
 * is one such sum, and it is what a row's identity is short by (a marker
 * the constraint's expression should not hold). cs_fuzz found an in-place
 * change set, none of whose pivots was suspect, whose new row's expansion
 * kept sums of 75,000 and -75,000 at 4.7e-7 of them: two required
 * constraints' identities were left short by 4.7e-7 of the paths through a
 * slack, too little for cs_identity_lost to tell from a sound tableau's
 * rounding; an edit removed later took the paths away, and a new constant
 * for the slack's constraint moved the values by the shortfall and missed
 * a required constraint by 0.0075 of 40. So such a sum in a constraint's
 * row (or a phase-one objective, a copy of one) marks the operation as a
 * pivot below the tolerance does (refactor_due): a change set in place or
 * a new constant is solved afresh, another operation solves its
 * constraints again once it has succeeded. A build from an empty tableau
 * ignores it (its sums are as good as the system's arithmetic gets).
 * Objective levels' rows are left out, as from the growth rule: in
 * weighted mode their coefficients are sums of strengths, where 1e6 less
 * 999,999 is exact (counted in, they made a fifth of the operations of
 * the C tests' random rounds, whose coefficients are 1, -1, 2 and 0.5,
 * solve afresh; left out, none). Layouts' sums cancel exactly (0) or not
 * at all: no workload keeps a sum of two terms of opposite signs (every
 * trace at S, M and L, both modes; tree L keeps 13,120 sums, each of like
 * signs), so none pays more than the test.
 */
/* At most 2^-19 (cs_note_cancellation tells larger sums without it). */
#ifndef CS_ILL_CANCEL /* scripts/test.sh turns it off (0) for one configuration of the C tests */
#define CS_ILL_CANCEL 1.0e-6
#endif
/*
 * Exact arithmetic. A layout whose coefficients and constants are small
 * integers and halves (stack and cells: edges pinned, widths equal or
 * halved, heights in whole points) is solved without a single rounding:
 * every sum, product and quotient of its build and of the update's first
 * pass is exact. Its first pass's values then hold every exactly holding
 * constraint to the last bit, and the refinement pass, which sums each
 * such constraint's residual in extended precision to find them all 0,
 * has nothing to mend (cs_values.c, refine_every). Which layouts those
 * are is not known in advance; the floating-point environment says it
 * afterwards: C99's inexact flag is raised by every rounded result, x87's
 * and SSE's alike (fetestexcept reads both on x86-64), and nothing the
 * solver does clears it. cs_watch_rounding clears it and returns whether
 * the caller had it raised; cs_rounded reads it and raises it again if the
 * caller had it, so that the caller's flag is left as it would be without
 * the watch. Where <fenv.h> has no FE_INEXACT every operation counts as
 * rounded, and so it does where a division that rounds does not raise the
 * flag (cs_inexact_reported, asked only when nothing else did).
 *
 * What is watched is what the update after a build from an empty tableau
 * depends on: the build (cs_apply_afresh, which sets S->exact), each
 * transaction until that update (cs_txn_begin and cs_txn_commit: a
 * suggestion, say, which moves the rows' constants; one rolled back
 * leaves the tableau as it was, exact), and the update's first pass
 * (full_pass, which clears S->exact: the updates after it are a map's, or
 * refine only what moved). A constant moved in place, outside a
 * transaction (cs_shift_constant_in_place), clears it too.
 *
 * Numbers that decide without being written must not raise the flag for
 * a layout that is exact: the tolerance tests (cs_noise, cs_cancelled,
 * cs_note_cancellation, cs_row_tiny, cs_row_solve_for's suspect pivot)
 * first compare with the larger term times a power of two, which cannot
 * round, and multiply by their tolerance only near it; a ratio test's
 * quotients (leaving_row, dual_entering_symbol, marker_leaving_row) put
 * the flag back as they found it (cs_choice_begins, cs_choice_made).
 * What the flag does not see: a sum that cs_cancelled or cs_noise takes
 * for 0 when it is not (an exact 2^-52 beside 1 is dropped as noise),
 * which the merges record in sum_dropped. What the compiler may not do:
 * the operations watched read their operands from memory after the call
 * that clears the flag, which may have written it, and store their
 * results (rows, x0[]) before the call that reads the flag, which may read
 * them, so none is moved out of the watch; an operation hoisted into it
 * raises the flag early, which costs a refinement, never a value.
 */
#ifdef FE_INEXACT
static inline bool cs_watch_rounding(void)
{
    bool had = fetestexcept(FE_INEXACT) != 0;
    feclearexcept(FE_INEXACT);
    return had;
}
/* Does this environment raise the flag, for double and for long double?
 * Valgrind's emulation of x87 and SSE does not (under callgrind, tree L
 * went unrefined), and there every operation would count as exact. Leaves
 * the flag clear. */
static inline bool cs_inexact_reported(void)
{
    volatile double d = 1.0;
    volatile long double l = 1.0L;
    feclearexcept(FE_INEXACT);
    d = d / 3.0;
    bool reported = fetestexcept(FE_INEXACT) != 0;
    feclearexcept(FE_INEXACT);
    l = l / 3.0L;
    reported = reported && fetestexcept(FE_INEXACT) != 0;
    feclearexcept(FE_INEXACT);
    return reported;
}
static inline bool cs_rounded(bool had)
{
    bool rounded = fetestexcept(FE_INEXACT) != 0 || !cs_inexact_reported();
    if (had)
        feraiseexcept(FE_INEXACT);
    return rounded;
}
/* A choice computed from the tableau's numbers and not written into it (a
 * ratio test's quotients) may round without making any row inexact:
 * cs_choice_made puts the flag back as cs_choice_begins found it. */
static inline bool cs_choice_begins(void) { return fetestexcept(FE_INEXACT) != 0; }
static inline void cs_choice_made(bool had)
{
    if (!had && fetestexcept(FE_INEXACT) != 0) /* a test is cheap, a clear is not */
        feclearexcept(FE_INEXACT);
}
#else /* no flag to read: every operation counts as rounded */
static inline bool cs_watch_rounding(void) { return false; }
static inline bool cs_rounded(bool had) { (void)had; return true; }
static inline bool cs_choice_begins(void) { return true; }
static inline void cs_choice_made(bool had) { (void)had; }
#endif
/* Is slot an objective level's row? A walk of the levels (a handful). */
static inline bool cs_is_level_slot(const cs_Solver *S, int32_t slot)
{
    for (int32_t l = 0; l < S->nlevels; l++)
        if (S->levels[l].slot == slot)
            return true;
    return false;
}
/*
 * Digits lost, short of CS_ILL_CANCEL. A sum kept at 7e-6 of its terms is
 * above the rule, and its row keeps a rounding 1e5 times its own size:
 * cs_fuzz found a change set in place whose rows held sums of 125,060.83
 * against 125,062.57 and pivoted on one, leaving rows off by 1e-5 of
 * themselves. The updates' refinement mended the values against the
 * constraints, but the values map, built from those rows, moved them by
 * derivatives off by as much, and a constant set to 20 and back to 0 (a
 * move of -20 from the map's base) missed a required constraint by 0.0075
 * of 40. So a sum kept below CS_WORN_CANCEL (2^-10, three digits) of its
 * larger term marks the tableau (S->digits_lost), and a values map built
 * on it is checked against the required constraints before it is used.
 * No workload keeps a sum of terms of opposite signs (above), so none
 * sets it: the test is the same one comparison as before for them.
 */
#define CS_WORN_CANCEL 0x1p-10
/* The rules above for the sum v = x + y kept in row slot. */
static inline void cs_note_cancellation(cs_Solver *S, int32_t slot, double v, double x, double y)
{
    if (fabs(v) > CS_WORN_CANCEL * fmax(fabs(x), fabs(y)))
        return; /* a power of two: no rounding */
    if (cs_is_level_slot(S, slot))
        return;
    S->digits_lost = true;
    /* Past 2^-18 of the larger term is past 2^-19 of |x| + |y|, above
     * CS_ILL_CANCEL: told without a rounding, as in cs_cancelled. */
    if (fabs(v) * 0x1p18 > fmax(fabs(x), fabs(y)))
        return;
    if (fabs(v) < CS_ILL_CANCEL * (fabs(x) + fabs(y)))
        S->refactor_due = S->cancelled_past = true;
}
/*
 * A sum dropped, which cs_cancelled took for 0 in row slot. Past rounding
 * noise (its second rule: below CS_EPS and a millionth of its terms) a
 * sum can be real: cs_fuzz found a removal (lexicographic, eight
 * variables, 667s and 375s, of a system whose determinant is 200,100,000
 * less 1) in which a variable's row, one reference expanded, summed 2
 * and -2.0000000099950026 on the removed constraint's slack. What was
 * left, -2 / 200,099,999, was exact; dropped, the row lost the
 * variable the slack's own row brought (-3.7e-6 of v3, the only path by
 * which a required inequality still reached it), and once a later
 * equation made v3 basic the values missed the inequality by 5,162 of
 * 47,349. Its magnitude is that of the wear the rule is for (2.5e-9 of
 * its terms; the C tests' random rounds wear coefficients by 3.5e-9 and
 * fail without it). So such a drop in a constraint's row marks the
 * operation as a suspect pivot does (verify_due): its outcome is checked
 * as an identity too before it stands (cs_check_suspect; a build,
 * cs_afresh.c), and that removal is solved afresh. No workload drops a
 * sum that is not 0 (their sums cancel exactly, or not at all).
 */
static inline void cs_note_dropped(cs_Solver *S, int32_t slot, double v, double x, double y)
{
    if (v == 0.0)
        return;
    S->sum_dropped = true;
    if (!cs_noise(v, x, y) && !cs_is_level_slot(S, slot))
        S->verify_due = true;
}
/* The same test for a coefficient a of row r already found. */
static inline bool cs_row_tiny(const Row *r, double a)
{
    /* At 2^-19 of the largest or more, past the tolerance: told without a
     * rounding (below, "Exact arithmetic"), the product only below it. */
    double largest = cs_row_largest(r);
    return fabs(a) * 0x1p19 < largest && fabs(a) < CS_PIVOT_TOLERANCE * largest;
}
static inline bool cs_row_ill_conditioned(const Row *r, Sym e)
{
    return cs_row_tiny(r, cs_row_coef(r, e));
}

/* Room for n terms in row slot's buffers (a row being built). */
CS_HIDDEN bool cs_row_reserve(cs_Solver *S, int32_t slot, int32_t n);
CS_HIDDEN bool cs_row_axpy(cs_Solver *S, int32_t dst, double a, int32_t src, Sym drop);
CS_HIDDEN bool cs_row_add_term(cs_Solver *S, int32_t dst, Sym s, double a);
CS_HIDDEN bool cs_row_remove_term(cs_Solver *S, int32_t dst, Sym s);
/* Solves row slot for `entering` (a pivot's row algebra, below); marks the
 * operation (refactor_due) when entering's coefficient is below
 * CS_PIVOT_TOLERANCE of the row's largest, and as suspect (verify_due)
 * below CS_SUSPECT_PIVOT. */
CS_HIDDEN bool cs_row_solve_for(cs_Solver *S, int32_t slot, Sym entering);
CS_HIDDEN bool cs_row_copy(cs_Solver *S, int32_t dst, int32_t src);
CS_HIDDEN void cs_row_clear(cs_Solver *S, Row *r);
/* Moves column c to a chunk twice its size (cs_col_push's slow path). */
CS_HIDDEN bool cs_col_grow(cs_Solver *S, Column *c);
/* Appends slot to symbol s's column; false if memory runs out (the column
 * as it was). Inline: a build pushes every term of every row, and the call
 * with the growth inlined into it saved and restored six registers for each
 * (a tenth of a tree L build's instructions were pushes). */
static inline bool cs_col_push(cs_Solver *S, Sym s, int32_t slot)
{
    Column *c = &S->col[s];
    if (c->n == c->cap) {
        ColPool *p = &S->pool;
        if (c->cap == 0 && p->free[0] == 0 && p->cap - p->n >= COL_FIRST) {
            c->at = p->n; /* a new column's first chunk, from room reserved (a build: every symbol's) */
            c->cap = COL_FIRST;
            p->n += COL_FIRST;
        } else if (!cs_col_grow(S, c)) {
            return false;
        }
    }
    S->pool.slot[c->at + (uint32_t)c->n++] = slot;
    return true;
}
/* Entry k of column c: read through the pool each time, which a push to
 * any column may move. */
static inline int32_t cs_col_slot(const cs_Solver *S, const Column *c, int32_t k)
{
    return S->pool.slot[c->at + (uint32_t)k];
}
/*
 * Does row h, an entry of column c (symbol s's), still hold s? Every entry
 * does while no departure has been counted since the column was last
 * compacted (stale 0: I3 and cs_col_gone), and then the row's terms are
 * not read: the searches that walk columns (dependents_clear, pivot_check,
 * cs_topo_reorder) visit a row at each entry, and its terms were a second
 * dependent miss past the rows' array. In a cells replay 71% of their
 * entries are in columns with nothing stale. A departure the count missed
 * would make a stale entry look live, which only widens those searches:
 * they answer no, or place more variables again, never wrongly yes.
 */
static inline bool cs_col_entry_live(const Column *c, const Row *h, Sym s)
{
    return c->stale == 0 || cs_row_coef(h, s) != 0.0;
}
CS_HIDDEN void cs_col_compact(cs_Solver *S, Sym s);
/* Is column c worth compacting: could half its entries be stale? (Not
 * below 8 of them: a short column costs less to walk than to compact.) */
static inline bool cs_col_due(const Column *c, int32_t stale)
{
    return stale >= 8 && 2 * stale >= c->n;
}
/* Asks for column s to be compacted at commit (cs_col_gone). */
CS_HIDDEN void cs_col_queue(cs_Solver *S, Sym s);
/* Symbol s has just left a row (or the row is emptied): one more entry of
 * its column may be stale. Queued for compaction when it turns due; a
 * count that misses a departure costs only time, one too many only an
 * early compaction. */
CS_HIDDEN void cs_watch_marker(cs_Solver *S, Sym s);
static inline void cs_col_gone(cs_Solver *S, Sym s)
{
    Column *c = &S->col[s];
    c->stale++;
    if (cs_col_due(c, c->stale) && !cs_col_due(c, c->stale - 1))
        cs_col_queue(S, s);
    /* Its objective rows' entries at most may be live, in a tableau
     * changed in place: one for each level. */
    if (c->stale + S->nlevels >= c->n && !S->j.fresh)
        cs_watch_marker(S, s);
}
/* Has this transaction left a constraint that is added with a marker that
 * is not basic and that no basic row holds (cs_watch_marker)? The tableau
 * has then lost that constraint: it is an identity in its parameters, so
 * the constraint's expression, its variables' rows substituted, is its
 * markers, and only rounding (a sum that cancels, cs_cancelled) takes a
 * marker out of every row. Forgets what it watched. */
CS_HIDDEN bool cs_markers_lost(cs_Solver *S);
/* Is marker m (or any symbol) basic, or held by a basic row (not an
 * objective's)? A walk of its column. */
CS_HIDDEN bool cs_marker_held(const cs_Solver *S, Sym m);
/* cs_col_gone for each of n symbols: a row's terms about to be emptied or
 * replaced, or those a merge or copy pushed before it ran out of memory
 * (one too many counted is allowed: the rollback restores the row
 * without them). */
CS_HIDDEN void cs_terms_gone(cs_Solver *S, const Sym *sym, int32_t n);
CS_HIDDEN bool cs_scratch_reserve(cs_Solver *S, int32_t n);
/* Into the scratch (S->tmp_sym, S->tmp_coef): the terms of x + a * y, the
 * symbol `drop` dropped from x (0: none), for the row in `slot`: a symbol
 * that y brings is pushed to its column for slot, one that leaves (drop,
 * or a sum that cancels) counts as gone there. A product a * y[k] that is
 * not 0 is kept however small: only sums cancel (cs_cancelled). Returns
 * the count, or -1 if memory runs out (the symbols written count as gone).
 * Neither x nor y may be the scratch's. The merge of cs_row_axpy and of
 * an expansion's steps (cs_simplex.c), inline in both. */
static inline int32_t cs_terms_merge(cs_Solver *S, int32_t slot, const Row *x, double a, const Row *y, Sym drop)
{
    if (x->n + y->n > S->tmp_cap && !cs_scratch_reserve(S, x->n + y->n))
        return -1;
    Sym *os = S->tmp_sym;
    double *oc = S->tmp_coef;
    int32_t i = 0, j = 0, k = 0;
    while (i < x->n && j < y->n) {
        Sym si = x->sym[i], sj = y->sym[j];
        if (si == drop) {
            cs_col_gone(S, si);
            i++;
        } else if (si < sj) {
            os[k] = si; oc[k++] = x->coef[i++];
        } else if (si > sj) {
            double v = a * y->coef[j++];
            if (v != 0.0) {
                if (!cs_col_push(S, sj, slot))
                    goto failed;
                os[k] = sj; oc[k++] = v;
            }
        } else {
            double u = x->coef[i++], v = a * y->coef[j++];
            double sum = u + v;
            if (!cs_cancelled(sum, u, v)) {
                cs_note_cancellation(S, slot, sum, u, v);
                os[k] = si; oc[k++] = sum;
            } else {
                cs_note_dropped(S, slot, sum, u, v);
                cs_col_gone(S, si);
            }
        }
    }
    while (i < x->n) {
        if (x->sym[i] != drop) {
            os[k] = x->sym[i]; oc[k++] = x->coef[i];
        } else {
            cs_col_gone(S, drop);
        }
        i++;
    }
    while (j < y->n) {
        Sym sj = y->sym[j];
        double v = a * y->coef[j++];
        if (v != 0.0) {
            if (!cs_col_push(S, sj, slot))
                goto failed;
            os[k] = sj; oc[k++] = v;
        }
    }
    return k;
failed: /* the symbols pushed are among those written */
    cs_terms_gone(S, os, k);
    return -1;
}
/* A fresh stamp for a walk over a column: a slot whose visit[] equals it has
 * been seen. Walks do not nest. Nothing may depend on the order of a walk:
 * every choice made from one breaks ties by symbol id. */
CS_HIDDEN uint32_t cs_visit_begin(cs_Solver *S);

/* ---- cs_values.c ---- */
/* A fresh stamp for the per-variable marks vdone[] and vpushed[], which
 * cs_update and the subject search share (never at the same time). */
CS_HIDDEN uint32_t cs_stamp_next(cs_Solver *S);
/* The tableau changed shape: values are no longer affine in the edits. */
static inline void cs_reshaped(cs_Solver *S) { S->shape_changed = true; S->sens.ok = false; }
/* Copies a changed list that is the values map's (S->changed_list) into
 * changed[], before that list is written again or freed. */
CS_HIDDEN void cs_changed_own(cs_Solver *S);
CS_HIDDEN void cs_sens_free(cs_Solver *S, Sens *sens);
/* A zeroed map with room for capparam parameters over capvar variables; false
 * (and nothing held) if memory runs out. */
CS_HIDDEN bool cs_sens_alloc(cs_Solver *S, Sens *sens, uint32_t capparam, uint32_t capvar);
/* In c, a copy of map z; false (and nothing held) if memory runs out. */
CS_HIDDEN bool cs_sens_copy(cs_Solver *S, Sens *c, const Sens *z);
/* The bytes map z holds. */
CS_HIDDEN size_t cs_sens_bytes(const Sens *z);
/* The bytes of the block of the map that an update building one now
 * would make (its arrays; not the lists' runs or the holders). */
CS_HIDDEN size_t cs_sens_expected_bytes(const cs_Solver *S);
/* Constraint id's place among the map's parameters; -1 if it is none. */
static inline int32_t cs_sens_index(const Sens *z, cs_Cons id)
{
    for (uint32_t k = 0; k < z->nparam; k++)
        if (z->param[k] == id)
            return (int32_t)k;
    return -1;
}

/* ---- cs_simplex.c ---- */
CS_HIDDEN cs_Status cs_add_cons(cs_Solver *S, uint32_t id, uint32_t lead);
CS_HIDDEN cs_Status cs_remove_cons(cs_Solver *S, uint32_t id);
CS_HIDDEN cs_Status cs_optimize(cs_Solver *S, int32_t objslot);
CS_HIDDEN cs_Status cs_dual_optimize(cs_Solver *S, uint32_t cause);
/* Moves an added constraint's constant by dc (suggestions move an edit
 * constraint's), then restores feasibility. */
CS_HIDDEN cs_Status cs_shift_constant(cs_Solver *S, uint32_t id, double dc);
/* The same move when it cannot fail (a resize's steps), outside any
 * transaction; false, and nothing changed, otherwise. */
CS_HIDDEN bool cs_shift_constant_in_place(cs_Solver *S, uint32_t id, double dc);
/* The rows that hold the marker of the map's parameter p, and its
 * coefficient in each, into S->sens.holders[p] (a walk of the marker's
 * column); gathered[p] set unless memory runs out. */
CS_HIDDEN void cs_sens_gather(cs_Solver *S, uint32_t p);
/* Inline: the update's refinement asks it of every constraint. */
static inline bool cs_is_required(double strength) { return strength >= CS_REQUIRED; }
/* The sign m of a constraint's marker in its row (expr + constant + m *
 * marker): a constant moved by dc moves the rows holding the marker by
 * a * dc / m (cs_shift_constant). */
static inline double cs_marker_sign(const Cons *c)
{
    if (c->op == CS_LE)
        return 1.0;
    if (c->op == CS_GE)
        return -1.0;
    return cs_is_required(c->strength) ? 1.0 : -1.0;
}

/* ---- cs_cache.c ---- */
/* Is constraint id added in kept state e? */
static inline bool cs_added_in(const CacheEntry *e, uint32_t id)
{
    return id < e->t.capmark && e->t.mark[id].marker != 0;
}
/* A change set to a constraint set whose solved state is kept: the current
 * state is kept in its place, the kept one restored and moved to the
 * current edit values. *done is false when no state is kept for the target,
 * or when the kept one cannot take today's constants or took them through
 * an ill-conditioned pivot (then forgotten): the caller applies the change
 * set itself. A failure leaves the solver as it was. */
CS_HIDDEN cs_Status cs_cache_switch(cs_Solver *S, const cs_Cons *remove, size_t nremove,
                                    const cs_Cons *add, size_t nadd, bool *done);
/* Before a change set: in *out, an entry for the current state, kept
 * (cs_cache_commit) if the change set succeeds, when it is a switch between
 * variants large enough to be worth it; NULL otherwise. With copy, the
 * entry holds a copy of the current tableau (a change set applied in
 * place); without, its tableau is empty, for the caller to move the
 * tableau it leaves into (cs_afresh.c). CS_ERR_NOMEM if the entry cannot
 * be made: the change set fails as a whole, so that results never depend
 * on an allocation that failed. */
CS_HIDDEN cs_Status cs_cache_prepare(cs_Solver *S, size_t nremove, size_t nadd, bool copy, CacheEntry **out);
CS_HIDDEN void cs_cache_commit(cs_Solver *S, CacheEntry *e, bool keep);
/* Constraints ids have just been added or removed, committed: each kept
 * state's count of constraints it differs in follows. Before
 * cs_cache_commit, which keeps the state left by the same change set. */
CS_HIDDEN void cs_cache_toggled(cs_Solver *S, const cs_Cons *ids, size_t n);
/* Drops every kept state (0xffffffff), or those in which constraint id is added. */
CS_HIDDEN void cs_cache_drop(cs_Solver *S, uint32_t id);
/* Constraint id's constant was `from` and has just been set: every kept
 * state in which it is added notes `from` (once), and moves it to the
 * constant of the day when restored. A state whose note cannot be
 * allocated is dropped instead. */
CS_HIDDEN void cs_cache_note_constant(cs_Solver *S, uint32_t id, double from);
CS_HIDDEN void cs_cache_free(cs_Solver *S);
CS_HIDDEN size_t cs_cache_bytes(const cs_Solver *S);
/* The current tableau's memory, freed (cs_journal.c, beside the id spaces). */
CS_HIDDEN void cs_tableau_free(cs_Solver *S);
/* A deep copy of the current tableau into t; false (nothing held) if memory runs out. */
CS_HIDDEN bool cs_tableau_copy(cs_Solver *S, Tableau *t);
/* Frees a tableau that is not the current one (cs_cache.c). */
CS_HIDDEN void cs_tableau_discard(cs_Solver *S, Tableau *t);
/* In t, a tableau with no constraints over the current variables (each
 * with its symbol), with room for the rows of constraints ids[0..n), their
 * markers and the markers' columns; false (nothing held) if memory runs
 * out. */
CS_HIDDEN bool cs_tableau_empty(cs_Solver *S, Tableau *t, const cs_Cons *ids, size_t n);
/* Trades the current tableau (the fields of cs_Solver that make it up,
 * markers included) with t. */
CS_HIDDEN void cs_tableau_swap(cs_Solver *S, Tableau *t);

/* ---- cs_afresh.c ---- */
/* Would a change set removing nremove constraints and adding nadd cost less
 * solved from an empty tableau (few constraints stay)? */
CS_HIDDEN bool cs_afresh_pays(const cs_Solver *S, size_t nremove, size_t nadd);
/* Applies a change set by solving its target set from an empty tableau; in
 * *kept, the state left if worth keeping (cs_cache_prepare), for the
 * caller's cs_cache_commit. *done is false, with nothing changed, when the
 * change set is to be refused: the caller's in-place path refuses it with
 * the right error. CS_ERR_NOMEM refuses it here, nothing changed. With
 * `verify` (deciding an operation whose outcome in place rested on an
 * ill-conditioned pivot, decide_afresh; solving a tableau again,
 * cs_refactor), a build whose values break a required constraint
 * (cs_required_broken), or whose rows lose one's identity
 * (cs_identity_lost), is not taken: it is built once more cautiously,
 * unless it was, and refused if that one breaks one too. A cautious build
 * whose only fault is its values' is taken where they break no required
 * constraint by `tolerated` of its terms' sizes: less than the values that
 * stand if it is refused (cs_refactor); 0 for none. */
CS_HIDDEN cs_Status cs_apply_afresh(cs_Solver *S, const cs_Cons *remove, size_t nremove, const cs_Cons *add,
                                    size_t nadd, bool verify, long double tolerated, CacheEntry **kept, bool *done);
/* Solves the constraints added again from an empty tableau, which replaces
 * the current one (cs_values.c, "Refactorisation"). Nothing changed if
 * memory runs out (CS_ERR_NOMEM), or the new tableau refuses a constraint or
 * breaks a required one, cautious or not (CS_ERR_UNSATISFIABLE), unless a
 * cautious one breaks none by `tolerated` (cs_apply_afresh): how far the
 * values that stand if it is refused break one, relative to its terms'
 * sizes (at least 1), or 0 to take none that breaks one. */
CS_HIDDEN cs_Status cs_refactor(cs_Solver *S, long double tolerated);
/* Whether the current tableau's values, every basic variable evaluated
 * from its row with the parametric symbols at 0 (what cs_update would
 * publish, before refinement), break an added required constraint by more
 * than CAUTIOUS_RESIDUAL of its terms' sizes (at least 1), and by
 * `tolerated` of them or more. Publishes nothing; uses the update's
 * scratch (cs_values.c). */
CS_HIDDEN bool cs_required_broken(cs_Solver *S, long double tolerated);
/* Whether the tableau has lost a symbol from an added required
 * constraint's identity: its row, every basic symbol substituted, leaves
 * the coefficient of a parametric symbol that a basic row holds past
 * IDENTITY_LOST of the products summed to it, where it should leave 0; so
 * the constraint holds at most at the vertex (cs_values.c, "Identities").
 * False, unchecked, if memory runs out. Uses the update's order;
 * publishes nothing. */
CS_HIDDEN bool cs_identity_lost(cs_Solver *S);
/* Whether a restricted symbol is basic at a value below 0 (I4, as
 * cs_check_invariants allows for rounding): the optimum of a sound solve
 * never is (cs_afresh.c). A pass over the tableau's slots. */
CS_HIDDEN bool cs_left_infeasible(const cs_Solver *S);
/* Not a status of the API: a change set applied in place pivoted on a
 * coefficient too small for its row (refactor_due), was rolled back, and is
 * to be solved afresh (cs_solver.c, cs_apply). */
#define CS_ILL_PIVOT ((cs_Status)100)
/* Nor this: a fresh solve sent by a check kept a sum cancelled past
 * CS_ILL_CANCEL, and is to be built in another order (cs_afresh.c). */
#define CS_CANCELLED_BUILD ((cs_Status)101)
/* Does the outcome just reached leave a restricted row below 0 or break a
 * required constraint, at the values or as an identity? The checks a
 * suspect pivot calls for, in place (cs_check_suspect) and in a build
 * (cs_afresh.c), cheapest first; a pass over the tableau each. */
static inline bool cs_outcome_broken(cs_Solver *S, long double tolerated)
{
    return cs_left_infeasible(S) || cs_required_broken(S, tolerated) || cs_identity_lost(S);
}
/* The check a suspect pivot calls for (verify_due), once: where `accepted`
 * and no pivot was below the tolerance, an outcome that leaves a
 * restricted row below 0 or breaks a required constraint (at the values,
 * or as an identity) is marked as if one had been (refactor_due). */
static inline void cs_check_suspect(cs_Solver *S, bool accepted)
{
    if (accepted && !S->refactor_due && S->verify_due && cs_outcome_broken(S, 0.0L))
        S->refactor_due = true;
    S->verify_due = false;
    if (cs_markers_lost(S))
        S->refactor_due = true;
}
/* Does an operation's outcome st, accepted or refused, rest on an
 * ill-conditioned pivot of its own (refactor_due), or, accepted after a
 * suspect one (verify_due), does it leave a restricted row below 0 or break
 * a required constraint, at the values or as an identity? Then it is
 * undone and decided afresh: a change set in place (cs_apply), a new
 * constant (cs_cons_set_constant), a kept state moved to today's constants
 * (cs_cache_switch). */
static inline bool cs_rests_on_ill_pivot(cs_Solver *S, cs_Status st)
{
    if (st != CS_OK && st != CS_ERR_UNSATISFIABLE)
        return false;
    cs_check_suspect(S, st == CS_OK);
    return S->refactor_due;
}

/* ---- cs_topo.c ---- */
/* How many rows the subject search (cs_simplex.c) may visit before it gives
 * up, and the variables the topological order may place again at once. A
 * build may set it (scripts/test.sh checks a small one against kiwi, so
 * that the fallbacks, which the workloads reach only past L, are tested at
 * S and M). */
#ifndef CS_SEARCH_BUDGET
#define CS_SEARCH_BUDGET 4096
#endif
/* Starts the order for an empty tableau, about to be given nadd
 * constraints; false if memory runs out. cs_topo_end ends it and keeps
 * its arrays for the next build; cs_topo_free (cs_solver_free) frees them. */
CS_HIDDEN bool cs_topo_begin(cs_Solver *S, size_t nadd);
CS_HIDDEN void cs_topo_end(cs_Solver *S);
CS_HIDDEN void cs_topo_free(cs_Solver *S);
#ifndef NDEBUG
/* Debug builds: while the order is kept, every variable row's other
 * variables are placed before its own (the edges, admit). */
CS_HIDDEN bool cs_topo_holds(const cs_Solver *S);
#endif
/* cs_topo_admit where a variable of the constraint is placed after the
 * subject. */
CS_HIDDEN void cs_topo_reorder(cs_Solver *S, int32_t slot, Sym subject);
/* Keeps the order after row `slot`, constraint c's, was solved for
 * `subject`: if that is a variable, the row's other variables now come
 * before it. Checked on the constraint's own variables: an expansion only
 * replaces a reference by variables placed before it, so none of the
 * row's is placed after the last of the constraint's. */
static inline void cs_topo_admit(cs_Solver *S, int32_t slot, Sym subject, const Cons *c)
{
    const Topo *T = &S->topo;
    if (!T->live || S->kind[subject] != SYM_EXTERNAL)
        return;
    uint32_t lb = T->place[S->owner[subject]], ub = lb;
    for (uint32_t k = 0; k < c->nterms; k++)
        ub = T->place[c->terms[k].var] > ub ? T->place[c->terms[k].var] : ub;
    if (ub > lb)
        cs_topo_reorder(S, slot, subject);
}

/* Can variable u depend on one placed at most `bound`? Always, while no
 * order is kept. */
static inline bool cs_topo_may_reach(const cs_Solver *S, cs_Var u, uint32_t bound)
{
    return !S->topo.live || S->topo.place[u] <= bound;
}

/* ---- cs_conflict.c ---- */
/* Records the required constraints whose markers appear in row `slot` and
 * the refused constraint: a set that cannot hold (a Farkas certificate). */
CS_HIDDEN void cs_conflict_note(cs_Solver *S, int32_t slot, uint32_t refused);
/* After rollback: shrinks the noted set to a minimal one (deletion filter). */
CS_HIDDEN void cs_conflict_minimize(cs_Solver *S);

/* A constraint the caller made (not an edit's), not deleted. */
static inline bool cs_user_cons(const cs_Solver *S, cs_Cons id)
{
    return id < S->ncons && S->state[id] != CONS_FREE && !(S->flags[id] & CONS_EDIT);
}
static inline Row *cs_row(cs_Solver *S, int32_t slot) { return &S->rows[slot]; }
/* The variable of row h, if it is a variable row (its basic symbol is an
 * external variable's). */
static inline bool cs_row_variable(const cs_Solver *S, const Row *h, cs_Var *v)
{
    if (h->basic == 0 || S->kind[h->basic] != SYM_EXTERNAL)
        return false;
    *v = S->owner[h->basic];
    return true;
}
static inline bool cs_restricted(const cs_Solver *S, Sym s) { return S->kind[s] != SYM_EXTERNAL; }
/* Does row r, whose basic symbol is restricted, hold it at 0 or above,
 * rounding allowed for (I4; cs_check_invariants, and a checked build)? */
static inline bool cs_row_feasible(const Row *r) { return r->constant >= -1e-6 * (1.0 + fabs(r->constant)); }
/* Is s, as a term of a variable's row, a reference to another variable's
 * row (a basic user variable) rather than a parameter? */
static inline bool cs_is_reference(const cs_Solver *S, Sym s)
{
    return S->kind[s] == SYM_EXTERNAL && S->basic[s] >= 0;
}

#endif
