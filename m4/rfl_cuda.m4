# rfl_cuda.m4 -- the CUDA toolkit for the GPU programs.
#
# RFL_CUDA_OPTIONS declares --with-cuda[=DIR] and --with-cuda-arch=ARCH;
# RFL_CUDA_CHECKS finds nvcc, checks its version and that it builds for ARCH,
# and that the C compiler compiles and links against the CUDA runtime.  All
# CUDA flags stay in their own substitutions (CUDA_CPPFLAGS, CUDA_LDFLAGS,
# CUDA_LIBS, NVCC, NVCCFLAGS, CUDA_ARCH): the include path reaches every
# compile (Makefile.am's AM_CPPFLAGS; a CPU source includes no CUDA header),
# the link flags only the GPU programs, so no CPU program links CUDA.  The programs use the runtime API only, so linking needs no
# driver (libcudart loads libcuda.so.1 when a program starts).
#
# NVML is optional: when nvml.h is found HAVE_NVML is defined, and the
# programs load libnvidia-ml.so.1 (a part of the driver) with dlopen at run
# time, so a binary built with NVML still starts on a machine without a
# driver, where the GPU tests must skip rather than fail to load.

# The oldest nvcc that knows sm_90 and everything the programs use
# (CUDA graphs, cooperative launch, .L2::256B load hints).
m4_define([RFL_CUDA_MIN_VERSION], [11.8])

AC_DEFUN([RFL_CUDA_OPTIONS], [
AC_ARG_WITH([cuda],
  [AS_HELP_STRING([--with-cuda@<:@=DIR@:>@],
    [build the GPU programs with the CUDA toolkit in DIR (the directory holding bin/nvcc), or with
     the nvcc on the PATH or in /usr/local/cuda (default: no)])],
  [], [with_cuda=no])
AC_ARG_WITH([cuda-arch],
  [AS_HELP_STRING([--with-cuda-arch=ARCH],
    [GPU architecture of the GPU programs, as nvcc -arch takes it (default: sm_90, Hopper)])],
  [], [with_cuda_arch=sm_90])
AC_ARG_VAR([NVCC], [CUDA compiler (default: found with --with-cuda)])
AC_ARG_VAR([NVCCFLAGS], [flags for nvcc (default: -O3 -lineinfo)])
])

AC_DEFUN([RFL_CUDA_CHECKS], [
AC_REQUIRE([AC_CANONICAL_HOST])
rfl_have_cuda=no
rfl_have_nvml=no
rfl_nvml_note="no (nvml.h not found; clocks, power and temperature are recorded as null)"
rfl_cuda_version=
CUDA_HOME=
CUDA_CPPFLAGS=
CUDA_LDFLAGS=
CUDA_LIBS=
CUDA_ARCH=
AS_IF([test "x$with_cuda" = xyes || test "x$with_cuda" = xno], [],
      [test -d "$with_cuda"], [],
      [AC_MSG_ERROR([--with-cuda=$with_cuda: no such directory (give the CUDA toolkit's directory, the one holding bin/nvcc)])])
AS_IF([test "x$with_cuda" != xno], [
  AS_IF([test "x$with_cuda_arch" = x || test "x$with_cuda_arch" = xyes || test "x$with_cuda_arch" = xno],
    [AC_MSG_ERROR([--with-cuda-arch needs an architecture such as sm_90])])
  AS_IF([test "x$with_cuda" = xyes],
    [rfl_cuda_search="$PATH$PATH_SEPARATOR/usr/local/cuda/bin"],
    [rfl_cuda_search="$with_cuda/bin"])
  AC_PATH_PROG([NVCC], [nvcc], [], [$rfl_cuda_search])
  AS_IF([test "x$NVCC" = x], [
    AS_IF([test "x$with_cuda" = xyes],
      [AC_MSG_ERROR([--with-cuda: nvcc not found on the PATH or in /usr/local/cuda/bin: install the CUDA toolkit (Debian: apt-get install nvidia-cuda-toolkit) or give its directory, --with-cuda=DIR])],
      [AC_MSG_ERROR([--with-cuda=$with_cuda: no nvcc in $with_cuda/bin: give the CUDA toolkit's directory (the one holding bin/nvcc)])])])

  AC_MSG_CHECKING([the version of $NVCC])
  rfl_cuda_version=`"$NVCC" --version 2>/dev/null | sed -n 's/.*release \([[0-9]][[0-9]]*\)\.\([[0-9]][[0-9]]*\).*/\1.\2/p' | head -n 1`
  AS_IF([test "x$rfl_cuda_version" = x],
    [AC_MSG_RESULT([unknown])
     AC_MSG_ERROR([cannot read the version of $NVCC (nvcc --version printed no "release X.Y"): check the CUDA installation])])
  AC_MSG_RESULT([$rfl_cuda_version])
  AS_VERSION_COMPARE([$rfl_cuda_version], [RFL_CUDA_MIN_VERSION],
    [AC_MSG_ERROR([nvcc $rfl_cuda_version is too old: the GPU programs need CUDA RFL_CUDA_MIN_VERSION or newer (install a newer toolkit and give --with-cuda=DIR)])])

  # The toolkit's root is the directory above nvcc's.
  CUDA_HOME=$(cd "$(dirname "$NVCC")/.." && pwd)
  rfl_cuda_incdir=
  for rfl_dir in "$CUDA_HOME/include" "$CUDA_HOME/targets/$host_cpu-linux/include"; do
    AS_IF([test -f "$rfl_dir/cuda_runtime_api.h"], [rfl_cuda_incdir=$rfl_dir; break])
  done
  AS_IF([test "x$rfl_cuda_incdir" = x],
    [AC_MSG_ERROR([cuda_runtime_api.h not found under $CUDA_HOME/include: the CUDA toolkit at $CUDA_HOME is incomplete (install its development headers)])])
  rfl_cuda_libdir=
  for rfl_dir in "$CUDA_HOME/lib64" "$CUDA_HOME/lib" "$CUDA_HOME/targets/$host_cpu-linux/lib"; do
    AS_IF([test -f "$rfl_dir/libcudart.so"], [rfl_cuda_libdir=$rfl_dir; break])
  done
  AS_IF([test "x$rfl_cuda_libdir" = x],
    [AC_MSG_ERROR([libcudart.so not found under $CUDA_HOME (lib64, lib, targets/$host_cpu-linux/lib): the CUDA toolkit at $CUDA_HOME is incomplete])])

  # -isystem: the toolkit's headers are not ours to keep warning-free.
  CUDA_CPPFLAGS="-isystem $rfl_cuda_incdir"
  # The rpath lets the programs find libcudart without LD_LIBRARY_PATH.
  CUDA_LDFLAGS="-L$rfl_cuda_libdir -Wl,-rpath,$rfl_cuda_libdir"
  # nvcc's objects hold C++ (kernel registration, templates): the C
  # compiler links them, so the C++ runtime comes in by name.
  CUDA_LIBS="-lcudart -lstdc++"
  CUDA_ARCH=$with_cuda_arch
  AS_IF([test "x$NVCCFLAGS" = x], [NVCCFLAGS="-O3 -lineinfo"])

  AC_MSG_CHECKING([whether $NVCC builds for $CUDA_ARCH])
  cat > conftest.cu <<_RFL_EOF
__global__ void rfl_conftest(float *x) { x[[threadIdx.x]] += 1.0f; }
int main(void) { rfl_conftest<<<1, 32>>>(0); return 0; }
_RFL_EOF
  AS_IF([AC_RUN_LOG(["$NVCC" -arch="$CUDA_ARCH" $NVCCFLAGS -c conftest.cu -o conftest.$OBJEXT])],
    [AC_MSG_RESULT([yes])],
    [AC_MSG_RESULT([no])
     rm -f conftest.cu conftest.$OBJEXT
     AC_MSG_ERROR([$NVCC cannot build for --with-cuda-arch=$CUDA_ARCH (see config.log): give an architecture this nvcc knows, e.g. sm_90 for H100/H200 or sm_80 for A100])])
  rm -f conftest.cu conftest.$OBJEXT

  rfl_save_CPPFLAGS=$CPPFLAGS; rfl_save_LDFLAGS=$LDFLAGS; rfl_save_LIBS=$LIBS
  CPPFLAGS="$CPPFLAGS $CUDA_CPPFLAGS"; LDFLAGS="$LDFLAGS $CUDA_LDFLAGS"; LIBS="$CUDA_LIBS $LIBS"
  AC_MSG_CHECKING([whether $CC compiles and links against the CUDA runtime])
  AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <cuda_runtime_api.h>]],
      [[int n = 0; return cudaGetDeviceCount(&n) == cudaSuccess ? 0 : 1;]])],
    [AC_MSG_RESULT([yes])],
    [AC_MSG_RESULT([no])
     AC_MSG_ERROR([$CC cannot link a program against libcudart in $rfl_cuda_libdir (see config.log): check the CUDA installation at $CUDA_HOME])])
  AC_CHECK_HEADER([nvml.h], [rfl_have_nvml=yes])
  CPPFLAGS=$rfl_save_CPPFLAGS; LDFLAGS=$rfl_save_LDFLAGS; LIBS=$rfl_save_LIBS
  AS_IF([test "x$rfl_have_nvml" = xyes], [
    AC_SEARCH_LIBS([dlopen], [dl], [],
      [rfl_have_nvml=no; rfl_nvml_note="no (dlopen not found; clocks, power and temperature are recorded as null)"])])
  AS_IF([test "x$rfl_have_nvml" = xyes], [
    rfl_nvml_note="yes (libnvidia-ml.so.1 is loaded at run time)"
    AC_DEFINE([HAVE_NVML], [1], [Define to 1 when nvml.h is available: the GPU programs load NVML at run time.])])
  rfl_have_cuda=yes
  AC_DEFINE([HAVE_CUDA], [1], [Define to 1 when the GPU programs are built.])
  AC_DEFINE_UNQUOTED([RFL_CUDA_ARCH], ["$CUDA_ARCH"], [GPU architecture the GPU programs are built for.])
  AC_DEFINE_UNQUOTED([RFL_NVCC_VERSION], ["$rfl_cuda_version"], [Release of the nvcc that built the GPU programs.])
  AC_DEFINE_UNQUOTED([RFL_NVCCFLAGS], ["-arch=$CUDA_ARCH $NVCCFLAGS"], [nvcc flags of the GPU programs.])
])
AC_SUBST([CUDA_HOME])
AC_SUBST([CUDA_CPPFLAGS])
AC_SUBST([CUDA_LDFLAGS])
AC_SUBST([CUDA_LIBS])
AC_SUBST([CUDA_ARCH])
AC_SUBST([NVCC])
AC_SUBST([NVCCFLAGS])
AM_CONDITIONAL([HAVE_CUDA], [test "x$rfl_have_cuda" = xyes])
])
