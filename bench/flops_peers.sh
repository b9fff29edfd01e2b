#!/bin/sh
# rfl_flops beside its peers, in one run: the SIMD peak (FP64 and FP32) and
# compiled C, the theoretical peak from the measured clock, and OpenBLAS
# DGEMM/SGEMM at a large size; plus the threads x unroll table (Lo et al.
# Fig. 4) and GFLOP/s against FPE with the issue-rate model (Fig. 5).
#
# Usage: bench/flops_peers.sh [OUTDIR]      (default results/flops-$(hostname), git-ignored)
# Writes into OUTDIR: flops_fpe.csv/.json (the FPE sweep), flops_peak.csv/.json (the peak: long
# samples), flops_threads_unroll.csv/.json (threads x unroll at high FPE), gemm.csv (OpenBLAS), peers.csv (the side-by-side
# table) and peers.md (what goes to stdout: markdown tables).
#
# Environment:
#   RFL_FLOPS        the rfl_flops binary (default: ./rfl_flops, else next to this script's ..)
#   RFL_MPIRUN       a launcher prefix for rfl_flops, e.g. "mpirun -n 2" (default: none)
#   RFL_FLOPS_ARGS   extra options for both rfl_flops runs (e.g. "--threads 16")
#   CC               compiler for openblas_gemm.c (default: the build's, else cc)
#   OPENBLAS_INC, OPENBLAS_LIB   where cblas.h and libopenblas are, if not in the usual places
#   GEMM_N           matrix size (default 4096, 8192 with 8 cores or more)
#   GEMM_REPS        timed GEMM calls, best kept (default 3)
#   GEMM_THREADS     OpenBLAS threads (default: the physical cores of this machine)
#   RFL_BENCH_QUICK  1: a tiny configuration that only checks the script works
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
host=$(hostname 2>/dev/null || echo host)
outdir=${1:-results/flops-$host}
mkdir -p "$outdir" || { echo "flops_peers: cannot create $outdir" >&2; exit 1; }
outdir=$(cd "$outdir" && pwd)

die() { echo "flops_peers: $*" >&2; exit 1; }
say() { echo "flops_peers: $*" >&2; }

# ---- the programs ----------------------------------------------------------
if [ -z "${RFL_FLOPS:-}" ]; then
    for cand in ./rfl_flops "$top/rfl_flops"; do
        [ -x "$cand" ] && { RFL_FLOPS=$cand; break; }
    done
fi
[ -n "${RFL_FLOPS:-}" ] && [ -x "$RFL_FLOPS" ] ||
    die "rfl_flops not found: build it (make rfl_flops) and run from the build directory, or set RFL_FLOPS"
RFL_FLOPS=$(cd "$(dirname "$RFL_FLOPS")" && pwd)/$(basename "$RFL_FLOPS")
builddir=$(dirname "$RFL_FLOPS")
mpirun=${RFL_MPIRUN:-}
extra=${RFL_FLOPS_ARGS:-}
# Physical cores (SMT siblings share the FMA pipes): what rfl_flops uses by default.
cores=$(lscpu -p=core,socket 2>/dev/null | grep -v '^#' | sort -u | wc -l)
[ "${cores:-0}" -ge 1 ] 2>/dev/null || cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)

quick=${RFL_BENCH_QUICK:-0}
if [ "$quick" = 1 ]; then
    fpe_args="--fpe 1,16,256 --unroll 1,16 --min-time 0.0005 --experiments 2"
    tu_args="--fpe 256 --unroll 1,16 --min-time 0.0005 --experiments 2"
    peak_args="--variant simd --fpe 256 --unroll 16 --min-time 0.0005 --experiments 2"
    gemm_n=${GEMM_N:-256}
    gemm_reps=${GEMM_REPS:-1}
else
    fpe_args=""
    tu_args="--fpe 1024"
    peak_args="--variant simd --fpe 512,1024 --unroll 8,16 --min-time 0.01 --experiments 20"
    if [ "$cores" -ge 8 ]; then gemm_n=${GEMM_N:-8192}; else gemm_n=${GEMM_N:-4096}; fi
    gemm_reps=${GEMM_REPS:-3}
fi

# ---- 1. GFLOP/s against FPE, both variants and precisions -----------------
say "FPE sweep -> $outdir/flops_fpe.csv"
# shellcheck disable=SC2086
$mpirun "$RFL_FLOPS" $fpe_args $extra -o "$outdir/flops_fpe.csv" 2>"$outdir/flops_fpe.log" ||
    die "rfl_flops (FPE sweep) failed: $(tail -n 3 "$outdir/flops_fpe.log")"

# ---- 1b. the peak: the widest ISA's deepest unroll at high FPE, long samples, many of them --
# The best of many 10 ms samples, each row against the clock measured just before and after it:
# on a shared host whose clock moves, this is the figure that stands for the machine's peak.
say "peak -> $outdir/flops_peak.csv"
# shellcheck disable=SC2086
$mpirun "$RFL_FLOPS" $peak_args $extra -o "$outdir/flops_peak.csv" 2>"$outdir/flops_peak.log" ||
    die "rfl_flops (peak) failed: $(tail -n 3 "$outdir/flops_peak.log")"

# ---- 2. threads x unroll at high FPE -----------------------------------------
say "threads x unroll -> $outdir/flops_threads_unroll.csv"
# shellcheck disable=SC2086
$mpirun "$RFL_FLOPS" --thread-sweep $tu_args $extra -o "$outdir/flops_threads_unroll.csv" \
    2>"$outdir/flops_threads_unroll.log" ||
    die "rfl_flops (thread sweep) failed: $(tail -n 3 "$outdir/flops_threads_unroll.log")"

# ---- 3. OpenBLAS GEMM -------------------------------------------------------
if [ -z "${CC:-}" ] && [ -r "$builddir/Makefile" ]; then
    CC=$(sed -n 's/^CC = //p' "$builddir/Makefile" | head -n 1)
fi
CC=${CC:-cc}
inc=${OPENBLAS_INC:-}
if [ -z "$inc" ]; then
    for d in /usr/include/x86_64-linux-gnu/openblas-pthread /usr/include/aarch64-linux-gnu/openblas-pthread \
        /usr/include/openblas /opt/OpenBLAS/include /usr/local/include /usr/include/x86_64-linux-gnu /usr/include; do
        [ -r "$d/cblas.h" ] && { inc=$d; break; }
    done
fi
lib=${OPENBLAS_LIB:-}
if [ -z "$lib" ]; then
    for d in /usr/lib/x86_64-linux-gnu/openblas-pthread /usr/lib/aarch64-linux-gnu/openblas-pthread \
        /opt/OpenBLAS/lib /usr/local/lib /usr/lib64 /usr/lib/x86_64-linux-gnu /usr/lib; do
        ls "$d"/libopenblas.so* >/dev/null 2>&1 && { lib=$d; break; }
    done
fi
gemm_bin=$outdir/.openblas_gemm
gemm_csv=$outdir/gemm.csv
gemm_note=
if [ -n "$inc" ] && [ -n "$lib" ] &&
    $CC -O2 -I"$inc" "$here/openblas_gemm.c" -o "$gemm_bin" -L"$lib" -Wl,-rpath,"$lib" -lopenblas -lm \
        2>"$outdir/gemm_build.log"; then
    threads=${GEMM_THREADS:-$cores}
    say "OpenBLAS DGEMM/SGEMM N=$gemm_n, $threads threads ($CC, cblas.h from $inc)"
    {
        OPENBLAS_NUM_THREADS=$threads "$gemm_bin" -H d "$gemm_n" "$gemm_reps" &&
            OPENBLAS_NUM_THREADS=$threads "$gemm_bin" s "$gemm_n" "$gemm_reps"
    } >"$gemm_csv" 2>"$outdir/gemm.log" || die "openblas_gemm failed: $(tail -n 3 "$outdir/gemm.log")"
    rm -f "$gemm_bin"
else
    gemm_note="OpenBLAS not found (cblas.h: ${inc:-none}, libopenblas: ${lib:-none}; apt-get install libopenblas-dev, or set OPENBLAS_INC/OPENBLAS_LIB)"
    say "$gemm_note"
    echo "routine,precision,n,threads,reps,time_min_s,gflops_per_s,verified" >"$gemm_csv"
fi

# ---- 4. the tables ------------------------------------------------------------
# col FILE NAME: the column index of NAME in FILE's header.
col() { head -n 1 "$1" | tr ',' '\n' | awk -v n="$2" '$0 == n { print NR; exit }'; }

fpe_csv=$outdir/flops_fpe.csv
tu_csv=$outdir/flops_threads_unroll.csv
peak_csv=$outdir/flops_peak.csv
peers_csv=$outdir/peers.csv
md=$outdir/peers.md

# best VARIANT PRECISION: "gflops fraction isa unroll fpe threads peak clock cores" of the fastest
# row of the FPE sweep and the peak run; fraction and peak are that row's own (its clock).
best()
{
    awk -F, -v v="$1" -v p="$2" '
        FNR == 1 { delete c; for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["variant"] == v && $c["precision"] == p && $c["gflops_per_s"] + 0 > g {
            g = $c["gflops_per_s"] + 0
            out = sprintf("%.1f %.3f %s %s %s %s %.1f %.3f %s", g, $c["fraction_of_peak"], $c["isa"], $c["unroll"],
                          $c["flops_per_elem"], $c["threads_per_rank"] * $c["ranks"], $c["peak_gflops_per_s"],
                          $c["clock_ghz"], $c["cores_used"])
        }
        END { print (out == "" ? "- - - - - - - - -" : out) }' "$fpe_csv" $peak_csv
}
gemm()
{
    awk -F, -v p="$1" 'NR > 1 && $2 == p { printf "%.1f %s %s\n", $7, $3, $4; found = 1 } END { if (!found) print "- - -" }' "$gemm_csv"
}

set -- $(best simd fp64); s64=$1 sf64=$2 sisa=$3 su64=$4 sfpe64=$5 peak64=$7 clock=$8 cores_used=$9
set -- $(best simd fp32); s32=$1 sf32=$2 su32=$4 sfpe32=$5 peak32=$7 clock32=$8
set -- $(best ref fp64); r64=$1 rf64=$2 rfpe64=$5
set -- $(best ref fp32); r32=$1 rf32=$2 rfpe32=$5
set -- $(gemm fp64); g64=$1 gn=$2 gthreads=$3
set -- $(gemm fp32); g32=$1
frac() { awk -v a="$1" -v b="$2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.3f", a / b; else printf "-" }'; }
fpc64=$(awk -v p="$peak64" -v c="$clock" -v n="$cores_used" 'BEGIN { if (c * n > 0) printf "%.3g", p / c / n; else printf "-" }')
cpu=$(awk -F'"' '/"microarchitecture"/ { print $4; exit }' "$outdir/flops_fpe.json" 2>/dev/null)
model=$(awk -F'"' '/"cpu_model"/ { print $4; exit }' "$outdir/flops_fpe.json" 2>/dev/null)

{
    echo "routine,precision,gflops_per_s,fraction_of_peak,detail"
    echo "theoretical_peak,fp64,$peak64,1,$cores_used cores x $clock GHz (measured) x $fpc64 flops/cycle"
    echo "theoretical_peak,fp32,$peak32,1,"
    echo "rfl_flops_simd,fp64,$s64,$(frac "$s64" "$peak64"),$sisa unroll $su64 FPE $sfpe64"
    echo "rfl_flops_simd,fp32,$s32,$(frac "$s32" "$peak32"),$sisa unroll $su32 FPE $sfpe32"
    echo "rfl_flops_ref,fp64,$r64,$(frac "$r64" "$peak64"),compiled C FPE $rfpe64"
    echo "rfl_flops_ref,fp32,$r32,$(frac "$r32" "$peak32"),compiled C FPE $rfpe32"
    echo "openblas_dgemm,fp64,$g64,$(frac "$g64" "$peak64"),N=$gn $gthreads threads"
    echo "openblas_sgemm,fp32,$g32,$(frac "$g32" "$peak32"),N=$gn $gthreads threads"
} >"$peers_csv"

{
    echo "### rfl_flops and peers on $host${model:+ ($model)}${cpu:+, $cpu}"
    echo
    echo "Launcher: ${mpirun:-none}; $cores_used cores; the peak is each best row's own: cores x the clock"
    echo "measured (all threads busy) just before and after that row, $clock GHz (FP64) and $clock32 GHz (FP32)."
    [ -n "$gemm_note" ] && echo "$gemm_note."
    echo
    echo "| | FP64 GFLOP/s | of peak | FP32 GFLOP/s | of peak | at |"
    echo "|---|---:|---:|---:|---:|---|"
    echo "| theoretical peak (measured clock) | $peak64 | 1.000 | $peak32 | 1.000 | $cores_used x $clock GHz x $fpc64 flop/cycle (FP64) |"
    echo "| rfl_flops simd ($sisa) | $s64 | $(frac "$s64" "$peak64") | $s32 | $(frac "$s32" "$peak32") | unroll $su64/$su32, FPE $sfpe64/$sfpe32 |"
    echo "| rfl_flops ref (compiled C) | $r64 | $(frac "$r64" "$peak64") | $r32 | $(frac "$r32" "$peak32") | FPE $rfpe64/$rfpe32 |"
    echo "| OpenBLAS DGEMM / SGEMM | $g64 | $(frac "$g64" "$peak64") | $g32 | $(frac "$g32" "$peak32") | N = $gn, $gthreads threads |"
    echo
    for prec in fp64 fp32; do
        fpe=$(awk -F, -v k="$(col "$tu_csv" flops_per_elem)" 'NR > 1 { print $k; exit }' "$tu_csv")
        echo "#### Threads x unroll, $prec, FPE $fpe: GFLOP/s (fraction of peak)"
        echo
        awk -F, -v p="$prec" '
            NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
            $c["precision"] != p { next }
            {
                t = $c["threads_per_rank"] * $c["ranks"]
                u = $c["variant"] == "ref" ? "ref" : $c["unroll"]
                v[t, u] = sprintf("%.1f (%.2f)", $c["gflops_per_s"], $c["fraction_of_peak"])
                if (!(t in seen_t)) { seen_t[t] = 1; ts[++nt] = t }
                if (!(u in seen_u)) { seen_u[u] = 1; us[++nu] = u }
            }
            END {
                # unrolls ascending, ref last
                for (i = 1; i <= nu; i++) for (j = i + 1; j <= nu; j++)
                    if ((us[i] == "ref") || (us[j] != "ref" && us[j] + 0 < us[i] + 0)) { x = us[i]; us[i] = us[j]; us[j] = x }
                for (i = 1; i <= nt; i++) for (j = i + 1; j <= nt; j++)
                    if (ts[j] + 0 < ts[i] + 0) { x = ts[i]; ts[i] = ts[j]; ts[j] = x }
                line = "| threads |"; sep = "|---:|"
                for (j = 1; j <= nu; j++) { line = line (us[j] == "ref" ? " ref (C)" : " unroll " us[j]) " |"; sep = sep "---:|" }
                print line; print sep
                for (i = 1; i <= nt; i++) {
                    line = "| " ts[i] " |"
                    for (j = 1; j <= nu; j++) line = line " " ((ts[i], us[j]) in v ? v[ts[i], us[j]] : "-") " |"
                    print line
                }
            }' "$tu_csv"
        echo
    done
    for prec in fp64 fp32; do
        echo "#### GFLOP/s against FPE, $prec (simd: best unroll; model: issue-rate, Sec. 5.3)"
        echo
        awk -F, -v p="$prec" '
            NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
            $c["precision"] != p { next }
            {
                f = $c["flops_per_elem"] + 0; g = $c["gflops_per_s"] + 0
                if (!(f in seen)) { seen[f] = 1; fs[++nf] = f }
                if ($c["variant"] == "ref") { ref[f] = g; refm[f] = $c["model_gflops_per_s"] }
                else if (g > simd[f]) { simd[f] = g; simdm[f] = $c["model_gflops_per_s"]; su[f] = $c["unroll"]; b[f] = $c["model_bound"] }
                peak = $c["peak_gflops_per_s"]
            }
            END {
                for (i = 1; i <= nf; i++) for (j = i + 1; j <= nf; j++) if (fs[j] < fs[i]) { x = fs[i]; fs[i] = fs[j]; fs[j] = x }
                print "| FPE | ref GFLOP/s | ref model | simd GFLOP/s | unroll | simd model | bound | peak |"
                print "|---:|---:|---:|---:|---:|---:|---|---:|"
                for (i = 1; i <= nf; i++) {
                    f = fs[i]
                    printf "| %d | %s | %s | %s | %s | %s | %s | %.1f |\n", f,
                        (f in ref) ? sprintf("%.1f", ref[f]) : "-", (f in refm) ? sprintf("%.1f", refm[f]) : "-",
                        (f in simd) ? sprintf("%.1f", simd[f]) : "-", (f in su) ? su[f] : "-",
                        (f in simdm) ? sprintf("%.1f", simdm[f]) : "-", (f in b) ? b[f] : "-", peak
                }
            }' "$fpe_csv"
        echo
    done
    echo "Files: flops_fpe.csv, flops_peak.csv, flops_threads_unroll.csv (rfl_flops, columns in docs/FORMAT.md), gemm.csv, peers.csv."
} >"$md"
cat "$md"
