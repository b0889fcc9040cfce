/* --mpi: one command's work spread over the processes of an MPI job
 * (mpirun -n P grundy --mpi value|solve|census ...; docs/boards.md). Rank
 * 0 runs the command; it hands tasks to every rank, itself included, as
 * ranks ask for them (a manager thread of its own sends and receives, the
 * main thread does rank 0's share), gathers the results, and prints what a
 * run on one process prints. The other ranks only do tasks: each is a
 * byte string whose first byte names its kind (mpi_serve.c). Built
 * without MPI (GRUNDY_MPI off), --mpi is refused with a clear error. */
#ifndef GRUNDY_CLI_FARM_H
#define GRUNDY_CLI_FARM_H

#include <stddef.h>
#include <stdint.h>
#include "grundy/grundy.h"
#include "cli.h"

/* a growing byte string */
typedef struct cli_bytes {
    unsigned char *p;
    size_t n, cap;
    int failed;
} cli_bytes;
void cli_bytes_put(cli_bytes *b, const void *p, size_t n);
/* room for n more bytes (0), or -1 out of memory (b->failed set) */
int cli_bytes_room(cli_bytes *b, size_t n);
void cli_bytes_u64(cli_bytes *b, uint64_t v);
void cli_bytes_free(cli_bytes *b);
/* reads a word at *at of p[0..n) (0 when it is past the end: *at set past n) */
uint64_t cli_bytes_get_u64(const unsigned char *p, size_t n, size_t *at);

enum { CLI_TASK_BOARD = 1, CLI_TASK_CENSUS = 2 };

typedef struct cli_farm_ops {
    void *user;
    /* rank 0's manager thread: the next task for rank r: 1 (in *task, cleared
     * before the call), 0 none for now (results are awaited), -1 all done */
    int (*next)(void *user, int r, cli_bytes *task);
    /* rank 0's manager thread: the result of rank r's task; nonzero stops
     * the run (an error: *why says what) */
    int (*result)(void *user, int r, const unsigned char *p, size_t n);
    /* rank 0's main thread: its own share of a task (the other ranks call
     * cli_mpi_serve); interrupt: polled by long work, nonzero stops it */
    void (*work)(void *user, const unsigned char *task, size_t n, cli_bytes *out, int (*interrupt)(void *), void *iu);
} cli_farm_ops;

typedef struct cli_farm_stats {
    int ranks;
    uint64_t tasks, messages, bytes; /* the messages and bytes sent and received by rank 0 */
    uint64_t rank_tasks[256];        /* tasks done by each rank (the first 256) */
    uint64_t rank_positions[256];    /* board tasks: the positions each rank searched (0: not counted) */
    double seconds;
} cli_farm_stats;

/* main(): removes "--mpi" (anywhere on the line) from argv and starts MPI (1), or
 * reports an error (exit code 2 or 1 in *rc, -1 returned), or finds none (0) */
int cli_mpi_start(int *argc, char ***argv, int *rc);
/* whether --mpi is on, this process's rank and the ranks in all */
int cli_mpi_on(void);
int cli_mpi_rank(void);
int cli_mpi_size(void);
/* the other ranks' life: tasks done by work on ctx until rank 0 says
 * stop (ctx NULL: each answered as failed); the exit code. Its searches
 * should poll cli_mpi_serve_interrupt (rank 0's word to stop). */
typedef void (*cli_mpi_work_fn)(gr_ctx *ctx, const unsigned char *task, size_t n, cli_bytes *out);
int cli_mpi_serve(gr_ctx *ctx, cli_mpi_work_fn work);
int cli_mpi_serve_interrupt(void *user);
/* main() on the other ranks: their context from the command's options, then cli_mpi_serve (mpi_serve.c) */
int cli_mpi_serve_main(int argc, char **argv);
/* rank 0 at the end (also when no task was given): the other ranks told
 * to stop, MPI finished */
void cli_mpi_end(void);
/* rank 0: runs ops to the end (deadline: cli_now() past it stops, 0 none);
 * 0, or nonzero when the run stopped (a result said so, the deadline,
 * Ctrl-C, SIGTERM) with *why saying what */
int cli_farm_run(const cli_farm_ops *ops, double deadline, cli_farm_stats *st, char *why, size_t whylen);
/* the stats as one line on stderr */
void cli_farm_report(const cli_farm_stats *st, const char *what);

/* the kinds: board questions (mpi_board.c), census codes (cmd_census.c) */
void cli_mpi_board_work(gr_ctx *ctx, const unsigned char *task, size_t n, cli_bytes *out);
void cli_mpi_census_work(gr_ctx *ctx, const unsigned char *task, size_t n, cli_bytes *out);

/* value and solve: the board and graph terms' regions valued over the
 * ranks (mpi_board.c), their values and what the other ranks learnt put in
 * the position's tables; 0, or the exit code */
int cli_mpi_board(const cli_opts *o, gr_ctx *ctx, gr_position *pos, int solve);

#endif
