/* seq --histogram DIR: at each power of two N up to the last heap, the
 * file DIR/N with how often each value occurs among G(1..N), a line
 * "value count" per value in ascending order, values that do not occur
 * left out, heap 0 not counted: the form in which research runs of octal
 * games publish their results, so that a run can be compared with theirs
 * line by line. */
#define _POSIX_C_SOURCE 200809L /* mkdir */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"

/* values counted at most (a count per value, 8 bytes each: 2 GB) */
#define HIST_MAX_VALUE ((uint64_t)1 << 28)

static int write_one(const char *dir, uint64_t n, const uint64_t *cnt, uint64_t top, char *why, size_t wl) {
    char path[4096];
    if ((size_t)snprintf(path, sizeof path, "%s/%llu", dir, (unsigned long long)n) >= sizeof path) {
        snprintf(why, wl, "--histogram '%s': the directory's name is too long", dir);
        return 2;
    }
    FILE *f = fopen(path, "w");
    if (!f) { snprintf(why, wl, "--histogram: cannot write '%s'", path); return 2; }
    for (uint64_t v = 0; v <= top; v++)
        if (cnt[v]) fprintf(f, "%llu %llu\n", (unsigned long long)v, (unsigned long long)cnt[v]);
    if (fclose(f) != 0) { snprintf(why, wl, "--histogram: cannot write '%s'", path); return 2; }
    return 0;
}

int cli_hist_open(cli_hist *h, const char *dir, char *why, size_t wl) {
    memset(h, 0, sizeof *h);
    h->dir = dir;
    h->next = 1;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        snprintf(why, wl, "--histogram: cannot make the directory '%s' (%s)", dir, strerror(errno));
        return 2;
    }
    struct stat sb;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        snprintf(why, wl, "--histogram: '%s' is not a directory", dir);
        return 2;
    }
    return 0;
}

int cli_hist_add(cli_hist *h, uint64_t i, uint64_t x, char *why, size_t wl) {
    if (i == 0) return 0; /* heap 0 is not counted */
    if (x >= HIST_MAX_VALUE) {
        snprintf(why, wl, "--histogram: G(%llu) = %llu is too large to count (values below 2^28)", (unsigned long long)i,
                 (unsigned long long)x);
        return 2;
    }
    if (x >= h->cap) {
        uint64_t nc = h->cap ? h->cap : 64;
        while (nc <= x) nc *= 2;
        uint64_t *g = realloc(h->cnt, nc * sizeof *g);
        if (!g) { snprintf(why, wl, "out of memory counting the values"); return 1; }
        memset(g + h->cap, 0, (nc - h->cap) * sizeof *g);
        h->cnt = g;
        h->cap = nc;
    }
    h->cnt[x]++;
    if (x > h->top) h->top = x;
    if (i == h->next) {
        int rc = write_one(h->dir, i, h->cnt, h->top, why, wl);
        if (rc) return rc;
        h->next = i > UINT64_MAX / 2 ? UINT64_MAX : 2 * i;
    }
    return 0;
}

int cli_hist_add_run(cli_hist *h, uint64_t first, const uint32_t *v, size_t len, char *why, size_t wl) {
    size_t i = 0;
    while (i < len) {
        uint64_t x = first + i;
        size_t j = i;
        if (x > 0 && x < h->next) {
            /* the heaps before the next file, while the values fit the counts */
            size_t e = h->next - x < len - i ? i + (size_t)(h->next - x) : len;
            uint64_t *cnt = h->cnt, cap = h->cap, top = h->top;
            for (; j < e && v[j] < cap; j++) {
                cnt[v[j]]++;
                if (v[j] > top) top = v[j];
            }
            h->top = top;
        }
        if (j == i) { /* heap 0, a file to write or a value to make room for */
            int rc = cli_hist_add(h, x, v[i], why, wl);
            if (rc) return rc;
            j++;
        }
        i = j;
    }
    return 0;
}

void cli_hist_free(cli_hist *h) {
    free(h->cnt);
    h->cnt = NULL;
    h->cap = 0;
}

int cli_write_histograms(const char *dir, cli_seq *v, uint64_t last, char *why, size_t wl) {
    cli_hist h;
    int rc = cli_hist_open(&h, dir, why, wl);
    for (uint64_t i = 1; i <= last && !rc; i++) {
        uint64_t x = cli_seq_at(v, i);
        if (v->failed) { rc = 2; why[0] = 0; break; }
        rc = cli_hist_add(&h, i, x, why, wl);
    }
    cli_hist_free(&h);
    return rc;
}
