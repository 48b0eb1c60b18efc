#!/usr/bin/env bash
# CTest `fuzz_real`: `sdvmc fuzz --count 50` on PoCL and Oclgrind (README, "Compiler
# testing"). Asserts from the --json summary that every kernel was either rejected by check
# (with its verdict) or proved defined and then run on both implementations, that each run
# was compared with sdvmc's memory (agrees + findings = runs), and that every finding
# reproduces from its saved folder (`sdvmc fuzz --replay DIR`, exit 0); then that each
# documented finding of findings/ still reproduces.
# Exit 77 (skipped) without PoCL or Oclgrind. Usage: real.sh SDVMC WORKDIR [COUNT]
set -u
SDVMC=${1:?usage: real.sh SDVMC WORKDIR [COUNT]}
WORK=${2:?usage: real.sh SDVMC WORKDIR [COUNT]}
COUNT=${3:-50}
if ! ls /etc/OpenCL/vendors/*.icd >/dev/null 2>&1 || ! command -v oclgrind >/dev/null || ! command -v cc >/dev/null; then
  echo "SKIP: PoCL or Oclgrind not installed (scripts/setup.sh)"
  exit 77
fi
rm -rf "$WORK" && mkdir -p "$WORK"
"$SDVMC" fuzz --count "$COUNT" --seed 19019 --run pocl,oclgrind --out "$WORK/findings" --no-reduce --timeout 120 \
  --json --no-progress >"$WORK/summary.json" 2>"$WORK/stderr"
rc=$?
if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then
  echo "FAIL: sdvmc fuzz exited $rc"; cat "$WORK/stderr"; exit 1
fi
python3 - "$WORK/summary.json" "$COUNT" "$rc" <<'PY' || exit 1
import json, sys
s = json.load(open(sys.argv[1]))
count, rc = int(sys.argv[2]), int(sys.argv[3])
ok = True
def need(cond, what):
    global ok
    if not cond:
        print("FAIL:", what); ok = False
need(s["generated"] == count, f'{s["generated"]} kernels generated, not {count}')
need(s["accepted"] + s["rejected"] == s["generated"], "every kernel is either proved defined by check or rejected")
need(sum(s["rejected_why"].values()) == s["rejected"], "every rejection has its verdict")
need(s["accepted"] >= count * 0.8, f'only {s["accepted"]} of {count} kernels proved defined')
for r in ("pocl", "oclgrind"):
    run = s["runs"][r]
    need(run["runs"] == s["accepted"], f'{r}: {run["runs"]} runs for {s["accepted"]} defined kernels')
    need(run["passed"] + run["findings"] + run["unsupported"] == run["runs"], f"{r}: every run compared")
    need(run["unsupported"] == 0, f"{r}: the emitter supports every generated kernel")
need(len(s["findings"]) == sum(s["runs"][r]["findings"] for r in ("pocl", "oclgrind")), "every finding listed")
need((rc == 1) == bool(s["findings"]), "exit status 1 exactly when there are findings")
print(f'{s["generated"]} kernels, {s["accepted"]} defined, rejected {s["rejected_why"]}, '
      f'pocl {s["runs"]["pocl"]["passed"]}/{s["runs"]["pocl"]["runs"]} agree, '
      f'oclgrind {s["runs"]["oclgrind"]["passed"]}/{s["runs"]["oclgrind"]["runs"]} agree, '
      f'{len(s["findings"])} findings, {s["seconds"]:.0f} s')
for f in s["findings"]:
    print(f'finding {f["dir"]}: {f["kind"]} on {f["runtime"]}: {f["message"]}')
    print(f["dir"], file=open(sys.argv[1] + ".dirs", "a"))
sys.exit(0 if ok else 1)
PY
if [ -f "$WORK/summary.json.dirs" ]; then
  while read -r d; do
    if ! "$SDVMC" fuzz --replay "$d" --timeout 120; then echo "FAIL: $d does not reproduce"; exit 1; fi
  done <"$WORK/summary.json.dirs"
fi
# Findings read and documented (findings/*/README.md) must still reproduce: when one stops
# reproducing (an implementation fixed), its note is out of date.
shopt -s nullglob
for d in "$(dirname "$0")"/findings/*/; do
  r=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["runtime"])' "$d/finding.json")
  case ",pocl,oclgrind," in *",$r,"*) ;; *) continue;; esac
  if ! "$SDVMC" fuzz --replay "$d" --timeout 120; then echo "FAIL: the documented finding $d no longer reproduces"; exit 1; fi
done
echo "PASS"
