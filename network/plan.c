/* What rfl_network measures, as data: the message sizes, the pairs of
 * ranks, the host names (RFL_TEST_HOSTS, testing only), the byte pattern;
 * and the self-test of these and of the fit. */
#include "config.h"
#include "network/network.h"
#include "common/fit.h"
#include "common/hosts.h"
#include "common/selftest.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

size_t rfl_net_sizes(uint64_t lo, uint64_t hi, double growth, uint64_t *out, size_t cap)
{
    size_t n = 0;
    if (lo < 1 || hi < lo || !(growth > 1))
        return 0;
    for (uint64_t b = lo;;) {
        if (n == cap)
            return 0;
        out[n++] = b < hi ? b : hi;
        if (b >= hi)
            return n;
        const double next = ceil((double)b * growth);
        b = next > (double)b ? (uint64_t)next : b + 1;
    }
}

size_t rfl_net_pairs(int ranks, int all, int (*out)[2], size_t cap)
{
    size_t n = 0;
    for (int a = 0; a < (all ? ranks : 1); a++)
        for (int b = a + 1; b < ranks && n < cap; b++) {
            out[n][0] = a;
            out[n][1] = b;
            n++;
        }
    return n;
}

static unsigned char pattern(size_t k, unsigned seed) { return (unsigned char)(k * 131u + (k >> 8) + seed * 17u); }

void rfl_net_fill(unsigned char *buf, size_t n, unsigned seed)
{
    for (size_t k = 0; k < n; k++)
        buf[k] = pattern(k, seed);
}

size_t rfl_net_check(const unsigned char *buf, size_t n, unsigned seed, size_t *first)
{
    size_t bad = 0;
    for (size_t k = 0; k < n; k++)
        if (buf[k] != pattern(k, seed) && !bad++)
            *first = k;
    return bad;
}

int rfl_net_self_test(void)
{
    int failures = 0;
    uint64_t s[RFL_NET_MAX_SIZES];
    EXPECT(rfl_net_sizes(8, 64u << 20, 2, s, RFL_NET_MAX_SIZES) == 24 && s[0] == 8 && s[1] == 16 && s[23] == 64u << 20);
    EXPECT(rfl_net_sizes(8, 100, 4, s, RFL_NET_MAX_SIZES) == 3 && s[1] == 32 && s[2] == 100);
    EXPECT(rfl_net_sizes(1, 3, 1.1, s, RFL_NET_MAX_SIZES) == 3 && s[1] == 2);
    EXPECT(rfl_net_sizes(1, 1ull << 30, 1.1, s, RFL_NET_MAX_SIZES) == 0); /* too many */
    int p[6][2];
    EXPECT(rfl_net_pairs(4, 0, p, 6) == 3 && p[2][0] == 0 && p[2][1] == 3);
    EXPECT(rfl_net_pairs(4, 1, p, 6) == 6 && p[5][0] == 2 && p[5][1] == 3);
    char h[RFL_HOST_LEN], why[128];
    EXPECT(rfl_test_host(NULL, 0, 2, h, sizeof h, why, sizeof why) == 0);
    EXPECT(rfl_test_host("a,a,b,b", 2, 4, h, sizeof h, why, sizeof why) == 1 && !strcmp(h, "b"));
    EXPECT(rfl_test_host("a,b", 1, 3, h, sizeof h, why, sizeof why) == -1 && strstr(why, "2 host names for 3"));
    EXPECT(rfl_test_host("a,,b", 0, 3, h, sizeof h, why, sizeof why) == -1 && strstr(why, "entry 2 is empty"));
    unsigned char buf[1000];
    size_t first = 0;
    rfl_net_fill(buf, sizeof buf, 5);
    EXPECT(rfl_net_check(buf, sizeof buf, 5, &first) == 0);
    buf[700] ^= 1;
    EXPECT(rfl_net_check(buf, sizeof buf, 5, &first) == 1 && first == 700);
    EXPECT(rfl_net_check(buf, sizeof buf, 6, &first) > 900); /* another point's pattern */
    /* The fit recovers a model it was given: 0.5 us + bytes / 12 GB/s. */
    double b[20], t[20];
    for (int i = 0; i < 20; i++) {
        b[i] = ldexp(8.0, i);
        t[i] = 0.5e-6 + b[i] / 12e9;
    }
    struct rfl_fit f;
    EXPECT(rfl_fit_latency_bandwidth(b, t, 20, &f) == 0);
    EXPECT(fabs(f.latency_s / 0.5e-6 - 1) < 1e-9 && fabs(f.bandwidth_bytes_per_s / 12e9 - 1) < 1e-9);
    EXPECT(rfl_fit_latency_bandwidth(b, t, 1, &f) != 0);
    return rfl_selftest_result("rfl_network", failures);
}
