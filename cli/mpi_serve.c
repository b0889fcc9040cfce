/* The ranks other than 0 under --mpi (farm.h): a context set up from the
 * command's options as rank 0's is (--threads, the table's size; one
 * thread a rank unless --threads says otherwise; no time limit: rank 0
 * keeps it), then every task rank 0 hands over, done by its kind. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "farm.h"

static void work(gr_ctx *ctx, const unsigned char *task, size_t n, cli_bytes *out) {
    if (n && task[0] == CLI_TASK_BOARD) cli_mpi_board_work(ctx, task, n, out);
    else if (n && task[0] == CLI_TASK_CENSUS) cli_mpi_census_work(ctx, task, n, out);
    else {
        static const char bad[] = "\001a task of an unknown kind";
        cli_bytes_put(out, bad, sizeof bad - 1);
    }
}

int cli_mpi_serve_main(int argc, char **argv) {
    cli_opts o;
    /* only rank 0 speaks: what goes wrong here reaches it in the answers */
    FILE *quiet = freopen("/dev/null", "w", stderr);
    (void)quiet;
    /* census has options of its own: the defaults */
    int rc = argc > 1 && strcmp(argv[1], "census") ? cli_parse_opts(argc, argv, 2, &o) : 1;
    if (rc != 0) memset(&o, 0, sizeof o);
    o.mpi = 1;
    gr_ctx *ctx = NULL;
    if (cli_setup(&o, &ctx, 0) != 0) {
        gr_ctx_free(ctx);
        ctx = NULL;
    }
    if (ctx) {
        gr_ctx_set_time_limit(ctx, 0);
        gr_ctx_set_interrupt(ctx, cli_mpi_serve_interrupt, NULL);
    }
    rc = cli_mpi_serve(ctx, work);
    gr_ctx_free(ctx);
    return rc;
}
