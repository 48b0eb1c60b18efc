#!/usr/bin/env bash
# CTest `trace_html`: the pages of `run --trace --html FILE` and `check --html FILE`, opened
# in headless Chromium. Chromium's DOM of the run page of a race (specs/rules/race_rw.kpl)
# must have one column per thread, the two racing accesses highlighted in the right
# columns, the barrier a full-width row, and the source beside it; the check page of a
# witness (specs/check/sdv_race_by_value.kpl) is rendered to a non-trivial PNG
# (WORK_DIR/check.png); the divergence and simt pages are checked in their HTML. Exits 77
# (CTest SKIP_RETURN_CODE) when Chromium is not installed (scripts/setup.sh installs it).
# Usage: html.sh SDVMC SOURCE_DIR WORK_DIR
set -u
SDVMC=${1:?usage: html.sh SDVMC SOURCE_DIR WORK_DIR}
SRC=${2:?usage: html.sh SDVMC SOURCE_DIR WORK_DIR}
WORK=${3:?usage: html.sh SDVMC SOURCE_DIR WORK_DIR}
mkdir -p "$WORK"
cd "$SRC" || exit 2
fail=0
pass() { echo "PASS $1"; }
flunk() { echo "FAIL $1"; fail=1; }
count() { grep -o -- "$1" "$2" | wc -l; }  # count REGEX FILE: matches

"$SDVMC" run specs/rules/race_rw.kpl --trace --html "$WORK/run.html" >"$WORK/run.txt" 2>&1
[ $? -eq 1 ] && [ -s "$WORK/run.html" ] && pass "run --trace --html: exit 1, page written" || flunk "run --html"
grep -q "G-RACE" "$WORK/run.txt" && pass "run --trace still prints the trace" || flunk "no trace printed"
"$SDVMC" check specs/check/sdv_race_by_value.kpl --jobs 1 --no-progress --html "$WORK/check.html" >"$WORK/check.txt" 2>&1
[ $? -eq 1 ] && [ -s "$WORK/check.html" ] && pass "check --html: exit 1, page written" || flunk "check --html"
"$SDVMC" run specs/paper/fig4_litmus.kpl --html "$WORK/divergence.html" >/dev/null 2>&1
"$SDVMC" run specs/rules/race_rw.kpl --model simt:2 --html "$WORK/simt.html" >/dev/null 2>&1

# The divergence (fig4_litmus.kpl): threads {1-3} reach the barrier of line 30, thread 0 disabled.
grep -q '<tr class="barrier hl-at"[^>]*data-rule="G-DIVERGENCE"><td class="n">[0-9]*</td><td class="rule">G-DIVERGENCE</td><td class="loc"><a href="#L30">30:7</a></td><td class="stmt">barrier;</td><td class="across" colspan="4">barrier: threads {1-3} enabled, {0} disabled: barrier divergence</td>' "$WORK/divergence.html" \
  && pass "divergence: the barrier of line 30 highlighted across the 4 columns" || flunk "divergence row"
# simt:2 on 4 threads: two warps, so two columns.
[ "$(count '<th class="col"' "$WORK/simt.html")" -eq 2 ] && grep -q '>warp 1</th>' "$WORK/simt.html" \
  && pass "simt:2: one column per warp (2)" || flunk "simt columns"

chromium=""
for c in chromium chromium-browser google-chrome; do
  if command -v "$c" >/dev/null; then chromium=$c; break; fi
done
if [ -z "$chromium" ]; then
  echo "SKIP rendering: chromium not installed (scripts/setup.sh installs it)"
  [ "$fail" -eq 0 ] && exit 77
  exit 1
fi
flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars)
timeout 120 "$chromium" "${flags[@]}" --dump-dom "file://$WORK/run.html" >"$WORK/run.dom" 2>"$WORK/chromium-dom.txt"
dom="$WORK/run.dom"
if [ ! -s "$dom" ]; then
  flunk "chromium --dump-dom gave nothing"; cat "$WORK/chromium-dom.txt"
else
  # race_rw.kpl: thread 0 writes A[0] (line 15), thread 3 reads A[0] (line 14), the race at
  # the barrier (line 16).
  [ "$(count '<th class="col"' "$dom")" -eq 4 ] && pass "DOM: 4 thread columns" || flunk "DOM: thread columns"
  [ "$(count 'hl-access" data-col' "$dom")" -eq 2 ] && pass "DOM: two highlighted accesses" || flunk "DOM: highlighted cells"
  grep -q '<td class="t on hl-access" data-col="0">A\[0\]</td>' "$dom" && pass "DOM: thread 0's write of A[0]" || flunk "DOM: thread 0's write"
  grep -q '<td class="t on hl-access" data-col="3">A\[0\]</td>' "$dom" && pass "DOM: thread 3's read of A[0]" || flunk "DOM: thread 3's read"
  grep -q '<tr class="barrier hl-at"[^>]*data-rule="G-RACE">.*<td class="across" colspan="4">' "$dom" \
    && pass "DOM: the racing barrier spans the thread columns" || flunk "DOM: barrier row"
  grep -q '<span class="line hl-at" id="L16"><span class="ln">16</span>  barrier;</span>' "$dom" \
    && pass "DOM: source line 16 highlighted beside the trace" || flunk "DOM: source"
  [ "$(count '<span class="line hl-access" id="L1[45]"' "$dom")" -eq 2 ] && pass "DOM: source lines 14 and 15 highlighted" || flunk "DOM: access lines"
fi
png="$WORK/check.png"
rm -f "$png"
timeout 120 "$chromium" "${flags[@]}" --window-size=1400,900 --screenshot="$png" "file://$WORK/check.html" \
  >"$WORK/chromium-png.txt" 2>&1
size=$(stat -c %s "$png" 2>/dev/null || echo 0)
magic=$(head -c 8 "$png" 2>/dev/null | od -An -tx1 | tr -d ' \n')
if [ "$magic" = "89504e470d0a1a0a" ] && [ "$size" -gt 20000 ]; then
  pass "screenshot $png ($size bytes)"
else
  flunk "screenshot: $png is $size bytes, magic '$magic'"; cat "$WORK/chromium-png.txt"
fi
if [ "$fail" -eq 0 ]; then echo "trace_html: all passed"; else echo "trace_html: FAILED"; fi
exit "$fail"
