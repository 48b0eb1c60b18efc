#!/usr/bin/env bash
# The data-abstraction benchmark of issue 15 (tests/bench/abstraction/README.md): `sdvmc
# check` on kernels whose inputs only flow into memory, with the abstraction on (the
# default) and, where it finishes, off. Prints one line per run: wall seconds, CPU seconds,
# peak RSS, verdict, states, and the goal.
#   tests/bench/abstraction/abstraction_bench.sh build/tools/sdvmc/sdvmc
set -euo pipefail
SDVMC=${1:?usage: abstraction_bench.sh SDVMC_BINARY}
DIR=$(cd "$(dirname "$0")" && pwd)
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "needs /usr/bin/time (Debian package time)"; exit 2; }

run() {  # goal, then sdvmc check arguments
  local goal=$1; shift
  local out err
  err=$(mktemp)
  out=$("$TIME" -f '%e %U %S %M' "$SDVMC" check "$@" --json --no-progress 2>"$err" || true)
  read -r wall user sys rss < <(tail -1 "$err")
  printf '%-70s wall %6.2f s  cpu %6.2f s  rss %6.1f MiB  %-12s states %-8s (%s)\n' "$*" "$wall" \
    "$(echo "$user + $sys" | bc)" "$(echo "$rss / 1024" | bc -l)" \
    "$(echo "$out" | sed -n 's/.*"verdict":"\([a-z-]*\)".*/\1/p')" \
    "$(echo "$out" | sed -n 's/.*"states":\([0-9]*\).*/\1/p')" "$goal"
  rm -f "$err"
}

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
run "goal: ok in < 10 s" "$DIR/tree_reduction.kpl" --threads 1..1024
run "goal: race at 4 threads in < 1 s" "$DIR/tree_reduction_racy.kpl" --threads 1..1024
run "goal: < 1 s" "$DIR/copy_groups.cl" --local-size 256 --num-groups 1024
run "representative group: 65,536 groups" "$DIR/copy_groups.cl" --local-size 256 --num-groups 65536
run "representative group, 2^34 threads (32-bit ids wrap)" "$DIR/copy_groups.cl" --local-size 262144 --num-groups 65536
run "off, for comparison" "$DIR/tree_reduction.kpl" --threads 1..12 --data-abstraction off
run "off, for comparison (limit 60 s)" "$DIR/tree_reduction.kpl" --threads 1..1024 --data-abstraction off --max-seconds 60
echo "load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
