/* Output forms of a Grundy sequence for `grundy seq`: an SVG scatter plot
 * (G(n) against n, rare values highlighted, a proved period marked) and a
 * compact binary file. Sequences longer than the plot's width are binned:
 * each (column, value) pair that occurs is drawn once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

#define W 1000
#define H 500
#define MARGIN 50

int cli_write_svg(const char *path, const char *title, cli_seq *v, int periodic, uint64_t pre, uint64_t per,
                  uint64_t saltus, char *why, size_t wl) {
    uint64_t count = v->count;
    FILE *f = fopen(path, "w");
    if (!f) { snprintf(why, wl, "cannot write '%s'", path); return -1; }
    /* the largest value, and a histogram for the rare values: those that
     * occur in fewer than 1% of positions (values above 4095 count as rare) */
    uint64_t vmax = 1, hist[4096] = {0};
    for (uint64_t i = 0; i < count && !v->failed; i++) {
        uint64_t x = cli_seq_at(v, i);
        if (x > vmax) vmax = x;
        if (x < 4096) hist[x]++;
    }
    double sx = (double)W / (double)(count > 1 ? count - 1 : 1), sy = (double)H / (double)vmax;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n", W + 2 * MARGIN,
            H + 2 * MARGIN, W + 2 * MARGIN, H + 2 * MARGIN);
    fprintf(f, "<title>");
    for (const char *c = title; *c; c++) {
        if (*c == '<') fputs("&lt;", f); else if (*c == '&') fputs("&amp;", f); else if (*c == '>') fputs("&gt;", f); else fputc(*c, f);
    }
    fprintf(f, ": G(n) for n = 0..%llu</title>\n", (unsigned long long)(count ? count - 1 : 0));
    fprintf(f, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W + 2 * MARGIN, H + 2 * MARGIN);
    fprintf(f, "<g transform=\"translate(%d,%d)\">\n", MARGIN, MARGIN);
    fprintf(f, "<line x1=\"0\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", H, W, H);
    fprintf(f, "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"%d\" stroke=\"black\"/>\n", H);
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"14\">n (0 to %llu)</text>\n", W / 2 - 40, H + 35,
            (unsigned long long)(count ? count - 1 : 0));
    fprintf(f, "<text x=\"-40\" y=\"-15\" font-size=\"14\">G(n), max %llu</text>\n", (unsigned long long)vmax);
    if (periodic && pre < count) {
        double x0 = (double)pre * sx, x1 = (double)(pre + per) * sx;
        fprintf(f, "<rect x=\"%.2f\" y=\"0\" width=\"%.2f\" height=\"%d\" fill=\"#dde8ff\"/>\n", x0,
                x1 - x0 < 1 ? 1.0 : x1 - x0, H);
        fprintf(f, "<line x1=\"%.2f\" y1=\"0\" x2=\"%.2f\" y2=\"%d\" stroke=\"blue\" stroke-dasharray=\"4 3\"/>\n", x0, x0, H);
        if (saltus)
            fprintf(f,
                    "<text x=\"%.2f\" y=\"-3\" font-size=\"12\" fill=\"blue\">arithmetic period %llu, saltus %llu, from n = "
                    "%llu</text>\n",
                    x0, (unsigned long long)per, (unsigned long long)saltus, (unsigned long long)pre);
        else
            fprintf(f, "<text x=\"%.2f\" y=\"-3\" font-size=\"12\" fill=\"blue\">period %llu from n = %llu</text>\n", x0,
                    (unsigned long long)per, (unsigned long long)pre);
    }
    /* one point per (column, value) */
    uint64_t cols = count < W ? count : W;
    unsigned char *seen = calloc((size_t)(vmax + 1), 1);
    if (!seen) { fclose(f); snprintf(why, wl, "out of memory"); return -1; }
    uint64_t i = 0;
    for (uint64_t c = 0; c < cols && !v->failed; c++) {
        uint64_t end = cols == count ? c + 1 : (c + 1) * count / cols;
        memset(seen, 0, (size_t)(vmax + 1));
        for (; i < end; i++) {
            uint64_t x = cli_seq_at(v, i);
            if (seen[x]) continue;
            seen[x] = 1;
            int rare = x >= 4096 || hist[x] * 100 < count;
            fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%s\" fill=\"%s\"/>\n", (double)i * sx, H - (double)x * sy,
                    rare ? "2.5" : "1.5", rare ? "red" : "black");
        }
    }
    free(seen);
    fprintf(f, "</g>\n</svg>\n");
    if (fclose(f) != 0) { snprintf(why, wl, "cannot write '%s'", path); return -1; }
    if (v->stopped) { remove(path); return -1; } /* the caller says where it stopped */
    if (v->failed) { snprintf(why, wl, "could not read the values for '%s'", path); return -1; }
    return 0;
}

/* "GRSEQ1" magic, one byte of value width (1, 2, 4 or 8), the count as a
 * little-endian u64, then the values little-endian */
int cli_write_bin(const char *path, cli_seq *v, char *why, size_t wl) {
    uint64_t count = v->count;
    FILE *f = fopen(path, "wb");
    if (!f) { snprintf(why, wl, "cannot write '%s'", path); return -1; }
    uint64_t vmax = 0;
    for (uint64_t i = 0; i < count && !v->failed; i++) {
        uint64_t x = cli_seq_at(v, i);
        if (x > vmax) vmax = x;
    }
    unsigned width = vmax < 256 ? 1 : vmax < 65536 ? 2 : vmax < ((uint64_t)1 << 32) ? 4 : 8;
    unsigned char head[15] = {'G', 'R', 'S', 'E', 'Q', '1', (unsigned char)width};
    for (int b = 0; b < 8; b++) head[7 + b] = (unsigned char)(count >> (8 * b));
    fwrite(head, 1, sizeof head, f);
    unsigned char buf[8 * 4096];
    size_t k = 0;
    for (uint64_t i = 0; i < count && !v->failed; i++) {
        uint64_t x = cli_seq_at(v, i);
        for (unsigned b = 0; b < width; b++) buf[k++] = (unsigned char)(x >> (8 * b));
        if (k + 8 > sizeof buf) { fwrite(buf, 1, k, f); k = 0; }
    }
    fwrite(buf, 1, k, f);
    if (fclose(f) != 0) { snprintf(why, wl, "cannot write '%s'", path); return -1; }
    if (v->stopped) { remove(path); return -1; } /* the caller says where it stopped */
    if (v->failed) { snprintf(why, wl, "could not read the values for '%s'", path); return -1; }
    return 0;
}
