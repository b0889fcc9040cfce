/* Base64 (RFC 4648): groups of three bytes as four characters. */
#include "base64.h"

static const char ALPHABET[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void cli_base64_quad(const uint8_t *in, size_t n, char out[4]) {
    uint32_t x = (uint32_t)in[0] << 16 | (n > 1 ? (uint32_t)in[1] << 8 : 0) | (n > 2 ? in[2] : 0);
    out[0] = ALPHABET[x >> 18];
    out[1] = ALPHABET[x >> 12 & 63];
    out[2] = n > 1 ? ALPHABET[x >> 6 & 63] : '=';
    out[3] = n > 2 ? ALPHABET[x & 63] : '=';
}

static int sextet(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

int cli_base64_unquad(const char in[4], uint8_t out[3]) {
    int s[4], n = 3;
    for (int i = 0; i < 4; i++) s[i] = sextet(in[i]);
    if (s[0] < 0 || s[1] < 0) return -1;
    if (in[2] == '=' && in[3] == '=') n = 1;
    else if (in[3] == '=' && s[2] >= 0) n = 2;
    else if (s[2] < 0 || s[3] < 0) return -1;
    uint32_t x = (uint32_t)s[0] << 18 | (uint32_t)s[1] << 12 | (uint32_t)(n > 1 ? s[2] : 0) << 6 | (uint32_t)(n > 2 ? s[3] : 0);
    out[0] = (uint8_t)(x >> 16);
    if (n > 1) out[1] = (uint8_t)(x >> 8);
    if (n > 2) out[2] = (uint8_t)x;
    return n;
}
