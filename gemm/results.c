/* The results rfl_gemm keeps for the model table and the evidence (rank
 * 0's numbers), found by kernel, precision, transposition and size; a
 * lookup means the GEMM with an FP32 (FP64) C, never one whose C is in a
 * 16-bit input type. */
#include "config.h"
#include "gemm/gemm_internal.h"

#include <stdlib.h>
#include <string.h>

struct rfl_gemm_result *rfl_gemm_results_add(struct rfl_gemm_results *rs)
{
    if (rs->n == rs->cap) {
        int cap = rs->cap ? rs->cap * 2 : 64;
        struct rfl_gemm_result *p = realloc(rs->r, (size_t)cap * sizeof *p);
        if (!p)
            return NULL;
        rs->r = p;
        rs->cap = cap;
    }
    memset(&rs->r[rs->n], 0, sizeof rs->r[0]);
    return &rs->r[rs->n++];
}

const struct rfl_gemm_result *rfl_gemm_results_find(const struct rfl_gemm_results *rs, enum rfl_gemm_family f,
                                                    enum rfl_gemm_prec p, int transb, unsigned m, unsigned n,
                                                    unsigned k)
{
    for (int i = 0; i < rs->n; i++) {
        const struct rfl_gemm_result *r = &rs->r[i];
        if (r->family == f && r->prec == p && r->transb == transb && r->size.m == m && r->size.n == n &&
            r->size.k == k && !r->c16)
            return r;
    }
    return NULL;
}
