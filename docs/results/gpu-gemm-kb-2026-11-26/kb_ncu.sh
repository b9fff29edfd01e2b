# experiment: why the k-major-B nn SGEMM is slow: ncu shared-memory wavefronts, bank conflicts, stalls
. tests/device/env.sh
bash tests/device/gemm.sh build > $OUT/build.log 2>&1 || { tail -30 $OUT/build.log; exit 1; }
g=/tmp/rfl-build-gemm/rfl_gemm
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
m=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_ldgsts.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,smsp__average_warp_latency_issue_stalled_short_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_mio_throttle.ratio,smsp__average_warp_latency_issue_stalled_long_scoreboard.ratio,smsp__average_warp_latency_issue_stalled_barrier.ratio,smsp__average_warp_latency_issue_stalled_wait.ratio,smsp__average_warp_latency_issue_stalled_not_selected.ratio,smsp__average_warp_latency_issue_stalled_selected.ratio,smsp__average_warp_latency_issue_stalled_math_pipe_throttle.ratio,smsp__average_warp_latency_issue_stalled_dispatch_stall.ratio,smsp__average_warp_latency_issue_stalled_lg_throttle.ratio,gpu__time_duration.sum
for c in nn_256x128x16_w64x64 nn_256x128x16_w64x64_kb nt_256x128x16_w64x64; do
  t=${c%%_*}
  echo "== $c"
  timeout 200 $ncu --clock-control none -k regex:tiled -c 1 --metrics $m $g -k tiled -p fp32 -t $t -M gemm -s 4096 --no-tune --config $c --l2 warm -e 1 -m 0.0001 -o /tmp/x.csv > $OUT/ncu_$c.txt 2>&1; echo "exit $?"
  grep -E "^ +(l1tex|smsp|sm__|gpu__)" $OUT/ncu_$c.txt | sed 's/  */ /g'
done
