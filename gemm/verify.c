/* The error bound every result is held to, and the host reference that
 * checks cuBLAS itself. */
#include "config.h"
#include "gemm/gemm.h"

#include <math.h>

double rfl_gemm_error_bound(enum rfl_gemm_prec p, unsigned k)
{
    /* Two blocked sums of k products in the same precision differ by about
     * u sqrt(k) relative to the largest entry (random signs); 8x that
     * leaves room without letting a wrong element (relative error ~1)
     * through.  The tensor GEMMs are compared with FP32: their error is the
     * rounding of the inputs, u_in per product, whatever k is. */
    switch (p) {
    case RFL_GEMM_FP64:
        return 8.0 * 0x1p-53 * sqrt((double)k);
    case RFL_GEMM_FP32:
        return 8.0 * 0x1p-24 * sqrt((double)k);
    case RFL_GEMM_TF32:
    case RFL_GEMM_FP16:
        return 8.0 * 0x1p-11;
    case RFL_GEMM_BF16:
        return 8.0 * 0x1p-8;
    default:
        return 0;
    }
}

void rfl_gemm_host_reference(int fp64, const void *rows_a, const void *cols_b, const void *c0, int nr, int nc,
                             unsigned k, double alpha, double beta, long double *out)
{
    for (int i = 0; i < nr; i++)
        for (int j = 0; j < nc; j++) {
            long double sum = 0;
            if (fp64) {
                const double *a = (const double *)rows_a + (size_t)i * k, *b = (const double *)cols_b + (size_t)j * k;
                for (unsigned l = 0; l < k; l++)
                    sum += (long double)a[l] * b[l];
                out[i * nc + j] = alpha * sum + (long double)beta * ((const double *)c0)[i * nc + j];
            } else {
                const float *a = (const float *)rows_a + (size_t)i * k, *b = (const float *)cols_b + (size_t)j * k;
                for (unsigned l = 0; l < k; l++)
                    sum += (long double)a[l] * b[l];
                out[i * nc + j] = alpha * sum + (long double)beta * ((const float *)c0)[i * nc + j];
            }
        }
}
