/* Runs the fuzz target over saved inputs (files named on the command line),
 * so the corpus is replayed by ctest with any compiler. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
    int n = 0;
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) { fprintf(stderr, "replay: cannot open %s\n", argv[i]); return 1; }
        uint8_t buf[8192];
        size_t len = fread(buf, 1, sizeof buf, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, len);
        n++;
    }
    printf("replayed %d inputs: %d passed, 0 failed\n", n, n);
    return 0;
}
