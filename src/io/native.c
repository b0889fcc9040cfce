/* Compiling C text to a loaded shared object (native.h). The object is
 * named by a 64-bit FNV-1a hash of the compiler's name, grundy's version
 * and the text, so a text is compiled once per cache folder; the compiler
 * writes to a file private to this process, which is then renamed into
 * place, so two processes compiling the same text at once both end with a
 * whole object. The compiler's output goes to /dev/null: a failure only
 * means the caller keeps its portable path. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "io/native.h"

extern char **environ;

struct gri_native {
    void *handle;
    const gr_allocator *al;
};

static uint64_t fnv(uint64_t h, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) { h ^= (unsigned char)s[i]; h *= 0x100000001b3ull; }
    return h;
}

/* mkdir -p, the last component with mode 0700 */
static int make_dir(const char *dir) {
    char path[4096];
    size_t n = strlen(dir);
    if (!n || n >= sizeof path) return -1;
    memcpy(path, dir, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (path[i] != '/' && path[i] != 0) continue;
        char c = path[i];
        path[i] = 0;
        if (mkdir(path, 0700) != 0 && errno != EEXIST) return -1;
        path[i] = c;
    }
    /* the objects in it are loaded and run: it must be this user's own,
     * writable by no one else */
    struct stat st;
    if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 022)) return -1;
    return 0;
}

static int write_all(const char *path, const char *s, size_t len) {
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
    if (fd < 0) return -1;
    while (len) {
        ssize_t k = write(fd, s, len);
        if (k <= 0) { close(fd); return -1; }
        s += k;
        len -= (size_t)k;
    }
    return close(fd);
}

/* runs cc on c_path into so_path; 0 when it exits with 0 */
static int compile(const char *cc, const char *c_path, const char *so_path) {
#ifdef __EMSCRIPTEN__
    /* WebAssembly (the web page): no processes to run; rules are interpreted */
    (void)cc, (void)c_path, (void)so_path;
    return -1;
#else
    posix_spawn_file_actions_t fa;
    if (posix_spawn_file_actions_init(&fa) != 0) return -1;
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    /* cc may be a command of several words ("ccache gcc") */
    char words[512], *argv[24];
    size_t n = 0;
    snprintf(words, sizeof words, "%s", cc);
    for (char *w = strtok(words, " \t"); w && n < 16; w = strtok(NULL, " \t")) argv[n++] = w;
    if (!n) { posix_spawn_file_actions_destroy(&fa); return -1; }
    static const char *const FLAGS[] = {"-O2", "-shared", "-fPIC", "-w", "-o"};
    for (size_t i = 0; i < 5; i++) argv[n++] = (char *)FLAGS[i];
    argv[n++] = (char *)so_path;
    argv[n++] = (char *)c_path;
    argv[n] = NULL;
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) return -1;
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
#endif
}

gr_status gri_native_build(const gr_allocator *al, const char *cc, const char *dir, const char *src, size_t len, gri_native **out, gr_error *err) {
    *out = NULL;
    uint64_t h = fnv(0xcbf29ce484222325ull, cc, strlen(cc) + 1);
    h = fnv(h, GRUNDY_VERSION_STRING, sizeof GRUNDY_VERSION_STRING);
    h = fnv(h, src, len);
    char so[4200], tmp_c[4200], tmp_so[4200];
    if (snprintf(so, sizeof so, "%s/rule-%016llx.so", dir, (unsigned long long)h) >= (int)sizeof so)
        return gri_fail(err, GR_EUNPROVEN, "native code: the cache folder's name is too long");
    if (make_dir(dir) != 0)
        return gri_fail(err, GR_EUNPROVEN, "native code: the cache folder %.200s cannot be made, or is not this user's alone",
                        dir);
    if (access(so, R_OK) != 0) {
        /* private to this call: the process and, for two threads of it
         * compiling the same text at once, this call's stack */
        unsigned long long me = (unsigned long long)(uintptr_t)&h;
        snprintf(tmp_c, sizeof tmp_c, "%s/rule-%016llx-%ld-%llx.c", dir, (unsigned long long)h, (long)getpid(), me);
        snprintf(tmp_so, sizeof tmp_so, "%s/rule-%016llx-%ld-%llx.so", dir, (unsigned long long)h, (long)getpid(), me);
        if (write_all(tmp_c, src, len) != 0) {
            unlink(tmp_c);
            return gri_fail(err, GR_EUNPROVEN, "native code: cannot write to the cache folder %.200s", dir);
        }
        int ok = compile(cc, tmp_c, tmp_so) == 0 && rename(tmp_so, so) == 0;
        unlink(tmp_c);
        if (!ok) {
            unlink(tmp_so);
            return gri_fail(err, GR_EUNPROVEN, "native code: the C compiler '%.100s' did not build the rule", cc);
        }
    }
    gri_native *n = gri_malloc(al, sizeof *n);
    if (!n) return gri_fail(err, GR_ENOMEM, "out of memory");
    n->al = al;
    n->handle = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!n->handle) {
        gri_free(al, n);
        return gri_fail(err, GR_EUNPROVEN, "native code: the compiled rule could not be loaded");
    }
    *out = n;
    return GR_OK;
}

void *gri_native_sym(gri_native *n, const char *name) {
    void *p = dlsym(n->handle, name);
    return p;
}

void gri_native_free(gri_native *n) {
    if (!n) return;
    dlclose(n->handle);
    gri_free(n->al, n);
}
