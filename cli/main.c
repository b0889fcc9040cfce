/* grundy: the command-line tool. main() looks the command up in one table
 * and runs it; the commands parse arguments, read input, call the library
 * through its public API, print, and choose the exit code: 0 ok, 2 bad
 * input or usage, 1 internal failure. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "play.h"
#include "farm.h"

typedef struct command {
    const char *name;
    int (*run_args)(int argc, char **argv); /* reads its own arguments, argv[2..] ... */
    int (*run)(const cli_opts *o);          /* ... or gets the common options */
    int check_output;                       /* a failed write to stdout is exit 1 */
} command;

static const command COMMANDS[] = {
    {"--help", cmd_help, NULL, 0},
    {"-h", cmd_help, NULL, 0},
    {"help", cmd_help, NULL, 0},
    {"--version", cmd_version, NULL, 0},
    {"version", cmd_version, NULL, 0},
    {"census", cmd_census, NULL, 1},
    {"census-merge", cmd_census_merge, NULL, 1},
    {"nim", cmd_nim, NULL, 1},
    {"table", cmd_table, NULL, 1},
    {"value", NULL, cmd_value, 1},
    {"solve", NULL, cmd_solve, 1},
    {"seq", NULL, cmd_seq, 1},
    {"demo", NULL, cmd_demo, 1},
    {"genus", NULL, cmd_genus, 1},
    {"explain", NULL, cmd_explain, 1},
    {"play", NULL, cmd_play, 1},
    {"move", NULL, cmd_move, 1},
    {"newnim", NULL, cmd_newnim, 1},
    {"quotient", NULL, cmd_quotient, 1},
    {"check", NULL, cmd_check, 1},
};

static int run(int argc, char **argv);

int main(int argc, char **argv) {
    static char obuf[1 << 16];
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
    /* mpirun -n P grundy --mpi value|solve|census ...: rank 0 runs the
     * command and hands work to the others, which only serve (farm.h) */
    int rc = 0, m = cli_mpi_start(&argc, &argv, &rc);
    if (m < 0) return rc;
    if (m == 0) return run(argc, argv);
    if (cli_mpi_rank() != 0) return cli_mpi_serve_main(argc, argv);
    if (argc < 2 || (strcmp(argv[1], "value") && strcmp(argv[1], "solve") && strcmp(argv[1], "census")))
        rc = cli_usage_error("--mpi runs value, solve and census (see 'grundy help boards')%s", "");
    else rc = run(argc, argv);
    fflush(stdout);
    cli_mpi_end();
    return rc;
}

static int run(int argc, char **argv) {
    if (argc < 2) {
        cli_help(stderr, NULL, NULL);
        return 2;
    }
    /* CMD ... --help: that command's help, whatever else is on the line */
    if (strcmp(argv[1], "help") && strcmp(argv[1], "--help") && strcmp(argv[1], "-h"))
        for (int i = 2; i < argc; i++)
            if (!strcmp(argv[i], "--help")) {
                int found = 1;
                cli_help(stdout, argv[1], &found);
                if (!found) return cli_usage_error("unknown command '%s'", argv[1]);
                return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
            }
    const command *c = NULL;
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0] && !c; i++)
        if (!strcmp(COMMANDS[i].name, argv[1])) c = &COMMANDS[i];
    int rc;
    cli_catch_interrupt();
    if (c && c->run_args) {
        rc = c->run_args(argc, argv);
    } else {
        /* the options are checked before the command name */
        cli_opts o;
        if ((rc = cli_parse_opts(argc, argv, 2, &o)) != 0) return rc;
        o.mpi = cli_mpi_on();
        if (!c) return cli_usage_error("unknown command '%s'", argv[1]);
        rc = c->run(&o);
    }
    if (c->check_output && (fflush(stdout) != 0 || ferror(stdout))) {
        fprintf(stderr, "grundy: error: cannot write the output\n");
        return 1;
    }
    /* Ctrl-C: the library stopped at its next poll and said where */
    return cli_interrupted(NULL) ? 130 : rc;
}
