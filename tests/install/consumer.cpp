// The headers used from C++ as they are: nimber products and Kayles values.
#include <cstdio>
#include <grundy/grundy.h>

int main() {
    gr_nim *t = nullptr;
    if (gr_nim_new(&t) != GR_OK) return 1;
    // 2 (x) 2 = 3, 4 (x) 4 = 6 in the nimber field
    std::printf("%llu %llu\n", (unsigned long long)gr_nim_mul(t, 2, 2), (unsigned long long)gr_nim_mul(t, 4, 4));
    gr_nim_free(t);
    return 0;
}
