#!/usr/bin/env python3
"""Writes likwid-icx-triad.csv: CONSTRUCTED, not recorded, likwid-perfctr output.

The development VM cannot read hardware counters (likwid-perfctr 5.2.2 there: "Unsupported AMD
Zen Processor ... Cannot get access to MSRs"), so this script writes what four runs of

    likwid-perfctr -O -o FILE.csv -C 0,1 -g GROUP -m ./app      (GROUP: FLOPS_DP, L2, L3, MEM)

would print on an Intel Ice Lake server, concatenated, for a made-up program with three marker
regions: `init` (stores only: no flops), `triad` (a[i] = b[i] + s * c[i], AVX-512, from DRAM) and
`dgemm` (512^3, from cache). The layout is likwid 5.2.2's own (/usr/share/lua/likwid.lua,
printOutput, printcsv, tableMinMaxAvgSum, num2str): one TABLE per region and group (Raw, Raw
STAT, Metric, Metric STAT), each transposed (a line per event or metric, a column per hardware
thread) and padded with commas; the events and metric formulas are those of
/usr/share/likwid/perfgroups/ICX/{FLOPS_DP,L2,L3,MEM}.txt. The counts are chosen, the metrics
computed from them by those formulas. Run once; the tests need no Python. Real output from a
machine with counters should replace it (tests/device/ for the lead).
"""
import math

CLOCK = 2.4e9          # likwid's CPU clock (RDTSC)
INV = 1 / CLOCK
CPUS = [0, 1]
CPU_NAME = "Intel(R) Xeon(R) Platinum 8360Y CPU @ 2.40GHz"
CPU_TYPE = "Intel Icelake SP processor"


def num2str(v):
    """likwid.num2str."""
    if isinstance(v, str):
        return v
    if v != v:
        return "nan"
    if v == 0:
        return "0"
    if float(v).is_integer():
        return str(int(v))
    s = "%.4f" % v
    if len(s) < 12 and float(s) != 0:
        return s
    return "%e" % v


def printcsv(tab, linelength, out):
    ncols, nlines = len(tab), len(tab[0])
    for j in range(nlines):
        s = ",".join(str(tab[i][j]) for i in range(ncols))
        if ncols < linelength:
            s += "," * (linelength - ncols)
        out.append(s)


def min_max_avg_sum(tab, skip_cols, skip_lines):
    """likwid's tableMinMaxAvgSum."""
    nlines = len(tab[0])
    mins, maxs, sums, avgs = ["Min"], ["Max"], ["Sum"], ["Avg"]
    for i in range(skip_lines, nlines):
        vals = []
        for j in range(skip_cols, len(tab)):
            try:
                vals.append(float(tab[j][i]))
            except ValueError:
                pass
        mins.append(num2str(min(vals) if vals else math.inf - 1))
        maxs.append(num2str(max(vals) if vals else 0))
        sums.append(num2str(sum(vals)))
        avgs.append(num2str(sum(vals) / (len(tab) - skip_cols)))
    out = [[tab[0][0]] + [name + " STAT" for name in tab[0][1:]]]
    for i in range(1, skip_cols):
        out.append(list(tab[i]))
    return out + [sums, mins, maxs, avgs]


def safe(f):
    try:
        v = f()
        return "-" if v != v else v
    except ZeroDivisionError:
        return "-"


GROUPS = {
    "FLOPS_DP": (
        ["FIXC0", "FIXC1", "FIXC2", "FIXC3", "PMC0", "PMC1", "PMC2", "PMC3"],
        ["INSTR_RETIRED_ANY", "CPU_CLK_UNHALTED_CORE", "CPU_CLK_UNHALTED_REF", "TOPDOWN_SLOTS",
         "FP_ARITH_INST_RETIRED_128B_PACKED_DOUBLE", "FP_ARITH_INST_RETIRED_SCALAR_DOUBLE",
         "FP_ARITH_INST_RETIRED_256B_PACKED_DOUBLE", "FP_ARITH_INST_RETIRED_512B_PACKED_DOUBLE"],
        [("DP [MFLOP/s]", lambda e, t: 1.0E-06 * (e["PMC0"] * 2.0 + e["PMC1"] + e["PMC2"] * 4.0 + e["PMC3"] * 8.0) / t),
         ("AVX DP [MFLOP/s]", lambda e, t: 1.0E-06 * (e["PMC2"] * 4.0 + e["PMC3"] * 8.0) / t),
         ("AVX512 DP [MFLOP/s]", lambda e, t: 1.0E-06 * (e["PMC3"] * 8.0) / t),
         ("Packed [MUOPS/s]", lambda e, t: 1.0E-06 * (e["PMC0"] + e["PMC2"] + e["PMC3"]) / t),
         ("Scalar [MUOPS/s]", lambda e, t: 1.0E-06 * e["PMC1"] / t),
         ("Vectorization ratio", lambda e, t: 100 * (e["PMC0"] + e["PMC2"] + e["PMC3"]) /
          (e["PMC0"] + e["PMC1"] + e["PMC2"] + e["PMC3"]))]),
    "L2": (
        ["FIXC0", "FIXC1", "FIXC2", "FIXC3", "PMC0", "PMC1", "PMC2"],
        ["INSTR_RETIRED_ANY", "CPU_CLK_UNHALTED_CORE", "CPU_CLK_UNHALTED_REF", "TOPDOWN_SLOTS",
         "L1D_REPLACEMENT", "L2_TRANS_L1D_WB", "ICACHE_64B_IFTAG_MISS"],
        [("L2D load bandwidth [MBytes/s]", lambda e, t: 1.0E-06 * e["PMC0"] * 64.0 / t),
         ("L2D load data volume [GBytes]", lambda e, t: 1.0E-09 * e["PMC0"] * 64.0),
         ("L2D evict bandwidth [MBytes/s]", lambda e, t: 1.0E-06 * e["PMC1"] * 64.0 / t),
         ("L2D evict data volume [GBytes]", lambda e, t: 1.0E-09 * e["PMC1"] * 64.0),
         ("L2 bandwidth [MBytes/s]", lambda e, t: 1.0E-06 * (e["PMC0"] + e["PMC1"] + e["PMC2"]) * 64.0 / t),
         ("L2 data volume [GBytes]", lambda e, t: 1.0E-09 * (e["PMC0"] + e["PMC1"] + e["PMC2"]) * 64.0)]),
    "L3": (
        ["FIXC0", "FIXC1", "FIXC2", "FIXC3", "PMC0", "PMC1", "PMC2", "PMC3"],
        ["INSTR_RETIRED_ANY", "CPU_CLK_UNHALTED_CORE", "CPU_CLK_UNHALTED_REF", "TOPDOWN_SLOTS",
         "L2_LINES_IN_ALL", "L2_TRANS_L2_WB", "L2_LINES_OUT_SILENT", "L2_LINES_OUT_NON_SILENT"],
        [("L3 load bandwidth [MBytes/s]", lambda e, t: 1.0E-06 * e["PMC0"] * 64.0 / t),
         ("L3 load data volume [GBytes]", lambda e, t: 1.0E-09 * e["PMC0"] * 64.0),
         ("L3 evict bandwidth [MBytes/s]", lambda e, t: 1.0E-06 * e["PMC3"] * 64.0 / t),
         ("L3 evict data volume [GBytes]", lambda e, t: 1.0E-09 * e["PMC3"] * 64.0),
         ("L3|MEM evict bandwidth [MBytes/s]", lambda e, t: 1.0E-06 * e["PMC1"] * 64.0 / t),
         ("L3|MEM evict data volume [GBytes]", lambda e, t: 1.0E-09 * e["PMC1"] * 64.0),
         ("Dropped CLs bandwidth [MBytes/s]", lambda e, t: 1.0E-6 * e["PMC2"] * 64.0 / t),
         ("Dropped CLs data volume [GBytes]", lambda e, t: 1.0E-9 * e["PMC2"] * 64.0),
         ("L3 bandwidth [MBytes/s]", lambda e, t: 1.0E-06 * (e["PMC0"] + e["PMC1"]) * 64.0 / t),
         ("L3 data volume [GBytes]", lambda e, t: 1.0E-09 * (e["PMC0"] + e["PMC1"]) * 64.0)]),
    "MEM": (
        ["FIXC0", "FIXC1", "FIXC2", "FIXC3"] + ["MBOX%dC%d" % (b, c) for b in range(8) for c in (0, 1)],
        ["INSTR_RETIRED_ANY", "CPU_CLK_UNHALTED_CORE", "CPU_CLK_UNHALTED_REF", "TOPDOWN_SLOTS"] +
        ["CAS_COUNT_RD" if c == 0 else "CAS_COUNT_WR" for b in range(8) for c in (0, 1)],
        [("Memory read bandwidth [MBytes/s]", lambda e, t: 1.0E-06 * sum(e["MBOX%dC0" % b] for b in range(8)) * 64.0 / t),
         ("Memory read data volume [GBytes]", lambda e, t: 1.0E-09 * sum(e["MBOX%dC0" % b] for b in range(8)) * 64.0),
         ("Memory write bandwidth [MBytes/s]", lambda e, t: 1.0E-06 * sum(e["MBOX%dC1" % b] for b in range(8)) * 64.0 / t),
         ("Memory write data volume [GBytes]", lambda e, t: 1.0E-09 * sum(e["MBOX%dC1" % b] for b in range(8)) * 64.0),
         ("Memory bandwidth [MBytes/s]", lambda e, t: 1.0E-06 * sum(e["MBOX%dC%d" % (b, c)] for b in range(8) for c in (0, 1)) * 64.0 / t),
         ("Memory data volume [GBytes]", lambda e, t: 1.0E-09 * sum(e["MBOX%dC%d" % (b, c)] for b in range(8) for c in (0, 1)) * 64.0)]),
}
COMMON = [("Runtime (RDTSC) [s]", lambda e, t: t),
          ("Runtime unhalted [s]", lambda e, t: e["FIXC1"] * INV),
          ("Clock [MHz]", lambda e, t: 1.E-06 * (e["FIXC1"] / e["FIXC2"]) / INV),
          ("CPI", lambda e, t: e["FIXC1"] / e["FIXC0"])]

# The regions: per hardware thread its runtime, its calls, the flops it did (split by
# instruction width) and the cache lines it moved at each level.
N_TRIAD = 1 << 23   # doubles per thread per call
REGIONS = [
    # name, calls, runtime per thread (s), flops per thread by width {scalar, 512}, lines (L2, L3, DRAM) per thread
    ("init", 1, [0.061235, 0.061187], {"scalar": 0, "512": 0},
     (3 * N_TRIAD * 8 // 64, 3 * N_TRIAD * 8 // 64, 3 * N_TRIAD * 8 // 64)),
    ("triad", 10, [0.201874, 0.202315], {"scalar": 0, "512": 2 * N_TRIAD * 10},
     (4 * N_TRIAD * 8 * 10 // 64, 4 * N_TRIAD * 8 * 10 // 64, 4 * N_TRIAD * 8 * 10 // 64)),
    ("dgemm", 4, [0.021516, 0.021722], {"scalar": 4096, "512": 2 * 512 ** 3 * 4 // 2},
     (12_500_000, 3_200_000, 100_000)),
]


def events(group, calls, t, flops, lines, thread):
    cyc = round(t * CLOCK * 1.3)   # turbo: core clock 3.12 GHz
    e = {"FIXC0": round(cyc * 1.7), "FIXC1": cyc, "FIXC2": round(t * CLOCK), "FIXC3": 5 * cyc}
    if group == "FLOPS_DP":
        e.update(PMC0=0, PMC1=flops["scalar"], PMC2=0, PMC3=flops["512"] // 8)
    elif group == "L2":
        e.update(PMC0=lines[0] * 3 // 4, PMC1=lines[0] - lines[0] * 3 // 4, PMC2=1117 + 13 * thread)
    elif group == "L3":
        e.update(PMC0=lines[1] * 3 // 4, PMC1=lines[1] - lines[1] * 3 // 4, PMC2=7 * lines[1] // 100,
                 PMC3=lines[1] // 5)
    else:  # uncore: the socket's first thread reads the memory controllers, the other 0
        rd, wr = lines[2] * 3 // 4, lines[2] - lines[2] * 3 // 4
        for b in range(8):
            e["MBOX%dC0" % b] = (rd * 2 // 8 if thread == 0 else 0)
            e["MBOX%dC1" % b] = (wr * 2 // 8 if thread == 0 else 0)
    return e


def run(group, out):
    counters, names, metrics = GROUPS[group]
    for name, calls, times, flops, lines in REGIONS:
        evs = [events(group, calls, times[i], flops, lines, i) for i in range(len(CPUS))]
        infotab = [["Region Info", "RDTSC Runtime [s]", "call count"]] + \
            [["HWThread %d" % c, "%.6f" % times[i], str(calls)] for i, c in enumerate(CPUS)]
        first = [["Event"] + names, ["Counter"] + counters] + \
            [["HWThread %d" % c] + [num2str(float(evs[i][k])) for k in counters] for i, c in enumerate(CPUS)]
        first_c = min_max_avg_sum(first, 2, 1)
        allm = COMMON + metrics
        second = [["Metric"] + [m for m, _ in allm]] + \
            [["HWThread %d" % c] + [num2str(safe(lambda f=f: f(evs[i], times[i]))) for _, f in allm]
             for i, c in enumerate(CPUS)]
        second_c = min_max_avg_sum(second, 1, 1)
        width = max(len(first), len(first_c), len(second), len(second_c))
        out.append("STRUCT,Info,3" + "," * (width - 3))
        out.append("CPU name:,%s" % CPU_NAME + "," * (width - 2))
        out.append("CPU type:,%s" % CPU_TYPE + "," * (width - 2))
        out.append("CPU clock:,%s GHz" % ("%.14g" % (CLOCK * 1e-9)) + "," * (width - 2))
        out.append("TABLE,Region %s,Group 1 Raw,%s,%d" % (name, group, len(first[0]) - 1) + "," * (width - 5))
        printcsv(infotab, width, out)
        printcsv(first, width, out)
        out.append("TABLE,Region %s,Group 1 Raw STAT,%s,%d" % (name, group, len(first_c[0]) - 1) + "," * (width - 5))
        printcsv(first_c, width, out)
        out.append("TABLE,Region %s,Group 1 Metric,%s,%d" % (name, group, len(second[0]) - 1) + "," * (width - 5))
        printcsv(second, width, out)
        out.append("TABLE,Region %s,Group 1 Metric STAT,%s,%d" % (name, group, len(second_c[0]) - 1) + "," * (width - 5))
        printcsv(second_c, width, out)


if __name__ == "__main__":
    lines = []
    for g in ("FLOPS_DP", "L2", "L3", "MEM"):
        run(g, lines)
    with open("likwid-icx-triad.csv", "w") as f:
        f.write("\n".join(lines) + "\n")
