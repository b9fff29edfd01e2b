# ---------------------------------------------------------------------------
# Man pages: help2man runs each program's --help and --version at build time
# (the same option tables), so a page cannot drift from the program. Without
# help2man (configure says so) no page is built or installed.
# ---------------------------------------------------------------------------
man_programs = rfl_bandwidth rfl_flops rfl_network
if HAVE_CUDA
man_programs += rfl_unified_memory rfl_gpu_bandwidth rfl_gpu_flops rfl_gpu_micro rfl_gpu_link rfl_gemm
endif
if HAVE_LAPACK
man_programs += rfl_dense
endif
if HAVE_HELP2MAN
nodist_man_MANS = man/rfl.1 man/rfl_bandwidth.1 man/rfl_flops.1 man/rfl_network.1
if HAVE_CUDA
nodist_man_MANS += man/rfl_unified_memory.1 man/rfl_gpu_bandwidth.1 man/rfl_gpu_flops.1 man/rfl_gpu_micro.1 \
	man/rfl_gpu_link.1 man/rfl_gemm.1
endif
if HAVE_LAPACK
nodist_man_MANS += man/rfl_dense.1
endif
endif
EXTRA_DIST += man/rfl-sections.sh man/program.h2m
man_clean_files = man/*.1 man/*.1-t man/rfl.h2m man/rfl.h2m-t

# help2man PROGRAM DESCRIPTION [INCLUDE]: the page of ./PROGRAM into $@.
# (No leak report at build time from a sanitizer build: the page is the text.)
man_help2man = ASAN_OPTIONS=detect_leaks=0 $(HELP2MAN) --no-info --no-discard-stderr
man_page = $(AM_V_GEN)$(MKDIR_P) man && $(man_help2man) --include=$(srcdir)/man/program.h2m -o $@-t
man_done = && mv $@-t $@

man/rfl.h2m: rfl$(EXEEXT) $(srcdir)/man/rfl-sections.sh
	$(AM_V_GEN)$(MKDIR_P) man && ASAN_OPTIONS=detect_leaks=0 $(SHELL) $(srcdir)/man/rfl-sections.sh \
	  ./rfl$(EXEEXT) '$(rflconfigdir)' $(man_programs) >$@-t && mv $@-t $@
man/rfl.1: rfl$(EXEEXT) man/rfl.h2m
	$(AM_V_GEN)$(MKDIR_P) man && $(man_help2man) --include=man/rfl.h2m \
	  --name='the empirical Roofline of a machine: run the benchmarks, ceilings, charts, report' \
	  -o $@-t ./rfl$(EXEEXT) $(man_done)
man/rfl_bandwidth.1: rfl_bandwidth$(EXEEXT) $(srcdir)/man/program.h2m
	$(man_page) --name='memory bandwidth from L1 to DRAM over a working-set sweep' ./rfl_bandwidth$(EXEEXT) $(man_done)
man/rfl_flops.1: rfl_flops$(EXEEXT) $(srcdir)/man/program.h2m
	$(man_page) --name='CPU GFLOP/s over flops per element, compiled C against explicit SIMD' \
	  ./rfl_flops$(EXEEXT) $(man_done)
man/rfl_unified_memory.1: rfl_unified_memory$(EXEEXT) $(srcdir)/man/program.h2m
	$(man_page) --name='pageable, pinned, zero-copy and managed GPU memory over working set and reuse' \
	  ./rfl_unified_memory$(EXEEXT) $(man_done)
man/rfl_gpu_bandwidth.1: rfl_gpu_bandwidth$(EXEEXT) $(srcdir)/man/program.h2m
	$(man_page) --name='GPU bandwidth: shared memory, L1, L2 and device memory' \
	  ./rfl_gpu_bandwidth$(EXEEXT) $(man_done)
man/rfl_gpu_flops.1: rfl_gpu_flops$(EXEEXT) $(srcdir)/man/program.h2m
	$(man_page) --name='GPU FP64, FP32 and FP16 GFLOP/s over flops per element' ./rfl_gpu_flops$(EXEEXT) $(man_done)
man/rfl_gpu_micro.1: rfl_gpu_micro$(EXEEXT) $(srcdir)/man/program.h2m
	$(man_page) --name='GPU microbenchmarks: launch, transfers, latency, pipeline, strides, barriers' \
	  ./rfl_gpu_micro$(EXEEXT) $(man_done)
man/rfl_gpu_link.1: rfl_gpu_link$(EXEEXT) $(srcdir)/man/program.h2m
	$(man_page) --name='copies between GPUs: peer access, cudaMemcpyPeer, peer-reading kernel, the GPU link roof' \
	  ./rfl_gpu_link$(EXEEXT) $(man_done)
man/rfl_gemm.1: rfl_gemm$(EXEEXT) $(srcdir)/man/program.h2m
	$(man_page) --name='GEMM kernels against cuBLAS, with the Lai-Seznec upper bound' ./rfl_gemm$(EXEEXT) $(man_done)

test_scripts += tests/install/man.sh
# Every --help within 80 columns, each text continued at its column (what help2man reads).
test_scripts += tests/install/help.sh

clean-local: clean-local-man
clean-local-man:
	-rm -f $(man_clean_files)
.PHONY: clean-local-man
man/rfl_dense.1: rfl_dense$(EXEEXT) $(srcdir)/man/program.h2m
	$(man_page) --name='LU, Cholesky and QR factorizations against the GEMM rate, verified' ./rfl_dense$(EXEEXT) $(man_done)
man/rfl_network.1: rfl_network$(EXEEXT) $(srcdir)/man/program.h2m
	$(man_page) --name='MPI point-to-point latency and bandwidth between ranks: the network roof' \
	  ./rfl_network$(EXEEXT) $(man_done)
