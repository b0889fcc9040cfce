/* --mpi (farm.h): the manager on rank 0, the other ranks' loop, and the
 * messages between them. A task goes to a rank that is free; rank 0's own
 * share runs on its main thread while a manager thread, the only one that
 * calls MPI, sends tasks and takes results (it sleeps a little when there
 * is nothing to do: a blocking receive would spin on a core that has work
 * to do). The other ranks poll for a task or the word to stop, and their
 * searches poll for that word too, so that a run ends at once when rank 0
 * is done. A rank that dies ends the job (mpirun stops the others with
 * SIGTERM): rank 0 then says so and exits 1. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "farm.h"

int cli_bytes_room(cli_bytes *b, size_t n) {
    if (b->failed) return -1;
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n) cap *= 2;
        unsigned char *q = realloc(b->p, cap);
        if (!q) { b->failed = 1; return -1; }
        b->p = q;
        b->cap = cap;
    }
    return 0;
}

void cli_bytes_put(cli_bytes *b, const void *p, size_t n) {
    if (cli_bytes_room(b, n) != 0) return;
    if (n) memcpy(b->p + b->n, p, n);
    b->n += n;
}

void cli_bytes_u64(cli_bytes *b, uint64_t v) {
    unsigned char w[8];
    for (int k = 0; k < 8; k++) w[k] = (unsigned char)(v >> (8 * k));
    cli_bytes_put(b, w, 8);
}

void cli_bytes_free(cli_bytes *b) {
    free(b->p);
    *b = (cli_bytes){0};
}

uint64_t cli_bytes_get_u64(const unsigned char *p, size_t n, size_t *at) {
    if (*at > n || n - *at < 8) { *at = n + 1; return 0; }
    uint64_t v = 0;
    for (int k = 0; k < 8; k++) v |= (uint64_t)p[*at + k] << (8 * k);
    *at += 8;
    return v;
}

void cli_farm_report(const cli_farm_stats *st, const char *what) {
    fprintf(stderr, "grundy: mpi: %s on %d rank%s in %.2f s: %llu tasks (", what, st->ranks, st->ranks == 1 ? "" : "s", st->seconds,
            (unsigned long long)st->tasks);
    for (int r = 0; r < st->ranks && r < 256; r++)
        fprintf(stderr, "%srank %d: %llu", r ? ", " : "", r, (unsigned long long)st->rank_tasks[r]);
    fprintf(stderr, "), %llu messages, %llu bytes", (unsigned long long)st->messages, (unsigned long long)st->bytes);
    int any = 0;
    for (int r = 0; r < st->ranks && r < 256; r++) any |= st->rank_positions[r] != 0;
    for (int r = 0; any && r < st->ranks && r < 256; r++)
        fprintf(stderr, "%s%llu", r ? ", " : "; positions by rank: ", (unsigned long long)st->rank_positions[r]);
    fprintf(stderr, "\n");
}

/* where --mpi is on the line (0: not there) */
static int mpi_arg(int argc, char **argv) {
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--mpi")) return i;
    return 0;
}

#ifndef GRUNDY_HAVE_MPI

int cli_mpi_start(int *argc, char ***argv, int *rc) {
    if (!mpi_arg(*argc, *argv)) return 0;
    fprintf(stderr, "grundy: error: --mpi: this grundy was built without MPI (configure it with -DGRUNDY_MPI=ON; "
                    "it needs Debian's libopenmpi-dev)\n");
    *rc = 2;
    return -1;
}
int cli_mpi_on(void) { return 0; }
int cli_mpi_rank(void) { return 0; }
int cli_mpi_size(void) { return 1; }
int cli_mpi_serve(gr_ctx *ctx, cli_mpi_work_fn work) { (void)ctx; (void)work; return 0; }
int cli_mpi_serve_interrupt(void *user) { (void)user; return 0; }
void cli_mpi_end(void) {}
int cli_farm_run(const cli_farm_ops *ops, double deadline, cli_farm_stats *st, char *why, size_t whylen) {
    (void)ops; (void)deadline; (void)st;
    snprintf(why, whylen, "this grundy was built without MPI");
    return 1;
}

#else

#include <mpi.h>
#include <pthread.h>

enum { TAG_TASK = 1, TAG_RESULT = 2, TAG_STOP = 3, TAG_BYE = 4 };

static int mpi_on, mpi_rank, mpi_size, stopped_all;
static volatile sig_atomic_t terminated;

static void on_sigterm(int sig) {
    (void)sig;
    terminated = 1;
    if (mpi_rank == 0) {
        static const char msg[] = "grundy: error: --mpi: the job was stopped (a rank died, or mpirun or the "
                                  "scheduler ended it); no answer\n";
        ssize_t w = write(2, msg, sizeof msg - 1);
        (void)w;
    }
    _exit(1);
}

int cli_mpi_start(int *argc, char ***argv, int *rc) {
    if (!mpi_arg(*argc, *argv)) return 0;
    int provided = 0;
    /* OpenMPI keeps freed memory pinned for fast networks by default, which
     * turns every large table's pages into faults taken at once (measured:
     * a third of a rank's time in the kernel); the user's own setting wins */
    setenv("OMPI_MCA_mpi_leave_pinned", "0", 0);
    if (MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) {
        fprintf(stderr, "grundy: error: --mpi: MPI did not start\n");
        *rc = 1;
        return -1;
    }
    /* MPI_Init_thread may have rewritten argv: find --mpi again */
    int at = mpi_arg(*argc, *argv);
    if (at) {
        for (int i = at; i + 1 < *argc; i++) (*argv)[i] = (*argv)[i + 1];
        (*argc)--;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);
    mpi_on = 1;
    if (provided < MPI_THREAD_SERIALIZED && mpi_size > 1) {
        if (mpi_rank == 0) fprintf(stderr, "grundy: error: --mpi: this MPI does not allow calls from a second thread\n");
        MPI_Finalize();
        *rc = 1;
        return -1;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigterm;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    return 1;
}

int cli_mpi_on(void) { return mpi_on; }
int cli_mpi_rank(void) { return mpi_rank; }
int cli_mpi_size(void) { return mpi_size; }

/* a pause while nothing comes: 0.05 ms at first, doubling to 2 ms while
 * the wait goes on (a task takes far longer; polling must not take the
 * core a search runs on) */
static long idle_ns;
static void pause_a_little(void) {
    idle_ns = idle_ns ? (idle_ns < 2000000 ? idle_ns * 2 : 2000000) : 50000;
    struct timespec ts = {0, idle_ns};
    nanosleep(&ts, NULL);
}
static void busy_again(void) { idle_ns = 0; }

/* a message of tag from rank `from` (MPI_ANY_SOURCE) if one is there: 1 with it in *b and its sender */
static int take(int from, int tag, cli_bytes *b, int *src) {
    int flag = 0;
    MPI_Status s;
    if (MPI_Iprobe(from, tag, MPI_COMM_WORLD, &flag, &s) != MPI_SUCCESS || !flag) return 0;
    int n = 0;
    MPI_Get_count(&s, MPI_BYTE, &n);
    b->n = 0;
    if (n > 0 && cli_bytes_room(b, (size_t)n) == 0) b->n = (size_t)n;
    if (n > 0 && b->n == 0) { /* no room: taken and dropped (the caller sees an empty message) */
        unsigned char *drop = malloc((size_t)n);
        MPI_Recv(drop, drop ? n : 0, MPI_BYTE, s.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        free(drop);
    } else MPI_Recv(b->p, n, MPI_BYTE, s.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (src) *src = s.MPI_SOURCE;
    return 1;
}

/* ---- the other ranks ---- */

/* rank 0's word to stop, looked for at most every 10 ms (a search polls
 * far more often, and each look runs MPI's progress engine) */
static double next_look;
static int stop_seen;
static int serve_interrupt(void *user) {
    (void)user;
    if (stop_seen || terminated) return 1;
    double t = cli_now();
    if (t < next_look) return 0;
    next_look = t + 0.01;
    int flag = 0;
    MPI_Iprobe(0, TAG_STOP, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    return stop_seen = flag;
}

int cli_mpi_serve_interrupt(void *user) { return serve_interrupt(user); }

int cli_mpi_serve(gr_ctx *ctx, cli_mpi_work_fn work) {
    cli_bytes task = {0}, out = {0};
    for (;;) {
        if (take(0, TAG_STOP, &task, NULL)) break; /* (a stop seen by a search is still to be taken) */
        if (!take(0, TAG_TASK, &task, NULL)) { pause_a_little(); continue; }
        busy_again();
        out.n = 0;
        if (ctx) work(ctx, task.p, task.n, &out);
        else {
            static const char bad[] = "\001this rank could not start (its options or memory)";
            cli_bytes_put(&out, bad, sizeof bad - 1);
        }
        next_look = 0;
        if (serve_interrupt(NULL)) continue; /* stopped in the middle: the answer is not wanted */
        MPI_Send(out.p, (int)out.n, MPI_BYTE, 0, TAG_RESULT, MPI_COMM_WORLD);
    }
    MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_BYE, MPI_COMM_WORLD);
    cli_bytes_free(&task);
    cli_bytes_free(&out);
    MPI_Finalize();
    return 0;
}

/* ---- rank 0 ---- */

/* the other ranks told to stop; their last results dropped, their goodbyes awaited */
static void stop_all(cli_farm_stats *st) {
    if (stopped_all) return;
    stopped_all = 1;
    for (int r = 1; r < mpi_size; r++) MPI_Send(NULL, 0, MPI_BYTE, r, TAG_STOP, MPI_COMM_WORLD);
    if (st) st->messages += (uint64_t)(mpi_size - 1);
    cli_bytes b = {0};
    for (int left = mpi_size - 1; left > 0;) {
        int src;
        if (take(MPI_ANY_SOURCE, TAG_BYE, &b, &src)) { left--; continue; }
        if (take(MPI_ANY_SOURCE, TAG_RESULT, &b, &src)) continue;
        pause_a_little();
    }
    cli_bytes_free(&b);
}

void cli_mpi_end(void) {
    if (!mpi_on) return;
    if (mpi_rank == 0) stop_all(NULL);
    MPI_Finalize();
    mpi_on = 0;
}

/* rank 0's main thread and the manager share a slot for rank 0's task */
typedef struct farm {
    const cli_farm_ops *ops;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    cli_bytes task, result;
    int has_task, has_result, quit;
    double deadline;
    cli_farm_stats *st;
    int failed;
    char *why;
    size_t whylen;
} farm;

static int local_interrupt(void *user) {
    farm *f = user;
    return __atomic_load_n(&f->quit, __ATOMIC_RELAXED) || cli_interrupted(NULL) || terminated;
}

static void *manager(void *arg) {
    farm *f = arg;
    const cli_farm_ops *ops = f->ops;
    int *busy = calloc((size_t)mpi_size, sizeof *busy);
    cli_bytes t = {0}, r = {0};
    int done = 0;
    while (!f->failed && busy) {
        int moved = 0;
        for (int k = 0; k < mpi_size && !done; k++) {
            if (busy[k]) continue;
            t.n = 0;
            int x = ops->next(ops->user, k, &t);
            if (x < 0) { done = 1; break; }
            if (x == 0) break; /* nothing for now: for anyone */
            if (t.failed) { snprintf(f->why, f->whylen, "out of memory"); f->failed = 1; break; }
            busy[k] = 1;
            moved = 1;
            f->st->tasks++;
            if (k < 256) f->st->rank_tasks[k]++;
            if (k == 0) {
                pthread_mutex_lock(&f->lock);
                f->task.n = 0;
                cli_bytes_put(&f->task, t.p, t.n);
                f->has_task = 1;
                pthread_cond_signal(&f->cond);
                pthread_mutex_unlock(&f->lock);
            } else {
                MPI_Send(t.p, (int)t.n, MPI_BYTE, k, TAG_TASK, MPI_COMM_WORLD);
                f->st->messages++;
                f->st->bytes += t.n;
            }
        }
        if (done) break; /* all done: what is still out is not wanted */
        int src;
        while (!f->failed && take(MPI_ANY_SOURCE, TAG_RESULT, &r, &src)) {
            f->st->messages++;
            f->st->bytes += r.n;
            busy[src] = 0;
            moved = 1;
            if (ops->result(ops->user, src, r.p, r.n)) f->failed = 1;
        }
        pthread_mutex_lock(&f->lock);
        if (f->has_result && !f->failed) {
            f->has_result = 0;
            busy[0] = 0;
            moved = 1;
            if (ops->result(ops->user, 0, f->result.p, f->result.n)) f->failed = 1;
        }
        pthread_mutex_unlock(&f->lock);
        if (f->failed) break;
        if (cli_interrupted(NULL)) { snprintf(f->why, f->whylen, "interrupted"); f->failed = 1; break; }
        if (f->deadline > 0 && cli_now() >= f->deadline) {
            snprintf(f->why, f->whylen, "the time limit was reached");
            f->failed = 1;
            break;
        }
        if (!moved) pause_a_little();
        else busy_again();
    }
    if (!busy) { snprintf(f->why, f->whylen, "out of memory"); f->failed = 1; }
    stop_all(f->st);
    pthread_mutex_lock(&f->lock);
    f->quit = 1;
    pthread_cond_signal(&f->cond);
    pthread_mutex_unlock(&f->lock);
    free(busy);
    cli_bytes_free(&t);
    cli_bytes_free(&r);
    return NULL;
}

int cli_farm_run(const cli_farm_ops *ops, double deadline, cli_farm_stats *st, char *why, size_t whylen) {
    memset(st, 0, sizeof *st);
    st->ranks = mpi_size;
    double t0 = cli_now();
    why[0] = '\0';
    farm f = {.ops = ops, .deadline = deadline, .st = st, .why = why, .whylen = whylen};
    pthread_mutex_init(&f.lock, NULL);
    pthread_cond_init(&f.cond, NULL);
    pthread_t th;
    if (pthread_create(&th, NULL, manager, &f) != 0) {
        snprintf(why, whylen, "cannot start the manager thread");
        return 1;
    }
    cli_bytes out = {0}, task = {0};
    for (;;) {
        pthread_mutex_lock(&f.lock);
        while (!f.has_task && !f.quit) pthread_cond_wait(&f.cond, &f.lock);
        if (f.quit) { pthread_mutex_unlock(&f.lock); break; }
        task.n = 0;
        cli_bytes_put(&task, f.task.p, f.task.n);
        f.has_task = 0;
        pthread_mutex_unlock(&f.lock);
        out.n = 0;
        ops->work(ops->user, task.p, task.n, &out, local_interrupt, &f);
        pthread_mutex_lock(&f.lock);
        f.result.n = 0;
        cli_bytes_put(&f.result, out.p, out.n);
        f.has_result = 1;
        pthread_mutex_unlock(&f.lock);
    }
    pthread_join(th, NULL);
    cli_bytes_free(&out);
    cli_bytes_free(&task);
    cli_bytes_free(&f.task);
    cli_bytes_free(&f.result);
    pthread_mutex_destroy(&f.lock);
    pthread_cond_destroy(&f.cond);
    st->seconds = cli_now() - t0;
    return f.failed;
}

#endif
