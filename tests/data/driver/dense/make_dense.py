#!/usr/bin/env python3
"""Writes dense.csv and dense.json: a synthetic rfl_dense run on the made-up H200-like GPU of
../gpu and the host of ../golden (host `golden`), in the format of docs/FORMAT.md (section
dense). Run once; the tests need no Python."""
import json

COLS = ("rank,device,factorization,method,precision,n,block,threads,flops,experiments,time_min_s,"
        "time_median_s,time_max_s,gflops_per_s,gflops_per_s_median,gemm_gflops_per_s,fraction_of_gemm,"
        "panel_s,update_s,transfer_s,backward_error,backward_error_bound,verified").split(",")
FLOPS = {"lu": 2 / 3, "cholesky": 1 / 3, "qr": 4 / 3}
# GEMM references (GFLOP/s) by device and precision, at n = 1024, 4096, 16384
GEMM = {("cpu", "fp64"): [180, 200, 0], ("cpu", "fp32"): [360, 400, 0],
        ("gpu0", "fp64"): [20000, 48000, 52000], ("gpu0", "fp32"): [18000, 40000, 45000]}
# fraction of the GEMM rate each method reaches at the three sizes
FRACTION = {"lapack": [0.45, 0.7], "cusolver": [0.10, 0.45, 0.82], "hybrid": [0.06, 0.35, 0.78],
            "gpu_panel": [0.12, 0.50, 0.86]}
SIZES = [1024, 4096, 16384]


def fmt(v):
    return "" if v is None else ("%.9g" % v if isinstance(v, float) else str(v))


rows = []
for prec in ("fp64", "fp32"):
    for si, n in enumerate(SIZES):
        # the GEMM reference of each device at this n first, as rfl_dense writes them: 2n^3 flops,
        # its samples before and after the factorizations, no reference of its own
        for dev, lib in (("cpu", "blas"), ("gpu0", "cublas")):
            gemm = float(GEMM[(dev, prec)][si])
            if not gemm:
                continue
            flops = 2 * n ** 3
            t = flops / gemm * 1e-9
            rows.append([0, dev, "gemm", lib, prec, n, None, 16 if dev == "cpu" else None, float(flops), 4, t, t * 1.02,
                         t * 1.05, gemm, gemm / 1.02, None, None, None, None, None, 0.001 + 0.0001 * si, 16.0, 1])
        for fac in ("lu", "cholesky", "qr"):
            for meth in ("lapack", "cusolver", "hybrid", "gpu_panel"):
                if meth == "gpu_panel" and fac == "qr":
                    continue
                if meth == "lapack" and si >= 2:
                    continue
                dev = "cpu" if meth == "lapack" else "gpu0"
                gemm = float(GEMM[(dev, prec)][si])
                frac = FRACTION[meth][si] * (0.9 if fac == "qr" else 1.0)
                rate = gemm * frac
                flops = FLOPS[fac] * n ** 3
                t = flops / rate * 1e-9
                blocked = meth in ("hybrid", "gpu_panel")
                if blocked:
                    panel, xfer = (0.30 * t, 0.08 * t) if meth == "hybrid" else (0.12 * t, 0.0)
                    split = [panel, t - panel - xfer, xfer]
                else:
                    split = [None, None, None]
                err = 0.02 + 0.001 * si
                rows.append([0, dev, fac, meth, prec, n, 256 if blocked else None, 16 if meth in ("lapack", "hybrid") else None,
                             flops, 3, t, t * 1.01, t * 1.03, rate, rate / 1.01, gemm, frac] + split +
                            [err, 16.0, 1])
with open("dense.csv", "w") as f:
    f.write(",".join(COLS) + "\n")
    for r in rows:
        f.write(",".join(fmt(float(v) if isinstance(v, float) else v) for v in r) + "\n")
meta = {"program": "rfl_dense", "rfl_version": "0.1.0", "host": "golden", "date_utc": "2026-01-02T05:00:00Z",
        "command_line": ["rfl_dense", "--sizes", "1024,4096,16384", "-o", "dense.csv"],
        "mpi_library": "none", "status": "complete",
        "dense": {"experiments": 3, "block": 256, "methods": ["lapack", "cusolver", "hybrid", "gpu_panel"],
                  "gpu": "NVIDIA H200 (synthetic)", "backward_error_bound": 16.0},
        "budget": None}
with open("dense.json", "w") as f:
    json.dump(meta, f, indent=2)
    f.write("\n")
