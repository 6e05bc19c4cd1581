/*
 * row_of_buttons.c -- CSolver from plain C: two buttons side by side in a
 * window whose width the user drags; the buttons share the width equally.
 *
 *   swift build -c release --product csolver
 *   cc CSolver/examples/row_of_buttons.c -I CSolver/include \
 *      -L "$(swift build -c release --show-bin-path)" -lcsolver -lm
 */
#include <csolver.h>
#include <stdio.h>

#define TRY(call) do { cs_Status st_ = (call); if (st_ != CS_OK) { \
    fprintf(stderr, "%s: %s\n", #call, cs_status_string(st_)); return 1; } } while (0)

static cs_Status constrain(cs_Solver *s, cs_Term *t, size_t n, double c, cs_Relation op, double strength)
{
    cs_Cons id;
    cs_Status st = cs_cons_new(s, t, n, c, op, strength, &id);
    return st == CS_OK ? cs_add(s, id) : st;
}

int main(void)
{
    cs_Solver *s = cs_solver_new(CS_LEXICOGRAPHIC, NULL, NULL); /* Auto Layout's priorities */
    if (s == NULL)
        return 1;
    cs_Var width, a_left, a_width, b_left, b_width;
    TRY(cs_var_new(s, &width));
    TRY(cs_var_new(s, &a_left));
    TRY(cs_var_new(s, &a_width));
    TRY(cs_var_new(s, &b_left));
    TRY(cs_var_new(s, &b_width));

    /* a.left == 20; b.left == a.left + a.width + 8; b.right == width - 20 */
    TRY(constrain(s, (cs_Term[]){ { a_left, 1 } }, 1, -20, CS_EQ, CS_REQUIRED));
    TRY(constrain(s, (cs_Term[]){ { b_left, 1 }, { a_left, -1 }, { a_width, -1 } }, 3, -8, CS_EQ, CS_REQUIRED));
    TRY(constrain(s, (cs_Term[]){ { b_left, 1 }, { b_width, 1 }, { width, -1 } }, 3, 20, CS_EQ, CS_REQUIRED));
    /* a.width == b.width; each at least 44 wide at priority 750 */
    TRY(constrain(s, (cs_Term[]){ { a_width, 1 }, { b_width, -1 } }, 2, 0, CS_EQ, CS_REQUIRED));
    TRY(constrain(s, (cs_Term[]){ { a_width, 1 } }, 1, -44, CS_GE, 750000));

    TRY(cs_edit_add(s, width, CS_STRONG));
    double widths[] = { 375, 414, 100 };
    for (int k = 0; k < 3; k++) {
        TRY(cs_suggest(s, width, widths[k]));
        cs_update(s);
        printf("window %g: a at %g width %g, b at %g width %g\n", cs_value(s, width),
               cs_value(s, a_left), cs_value(s, a_width), cs_value(s, b_left), cs_value(s, b_width));
    }

    /* A required constraint that cannot hold is refused, with its reason. */
    cs_Cons bad;
    TRY(cs_cons_new(s, (cs_Term[]){ { a_left, 1 } }, 1, -30, CS_EQ, CS_REQUIRED, &bad));
    cs_Status st = cs_add(s, bad);
    const cs_Cons *conflict;
    size_t n;
    cs_conflict(s, &conflict, &n);
    printf("a.left == 30: %s (%zu constraints conflict)\n", cs_status_string(st), n);
    cs_solver_free(s);
    return st == CS_ERR_UNSATISFIABLE && n == 2 ? 0 : 1;
}
