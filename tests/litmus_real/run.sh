#!/usr/bin/env bash
# CTest `litmus_real`: every litmus test (specs/litmus/*.kpl, *.cl, *.cu and the paper's figure 4) on
# real OpenCL implementations, PoCL (5 runs) and Oclgrind (2 runs), with
# `sdvmc litmus FILE --run R --require mimd`: fails when an observation is not admitted by
# the mimd model (in its outcome set, or the model finds a race/deadlock: undefined
# behaviour). Per file and runtime the outcome is one of
#   PASS  every observation admitted by mimd (exactly, or "u": as undefined behaviour)
#   FAIL  an observation mimd does not admit, or sdvmc/host failed unexpectedly
#   SKIP  the emitter does not support the kernel ("unsupported: …"), or the implementation
#         crashed running it (PoCL 3.1 segfaults on barriers in divergent branches)
# One racy kernel, store buffering, runs once more with --races continue: mimd's outcome set
# then holds the memories reached past the races, and each observation must be one of them
# ("mimd:racy") or be reported as outside every sequentially consistent execution
# ("mimd:beyond-SC", weak memory), never go unclassified.
# If no OpenCL runtime can be found at all, it prints SKIP and exits 0.
# Usage: run.sh SDVMC SOURCE_DIR
set -u
SDVMC=${1:?usage: run.sh SDVMC SOURCE_DIR}
SRC=${2:?usage: run.sh SDVMC SOURCE_DIR}
start=$(date +%s)
files=("$SRC"/specs/litmus/*.kpl "$SRC"/specs/litmus/*.cl "$SRC"/specs/litmus/*.cu "$SRC"/specs/paper/fig4_litmus.kpl)
runtimes=()
if ls /etc/OpenCL/vendors/*.icd >/dev/null 2>&1 && command -v cc >/dev/null; then runtimes+=(pocl); fi
if command -v oclgrind >/dev/null && command -v cc >/dev/null; then runtimes+=(oclgrind); fi
if ((${#runtimes[@]} == 0)); then
  echo "SKIP: no OpenCL runtime found (install pocl-opencl-icd ocl-icd-opencl-dev opencl-headers oclgrind: scripts/setup.sh)"
  exit 0
fi
pass=0 fail=0 skip=0 ub=0 noruntime=0
failed=()
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
# run_one FILE RUNTIME [EXTRA OPTION…]
run_one() {
    local f=$1 r=$2
    shift 2
    local name=${f#"$SRC"/}${1:+ $*}
    repeat=5; [ "$r" = oclgrind ] && repeat=2
    # CUDA and OpenCL kernels: the launch options of the spec's first `run:` line.
    launch=()
    case "$f" in *.cl|*.cu)
      read -r -a launch < <(grep -m1 '^// run:' "$f" | sed 's|^// run: *litmus||; s/--model [^ ]*//');;
    esac
    "$SDVMC" litmus "$f" "${launch[@]}" "$@" --run "$r" --repeat "$repeat" --require mimd --timeout 120 --json >"$out" 2>"$err"
    rc=$?
    summary=$(python3 - "$out" <<'PY' 2>/dev/null
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception:
    sys.exit(0)
parts = []
for o in d.get("observed", []):
    how = ("mimd:racy" if "mimd" in o.get("racy_in", []) else "mimd" if "mimd" in o["admitted_by"]
           else "mimd:beyond-SC" if "mimd" in o.get("beyond_sc_in", [])
           else "mimd:undefined" if "mimd" in o.get("undefined_in", []) else "NOT mimd")
    parts.append(f'{o["outcome"]} x{o["count"]} [{how}]')
rep = d.get("run", {}).get("reported", [])
print("; ".join(parts) + (f' (reported: {", ".join(rep)})' if rep else ""))
PY
)
    why=$(grep -m1 "sdvmc: litmus" "$err" | sed 's/^sdvmc: litmus --run [a-z]*: [^:]*: //')
    if [ $rc -eq 0 ]; then
      pass=$((pass + 1))
      case "$summary" in *mimd:undefined*) ub=$((ub + 1));; esac
      echo "PASS $r $name: $summary"
    elif [ $rc -eq 2 ] && grep -q "unsupported\|crashed" "$err"; then
      skip=$((skip + 1))
      echo "SKIP $r $name: $why"
    elif [ $rc -eq 2 ] && grep -q "no OpenCL runtime" "$err"; then
      noruntime=$((noruntime + 1))
      echo "SKIP $r $name: $why"
    else
      fail=$((fail + 1))
      failed+=("$r $name")
      echo "FAIL $r $name (exit $rc): ${summary:-$why}"
      grep "REQUIRED" "$err" | head -5
    fi
}
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  for r in "${runtimes[@]}"; do run_one "$f" "$r"; done
done
for r in "${runtimes[@]}"; do run_one "$SRC/specs/litmus/races_store_buffering.kpl" "$r" --races continue; done
total=$((pass + fail + skip + noruntime))
if ((noruntime == total)); then
  echo "SKIP: the OpenCL runtimes (${runtimes[*]}) could not be used"
  exit 0
fi
echo "$pass passed, $fail failed, $((skip + noruntime)) skipped ($ub passed only because mimd finds undefined behaviour) in $(( $(date +%s) - start )) s"
((fail == 0)) || { printf 'failed: %s\n' "${failed[@]}"; exit 1; }
exit 0
