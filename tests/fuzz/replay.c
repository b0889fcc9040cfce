/* Runs the fuzz target over saved inputs (files named on the command line),
 * so the corpus is replayed by ctest with any compiler.
 *
 * Each input runs in its own child process (fork), so one crash does not
 * hide the rest, with a time budget: GRUNDY_FUZZ_BUDGET_S seconds (10 by
 * default). An input fails when its child is killed by a signal (abort(),
 * a segfault), exits non-zero (a sanitizer's report) or runs out of time;
 * each failure is named. Prints "replayed N inputs: P passed, F failed" and
 * exits 1 when any failed. POSIX only. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* the whole file in a buffer of exactly its size (as libFuzzer passes it,
 * so that a sanitizer sees any read past the end); NULL on failure */
static uint8_t *read_input(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) break;
        uint8_t *nb = realloc(buf, cap *= 2);
        if (!nb) { free(buf); buf = NULL; }
        else buf = nb;
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) { free(buf); return NULL; }
    uint8_t *exact = malloc(n ? n : 1);
    if (exact) memcpy(exact, buf, n);
    free(buf);
    *len = n;
    return exact;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs one input in a child. 0 when it passed; otherwise fills why. */
static int run_one(const char *path, double budget, const sigset_t *chld, char *why, size_t wl) {
    size_t len = 0;
    uint8_t *data = read_input(path, &len);
    if (!data) { snprintf(why, wl, "cannot read it: %s", strerror(errno)); return -1; }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) { snprintf(why, wl, "cannot fork: %s", strerror(errno)); free(data); return -1; }
    if (pid == 0) {
        sigprocmask(SIG_UNBLOCK, chld, NULL);
        LLVMFuzzerTestOneInput(data, len);
        free(data);
        exit(0); /* exit, not _exit: a leak checker runs at exit */
    }
    free(data);
    /* SIGCHLD is blocked: wait for it, or for the end of the budget */
    double end = now() + budget;
    int status = 0, timed_out = 0;
    for (;;) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid) break;
        if (r < 0 && errno != EINTR) { snprintf(why, wl, "waitpid: %s", strerror(errno)); return -1; }
        double left = end - now();
        if (left <= 0) {
            kill(pid, SIGKILL);
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
            timed_out = 1;
            break;
        }
        struct timespec ts = {(time_t)left, (long)((left - (double)(time_t)left) * 1e9)};
        sigtimedwait(chld, NULL, &ts);
    }
    if (timed_out) snprintf(why, wl, "timed out after %g s (GRUNDY_FUZZ_BUDGET_S)", budget);
    else if (WIFSIGNALED(status)) snprintf(why, wl, "killed by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
    else if (WIFEXITED(status) && WEXITSTATUS(status) != 0) snprintf(why, wl, "exit status %d", WEXITSTATUS(status));
    else return 0;
    return -1;
}

int main(int argc, char **argv) {
    double budget = 10;
    const char *env = getenv("GRUNDY_FUZZ_BUDGET_S");
    if (env && *env) {
        char *end;
        budget = strtod(env, &end);
        if (*end || !(budget > 0) || budget > 1e6) {
            fprintf(stderr, "replay: GRUNDY_FUZZ_BUDGET_S must be a number of seconds above 0, got '%s'\n", env);
            return 2;
        }
    }
    sigset_t chld;
    sigemptyset(&chld);
    sigaddset(&chld, SIGCHLD);
    sigprocmask(SIG_BLOCK, &chld, NULL);
    int passed = 0, failed = 0;
    for (int i = 1; i < argc; i++) {
        char why[256];
        if (run_one(argv[i], budget, &chld, why, sizeof why) == 0) {
            passed++;
        } else {
            failed++;
            fprintf(stderr, "replay: FAIL %s: %s\n", argv[i], why);
        }
    }
    printf("replayed %d inputs: %d passed, %d failed\n", argc - 1, passed, failed);
    return failed ? 1 : 0;
}
