#!/usr/bin/env bash
# Exploration benchmark for `sdvmc check` (issue 3). Not part of ctest: run it by hand,
#   tests/bench/explore_bench.sh [path/to/sdvmc]     (default: build/tools/sdvmc/sdvmc)
# and it prints the figures (see tests/bench/EXPLORE.md).
#
# The work: n threads each write 8 cells of their own, then meet at a barrier
# (tests/bench/mimd_own_cells.kpl, n = 4; the n = 5, 6 variants are made here with sed),
# explored under `--model mimd --no-por`: 10^n states. The same work in Promela
# (tests/bench/spin_own_cells.pml) is explored by SPIN without partial-order reduction.
#
# Environment knobs: RUNS (runs per figure, median taken, default 3), CORE (the core the
# one-core runs are pinned to, default 1), SIZES (thread counts, default "4 5 6"; the
# jobs scaling uses the last one), SKIP_SPIN=1, SKIP_JOBS=1.
#
# Needs: taskset (util-linux), /usr/bin/time (Debian package `time`), and for the SPIN
# comparison spin (Debian package `spin`) and gcc.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SDVMC=${1:-build/tools/sdvmc/sdvmc}
RUNS=${RUNS:-3}
CORE=${CORE:-1}
SIZES=${SIZES:-"4 5 6"}
SKIP_SPIN=${SKIP_SPIN:-0}
SKIP_JOBS=${SKIP_JOBS:-0}
GOAL_RATE=800000   # states/s of SPIN 6 on one core of these machines, no POR (the issue)
GOAL_SPEEDUP=1.7   # --jobs 1 time / --jobs 2 time, on a run of >= 10^6 states
GOAL_BYTES=16      # visited-set bytes per state, fingerprints

die() { echo "explore_bench.sh: $*" >&2; exit 2; }
[[ -x $SDVMC ]] || die "no sdvmc binary at '$SDVMC' (give its path as the first argument)"
SDVMC=$(cd "$(dirname "$SDVMC")" && pwd)/$(basename "$SDVMC")
command -v taskset >/dev/null || die "taskset not found (package util-linux)"
[[ -x /usr/bin/time ]] || die "/usr/bin/time not found (Debian package 'time')"
if [[ $SKIP_SPIN != 1 ]]; then
  if ! command -v spin >/dev/null; then
    echo "spin not found (Debian package 'spin'): skipping the SPIN comparison" >&2
    SKIP_SPIN=1
  elif ! command -v gcc >/dev/null; then
    echo "gcc not found: skipping the SPIN comparison" >&2
    SKIP_SPIN=1
  fi
fi

KPL=$HERE/mimd_own_cells.kpl
PML=$HERE/spin_own_cells.pml
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# ---------------------------------------------------------------- helpers
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
jfield() { grep -o "\"$1\":[-0-9.eE+]*" "$2" | head -n1 | cut -d: -f2; }  # top-level scalar of --json
div() { awk -v a="$1" -v b="$2" -v f="${3:-%.0f}" 'BEGIN { if (b > 0) printf f, a / b; else printf "n/a" }'; }
fmt() { awk -v x="$1" 'BEGIN { s = sprintf("%.0f", x); o = ""; while (length(s) > 3) { o = "," substr(s, length(s) - 2) o; s = substr(s, 1, length(s) - 3) } print s o }'; }
mib() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; }
pow10() { awk -v n="$1" 'BEGIN { printf "%.0f", 10 ^ n }'; }
# wall CMD...: runs CMD (stdout to $TMP/out, stderr to $TMP/err) and prints its wall time in seconds.
wall() {
  local t0 t1
  t0=$(date +%s%N)
  "$@" >"$TMP/out" 2>"$TMP/err"
  t1=$(date +%s%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'
}

# kernel N: the benchmark kernel for N threads (cells lid*8 .. lid*8+7 of A[8N]).
kernel() {
  local n=$1 f=$TMP/own$1.kpl
  sed -e "s/^threads: 4;/threads: $n;/" -e "s/^shared A\[32\];/shared A[$((8 * n))];/" "$KPL" >"$f"
  grep -q "^threads: $n;" "$f" && grep -q "^shared A\[$((8 * n))\];" "$f" ||
    die "could not make the $n-thread variant of $KPL (its threads:/shared lines changed?)"
  echo "$f"
}

SDV_ARGS=(--model mimd --no-por --no-progress --json)

echo "explore_bench: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')), sdvmc $SDVMC"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)  (runs per figure: $RUNS, one-core runs pinned to core $CORE)"
echo

# ---------------------------------------------------------------- sdvmc, one core
declare -A SDV_STATES SDV_SEC SDV_RATE SDV_BPS SDV_PEAK SDV_WALL
for n in $SIZES; do
  f=$(kernel "$n")
  : >"$TMP/secs"; : >"$TMP/walls"
  for ((i = 0; i < RUNS; i++)); do
    w=$(wall taskset -c "$CORE" "$SDVMC" check "$f" "${SDV_ARGS[@]}" --jobs 1) ||
      die "sdvmc check failed on $n threads: $(cat "$TMP/err")"
    echo "$w" >>"$TMP/walls"
    jfield seconds "$TMP/out" >>"$TMP/secs"
  done
  cp "$TMP/out" "$TMP/sdv$n.json"
  SDV_STATES[$n]=$(jfield states "$TMP/out")
  [[ ${SDV_STATES[$n]} == "$(pow10 "$n")" ]] ||
    echo "WARNING: $n threads: ${SDV_STATES[$n]} states, expected 10^$n" >&2
  [[ $(grep -o '"verdict":"[a-z]*"' "$TMP/out") == '"verdict":"ok"' ]] ||
    echo "WARNING: $n threads: verdict is not ok" >&2
  SDV_SEC[$n]=$(median <"$TMP/secs")
  SDV_WALL[$n]=$(median <"$TMP/walls")
  SDV_RATE[$n]=$(div "${SDV_STATES[$n]}" "${SDV_SEC[$n]}")
  SDV_BPS[$n]=$(jfield visited_bytes_per_state "$TMP/out")
  SDV_PEAK[$n]=$(jfield peak_memory_bytes "$TMP/out")
done

# ---------------------------------------------------------------- SPIN, one core
# pan prints "N states, stored" and "pan: elapsed time S seconds" (10 ms resolution).
declare -A SP_STATES SP_SEC SP_RATE SP_WALL SP_MEM HC_STATES HC_SEC HC_RATE HC_WALL HC_MEM
spin_runs() {  # spin_runs DIR BIN -> sets R_STATES R_SEC R_WALL R_MEM
  : >"$TMP/secs"; : >"$TMP/walls"
  for ((i = 0; i < RUNS; i++)); do
    w=$(cd "$1" && wall taskset -c "$CORE" "./$2") || die "$1/$2 failed: $(tail -n 3 "$TMP/out")"
    grep -q 'errors: 0' "$TMP/out" || die "$1/$2 reported errors"
    echo "$w" >>"$TMP/walls"
    sed -n 's/^pan: elapsed time \([0-9.e+-]*\) seconds.*/\1/p' "$TMP/out" >>"$TMP/secs"
  done
  R_STATES=$(sed -n 's/^ *\([0-9e+.]*\) states, stored.*/\1/p' "$TMP/out" | awk '{ printf "%.0f", $1 }')
  R_MEM=$(sed -n 's/^ *\([0-9.]*\)[[:space:]]*total actual memory usage.*/\1/p' "$TMP/out")
  R_SEC=$(median <"$TMP/secs")
  R_WALL=$(median <"$TMP/walls")
}
if [[ $SKIP_SPIN != 1 ]]; then
  SPIN_VERSION=$(spin -V 2>&1 | head -n1)
  for n in $SIZES; do
    d=$TMP/spin$n; mkdir -p "$d"
    (cd "$d" && spin -DN="$n" -a "$PML" >/dev/null &&
      gcc -O2 -DNOREDUCE -DSAFETY -DMEMLIM=8192 -o pan pan.c &&
      gcc -O2 -DNOREDUCE -DSAFETY -DHC4 -DMEMLIM=8192 -o pan_hc4 pan.c) ||
      die "could not build the SPIN verifier for N=$n"
    spin_runs "$d" pan
    SP_STATES[$n]=$R_STATES SP_SEC[$n]=$R_SEC SP_WALL[$n]=$R_WALL SP_MEM[$n]=$R_MEM
    SP_RATE[$n]=$(div "$R_STATES" "$R_SEC")
    spin_runs "$d" pan_hc4
    HC_STATES[$n]=$R_STATES HC_SEC[$n]=$R_SEC HC_WALL[$n]=$R_WALL HC_MEM[$n]=$R_MEM
    HC_RATE[$n]=$(div "$R_STATES" "$R_SEC")
  done
fi

# ---------------------------------------------------------------- jobs scaling
# Interleaved --jobs 1 / --jobs 2 runs (not pinned) on the largest size, so that a change
# of load in the middle hits both.
if [[ $SKIP_JOBS != 1 ]]; then
  NJ=${SIZES##* }
  f=$(kernel "$NJ")
  : >"$TMP/j1"; : >"$TMP/j2"; : >"$TMP/c1"; : >"$TMP/c2"; : >"$TMP/counts"
  for ((i = 0; i < RUNS; i++)); do
    for j in 1 2; do
      /usr/bin/time -f '%e %U %S' -o "$TMP/time" "$SDVMC" check "$f" "${SDV_ARGS[@]}" --jobs "$j" \
        >"$TMP/out" 2>"$TMP/err" || die "sdvmc check --jobs $j failed: $(cat "$TMP/err")"
      jfield seconds "$TMP/out" >>"$TMP/j$j"
      # CPU time of the process (user + sys) and the cores it kept busy on average
      awk '{ printf "%.2f %.2f\n", $2 + $3, ($1 > 0 ? ($2 + $3) / $1 : 0) }' "$TMP/time" >>"$TMP/c$j"
      echo "jobs=$j states=$(jfield states "$TMP/out") transitions=$(jfield transitions "$TMP/out")" \
           "terminal=$(jfield terminal_states "$TMP/out") depth=$(jfield depth "$TMP/out")" >>"$TMP/counts"
    done
  done
  J1=$(median <"$TMP/j1"); J2=$(median <"$TMP/j2")
  SPEEDUP=$(div "$J1" "$J2" %.2f)
  DISTINCT=$(sed 's/^jobs=[0-9]* //' "$TMP/counts" | sort -u | wc -l)
fi

# ---------------------------------------------------------------- report
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "One core (taskset -c $CORE), medians of $RUNS; states/s = states / in-process seconds"
echo "(sdvmc: the JSON 'seconds', the exploration only; SPIN: 'pan: elapsed time', 10 ms resolution)."
echo "wall = whole process (sdvmc: parse + explore + report; SPIN: ./pan only, not spin -a or gcc)."
echo
printf '| %-7s | %-22s | %12s | %9s | %12s | %8s | %14s |\n' threads tool "states" seconds "states/s" wall "memory"
printf '|%s|\n' "---------|------------------------|-------------:|----------:|-------------:|---------:|---------------:"
for n in $SIZES; do
  printf '| %-7s | %-22s | %12s | %9.3f | %12s | %8s | %10s MiB |\n' "$n" "sdvmc --jobs 1" \
    "$(fmt "${SDV_STATES[$n]}")" "${SDV_SEC[$n]}" "$(fmt "${SDV_RATE[$n]}")" "${SDV_WALL[$n]}" \
    "$(mib "${SDV_PEAK[$n]}")"
  if [[ $SKIP_SPIN != 1 ]]; then
    printf '| %-7s | %-22s | %12s | %9.2f | %12s | %8s | %10s MiB |\n' "$n" "SPIN (exhaustive)" \
      "$(fmt "${SP_STATES[$n]}")" "${SP_SEC[$n]}" "$( [[ ${SP_RATE[$n]} == n/a ]] && echo n/a || fmt "${SP_RATE[$n]}")" \
      "${SP_WALL[$n]}" "${SP_MEM[$n]}"
    printf '| %-7s | %-22s | %12s | %9.2f | %12s | %8s | %10s MiB |\n' "$n" "SPIN -DHC4" \
      "$(fmt "${HC_STATES[$n]}")" "${HC_SEC[$n]}" "$( [[ ${HC_RATE[$n]} == n/a ]] && echo n/a || fmt "${HC_RATE[$n]}")" \
      "${HC_WALL[$n]}" "${HC_MEM[$n]}"
  fi
done
echo
[[ $SKIP_SPIN == 1 ]] || echo "SPIN: $SPIN_VERSION; pan built with gcc -O2 -DNOREDUCE -DSAFETY (-DHC4), run with default options (-w24 hash table: its 128 MiB is most of SPIN's memory)."
echo "sdvmc memory = peak_memory_bytes (peak RSS of the process); SPIN memory = 'total actual memory usage'."
echo

NB=${SIZES##* }
echo "Goals:"
printf '  states/s, one core, %s threads (%s states): sdvmc %s' "$NB" "$(fmt "${SDV_STATES[$NB]}")" "$(fmt "${SDV_RATE[$NB]}")"
if [[ $SKIP_SPIN != 1 && ${SP_RATE[$NB]} != n/a ]]; then
  printf ', SPIN %s here (ratio sdvmc/SPIN %s)' "$(fmt "${SP_RATE[$NB]}")" "$(div "${SDV_RATE[$NB]}" "${SP_RATE[$NB]}" %.2f)"
fi
# The goal: match or beat SPIN on the same work: the issue's figure for these machines, and
# SPIN as measured here when it could be (whichever is higher).
GOAL_HERE=$GOAL_RATE
if [[ $SKIP_SPIN != 1 && ${SP_RATE[$NB]} != n/a ]]; then
  GOAL_HERE=$(awk -v a="$GOAL_RATE" -v b="${SP_RATE[$NB]}" 'BEGIN { printf "%.0f", (b > a ? b : a) }')
fi
printf '; goal >= %s (SPIN: the issue'"'"'s %s, or as measured here if higher): %s\n' "$(fmt "$GOAL_HERE")" "$(fmt $GOAL_RATE)" \
  "$(awk -v r="${SDV_RATE[$NB]}" -v g="$GOAL_HERE" 'BEGIN { print (r >= g ? "PASS" : "FAIL") }')"
printf '  visited set at %s states: %s bytes/state; goal <= %s: %s\n' "$(fmt "${SDV_STATES[$NB]}")" "${SDV_BPS[$NB]}" $GOAL_BYTES \
  "$(awk -v b="${SDV_BPS[$NB]}" -v g=$GOAL_BYTES 'BEGIN { print (b <= g ? "PASS" : "FAIL") }')"
if [[ $SKIP_JOBS != 1 ]]; then
  printf '  jobs scaling, %s threads: --jobs 1 %.3f s, --jobs 2 %.3f s (medians, in-process, not pinned), speed-up %s; goal >= %s: %s\n' \
    "$NJ" "$J1" "$J2" "$SPEEDUP" $GOAL_SPEEDUP \
    "$(awk -v s="$SPEEDUP" -v g=$GOAL_SPEEDUP 'BEGIN { print (s + 0 >= g ? "PASS" : "FAIL") }')"
  printf '  counts across jobs: %s\n' "$( ((DISTINCT == 1)) && echo "identical ($(sed 's/^jobs=[0-9]* //' "$TMP/counts" | head -n1))" || echo "DIFFER")"
  sed 's/^/    /' "$TMP/counts"
  for j in 1 2; do
    printf '    --jobs %s: in-process seconds %s; CPU seconds %s; cores busy %s\n' "$j" "$(tr '\n' ' ' <"$TMP/j$j")" \
      "$(cut -d' ' -f1 "$TMP/c$j" | tr '\n' ' ')" "$(cut -d' ' -f2 "$TMP/c$j" | tr '\n' ' ')"
  done
  echo "    (speed-up needs a free second core: with other work on the machine, --jobs 2 keeps"
  echo "     fewer than 2 cores busy and the speed-up measures the load, not sdvmc)"
fi
echo "  visited bytes/state by size: $(for n in $SIZES; do printf '%s: %s  ' "$n" "${SDV_BPS[$n]}"; done)"
