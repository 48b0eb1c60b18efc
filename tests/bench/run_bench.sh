#!/usr/bin/env bash
# Performance benchmark for `sdvmc run` (issue 2). Not part of ctest: run it by hand,
#   tests/bench/run_bench.sh [path/to/sdvmc]      (default: build/tools/sdvmc/sdvmc)
# and it prints the figures. Environment knobs: RUNS (sdvmc runs, default 7),
# OCL_RUNS (Oclgrind runs, default 3), CORE (the core sdvmc is pinned to, default 0),
# SKIP_OCLGRIND=1 (skip the Oclgrind comparison).
#
# The in-process figure is wall-clock time inside sdvmc (about 12 ms for 1.2 M
# thread-statements), so anything else running on the pinned core lowers it: run the
# benchmark on an otherwise idle machine, or pick an idle core with CORE=n.
#
# Needs: taskset (util-linux), /usr/bin/time (Debian package `time`), and for the
# comparison oclgrind-kernel (Debian package `oclgrind`).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SDVMC=${1:-build/tools/sdvmc/sdvmc}
RUNS=${RUNS:-7}
OCL_RUNS=${OCL_RUNS:-3}
CORE=${CORE:-0}
SKIP_OCLGRIND=${SKIP_OCLGRIND:-0}
GOAL_MSTEPS=50   # million thread-statement executions per second, one core
GOAL_RATIO=30    # Oclgrind whole-process time / sdvmc whole-process time
GOAL_RATIO_CL=20 # the same through the OpenCL frontend (issue 4): sdvmc run neighbour.cl

die() { echo "run_bench.sh: $*" >&2; exit 2; }
[[ -x $SDVMC ]] || die "no sdvmc binary at '$SDVMC' (give its path as the first argument)"
SDVMC=$(cd "$(dirname "$SDVMC")" && pwd)/$(basename "$SDVMC")
command -v taskset >/dev/null || die "taskset not found (package util-linux)"
[[ -x /usr/bin/time ]] || die "/usr/bin/time not found (Debian package 'time')"
if [[ $SKIP_OCLGRIND != 1 ]] && ! command -v oclgrind-kernel >/dev/null; then
  echo "oclgrind-kernel not found (Debian package 'oclgrind'): skipping the comparison" >&2
  SKIP_OCLGRIND=1
fi

KPL=$HERE/neighbour.kpl
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# ---------------------------------------------------------------- helpers
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
jfield() { grep -o "\"$1\":[-0-9.eE+]*" "$2" | head -n1 | cut -d: -f2; }  # top-level scalar of a --json output
now_ns() { date +%s%N; }

# proc_times N DIR CMD...: runs CMD N times in DIR (stdout and stderr discarded) and prints
# "median-wall min-wall median-cpu" in seconds, cpu = user + sys of the process. Bash's
# `time` keyword gives millisecond resolution, which /usr/bin/time (10 ms) does not;
# hyperfine is not used so that CPU time comes from the same runs as the wall time.
proc_times() {
  local n=$1 dir=$2; shift 2
  (
    cd "$dir"
    TIMEFORMAT='%3R %3U %3S'
    for ((i = 0; i < n; i++)); do
      { time "$@" >/dev/null 2>&1; } 2>&1
    done
  ) >"$TMP/times"
  echo "$(cut -d' ' -f1 "$TMP/times" | median) $(cut -d' ' -f1 "$TMP/times" | sort -g | head -n1)" \
       "$(awk '{ print $2 + $3 }' "$TMP/times" | median)"
}

# peak_rss_kb DIR CMD...: peak resident set size (KiB) of one run of CMD.
peak_rss_kb() {
  local dir=$1; shift
  (cd "$dir" && /usr/bin/time -f '%M' -o "$TMP/rss" "$@" >/dev/null 2>&1)
  cat "$TMP/rss"
}

# core_busy N: percentage of the last second that core N spent busy (from /proc/stat).
core_busy() {
  local a b
  a=$(grep "^cpu$1 " /proc/stat); sleep 1; b=$(grep "^cpu$1 " /proc/stat)
  awk -v a="$a" -v b="$b" 'BEGIN {
    split(a, x); split(b, y); tot = 0
    for (i = 2; i <= 9; i++) tot += y[i] - x[i]
    idle = (y[5] - x[5]) + (y[6] - x[6])
    printf "%.0f", (tot > 0 ? 100 * (tot - idle) / tot : 0) }'
}

mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

# ---------------------------------------------------------------- machine
echo "== sdvmc run benchmark: tests/bench/neighbour.kpl (1024 threads, 200 iterations, barrier each)"
echo "machine: $(nproc) cores (nproc), CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "sdvmc:   $SDVMC"
busy=$(core_busy "$CORE")
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15-min load average); core $CORE (sdvmc is pinned to it)" \
     "was ${busy}% busy in the last second"
if ((busy > 10)); then
  echo "WARNING: core $CORE is busy; the figures will be low and noisy (choose an idle core with CORE=n)"
fi
echo

# ---------------------------------------------------------------- sdvmc
# In-process speed: thread_steps / seconds from --json, pinned to core $CORE.
rates=()
for ((i = 0; i < RUNS; i++)); do
  taskset -c "$CORE" "$SDVMC" run "$KPL" --json >"$TMP/sdvmc.json"
  [[ $(grep -o '"verdict":"[a-z_]*"' "$TMP/sdvmc.json") == '"verdict":"ok"' ]] \
    || die "sdvmc run did not end with verdict ok: $(head -c 300 "$TMP/sdvmc.json")"
  steps=$(jfield thread_steps "$TMP/sdvmc.json")
  secs=$(jfield seconds "$TMP/sdvmc.json")
  rates+=("$(awk -v s="$steps" -v t="$secs" 'BEGIN { printf "%.2f", s / t / 1e6 }')")
done
rate_med=$(printf '%s\n' "${rates[@]}" | median)
rate_best=$(printf '%s\n' "${rates[@]}" | sort -g | tail -n1)
read -r sd_wall sd_wall_min sd_cpu < <(proc_times "$RUNS" "$HERE" taskset -c "$CORE" "$SDVMC" run neighbour.kpl --json)
sd_rss=$(peak_rss_kb "$HERE" taskset -c "$CORE" "$SDVMC" run neighbour.kpl --json)
# The same computation from the OpenCL source, through the Clang frontend (issue 4).
taskset -c "$CORE" "$SDVMC" run "$HERE/neighbour.cl" --local-size 1024 --json >"$TMP/sdvmc_cl.json"
[[ $(grep -o '"verdict":"[a-z_]*"' "$TMP/sdvmc_cl.json") == '"verdict":"ok"' ]] \
  || die "sdvmc run neighbour.cl did not end with verdict ok: $(head -c 300 "$TMP/sdvmc_cl.json")"
read -r cl_wall cl_wall_min cl_cpu < <(proc_times "$RUNS" "$HERE" taskset -c "$CORE" "$SDVMC" run neighbour.cl --local-size 1024 --json)
cl_rss=$(peak_rss_kb "$HERE" taskset -c "$CORE" "$SDVMC" run neighbour.cl --local-size 1024 --json)

# ---------------------------------------------------------------- Oclgrind
if [[ $SKIP_OCLGRIND != 1 ]]; then
  # neighbour.sim names neighbour.cl relative to the working directory: run in $HERE.
  (cd "$HERE" && oclgrind-kernel --data-races neighbour.sim >"$TMP/ocl.out" 2>"$TMP/ocl.err")
  ocl_diag=$(grep -c . "$TMP/ocl.err" || true)
  # Same final memory? sdvmc's final A against Oclgrind's dump of `out`.
  grep -o '"A":\[[^]]*\]' "$TMP/sdvmc.json" | sed 's/^"A":\[//; s/\]$//' | tr ',' '\n' >"$TMP/a.sdvmc"
  sed -n 's/^ *out\[[0-9]*\] = \(-\{0,1\}[0-9]*\)$/\1/p' "$TMP/ocl.out" >"$TMP/a.ocl"
  if [[ -s $TMP/a.ocl ]] && cmp -s "$TMP/a.sdvmc" "$TMP/a.ocl"; then
    same="yes ($(wc -l <"$TMP/a.ocl") cells)"
  else
    same="NO"
  fi
  grep -o '"out":\[[^]]*\]' "$TMP/sdvmc_cl.json" | sed 's/^"out":\[//; s/\]$//' | tr ',' '\n' >"$TMP/out.sdvmc"
  if [[ -s $TMP/a.ocl ]] && cmp -s "$TMP/out.sdvmc" "$TMP/a.ocl"; then
    same_cl="yes ($(wc -l <"$TMP/a.ocl") cells)"
  else
    same_cl="NO"
  fi
  read -r ocl_wall ocl_wall_min ocl_cpu < <(proc_times "$OCL_RUNS" "$HERE" oclgrind-kernel --data-races neighbour.sim)
  ocl_rss=$(peak_rss_kb "$HERE" oclgrind-kernel --data-races neighbour.sim)
fi

# ---------------------------------------------------------------- table
verdict() { if awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= b) }'; then echo PASS; else echo FAIL; fi; }
printf '%-52s %14s %12s\n' "" "value" "goal"
printf '%-52s %10s M/s %12s  %s\n' "sdvmc thread-statements/s, in-process, 1 core (median)" \
  "$rate_med" ">= $GOAL_MSTEPS M/s" "$(verdict "$rate_med" "$GOAL_MSTEPS")"
printf '%-52s %10s M/s\n' "sdvmc thread-statements/s, in-process (best of $RUNS)" "$rate_best"
printf '%-52s %12s s   (min %s s)\n' "sdvmc whole-process wall time (median of $RUNS)" "$sd_wall" "$sd_wall_min"
printf '%-52s %12s s\n' "sdvmc whole-process CPU time, user+sys (median)" "$sd_cpu"
printf '%-52s %10s MiB\n' "sdvmc peak RSS" "$(mib "$sd_rss")"
if [[ $SKIP_OCLGRIND != 1 ]]; then
  ratio=$(awk -v a="$ocl_wall" -v b="$sd_wall" 'BEGIN { printf "%.1f", a / b }')
  ratio_cpu=$(awk -v a="$ocl_cpu" -v b="$sd_cpu" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')
  printf '%-52s %12s s   (min %s s)\n' "oclgrind-kernel --data-races wall time (median of $OCL_RUNS)" \
    "$ocl_wall" "$ocl_wall_min"
  printf '%-52s %12s s\n' "oclgrind-kernel --data-races CPU time, user+sys (median)" "$ocl_cpu"
  printf '%-52s %10s MiB\n' "oclgrind-kernel --data-races peak RSS" "$(mib "$ocl_rss")"
  printf '%-52s %12s x %12s  %s\n' "ratio Oclgrind / sdvmc, whole-process wall (medians)" "$ratio" \
    ">= ${GOAL_RATIO}x" "$(verdict "$ratio" "$GOAL_RATIO")"
  printf '%-52s %12s x\n' "ratio Oclgrind / sdvmc, whole-process CPU time" "$ratio_cpu"
  printf '%-52s %14s\n' "Oclgrind final memory equals sdvmc final A" "$same"
  ratio_cl=$(awk -v a="$ocl_wall" -v b="$cl_wall" 'BEGIN { printf "%.1f", a / b }')
  printf '%-52s %12s s   (min %s s)\n' "sdvmc run neighbour.cl (frontend) wall (median)" "$cl_wall" "$cl_wall_min"
  printf '%-52s %12s s\n' "sdvmc run neighbour.cl CPU time, user+sys (median)" "$cl_cpu"
  printf '%-52s %10s MiB\n' "sdvmc run neighbour.cl peak RSS" "$(mib "$cl_rss")"
  printf '%-52s %12s x %12s  %s\n' "ratio Oclgrind / sdvmc on neighbour.cl, wall" "$ratio_cl" \
    ">= ${GOAL_RATIO_CL}x" "$(verdict "$ratio_cl" "$GOAL_RATIO_CL")"
  printf '%-52s %14s\n' "Oclgrind out equals sdvmc out (frontend run)" "$same_cl"
  printf '%-52s %14s\n' "Oclgrind diagnostic lines (races etc.)" "$ocl_diag"
fi
echo

# ---------------------------------------------------------------- memory scaling
# Same kernel shape at other group sizes N (shared A[2N], neighbour index mod N), and
# with an extra shared array B of 1<<20 cells that the kernel never touches. If memory
# grew with threads x shared memory, the B rows would grow by ~N x 1M cells.
variant() {  # variant N EXTRA_CELLS > file
  local n=$1 extra=$2
  sed -e "s/^threads: 1024;/threads: $n;/" -e "s/A\[2048\]/A[$((2 * n))]/" \
      -e "s/buf \* 1024/buf * $n/g" -e "s/% 1024/% $n/" "$KPL" |
    if ((extra > 0)); then sed -e "s/^shared A\[\([0-9]*\)\];/shared A[\1];\nshared B[$extra];/"; else cat; fi
}
echo "== memory scaling (sdvmc run --json, core $CORE; RSS includes printing the final memory)"
printf '%8s %12s %14s %12s %10s %10s\n' threads "shared A" "untouched B" "peak RSS" "wall" "M/s"
for extra in 0 $((1 << 20)); do
  for n in 256 1024 4096 16384; do
    f=$TMP/v_${n}_$extra.kpl
    variant "$n" "$extra" >"$f"
    t0=$(now_ns)
    /usr/bin/time -f '%M' -o "$TMP/rss" taskset -c "$CORE" "$SDVMC" run "$f" --json >"$TMP/v.json"
    t1=$(now_ns)   # includes /usr/bin/time's own start-up (about a millisecond)
    rss=$(cat "$TMP/rss")
    r=$(awk -v s="$(jfield thread_steps "$TMP/v.json")" -v t="$(jfield seconds "$TMP/v.json")" \
          'BEGIN { printf "%.1f", s / t / 1e6 }')
    printf '%8d %12d %14d %8s MiB %8.3f s %10s\n' "$n" $((2 * n)) "$extra" "$(mib "$rss")" \
      "$(awk -v d=$((t1 - t0)) 'BEGIN { print d / 1e9 }')" "$r"
  done
done
