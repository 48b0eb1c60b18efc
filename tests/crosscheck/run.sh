#!/usr/bin/env bash
# CTest `crosscheck`: `sdvmc crosscheck` on the corpus specs/crosscheck (both formats), with
# Oclgrind as third opinion when oclgrind-kernel is installed. Checks, against files in this
# folder whose contents were worked out by hand (specs/crosscheck/README.md):
#   expected_classes.txt  each kernel's class (agree, disagree, beyond, not-comparable, unsupported, timeout);
#   expected_summary.txt  the summary block: counts per class and per expected kind;
#   expected_oclgrind.txt the Oclgrind line (only when oclgrind-kernel is installed);
# the exit status (0: the corpus holds no unsupported kernel; its two "beyond" and two
# "not-comparable" kernels alone exit 0); that --report writes Markdown and JSON with the same counts; and the timeout
# class, on a kernel whose state space is far too large for a 3-second limit (check stops
# itself: exit 3) and on a run that does not end (killed at the deadline).
# Usage: run.sh SDVMC SOURCE_DIR WORK_DIR
set -u
SDVMC=${1:?usage: run.sh SDVMC SOURCE_DIR WORK_DIR}
SRC=${2:?usage: run.sh SDVMC SOURCE_DIR WORK_DIR}
WORK=${3:?usage: run.sh SDVMC SOURCE_DIR WORK_DIR}
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$WORK"
fail=0
check() {  # check NAME EXPECTED_FILE ACTUAL_FILE
  if diff -u "$2" "$3" >"$WORK/diff.txt"; then
    echo "PASS $1"
  else
    echo "FAIL $1:"
    cat "$WORK/diff.txt"
    fail=1
  fi
}
oracle=()
if command -v oclgrind-kernel >/dev/null; then oracle=(--oracle oclgrind); else echo "NOTE oclgrind-kernel not installed: running without the oracle"; fi

cd "$SRC" || exit 2
"$SDVMC" crosscheck specs/crosscheck --jobs 2 --timeout 120 "${oracle[@]}" --report "$WORK/report.json" >"$WORK/out.txt" 2>"$WORK/err.txt"
status=$?
cat "$WORK/out.txt"
if [ "$status" -ne 0 ]; then
  echo "FAIL exit status: expected 0 (no unsupported kernel), got $status"
  cat "$WORK/err.txt"
  fail=1
else
  echo "PASS exit status 0"
fi
# Each kernel's class: the lines of the kernel table ("  CLASS  NAME  …").
awk '/^  class  /{t=1; next} t && /^$/{exit} t{print $1, $2, ($3 ~ /^\[case$/ ? $3 " " $4 : "")}' "$WORK/out.txt" |
  sed "s/ *$//" | LC_ALL=C sort >"$WORK/classes.txt"
check "kernel classes" "$HERE/expected_classes.txt" "$WORK/classes.txt"
sed -n '/^summary:/,/^[^ s]/p' "$WORK/out.txt" | sed '$d' >"$WORK/summary.txt"
check "summary" "$HERE/expected_summary.txt" "$WORK/summary.txt"
if ((${#oracle[@]})); then
  grep '^oclgrind:' "$WORK/out.txt" >"$WORK/oclgrind.txt"
  check "oclgrind" "$HERE/expected_oclgrind.txt" "$WORK/oclgrind.txt"
fi
# The JSON report has the same counts.
if tr -d ' \n' <"$WORK/report.json" |
  grep -qF '"classes":{"agree":89,"beyond":3,"disagree":0,"not-comparable":2,"timeout":0,"unsupported":0},"kernels":94'; then
  echo "PASS report.json summary"
else
  echo "FAIL report.json summary: $(tr -d ' \n' <"$WORK/report.json" | grep -o '"summary":.\{0,300\}')"; fail=1
fi
# Markdown report of a subset.
"$SDVMC" crosscheck specs/crosscheck --filter gpuverify/race_ --jobs 2 --report "$WORK/report.md" >/dev/null 2>&1
status=$?
if [ "$status" -eq 0 ] && grep -q '^\*\*Summary:\*\* 8 kernels: 8 agree, 0 disagree, 0 beyond, 0 not-comparable, 0 unsupported, 0 timeout\.$' "$WORK/report.md"; then
  echo "PASS markdown report (8 race_ kernels agree, exit 0)"
else
  echo "FAIL markdown report (exit $status):"; head -20 "$WORK/report.md"; fail=1
fi
# --baseline: what changed since an earlier report (a hand-written one: race_2d.cl was a
# disagreement, race_shared.cu was not in the corpus, old.cl was and is gone).
cat >"$WORK/baseline.json" <<'JSON'
{"command": "crosscheck", "kernels": [
  {"name": "gpuverify/race_2d.cl", "class": "disagree"},
  {"name": "gpuverify/race_by_param.cl", "class": "agree"},
  {"name": "gpuverify/race_local_read_write.cl", "class": "agree"},
  {"name": "gpuverify/race_local_write_write.cl", "class": "agree"},
  {"name": "gpuverify/old.cl", "class": "agree"}]}
JSON
"$SDVMC" crosscheck specs/crosscheck --filter gpuverify/race_ --jobs 2 --baseline "$WORK/baseline.json" >"$WORK/baseline.txt" 2>&1
status=$?
sed -n '/^since the baseline/,$p' "$WORK/baseline.txt" >"$WORK/baseline-diff.txt"
cat >"$WORK/baseline-expected.txt" <<'TXT'
since the baseline (5 kernels): 6 changes
  now agree      gpuverify/race_2d.cl (was disagree)
  new kernel     gpuverify/race_barrier_local_fence_global.cl: agree
  new kernel     gpuverify/race_global_neighbour.cl: agree
  new kernel     gpuverify/race_shared.cu: agree
  new kernel     gpuverify/race_shared_rotate.cu: agree
  gone           gpuverify/old.cl (was agree)
TXT
if [ "$status" -eq 0 ]; then echo "PASS --baseline exit 0"; else echo "FAIL --baseline exit $status"; fail=1; fi
check "--baseline changes" "$WORK/baseline-expected.txt" "$WORK/baseline-diff.txt"
echo '{"not": "a report"}' >"$WORK/not-a-report.json"
"$SDVMC" crosscheck specs/crosscheck --filter gpuverify/race_2d --baseline "$WORK/not-a-report.json" >/dev/null 2>"$WORK/baseline-err.txt"
status=$?
if [ "$status" -eq 2 ] && grep -q 'error: --baseline: .*not a JSON report of sdvmc crosscheck' "$WORK/baseline-err.txt"; then
  echo "PASS --baseline of a file that is not a report: exit 2"
else
  echo "FAIL --baseline of a file that is not a report (exit $status):"; cat "$WORK/baseline-err.txt"; fail=1
fi
# The timeout class.
tdir="$WORK/timeout-corpus"
rm -rf "$tdir"; mkdir -p "$tdir"
cat >"$tdir/huge.cl" <<'CL'
//pass
//--local_size=16 --num_groups=1
__kernel void huge(__global int *A) {
  int s = 0;
  for (unsigned j = 0; j != 0xFFFFFFFFu; j++) s += A[j % 64u];
  A[64 + get_local_id(0)] = s;
}
CL
# A spec-format run that never ends within --max-steps: killed at the deadline.
cat >"$tdir/forever.kpl" <<'KPL'
// spec: a loop of 2^32 iterations: no verdict within the 3-second limit
// run: run --max-steps 1000000000000
// exit: 0
threads: 1;
group: 0;
main: {
  local i;
  i := 1;
  while (i != 0) { i := i + 1; }
  barrier;
}
KPL
"$SDVMC" crosscheck "$tdir" --timeout 3 --jobs 2 >"$WORK/timeout.txt" 2>&1
status=$?
if [ "$status" -eq 1 ] && grep -q '^summary: 2 kernels: 0 agree, 0 disagree, 0 beyond, 0 not-comparable, 0 unsupported, 2 timeout$' "$WORK/timeout.txt" &&
  grep -q 'killed after 3 s' "$WORK/timeout.txt"; then
  echo "PASS timeout class"
else
  echo "FAIL timeout class (exit $status):"; cat "$WORK/timeout.txt"; fail=1
fi
if [ "$fail" -eq 0 ]; then echo "crosscheck: all passed"; else echo "crosscheck: FAILED"; fi
exit "$fail"
