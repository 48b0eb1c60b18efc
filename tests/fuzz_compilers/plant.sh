#!/usr/bin/env bash
# CTest `fuzz_plant`: a deliberate miscompilation (`--plant-bug xor`: the emitter writes `|`
# for `^`) must be found on Oclgrind and reduced to a kernel of at most 10 statements that
# still uses `^`, and the saved finding must reproduce (`--replay`).
# Exit 77 (skipped) without Oclgrind. Usage: plant.sh SDVMC WORKDIR
set -u
SDVMC=${1:?usage: plant.sh SDVMC WORKDIR}
WORK=${2:?usage: plant.sh SDVMC WORKDIR}
if ! command -v oclgrind >/dev/null || ! command -v cc >/dev/null; then
  echo "SKIP: Oclgrind not installed (scripts/setup.sh)"
  exit 77
fi
rm -rf "$WORK" && mkdir -p "$WORK"
"$SDVMC" fuzz --count 20 --seed 2 --run oclgrind --plant-bug xor --max-findings 1 --reduce-budget 200 \
  --out "$WORK/findings" --json --no-progress >"$WORK/summary.json" 2>"$WORK/stderr"
rc=$?
if [ $rc -ne 1 ]; then echo "FAIL: sdvmc fuzz exited $rc, not 1 (findings)"; cat "$WORK/stderr" "$WORK/summary.json"; exit 1; fi
dir=$(python3 - "$WORK/summary.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
f = s["findings"][0]
assert f["kind"] == "mismatch", f
assert f["reduced_statements"] <= 10, f"reduced to {f['reduced_statements']} statements, more than 10"
assert f["reduced_statements"] < f["statements"], f
print(f["dir"])
PY
) || { echo "FAIL: the finding"; cat "$WORK/summary.json"; exit 1; }
echo "reduced kernel ($dir/reduced.kpl):"
cat "$dir/reduced.kpl"
grep -q '\^' "$dir/reduced.kpl" || { echo "FAIL: the reduced kernel has no ^ (the planted operator)"; exit 1; }
"$SDVMC" fuzz --replay "$dir" || { echo "FAIL: the finding does not reproduce"; exit 1; }
echo "PASS"
