#!/usr/bin/env bash
# The distributed search against one process (tests/bench/DISTRIBUTED.md): the mimd
# own-cells kernel with n threads (10^n states), `mpirun -np 2 … --mpi --jobs 1` against
# `--jobs 2` in one process, interleaved (alternating which goes first), RUNS of each; prints
# each run's wall and CPU time, then the medians of the wall time and of the CPU time (user +
# system, /usr/bin/time around the whole command: every rank and mpirun), the peak memory
# (sum over ranks), the bytes sent per state, the time waiting and the rounds, and checks
# that the counts agree.
#
#   tests/bench/distributed_bench.sh build/tools/sdvmc/sdvmc        # SIZES="6 7" RUNS=3 RANKS=2
set -euo pipefail
SDVMC=$(realpath "${1:?usage: distributed_bench.sh SDVMC}")
HERE=$(cd "$(dirname "$0")" && pwd)
RUNS=${RUNS:-3}
SIZES=${SIZES:-"6 7"}
RANKS=${RANKS:-2}
command -v mpirun >/dev/null || { echo "distributed_bench: needs mpirun (openmpi-bin)"; exit 77; }
[ "$(id -u)" -ne 0 ] || export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
calc() { awk "BEGIN { print $1 }"; }
field() { python3 -c "import json,sys; d=json.load(open('$1')); print($2)"; }

echo "distributed_bench: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $RANKS ranks x 1 job against 1 process x $RANKS jobs"
for n in $SIZES; do
  kpl="$TMP/own$n.kpl"
  sed -e "s/^threads: 4;/threads: $n;/" -e "s/^shared A\[32\];/shared A[$((8 * n))];/" "$HERE/mimd_own_cells.kpl" >"$kpl"
  args=(check "$kpl" --model mimd --no-por --no-progress --json)
  : >"$TMP/plain" ; : >"$TMP/mpi"
  plain() {
    /usr/bin/time -f "%e %U %S" -o "$TMP/time" "$SDVMC" "${args[@]}" --jobs "$RANKS" >"$TMP/p.json"
    echo "$(awk '{ print $1, $2 + $3 }' "$TMP/time") $(field "$TMP/p.json" "d['peak_memory_bytes'], d['states'], d['transitions'], d['depth']")" >>"$TMP/plain"
  }
  distributed() {
    /usr/bin/time -f "%e %U %S" -o "$TMP/time" mpirun --oversubscribe -np "$RANKS" "$SDVMC" "${args[@]}" --jobs 1 --mpi >"$TMP/m.json" 2>/dev/null
    echo "$(awk '{ print $1, $2 + $3 }' "$TMP/time") $(field "$TMP/m.json" "d['peak_memory_bytes'], d['states'], d['transitions'], d['depth'], sum(r['bytes_sent'] for r in d['ranks']), max(r['wait_seconds'] for r in d['ranks']), d['rounds']")" >>"$TMP/mpi"
  }
  for ((r = 1; r <= RUNS; ++r)); do
    # Alternating which goes first, so that neither always meets the same load.
    if ((r % 2)); then plain; distributed; else distributed; plain; fi
    echo "  run $r: load $(cut -d' ' -f1 /proc/loadavg); 1 process: $(tail -1 "$TMP/plain" | cut -d' ' -f1-2) s (wall, CPU); $RANKS ranks: $(tail -1 "$TMP/mpi" | cut -d' ' -f1-2) s"
  done
  tp=$(cut -d' ' -f1 "$TMP/plain" | median); tm=$(cut -d' ' -f1 "$TMP/mpi" | median)
  cp=$(cut -d' ' -f2 "$TMP/plain" | median); cm=$(cut -d' ' -f2 "$TMP/mpi" | median)
  mp=$(cut -d' ' -f3 "$TMP/plain" | median); mm=$(cut -d' ' -f3 "$TMP/mpi" | median)
  states=$(cut -d' ' -f4 "$TMP/plain" | head -1)
  sent=$(cut -d' ' -f7 "$TMP/mpi" | head -1)
  wait=$(cut -d' ' -f8 "$TMP/mpi" | median)
  rounds=$(cut -d' ' -f9 "$TMP/mpi" | head -1)
  same=$( [ "$(cut -d' ' -f4-6 "$TMP/plain" | sort -u | wc -l)" = 1 ] && [ "$(cut -d' ' -f4-6 "$TMP/plain" | sort -u)" = "$(cut -d' ' -f4-6 "$TMP/mpi" | sort -u)" ] && echo identical || echo DIFFER)
  printf 'n=%s: %s states; wall %s s (1 process, %s jobs) vs %s s (%s ranks): %.2fx; CPU (user + system) %s s vs %s s: %.2fx; peak memory %.1f MiB vs %.1f MiB: %.2fx; %.0f bytes sent per state; waiting %s s (largest rank, median); %s rounds; counts %s\n' \
    "$n" "$states" "$tp" "$RANKS" "$tm" "$RANKS" "$(calc "$tm / $tp")" "$cp" "$cm" "$(calc "$cm / $cp")" "$(calc "$mp / 1048576")" \
    "$(calc "$mm / 1048576")" "$(calc "$mm / $mp")" "$(calc "$sent / $states")" "$wait" "$rounds" "$same"
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
