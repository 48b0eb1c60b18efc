#!/usr/bin/env bash
# Quick start, step 1: install what is missing (Debian 12, as root), configure, build,
# and run the default job: `sdvmc check` on the figure-4 litmus spec, whose verdict is
# barrier divergence (exit status 1 is the expected outcome of that job).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DSDVMC_WERROR=ON >/dev/null
cmake --build build -j "$jobs"
echo
echo "== default job: build/tools/sdvmc/sdvmc check specs/paper/fig4_litmus.kpl"
set +e
build/tools/sdvmc/sdvmc check specs/paper/fig4_litmus.kpl
status=$?
set -e
echo "(exit status $status; 1 = a violation was found, as SDV predicts for this kernel)"
[ "$status" -eq 1 ]
