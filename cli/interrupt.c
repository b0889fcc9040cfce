/* Ctrl-C: the first SIGINT only sets a flag, which the library sees through
 * the context's interrupt callback (gr_ctx_set_interrupt) at its next poll,
 * a few milliseconds later; the command then ends with the library's "...
 * was interrupted after N ..." and main() exits 130, as a shell reports a
 * command killed by SIGINT. The handler is reset on its first call, so a
 * second Ctrl-C ends the process at once. Blocking reads are not restarted:
 * a Ctrl-C at a prompt (play) or while reading stdin ends the read. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stddef.h>
#include "cli.h"

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig) {
    (void)sig;
    interrupted = 1;
}

void cli_catch_interrupt(void) {
    struct sigaction sa, old;
    /* an ignored SIGINT (a job started with '&' by a shell) stays ignored */
    if (sigaction(SIGINT, NULL, &old) == 0 && old.sa_handler == SIG_IGN) return;
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &sa, NULL);
}

int cli_interrupted(void *user) {
    (void)user;
    return interrupted != 0;
}
