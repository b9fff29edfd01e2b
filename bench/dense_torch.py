#!/usr/bin/env python3
"""rfl_dense's second peer: PyTorch's torch.linalg LU, Cholesky and QR on the GPU, with each of
its backends (cuSOLVER and MAGMA, torch.backends.cuda.preferred_linalg_library), timed and
verified as rfl_dense does: the best of --experiments runs on a fresh copy, CUDA events around
the call, flops 2/3 n^3 (LU), 1/3 n^3 (Cholesky), 4/3 n^3 (QR), and the scaled backward error
max|(A - factors) x| / (||A||_inf max|x| n u) checked against rfl_dense's bound (16).

Usage: python3 bench/dense_torch.py --sizes 8192,16384 [--precisions fp64,fp32]
       [--factorizations lu,cholesky,qr] [--backends cusolver,magma] [--experiments 3] [-o FILE.csv]
The CSV has rfl_dense's key columns (factorization, method, precision, n, seconds_min,
gflops_per_s, backward_error, verified); method is torch_cusolver or torch_magma."""
import argparse
import csv
import sys

BOUND = 16.0
FLOPS = {"lu": 2.0 / 3.0, "cholesky": 1.0 / 3.0, "qr": 4.0 / 3.0}


def matrix(torch, f, n, dtype, seed):
    g = torch.Generator(device="cuda").manual_seed(seed)
    a = torch.rand((n, n), generator=g, device="cuda", dtype=dtype) * 2 - 1
    if f == "cholesky":  # symmetric positive definite, well conditioned
        a = a @ a.T / n + torch.eye(n, device="cuda", dtype=dtype)
    return a


def factor(torch, f, a):
    if f == "lu":
        return torch.linalg.lu_factor(a)
    if f == "cholesky":
        return torch.linalg.cholesky(a)
    return torch.linalg.qr(a, mode="reduced")


def backward_error(torch, f, a, out):
    """rfl_dense's measure: max|(A - rebuilt) x| / (||A||_inf max|x| n u), x in +-[1/2, 1], in FP64."""
    n = a.shape[0]
    u = torch.finfo(a.dtype).eps / 2
    a64 = a.double()
    if f == "lu":
        p, l, uu = torch.lu_unpack(*out)
        rebuilt = p.double() @ l.double() @ uu.double()
    elif f == "cholesky":
        l = out.double()
        rebuilt = l @ l.T
    else:
        q, rr = out
        rebuilt = q.double() @ rr.double()
    g = torch.Generator(device="cuda").manual_seed(n)
    v = torch.rand(n, generator=g, device="cuda", dtype=torch.float64) * 2 - 1
    x = torch.where(v < 0, v / 2 - 0.5, v / 2 + 0.5)
    r = ((a64 - rebuilt) @ x).abs().max()
    return (r / (a64.abs().sum(dim=1).max() * x.abs().max() * n * u)).item()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="8192,16384")
    ap.add_argument("--precisions", default="fp64,fp32")
    ap.add_argument("--factorizations", default="lu,cholesky,qr")
    ap.add_argument("--backends", default="cusolver,magma")
    ap.add_argument("--experiments", type=int, default=3)
    ap.add_argument("-o", "--output", default="-")
    args = ap.parse_args()
    try:
        sizes = [int(s) for s in args.sizes.split(",")]
    except ValueError:
        ap.error(f"--sizes: not a list of integers: {args.sizes!r}")
    if args.experiments < 1 or min(sizes) < 1:
        ap.error("--experiments and every size must be 1 or more")
    import torch

    if not torch.cuda.is_available():
        print("dense_torch.py: no CUDA device", file=sys.stderr)
        return 77
    types = {"fp64": torch.float64, "fp32": torch.float32}
    out = sys.stdout if args.output == "-" else open(args.output + ".tmp", "w", newline="")
    w = csv.writer(out)
    w.writerow(["factorization", "method", "precision", "n", "seconds_min", "seconds_median", "gflops_per_s",
                "backward_error", "verified", "device", "torch"])
    failed = 0
    for prec in args.precisions.split(","):
        for n in sizes:
            for f in args.factorizations.split(","):
                a = matrix(torch, f, n, types[prec], n)
                for backend in args.backends.split(","):
                    torch.backends.cuda.preferred_linalg_library(backend)
                    times = []
                    res = None
                    for e in range(args.experiments + 1):  # the first is the warm-up
                        work = a.clone()
                        torch.cuda.synchronize()
                        t0, t1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                        t0.record()
                        res = factor(torch, f, work)
                        t1.record()
                        torch.cuda.synchronize()
                        if e:
                            times.append(t0.elapsed_time(t1) * 1e-3)
                    err = backward_error(torch, f, a, res)
                    ok = err <= BOUND
                    failed += not ok
                    times.sort()
                    w.writerow([f, "torch_" + backend, prec, n, f"{times[0]:.6g}", f"{times[len(times) // 2]:.6g}",
                                f"{FLOPS[f] * n ** 3 / times[0] * 1e-9:.6g}", f"{err:.3g}", int(ok),
                                torch.cuda.get_device_name(), torch.__version__])
                    out.flush()
                    del res
                del a
                torch.cuda.empty_cache()
    if out is not sys.stdout:
        import os

        out.close()
        os.replace(args.output + ".tmp", args.output)
    return 3 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
