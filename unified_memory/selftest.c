/* rfl_unified_memory --self-test: the host-only parts (sizes, the closed
 * form against passes run by hand, prediction and plan, the mechanism
 * table), with no GPU. */
#include "config.h"
#include "unified_memory/sweep.h"
#include "unified_memory/cpu.h"
#include "unified_memory/kernels.h"
#include "unified_memory/plan.h"
#include "gpu/gpu.h"
#include "common/selftest.h"

#include <math.h>
#include <string.h>

int rfl_um_self_test(void)
{
    int failures = rfl_gpu_self_test();
    EXPECT(rfl_um_elements_for(1) == RFL_UM_QUANTUM);
    EXPECT(rfl_um_elements_for(4096) == 512);
    EXPECT(rfl_um_elements_for(4096 + 100) == 512);
    EXPECT(rfl_um_elements_for(1ull << 30) == (1ull << 27));
    /* Fig. 6: bytes = 2 * sizeof(double) * n * trials * (reuse + 1). */
    EXPECT(rfl_um_effective_bytes(1000, 3, 7) == 2.0 * 8 * 1000 * 3 * 8);
    EXPECT(rfl_um_trial_increment(4) == 4.5);

    /* The closed form against the passes run by hand. */
    enum { N = 4 * RFL_UM_QUANTUM };
    static double a[N];
    rfl_um_cpu_fill(a, N);
    for (int k = 0; k < 3; k++)
        rfl_um_cpu_pass(a, N, RFL_UM_BETA, RFL_UM_GPU_ALPHA);
    rfl_um_cpu_pass(a, N, RFL_UM_BETA, RFL_UM_CPU_ALPHA);
    size_t first = 12345;
    EXPECT(rfl_um_cpu_check(a, N, rfl_um_trial_increment(3), &first) == 0 && first == 12345);
    a[77] += 0.5;
    a[300] = -1;
    EXPECT(rfl_um_cpu_check(a, N, rfl_um_trial_increment(3), &first) == 2 && first == 77);
    EXPECT(rfl_um_cpu_check(a, N, rfl_um_trial_increment(2), &first) == N && first == 0);

    /* Prediction: a line through the last two reuses measured here. */
    struct rfl_um_seen here = {{0}, {0}, 0}, smaller = {{0}, {0}, 0};
    EXPECT(rfl_um_predict_trial_s(&here, NULL, 2.0, 1) < 0);
    rfl_um_seen_add(&smaller, 1, 0.1);
    rfl_um_seen_add(&smaller, 4, INFINITY);
    EXPECT(fabs(rfl_um_predict_trial_s(&here, &smaller, 4.0, 1) - 0.4) < 1e-12);
    EXPECT(isinf(rfl_um_predict_trial_s(&here, &smaller, 4.0, 4)));
    rfl_um_seen_add(&here, 1, 0.3);
    EXPECT(fabs(rfl_um_predict_trial_s(&here, NULL, 4.0, 4) - 1.2) < 1e-12);
    rfl_um_seen_add(&here, 4, 0.6);
    EXPECT(fabs(rfl_um_predict_trial_s(&here, NULL, 4.0, 16) - 1.8) < 1e-12); /* 0.3 + 0.1 x (16 - 1) */
    rfl_um_seen_add(&here, 16, INFINITY);                                      /* skips are no basis */
    EXPECT(fabs(rfl_um_predict_trial_s(&here, NULL, 4.0, 64) - 6.6) < 1e-12);
    struct rfl_um_seen noisy = {{0}, {0}, 0};
    rfl_um_seen_add(&noisy, 1, 2e-5);
    rfl_um_seen_add(&noisy, 2, 1e-5);
    EXPECT(rfl_um_predict_trial_s(&noisy, NULL, 1.0, 1024) == 1e-5); /* never a falling line */

    /* The plan: unknown runs in full; long trials cut samples; too long skips. */
    struct rfl_um_plan p = rfl_um_plan_point(-1, 0, 0.01, 3, 1, 5);
    EXPECT(p.run && p.calibrate && p.experiments == 3 && p.breakdown);
    p = rfl_um_plan_point(1e-4, 0, 0.01, 3, 1, 5);
    EXPECT(p.run && p.calibrate && p.experiments == 3 && p.breakdown && p.predicted_s < 0.2);
    p = rfl_um_plan_point(1.0, 0, 0.01, 3, 1, 5);
    EXPECT(p.run && !p.calibrate && p.experiments == 3 && p.breakdown && fabs(p.predicted_s - 4) < 1e-12);
    p = rfl_um_plan_point(2.0, 0, 0.01, 3, 1, 5);
    EXPECT(p.run && p.experiments == 1 && p.breakdown && fabs(p.predicted_s - 4) < 1e-12);
    p = rfl_um_plan_point(2.0, 0, 0.01, 3, 0, 5);
    EXPECT(p.run && p.experiments == 2 && !p.breakdown);
    p = rfl_um_plan_point(2.0, 2.0, 0.01, 3, 1, 5);
    EXPECT(p.run && p.experiments == 1 && !p.breakdown);
    p = rfl_um_plan_point(6.0, 0, 0.01, 3, 1, 5);
    EXPECT(!p.run && p.experiments == 0 && p.predicted_s > 5);
    p = rfl_um_plan_point(INFINITY, 0, 0.01, 3, 1, 5);
    EXPECT(!p.run);

    /* The mechanism table. */
    for (int m = 0; m < RFL_UM_NMECH; m++) {
        EXPECT(rfl_um_mechanism_names[m] && strcmp(rfl_um_mechanism_names[m], rfl_um_mechanisms[m].name) == 0);
        EXPECT(rfl_um_mechanisms[m].per_trial && rfl_um_mechanisms[m].host_memory);
    }
    EXPECT(rfl_um_mechanism_names[RFL_UM_NMECH] == NULL);
    EXPECT(strcmp(rfl_um_mechanisms[RFL_UM_ZERO_COPY].fig7_panel, "c") == 0);
    return rfl_selftest_result("rfl_unified_memory", failures);
}
