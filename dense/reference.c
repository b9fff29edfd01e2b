/* The GEMM reference of one size (reference.h). */
#include "config.h"
#include "reference.h"
#ifdef HAVE_CUDA
#include "gpu.h"
#endif
#include "common/log.h"
#include "common/timer.h"

#include <math.h>
#include <string.h>

void rfl_dense_ref_init(struct rfl_dense_ref *r, int gpu, int fp64, unsigned n)
{
    *r = (struct rfl_dense_ref){.gpu = gpu, .fp64 = fp64, .n = n, .error = NAN};
}

/* One timed GEMM of the reference's library; the product stays where that library put it. */
static int one_sample(struct rfl_dense_ref *r, struct rfl_dense_gpu *g, const struct rfl_dense_matrix *b,
                      struct rfl_dense_matrix *c, double *seconds)
{
    if (!r->gpu)
        return rfl_dense_lapack_gemm(r->fp64, (int)r->n, b->a, b->a, c->a, seconds);
#ifdef HAVE_CUDA
    return rfl_dense_gpu_gemm(g, seconds);
#else
    (void)g, (void)seconds;
    rfl_error("the GPU's GEMM needs a build with CUDA");
    return -1;
#endif
}

int rfl_dense_ref_sample(struct rfl_dense_ref *r, struct rfl_dense_gpu *g, const struct rfl_dense_matrix *b,
                         struct rfl_dense_matrix *c, unsigned samples, double min_s, int inject_fault,
                         unsigned long long seed)
{
#ifdef HAVE_CUDA
    if (r->gpu && rfl_dense_gpu_load(g, b) != 0)
        return -1;
#endif
    double timed = 0;
    unsigned ran = 0;
    for (unsigned k = 0; r->count < RFL_DENSE_REF_MAX_SAMPLES && (k < samples || timed < min_s); k++, ran++) {
        double s = 0;
        if (one_sample(r, g, b, c, &s) != 0)
            return -1;
        r->times[r->count++] = s;
        timed += s;
    }
    /* No GEMM this time (the samples are all taken): the product in place is not the GEMM's
     * (on the GPU, a factorization's since; an n = 1000 reference failed by 2.8e10 x the bound
     * that way), and the earlier check stands. */
    if (!ran)
        return 0;
#ifdef HAVE_CUDA
    /* Only the last product comes back: the check reads one, a copy per sample would time nothing. */
    if (r->gpu && rfl_dense_gpu_product(g, c) != 0)
        return -1;
#endif
    if (inject_fault) {
        if (r->fp64)
            ((double *)c->a)[r->n + 1] += 1.0;
        else
            ((float *)c->a)[r->n + 1] += 1.0f;
    }
    const double e = rfl_dense_gemm_error(b, b, c, seed);
    /* The worst check counts; a NaN (no check possible) stays the verdict. */
    if (!r->checks++ || isnan(e) || e > r->error)
        r->error = e;
    return 0;
}

double rfl_dense_ref_gflops(const struct rfl_dense_ref *r)
{
    double best = INFINITY;
    for (unsigned i = 0; i < r->count; i++)
        best = fmin(best, r->times[i]);
    return r->count && best > 0 ? 2.0 * r->n * (double)r->n * r->n / best * 1e-9 : NAN;
}

int rfl_dense_ref_verified(const struct rfl_dense_ref *r)
{
    return r->error <= RFL_DENSE_BACKWARD_ERROR_BOUND;
}
