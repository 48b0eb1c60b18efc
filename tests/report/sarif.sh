#!/usr/bin/env bash
# CTest `sarif`: the SARIF logs of `--sarif FILE` validated against the SARIF 2.1.0 schema
# by the SARIF Multitool (npm @microsoft/sarif-multitool; scripts/setup.sh installs it in
# /opt/sdvmc-tools), all in one run of it, and what each log says checked with Node.js:
#   run    a race (specs/rules/race_rw.kpl), a divergence (specs/paper/fig4_litmus.kpl),
#          a kernel without error (specs/paper/fig3_while.kpl), a simt:2 race;
#   check  a race found for one input (specs/check/sdv_race_by_value.kpl), a limit reached;
#   prove  the out-of-bounds write of fig3_while for 5 threads;
#   crosscheck  two kernels of specs/crosscheck (a race that agrees, a pass kernel).
# Exits 77 (CTest SKIP_RETURN_CODE) when the Multitool is not installed.
# Usage: sarif.sh SDVMC SOURCE_DIR WORK_DIR
set -u
SDVMC=${1:?usage: sarif.sh SDVMC SOURCE_DIR WORK_DIR}
SRC=${2:?usage: sarif.sh SDVMC SOURCE_DIR WORK_DIR}
WORK=${3:?usage: sarif.sh SDVMC SOURCE_DIR WORK_DIR}
MULTITOOL=${SARIF_MULTITOOL:-${SDVMC_TOOLS:-/opt/sdvmc-tools}/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool}
mkdir -p "$WORK"
rm -f "$WORK"/*.sarif
cd "$SRC" || exit 2
fail=0

sdvmc() {  # sdvmc EXPECTED-EXIT NAME ARGS…: writes $WORK/NAME.sarif
  local want=$1 name=$2
  shift 2
  "$SDVMC" "$@" --sarif "$WORK/$name.sarif" >"$WORK/$name.out" 2>&1
  local got=$?
  if [ "$got" -ne "$want" ]; then echo "FAIL $name: exit $got, expected $want"; cat "$WORK/$name.out"; fail=1; fi
}
sdvmc 1 run-race run specs/rules/race_rw.kpl
sdvmc 1 run-divergence run specs/paper/fig4_litmus.kpl
sdvmc 0 run-ok run specs/paper/fig3_while.kpl
sdvmc 1 run-simt run specs/rules/race_rw.kpl --model simt:2
sdvmc 1 check-race check specs/check/sdv_race_by_value.kpl --jobs 1 --no-progress
sdvmc 3 check-limit check specs/check/sdv_race_by_value.kpl --jobs 1 --no-progress --max-states 2
sdvmc 1 prove prove specs/paper/fig3_while.kpl
sdvmc 0 crosscheck crosscheck specs/crosscheck --filter race_local_read_write.cl --jobs 1
"$SDVMC" run specs/rules/race_rw.kpl --sarif "$WORK/no-such-dir/x.sarif" >"$WORK/unwritable.out" 2>&1
got=$?
if [ "$got" -eq 2 ] && grep -q "error: --sarif: cannot write" "$WORK/unwritable.out" && [ ! -e "$WORK/no-such-dir" ]; then
  echo "PASS an unwritable --sarif path is exit 2 with a diagnostic"
else
  echo "FAIL unwritable --sarif path: exit $got"; cat "$WORK/unwritable.out"; fail=1
fi

# What the logs say (each expectation from the kernels' specs, worked out there by hand).
node - "$WORK" <<'JS' || fail=1
const fs = require('fs');
const dir = process.argv[2];
let bad = 0;
const log = (name) => JSON.parse(fs.readFileSync(`${dir}/${name}.sarif`, 'utf8'));
const expect = (name, what, ok) => { console.log(`${ok ? 'PASS' : 'FAIL'} ${name}: ${what}`); if (!ok) bad = 1; };
const results = (name) => log(name).runs[0].results;
const line = (loc) => loc.physicalLocation.region.startLine;
const eq = (a, b) => JSON.stringify(a) === JSON.stringify(b);

let r = results('run-race');
// race_rw.kpl: write by thread 0 of A[0] (line 15), read by thread 3 (line 14), at the barrier (line 16).
expect('run-race', 'one race result at line 16', r.length === 1 && r[0].ruleId === 'race' && line(r[0].locations[0]) === 16);
expect('run-race', 'accesses at lines 15 and 14', r.length === 1 && eq(r[0].relatedLocations.map(line), [15, 14]));
expect('run-race', 'thread flows of threads 0 and 3',
       r.length === 1 && eq(r[0].codeFlows[0].threadFlows.map(t => t.message.text), ['thread 0', 'thread 3']));
expect('run-race', 'the replay command in the message',
       r.length === 1 && r[0].message.text.includes('Replay: sdvmc run specs/rules/race_rw.kpl --threads 4 --group 0'));
r = results('run-divergence');
// fig4_litmus.kpl: the barrier of line 30, thread 1 enabled, thread 0 disabled.
expect('run-divergence', 'one divergence result at line 30',
       r.length === 1 && r[0].ruleId === 'divergence' && line(r[0].locations[0]) === 30);
expect('run-divergence', 'thread flows of threads 0 and 1', r.length === 1 && r[0].codeFlows[0].threadFlows.length === 2);
const ok = log('run-ok');
expect('run-ok', 'no result, exit code 0, every rule listed',
       ok.runs[0].results.length === 0 && ok.runs[0].invocations[0].exitCode === 0 &&
       ok.runs[0].tool.driver.rules.length === 9);
r = results('run-simt');
expect('run-simt', 'one race result', r.length === 1 && r[0].ruleId === 'race');
r = results('check-race');
// sdv_race_by_value.kpl: write-write race on B[0] (line 28) by threads 0 and 1, at the barrier of line 29.
expect('check-race', 'one race result at line 29 with both writes at line 28',
       r.length === 1 && line(r[0].locations[0]) === 29 && eq(r[0].relatedLocations.map(line), [28, 28]));
expect('check-race', 'the witness replayed as thread flows',
       r.length === 1 && r[0].codeFlows[0].threadFlows.length === 2);
expect('check-race', 'the witness input in the replay command',
       r.length === 1 && r[0].message.text.includes('--init A[0]=1'));
const lim = log('check-limit').runs[0];
expect('check-limit', 'no result, exit 3, a warning notification',
       lim.results.length === 0 && lim.invocations[0].exitCode === 3 &&
       lim.invocations[0].toolExecutionNotifications[0].level === 'warning');
r = results('prove');
// fig3_while.kpl: thread 4 writes A[4] (line 19) in a group of 5.
expect('prove', 'one out-of-bounds result at line 19', r.length === 1 && r[0].ruleId === 'out-of-bounds' && line(r[0].locations[0]) === 19);
expect('prove', 'the confirmed replay as a thread flow', r.length === 1 && r[0].codeFlows[0].threadFlows[0].message.text === 'thread 4');
r = results('crosscheck');
// race_local_read_write.cl: sdvmc finds the race GPUVerify's test expects (agree).
expect('crosscheck', 'one race result, class agree',
       r.length === 1 && r[0].ruleId === 'race' && r[0].properties.sdvmc.crosscheck.class === 'agree');
process.exit(bad);
JS

if [ ! -x "$MULTITOOL" ]; then
  echo "SKIP validation: the SARIF Multitool is not installed (scripts/setup.sh installs it)"
  [ "$fail" -eq 0 ] && exit 77
  exit 1
fi
# One run of the validator over every log; its findings are lines "FILE(L,C): error CODE: …".
rm -f "$WORK/validation.sarif"
DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 timeout 120 "$MULTITOOL" validate "$WORK"/*.sarif \
  --output "$WORK/validation.sarif" >"$WORK/validation.txt" 2>&1
status=$?
n=$(ls "$WORK"/*.sarif | grep -vc validation.sarif)
if [ "$status" -ne 0 ] || ! grep -q "Analysis completed successfully" "$WORK/validation.txt"; then
  echo "FAIL the Multitool did not run (exit $status)"; cat "$WORK/validation.txt"; fail=1
elif grep -E ": (error|warning) " "$WORK/validation.txt" | grep -v "SARIF2005: .* does not provide 'informationUri'"; then
  echo "FAIL the Multitool's findings are above"; fail=1
else
  # The one warning allowed: sdvmc has no web page to give as the tool's informationUri.
  echo "PASS $n logs valid SARIF 2.1.0 (SARIF Multitool validate: no error, no warning but the missing informationUri)"
fi
if [ "$fail" -eq 0 ]; then echo "sarif: all passed"; else echo "sarif: FAILED"; fi
exit "$fail"
