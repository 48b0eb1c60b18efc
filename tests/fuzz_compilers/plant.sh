#!/usr/bin/env bash
# CTest `fuzz_plant`: a deliberate miscompilation (`--plant-bug xor`: the emitter writes `|`
# for `^`) must be found on Oclgrind and reduced to a kernel of at most 10 statements that
# still uses `^`, and the saved finding must reproduce (`--replay`).
# Before that, the command's user errors (exit status 2, a clear message).
# Exit 77 (skipped) without Oclgrind. Usage: plant.sh SDVMC WORKDIR
set -u
SDVMC=${1:?usage: plant.sh SDVMC WORKDIR}
WORK=${2:?usage: plant.sh SDVMC WORKDIR}
# User errors first (no runtime needed): a diagnostic naming the problem, exit status 2.
rm -rf "$WORK" && mkdir -p "$WORK"
expect_error() {  # NEEDLE ARGS...: exit 2 and NEEDLE in stderr
  local needle=$1; shift
  "$SDVMC" fuzz "$@" >"$WORK/out" 2>"$WORK/err"
  local rc=$?
  if [ $rc -ne 2 ] || ! grep -q -- "$needle" "$WORK/err"; then
    echo "FAIL: sdvmc fuzz $*: exit $rc (want 2), stderr:"; cat "$WORK/err"; exit 1
  fi
}
expect_error "fuzz needs --run" --count 3
expect_error "--run expects pocl, oclgrind or cuda, not 'gpu'" --run gpu
expect_error "--run names pocl twice" --run pocl,pocl
expect_error "--count must be at least 1" --run pocl --count 0
expect_error "--plant-bug expects an operator name" --run pocl --plant-bug nand
expect_error "--timeout must be positive" --run pocl --timeout 0
expect_error "is not a saved finding" --replay "$WORK/nothing"
expect_error "--reduce and --replay exclude each other" --replay a --reduce b
expect_error "--run does not apply" --replay a --run pocl
mkdir -p "$WORK/bad" && echo '{"kind": 1' >"$WORK/bad/finding.json" && echo 'main: { barrier; }' >"$WORK/bad/kernel.kpl"
expect_error "finding.json is not a finding" --reduce "$WORK/bad"

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
# Without the planted bug the same saved kernel passes: --replay says so, exit status 1.
cp -r "$dir" "$WORK/unplanted"
python3 - "$WORK/unplanted/finding.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); del j["plant_bug"]; json.dump(j, open(sys.argv[1], "w"))
PY
"$SDVMC" fuzz --replay "$WORK/unplanted" >"$WORK/out" 2>&1
rc=$?
if [ $rc -ne 1 ] || ! grep -q "does not reproduce: now pass" "$WORK/out"; then
  echo "FAIL: a finding that no longer fails must not reproduce (exit $rc):"; cat "$WORK/out"; exit 1
fi
echo "PASS"
