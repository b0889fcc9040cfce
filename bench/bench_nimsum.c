/* Solving a 10^6-heap nim sum read from a file: the library's whole path
 * (read, parse, value, winning moves, writing one resulting position)
 * against the textbook loop (fscanf and XOR, then look for one heap to
 * shrink). With the path of the grundy binary as argument it also times
 * `grundy solve @FILE --json` end to end. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "benchutil.h"

static int first_move(void *user, const gr_move *m) {
    *(size_t *)user = m->component;
    return 1;
}

int main(int argc, char **argv) {
    size_t n = 1000000;
    char path[] = "/tmp/grundy_bench_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return 1;
    FILE *f = fdopen(fd, "w");
    uint64_t s = 12345;
    for (size_t i = 0; i < n; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        fprintf(f, "%llu\n", (unsigned long long)(s >> 1));
    }
    fclose(f);

    double t0 = bench_now();
    f = fopen(path, "rb");
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)len);
    if (fread(buf, 1, (size_t)len, f) != (size_t)len) return 1;
    fclose(f);
    gr_ctx *ctx;
    gr_position *pos;
    gr_error err;
    uint64_t v;
    size_t comp = 0;
    int complete;
    if (gr_ctx_new(&ctx) != GR_OK || gr_position_parse(ctx, buf, (size_t)len, GR_PARSE_LINES, &pos, &err) != GR_OK ||
        gr_position_value(pos, &v, &err) != GR_OK ||
        gr_position_winning_moves(pos, 1, first_move, &comp, &complete, &err) != GR_OK) {
        fprintf(stderr, "bench_nimsum: %s\n", err.message);
        return 1;
    }
    double t_lib = bench_now() - t0;

    t0 = bench_now();
    f = fopen(path, "r");
    unsigned long long h, x = 0;
    unsigned long long *heaps = malloc(n * sizeof *heaps);
    size_t k = 0;
    while (k < n && fscanf(f, "%llu", &h) == 1) { heaps[k++] = h; x ^= h; }
    fclose(f);
    size_t mv = 0;
    for (size_t i = 0; i < k; i++) if ((heaps[i] ^ x) < heaps[i]) { mv = i; break; }
    double t_base = bench_now() - t0;
    if (x != v || (x && mv != comp)) { fprintf(stderr, "bench_nimsum: results differ\n"); return 1; }
    printf("10^6-heap nim sum from a file: grundy %.3f s, textbook fscanf loop %.3f s, ratio %.2fx (value %llu)\n",
           t_lib, t_base, t_base / t_lib, x);
    if (argc > 1) {
        char cmd[4096];
        snprintf(cmd, sizeof cmd, "%s solve @%s --json >/dev/null", argv[1], path);
        t0 = bench_now();
        int rc = system(cmd);
        double t_cli = bench_now() - t0;
        printf("grundy solve @FILE --json (end to end, 10^6 heaps): %.3f s (exit %d), %.2fx the textbook loop\n", t_cli,
               rc, t_cli / t_base);
    }
    gr_position_free(pos);
    gr_ctx_free(ctx);
    free(buf);
    free(heaps);
    remove(path);
    return 0;
}
