/* grundy demo: a tour of solve on a few example positions. */
#include <stdio.h>
#include <string.h>
#include "cli.h"

int cmd_demo(const cli_opts *given) {
    (void)given; /* each example sets its own options */
    static const struct { const char *pos; int misere, every; } examples[] = {
        {"3 + 4 + 5", 0, 0},
        {"kayles(7) + dawson(9)", 0, 0},
        {"sub[1,2,4](10) + grundy(8)", 0, 0},
        {"tb[0.137](20) + lasker(6)", 0, 0},
        {"kayles(10^18)", 0, 0},
        {"kayles(8)", 1, 0},
        {"kayles(5) + 3 + sub[1,2](7)", 0, 1},
        {"wythoff(165580141,267914296)", 0, 0},
        {"staircase(2,5,9) + prod(3,5)", 0, 0},
    };
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        cli_opts o;
        memset(&o, 0, sizeof o);
        o.max_moves = 3;
        o.misere = examples[i].misere;
        o.every = examples[i].every;
        o.pos[0] = examples[i].pos;
        o.npos = 1;
        printf("$ grundy solve %s'%s'\n", o.misere ? "--misere " : o.every ? "--every " : "", examples[i].pos);
        fflush(stdout);
        int rc = cmd_solve(&o);
        if (rc) return rc;
        printf("\n");
    }
    return 0;
}
