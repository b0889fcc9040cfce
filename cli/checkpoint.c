/* Checkpoints and progress for long `grundy seq` runs. A checkpoint holds
 * the values computed so far: a text header "GRCKPT1 SPEC COUNT CHECKSUM",
 * a newline, then COUNT little-endian 32-bit values. It is written to
 * FILE.tmp, flushed, fsync'ed and renamed over FILE, so a run killed at any
 * moment leaves either the old or the new checkpoint, never half of one. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "grundy/grundy.h"
#include "cli.h"

int cli_checkpoint_lock(const char *path, int *fd, char *why, size_t wl) {
    char lp[4096];
    *fd = -1;
    if ((size_t)snprintf(lp, sizeof lp, "%s.lock", path) >= sizeof lp) {
        snprintf(why, wl, "the checkpoint path is too long");
        return -1;
    }
    int f = open(lp, O_RDWR | O_CREAT, 0644);
    if (f < 0) {
        snprintf(why, wl, "cannot open the checkpoint's lock file '%s': %s", lp, strerror(errno));
        return -1;
    }
    /* a POSIX record lock: the system drops it when the process ends, however it ends */
    struct flock l;
    memset(&l, 0, sizeof l);
    l.l_type = F_WRLCK;
    l.l_whence = SEEK_SET;
    if (fcntl(f, F_SETLK, &l) != 0) {
        int e = errno;
        close(f);
        if (e == EACCES || e == EAGAIN)
            snprintf(why, wl, "the checkpoint '%s' is in use by another run (its lock file '%s' is locked)", path, lp);
        else
            snprintf(why, wl, "cannot lock the checkpoint's lock file '%s': %s", lp, strerror(e));
        return -1;
    }
    char pid[32];
    int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
    if (ftruncate(f, 0) != 0 || write(f, pid, (size_t)n) != n) { /* the pid is for people; the lock is what counts */ }
    *fd = f;
    return 0;
}

int cli_checkpoint_save(const char *path, const char *spec, cli_seq *v) {
    char tmp[4096];
    uint64_t n = v->count, h = 1469598103934665603ull;
    for (uint64_t i = 0; i < n; i++) h = (h ^ cli_seq_at(v, i)) * 1099511628211ull;
    if (v->failed) return -1;
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f) return -1;
    fprintf(f, "GRCKPT1 %s %llu %016llx\n", spec, (unsigned long long)n, (unsigned long long)h);
    unsigned char buf[4 * 4096];
    size_t k = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t x = cli_seq_at(v, i);
        buf[k++] = (unsigned char)x;
        buf[k++] = (unsigned char)(x >> 8);
        buf[k++] = (unsigned char)(x >> 16);
        buf[k++] = (unsigned char)(x >> 24);
        if (k == sizeof buf) { fwrite(buf, 1, k, f); k = 0; }
    }
    fwrite(buf, 1, k, f);
    if (v->failed) { fclose(f); remove(tmp); return -1; }
    if (fflush(f) != 0 || fsync(fileno(f)) != 0) { fclose(f); remove(tmp); return -1; }
    if (fclose(f) != 0) { remove(tmp); return -1; }
    return rename(tmp, path);
}

/* 0: loaded into rs (at most `limit` values); 1: no file; -1: unusable
 * (why set). The file is read twice, a chunk at a time: once to check its
 * length and checksum, then to load the values, so a resumed run never
 * holds them in a second array. */
int cli_checkpoint_load(const char *path, gr_ruleset *rs, uint64_t limit, char *why, size_t wl) {
    FILE *f = fopen(path, "rb");
    if (!f) return 1;
    return cli_checkpoint_read(f, path, rs, limit, why, wl);
}

int cli_checkpoint_read(FILE *f, const char *path, gr_ruleset *rs, uint64_t limit, char *why, size_t wl) {
    const char *spec = gr_ruleset_spec(rs);
    char head[1024], fspec[900];
    unsigned long long cnt, sum;
    if (!fgets(head, sizeof head, f) || sscanf(head, "GRCKPT1 %899s %llu %llx", fspec, &cnt, &sum) != 3) {
        fclose(f);
        snprintf(why, wl, "'%s' is not a grundy checkpoint", path);
        return -1;
    }
    if (strcmp(fspec, spec)) {
        fclose(f);
        snprintf(why, wl, "'%s' is a checkpoint of %s, not of %s", path, fspec, spec);
        return -1;
    }
    long body = ftell(f);
    enum { CH = 4096 };
    unsigned char b[4 * CH];
    uint64_t v[CH];
    for (int pass = 0; pass < 2; pass++) {
        uint64_t h = 1469598103934665603ull;
        if (fseek(f, body, SEEK_SET) != 0) { fclose(f); snprintf(why, wl, "cannot read '%s'", path); return -1; }
        for (unsigned long long i = 0; i < cnt;) {
            size_t k = cnt - i < CH ? (size_t)(cnt - i) : CH;
            size_t got = fread(b, 4, k, f);
            if (got != k) {
                fclose(f);
                snprintf(why, wl, "'%s' is truncated after %llu of its %llu values", path, i + got, cnt);
                return -1;
            }
            for (size_t j = 0; j < k; j++) {
                v[j] = (uint64_t)b[4 * j] | (uint64_t)b[4 * j + 1] << 8 | (uint64_t)b[4 * j + 2] << 16 | (uint64_t)b[4 * j + 3] << 24;
                h = (h ^ v[j]) * 1099511628211ull;
            }
            if (pass == 1 && i < limit) {
                gr_error err;
                uint64_t take = limit - i < k ? limit - i : k;
                if (gr_ruleset_append(rs, v, take, &err) != GR_OK) {
                    fclose(f);
                    snprintf(why, wl, "'%s': %s", path, err.message);
                    return -1;
                }
            }
            i += k;
        }
        if (pass == 0 && h != sum) {
            fclose(f);
            snprintf(why, wl, "'%s' fails its checksum", path);
            return -1;
        }
    }
    fclose(f);
    return 0;
}
