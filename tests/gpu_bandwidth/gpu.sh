# rfl_gpu_bandwidth end to end on a GPU (skips without one): a tiny sweep of
# every kernel, access and precision; the CSV matches docs/FORMAT.md, rows
# are whole, verified and positive; the sidecar is complete; a corrupted
# result ends the run with exit 3.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/lib.sh"
cuda_sanitizer_options
require_gpu "$RFL_GPU_BANDWIDTH"

tiny="--wss 64K:4M --growth 4 --experiments 2 --min-time 0.002 --threads-per-block 256 --blocks max,2x"
out=$tmp/bw.csv
expect_exit 0 "tiny sweep" "$RFL_GPU_BANDWIDTH" $tiny -o "$out"
[ ! -s "$tmp/out" ] || fail "the sweep wrote to stdout (diagnostics belong on stderr)"
check_header "$out" gpu gpu_bandwidth.csv
check_verified "$out"
check_positive "$out" time_min_s time_median_s time_max_s gbytes_per_s gbytes_per_s_median gbytes_per_s_worst
# has_rows KERNELS ACCESSES PRECISIONS LAUNCH: rows in $out of every kernel x access x
# precision (lists by spaces), its launch column matching LAUNCH (a bracket expression).
has_rows()
{
    for kernel in $1; do
        for access in $2; do
            for prec in $3; do
                grep -q ",$kernel,$4,$access,$prec," "$out" || fail "no rows for $kernel $access $prec"
            done
        done
    done
}
has_rows "global_inside global_launch shared_blocked global_stream" "read rmw" "fp64 fp32" "[A-C-]"
grep -q ",memcpy_d2d,-,copy,," "$out" || fail "no memcpy_d2d rows"
has_rows global_bulk read "fp64 fp32" "[-]"
! grep -q ",global_bulk,-,rmw," "$out" || fail "global_bulk has rmw rows (it only reads)"
# Issue 14: store-only and copy accesses of global_inside and global_stream,
# and the chunk kernels (L2, L1), read only.
has_rows "global_inside global_stream" "write copy" "fp64 fp32" "[A-]"
for kernel in l2_chunks l1_set l2_own l2_waves; do
    has_rows "$kernel" read "fp64 fp32" "[-]"
    ! grep -q -e ",$kernel,-,rmw," -e ",$kernel,-,write," -e ",$kernel,-,copy," "$out" ||
        fail "$kernel has rows of an access other than read"
done
! grep -q -e ",shared_blocked,C,write," -e ",global_launch,B,copy," "$out" || fail "write or copy rows of a kernel without them"
# global_cs: write and copy with streaming stores (st.global.cs), nothing else.
for access in write copy; do
    for prec in fp64 fp32; do
        grep -q ",global_cs,-,$access,$prec," "$out" || fail "no rows for global_cs $access $prec"
    done
done
! grep -q -e ",global_cs,-,read," -e ",global_cs,-,rmw," "$out" || fail "global_cs has read or rmw rows (it only stores)"
# Bytes counted: write stores the working set, copy reads one half and
# writes the other (the whole working set), the chunk kernels load the data
# set a whole number of times (their replicas) per trial.
[ "$(csv_count "$out" '$col["scope"] == "gpu" && ($col["access"] == "write" || $col["access"] == "copy") && $col["kernel"] != "memcpy_d2d" && $col["bytes_per_trial"] + 0 != $col["wss_bytes"] + 0')" -eq 0 ] ||
    fail "a write or copy row does not count its working set once per trial"
[ "$(csv_count "$out" '$col["kernel"] == "l2_chunks" && $col["scope"] == "gpu" && ($col["bytes_per_trial"] % $col["wss_bytes"] != 0 || $col["bytes_per_trial"] + 0 < $col["wss_bytes"] + 0)')" -eq 0 ] ||
    fail "an l2_chunks row counts a bytes_per_trial that is not a multiple of its data set"
[ "$(csv_count "$out" '$col["kernel"] == "l2_chunks" && $col["tile_bytes"] != 524288')" -eq 0 ] ||
    fail "l2_chunks rows without their 512K chunk in tile_bytes"
# l2_own: each block reads its own chunk once per trial, so a trial loads
# the data set exactly once; no tile; within the L2 (the stand-in's 1 MiB) its level is l2.
[ "$(csv_count "$out" '$col["kernel"] == "l2_own" && $col["scope"] == "gpu" && ($col["bytes_per_trial"] + 0 != $col["wss_bytes"] + 0 || $col["tile_bytes"] != 0)')" -eq 0 ] ||
    fail "an l2_own row does not count its data set once per trial"
[ "$(csv_count "$out" '$col["kernel"] == "l2_own" && $col["wss_bytes"] <= 1048576 && $col["level"] != "l2"')" -eq 0 ] ||
    fail "an l2_own row within the L2 is not level l2"
# l2_waves: a trial reads every vector once (its grid is trials x chunks),
# never past the L2 (the device's: the stand-in's 1 MiB, a GPU's from the
# sidecar), one launch shape per thread count.
[ "$(csv_count "$out" '$col["kernel"] == "l2_waves" && $col["scope"] == "gpu" && ($col["bytes_per_trial"] + 0 != $col["wss_bytes"] + 0 || $col["tile_bytes"] != 0 || $col["level"] != "l2")')" -eq 0 ] ||
    fail "an l2_waves row does not count its data set once per trial, or is not level l2"
l2=$(json_eval "$tmp/bw.json" "d['gpus'][0]['device']['l2_bytes']")
[ "$(csv_count "$out" '$col["kernel"] == "l2_waves" && $col["wss_bytes"] > '"$l2")" -eq 0 ] || fail "l2_waves ran past the L2 ($l2 bytes)"
# global_cs skips L1: within the L2 its level is l2, past it device_memory.
[ "$(csv_count "$out" '$col["kernel"] == "global_cs" && $col["level"] != ($col["wss_bytes"] <= '"$l2"' ? "l2" : "device_memory")')" -eq 0 ] ||
    fail "a global_cs row's level is not l2 within the L2 ($l2 bytes) and device_memory past it"
[ "$(csv_count "$out" '$col["kernel"] == "l2_waves" && $col["blocks_spec"] == "2x"')" -eq 0 ] ||
    fail "l2_waves ran a second blocks spec (its grid is trials x chunks)"
[ "$(csv_count "$out" '$col["kernel"] == "l1_set" && $col["wss_bytes"] <= 65536 && $col["level"] != "l1"')" -eq 0 ] ||
    fail "an l1_set row within one SM's L1 is not level l1"
# Both grids ran: the resident maximum and 2 blocks per SM.
[ "$(csv_column "$out" blocks_spec | sort -u | grep -c -x -e max -e 2x)" -eq 2 ] || fail "blocks_spec lacks max or 2x"
# Kernels with the trials inside record the SM clock: each kernel on some
# rows (a row whose in-kernel window was under 0.5 ms has none, as when
# other processes share the GPU: the device's make check -j8 had one).
for kernel in global_inside shared_blocked; do
    [ "$(csv_count "$out" '$col["kernel"] == "'$kernel'" && $col["sm_clock_mhz"] + 0 > 0')" -gt 0 ] ||
        fail "no $kernel row with an sm_clock_mhz"
done
bad=$(awk -F, 'NR > 1 && $24 != "" && $24 !~ /^[0-9.]+$/ { print; exit }' "$out")
[ -z "$bad" ] || fail "an sm_clock_mhz that is not a number in: $bad"
grep -q "evidence: device_memory_vs_datasheet\|evidence: device " "$tmp/err" || fail "no evidence lines on stderr"
check_sidecar "$tmp/bw.json" rfl_gpu_bandwidth cuda gpus sweep kernels evidence

# A wrong value after timing must fail the run, for rmw, read and the copy.
for case in "global_inside rmw" "global_stream read" "global_bulk read" "memcpy_d2d read" "global_inside write" \
    "global_stream copy" "l2_chunks read" "l1_set read" "l2_own read" "l2_waves read" "global_cs write" \
    "global_cs copy"; do
    set -- $case
    expect_exit 3 "--inject-fault $case" "$RFL_GPU_BANDWIDTH" --wss 64K:64K --experiments 1 --min-time 0.0001 -t 256 \
        -k "$1" -a "$2" -p fp32 --inject-fault -o "$tmp/fault.csv"
    grep -q "verification failed" "$tmp/err" || fail "--inject-fault $case: no 'verification failed' message"
done

# Without -t, l1_set runs its own block size (128 threads), the others the
# default list; -t sets l1_set's too (the tiny sweep's 256 above).
expect_exit 0 "l1_set's own block size" "$RFL_GPU_BANDWIDTH" --wss 64K:64K --experiments 1 --min-time 0.0001 \
    -k l1_set,global_inside -a read -p fp32 -o "$tmp/l1.csv"
[ "$(csv_count "$tmp/l1.csv" '$col["kernel"] == "l1_set" && $col["threads_per_block"] != 128')" -eq 0 ] &&
    [ "$(csv_count "$tmp/l1.csv" '$col["kernel"] == "l1_set"')" -ge 1 ] ||
    fail "l1_set without -t: rows at other than 128 threads per block, or none"
[ "$(csv_column "$tmp/l1.csv" threads_per_block | sort -u | tr '\n' ' ')" = "1024 128 256 " ] ||
    fail "without -t: threads per block $(csv_column "$tmp/l1.csv" threads_per_block | sort -u | tr '\n' ' '), not 128 (l1_set), 256 and 1024"
[ "$(csv_count "$out" '$col["kernel"] == "l1_set" && $col["threads_per_block"] != 256')" -eq 0 ] ||
    fail "l1_set with -t 256 ran another block size"

# --unroll auto (the default): 8 loads in flight for l2_own, 16 for l2_waves.
grep -q '"unroll": 8' "$tmp/bw.json" && grep -q '"l2_waves_unroll": 16' "$tmp/bw.json" ||
    fail "the sidecar does not record the default unrolls (l2_own 8, l2_waves 16)"
# l2_own's knobs: every unroll and both loads run and verify (the sidecar
# records them); 16 loads in flight take at most 512 threads, and more is a
# usage error that writes nothing; a bad value is a usage error.
for u in 4 8 16; do
    for ld in cg nc; do
        expect_exit 0 "l2_own --unroll $u --l2-loads $ld" "$RFL_GPU_BANDWIDTH" --wss 64K:1M -g 4 --experiments 1 \
            --min-time 0.0001 -t 256,512 -b max,1x -k l2_own -a read --unroll $u --l2-loads $ld -o "$tmp/own.csv"
        check_verified "$tmp/own.csv"
        [ "$(csv_count "$tmp/own.csv" '$col["kernel"] == "l2_own" && $col["scope"] == "gpu"')" -ge 12 ] ||
            fail "l2_own --unroll $u --l2-loads $ld: too few rows"
        grep -q "\"unroll\": $u" "$tmp/own.json" && grep -q "\"l2_loads\": \"$ld\"" "$tmp/own.json" ||
            fail "l2_own --unroll $u --l2-loads $ld: not in the sidecar"
    done
done
rm -f "$tmp/own.csv" "$tmp/own.json"
expect_exit 2 "l2_own --unroll 16 with 1024 threads" "$RFL_GPU_BANDWIDTH" --wss 64K:64K -k l2_own -a read \
    --unroll 16 -t 1024 -o "$tmp/own.csv"
grep -q "at most 512 threads" "$tmp/err" || fail "--unroll 16 -t 1024: the message does not say why"
[ ! -e "$tmp/own.csv" ] || fail "--unroll 16 -t 1024 left an output file"
expect_exit 2 "--unroll 5" "$RFL_GPU_BANDWIDTH" --wss 64K:64K -k l2_own --unroll 5 -o "$tmp/own.csv"
grep -q -- "--unroll" "$tmp/err" || fail "--unroll 5: the message does not name the option"

# --trials fixes the trials of every sample (no calibration): every row has
# exactly that many, and the sidecar says so.
expect_exit 0 "--trials 3" "$RFL_GPU_BANDWIDTH" --wss 64K:256K -g 4 --experiments 2 -t 256 -k global_stream,l2_own \
    -a read -p fp32 --trials 3 -o "$tmp/fixed.csv"
check_verified "$tmp/fixed.csv"
[ "$(csv_count "$tmp/fixed.csv" '$col["trials"] != 3')" -eq 0 ] && [ "$(csv_count "$tmp/fixed.csv" 1)" -gt 0 ] ||
    fail "--trials 3: a row with other trials: $(csv_column "$tmp/fixed.csv" trials | sort -u | tr '\n' ' ')"
grep -q '"fixed_trials": 3' "$tmp/fixed.json" || fail "--trials 3: not in the sidecar"
expect_exit 2 "--trials 0" "$RFL_GPU_BANDWIDTH" --wss 64K:64K --trials 0 -o "$tmp/x.csv"
# An explicit working set above the memory limit is a usage error.
expect_exit 2 "--wss above --mem-limit" "$RFL_GPU_BANDWIDTH" --wss 4K:2G --mem-limit 1G -o "$tmp/x.csv"
grep -q -- "--wss" "$tmp/err" || fail "--wss above --mem-limit: the message does not name --wss"
# global_bulk only reads: asked for rmw alone, nothing is left to run.
expect_exit 2 "global_bulk rmw" "$RFL_GPU_BANDWIDTH" --wss 64K:64K -k global_bulk -a rmw -o "$tmp/x.csv"
grep -q "only read" "$tmp/err" || fail "global_bulk rmw: the message does not say why"
[ ! -e "$tmp/x.csv" ] || fail "global_bulk rmw left an output file"
exit 0
