#!/usr/bin/env bash
# Quick start, step 2: the whole test suite.
#  1. a build with AddressSanitizer + UndefinedBehaviorSanitizer (clang): unit tests and
#     every spec under specs/ (ctest), and the planted-bug fuzz test on Oclgrind (fuzz_plant;
#     the 50-kernel fuzz_real runs in step 3 only: its time is PoCL's compiler, not sdvmc);
#  2. the libFuzzer target on the KPL parser, for a bounded time (FUZZ_SECONDS, 60);
#  3. the release build: the same tests, plus the litmus runs and `sdvmc fuzz --count 50` on
#     PoCL and Oclgrind, and the MPI gate (specs_mpi: every check spec under mpirun -np 1, 2,
#     4). Its ctest summary is the last thing printed.

set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)

echo "== sanitizer build (ASan + UBSan) and tests, with the parser fuzzer"
cmake -S . -B build-san -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++-14 \
      -DSDVMC_SANITIZE=ON -DSDVMC_FUZZ=ON >/dev/null
cmake --build build-san -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-san --output-on-failure -j "$jobs" -E 'litmus_real|specs_mpi|fuzz_real'


echo "== fuzzing the parser for ${FUZZ_SECONDS:-60} s"
corpus=$(mktemp -d)
cp tests/fuzz/corpus/* "$corpus"/
find specs -name '*.kpl' -exec cp {} "$corpus"/ \;
build-san/tests/fuzz/fuzz_parser -max_total_time="${FUZZ_SECONDS:-60}" -print_final_stats=1 "$corpus" 2>&1 | tail -n 5
rm -rf "$corpus"

echo "== release build and tests"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DSDVMC_WERROR=ON >/dev/null
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$jobs"
