#!/usr/bin/env python3
"""Writes the synthetic inputs of the driver's golden tests into golden/.

A made-up 4-core machine (L1 32K x 4, L2 1M x 4, L3 16M shared, 16 GiB), one
rank x 4 threads. Its curves have known plateaus: sum and triad step at every
cache, copy has no step between L2 and L3 (fewer plateaus than caches).
Numbers carry a fixed pattern of +-3% "noise". Run once; the outputs are
committed, and tests/driver_golden.sh compares rfl's results with expected/.
"""
import json
import math
import os

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")
os.makedirs(here, exist_ok=True)
threads = 4
caps = [32768, 1048576, 4194304]  # per-thread share of L1, L2, L3
noise = [1.0, 0.98, 1.02, 0.99, 1.01, 0.97, 1.03, 1.0, 0.985, 1.015, 0.995, 1.005, 0.975, 1.025, 1.0, 0.99]


def g(v):
    return "%.9g" % v


def level(x):
    for i, c in enumerate(caps):
        if x <= c:
            return i
    return 3


def curve(levels, steps):
    out, x, i = [], 4096.0, 0
    while x <= (64 << 20) * 1.0001:
        xi = int(round(x / 512)) * 512
        l = level(xi)
        y = levels[l]
        # the first point past a capacity lies half way: a transition
        if l > 0 and steps and xi / math.sqrt(2) <= caps[l - 1] * 1.01:
            y = math.sqrt(levels[l - 1] * levels[l])
        out.append((xi, y * noise[i % len(noise)]))
        x *= math.sqrt(2)
        i += 1
    return out


bw_cols = ("kernel,precision,isa,nontemporal,ranks,threads_per_rank,wss_bytes,wss_bytes_per_thread,hwloc_level,"
           "elems_per_thread,bytes_read_per_elem,bytes_written_per_elem,trials,experiments,bytes_per_sample,"
           "time_min_s,time_median_s,time_max_s,gbytes_per_s,gbytes_per_s_median,gbytes_per_s_worst,"
           "gbytes_per_s_with_write_allocate,verified")
kernels = [
    ("sum", 1, 0, 1, [400.0, 180.0, 90.0, 25.0], True),
    ("triad", 2, 1, 3, [520.0, 210.0, 105.0, 28.0], True),
    ("copy", 1, 1, 2, [430.0, 150.0, 150.0, 26.0], False),
]
with open(os.path.join(here, "bandwidth.csv"), "w") as f:
    f.write(bw_cols + "\n")
    for k, r, w, arrays, lv, steps in kernels:
        for x, y in curve(lv, steps):
            n = x // (arrays * 8)
            trials = max(1, int(2e8 // (x * threads)))
            nbytes = threads * n * 8 * (r + w) * trials
            t = nbytes / (y * 1e9)
            name = ["L1", "L2", "L3", "DRAM"][level(x)]
            f.write(",".join([k, "fp64", "avx2", "0", "1", str(threads), str(x * threads), str(x), name, str(n),
                              str(8 * r), str(8 * w), str(trials), "5", g(nbytes), g(t), g(t * 1.02), g(t * 1.1),
                              g(y), g(y / 1.02), g(y / 1.1), g(y * (r + 2 * w) / (r + w)), "1"]) + "\n")

meta = {
    "program": "rfl_bandwidth", "rfl_version": "0.1.0", "host": "golden", "date_utc": "2026-01-02T03:04:05Z",
    "command_line": ["/opt/rfl/rfl_bandwidth", "--quick", "-o", "bandwidth.csv"],
    "build": {"compiler": "cc", "cflags": "-O3", "openmp": 201511}, "mpi_library": "none",
    "status": "complete", "ranks": 1, "threads_per_rank": threads, "rank_placement": "rank0@golden",
    "topology": {"cpu_model": "Synthetic CPU 4000", "packages": 1, "cores": 4, "pus": 4, "numa_nodes": 1,
                 "memory_bytes": 17179869184,
                 "caches": [{"level": 1, "size_bytes": 32768, "instances": 4, "cores_sharing": 1},
                            {"level": 2, "size_bytes": 1048576, "instances": 4, "cores_sharing": 1},
                            {"level": 3, "size_bytes": 16777216, "instances": 1, "cores_sharing": 4}],
                 "rank0_cpuset": "0-3", "hwloc_version": "2.9.0"},
}
with open(os.path.join(here, "bandwidth.json"), "w") as f:
    json.dump(meta, f, indent=2)
    f.write("\n")

fl_cols = ("variant,isa,precision,unroll,ranks,threads_per_rank,wss_bytes,wss_bytes_per_thread,elems_per_thread,"
           "flops_per_elem,bytes_per_elem,arithmetic_intensity,trials,experiments,flops_per_sample,time_min_s,"
           "time_median_s,time_max_s,gflops_per_s,gflops_per_s_median,gflops_per_s_worst,gbytes_per_s,"
           "peak_gflops_per_s,fraction_of_peak,above_peak,model_gflops_per_s,verified,hwloc_level,kernel_form,"
           "clock_ghz,cores_used,isa_peak_gflops_per_s,fraction_of_isa_peak,model_bound")
clock = 3.0
with open(os.path.join(here, "flops.csv"), "w") as f:
    f.write(fl_cols + "\n")
    for variant, isa, unrolls in [("ref", "c", [1]), ("simd", "avx2", [1, 4])]:
        for prec, lanes in [("fp64", 4), ("fp32", 8)]:
            peak = 4 * clock * 2 * 2 * lanes  # cores x GHz x FMA pipes x 2 flops x lanes
            isa_peak = peak if variant == "simd" else 4 * clock * 2 * 2
            for u in unrolls:
                for i, fpe in enumerate([1, 2, 4, 8, 16, 32, 64, 128, 256]):
                    bpe = 16 if prec == "fp64" else 8
                    ai = fpe / bpe
                    model = min(isa_peak, ai * 480.0)
                    eff = (0.55 if u == 1 else 0.93) if variant == "simd" else 0.8
                    gf = min(model, isa_peak * eff) * noise[i % len(noise)]
                    n, trials = 2048, 1000
                    fl = 4 * n * fpe * trials
                    t = fl / (gf * 1e9)
                    f.write(",".join([variant, isa, prec, str(u), "1", "4", str(4 * n * bpe), str(n * bpe), str(n),
                                      str(fpe), str(bpe), g(ai), str(trials), "5", g(fl), g(t), g(t * 1.01),
                                      g(t * 1.05), g(gf), g(gf / 1.01), g(gf / 1.05), g(gf / ai), g(peak),
                                      g(gf / peak), "0", g(model), "1", "L1", "unrolled", g(clock), "4",
                                      g(isa_peak), g(gf / isa_peak), "fp" if model == isa_peak else "load"]) + "\n")
fmeta = dict(meta)
fmeta.update(program="rfl_flops", date_utc="2026-01-02T03:05:06Z",
             command_line=["/opt/rfl/rfl_flops", "--quick", "-o", "flops.csv"],
             peak={"isa": "avx2", "vector_bits": 256, "fma": True, "cores_used": 4, "clock_ghz": clock})
with open(os.path.join(here, "flops.json"), "w") as f:
    json.dump(fmeta, f, indent=2)
    f.write("\n")
with open(os.path.join(here, "applications.csv"), "w") as f:
    f.write("name,arithmetic_intensity,gflops_per_s,level,precision\n"
            "stencil,0.25,5.5,DRAM,fp64\n\"solver, sparse\",0.12,2.1,,\ndense GEMM,16,70,L2,fp64\n")
