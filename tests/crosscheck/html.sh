#!/usr/bin/env bash
# CTest `crosscheck_html`: the HTML report of `sdvmc crosscheck` on specs/crosscheck, opened
# in headless Chromium. Checks that the report lists every kernel, that the witness's
# accesses and the verdict's statement are highlighted in the kernel source (a race: both
# accesses' lines and the final barrier; a divergence: the barrier; the out-of-bounds write beyond GPUVerify's checks:
# the out-of-bounds write), and that Chromium renders it to a non-trivial PNG
# (WORK_DIR/report.png). Exits 77 (CTest SKIP_RETURN_CODE) when Chromium is not installed
# (scripts/setup.sh installs the Debian package chromium).
# Usage: html.sh SDVMC SOURCE_DIR WORK_DIR
set -u
SDVMC=${1:?usage: html.sh SDVMC SOURCE_DIR WORK_DIR}
SRC=${2:?usage: html.sh SDVMC SOURCE_DIR WORK_DIR}
WORK=${3:?usage: html.sh SDVMC SOURCE_DIR WORK_DIR}
mkdir -p "$WORK"
chromium=""
for c in chromium chromium-browser google-chrome; do
  if command -v "$c" >/dev/null; then chromium=$c; break; fi
done
fail=0
cd "$SRC" || exit 2
"$SDVMC" crosscheck specs/crosscheck --jobs 2 --timeout 120 --report "$WORK/report.html" >"$WORK/html-out.txt" 2>&1
status=$?
html="$WORK/report.html"
if [ "$status" -ne 0 ] || [ ! -s "$html" ]; then
  echo "FAIL crosscheck exit $status (expected 0) or no report"; cat "$WORK/html-out.txt"; exit 1
fi
expect() {  # expect DESCRIPTION FIXED-STRING
  if grep -qF -- "$2" "$html"; then echo "PASS $1"; else echo "FAIL $1: no '$2' in the report"; fail=1; fi
}
rows=$(grep -c '^<tr class="\(agree\|disagree\|beyond\|not-comparable\|unsupported\|timeout\)">' "$html")
if [ "$rows" -eq 94 ]; then echo "PASS 94 kernel rows"; else echo "FAIL kernel rows: $rows, expected 94"; fail=1; fi
expect "summary" '<b>Summary:</b> 94 kernels: 89 agree, 0 disagree, 3 beyond, 2 not-comparable, 0 unsupported, 0 timeout.'
# race_local_read_write.cl: the write tile[i] = i (line 10), the read (line 11), the race
# reported at the kernel's final barrier, its closing brace (line 12).
sec=$(awk '/<h3>agree <code>gpuverify\/race_local_read_write.cl<\/code>/,/<\/section>/' "$html")
grep -q 'class="line hl-access"[^>]*><span class="ln">10</span>  tile\[i\] = i;' <<<"$sec" && echo "PASS race: write line 10 highlighted" || { echo "FAIL race: line 10 not highlighted"; fail=1; }
grep -q 'class="line hl-access"[^>]*><span class="ln">11</span>  out\[i\] = tile\[(i + 1) % 4\];' <<<"$sec" && echo "PASS race: read line 11 highlighted" || { echo "FAIL race: line 11 not highlighted"; fail=1; }
grep -q 'class="line hl-at"[^>]*><span class="ln">12</span>}' <<<"$sec" && echo "PASS race: final barrier (line 12) highlighted" || { echo "FAIL race: line 12 not highlighted"; fail=1; }
# divergence_if.cl: the barrier of line 10.
sec=$(awk '/<h3>agree <code>gpuverify\/divergence_if.cl<\/code>/,/<\/section>/' "$html")
grep -q 'class="line hl-at"[^>]*><span class="ln">10</span>    barrier(CLK_GLOBAL_MEM_FENCE);' <<<"$sec" && echo "PASS divergence: barrier line 10 highlighted" || { echo "FAIL divergence: line 10 not highlighted"; fail=1; }
# oob_unchecked.cl, beyond what GPUVerify checks: item 3's write t[i + 1] (line 11).
sec=$(awk '/<h3>beyond <code>gpuverify\/oob_unchecked.cl<\/code>/,/<\/section>/' "$html")
grep -q 'class="line hl-at"[^>]*><span class="ln">11</span>  t\[i + 1\] = i;' <<<"$sec" && echo "PASS beyond: line 11 highlighted" || { echo "FAIL beyond: line 11 not highlighted"; fail=1; }
if [ -z "$chromium" ]; then
  echo "SKIP screenshot: chromium not installed (scripts/setup.sh installs it)"
  [ "$fail" -eq 0 ] && exit 77
  exit 1
fi
png="$WORK/report.png"
rm -f "$png"
timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars \
  --window-size=1400,2400 --screenshot="$png" "file://$html" >"$WORK/chromium.txt" 2>&1
size=$(stat -c %s "$png" 2>/dev/null || echo 0)
magic=$(head -c 8 "$png" 2>/dev/null | od -An -tx1 | tr -d ' \n')
if [ "$magic" = "89504e470d0a1a0a" ] && [ "$size" -gt 20000 ]; then
  echo "PASS screenshot $png ($size bytes)"
else
  echo "FAIL screenshot: $png is $size bytes, magic '$magic'"; cat "$WORK/chromium.txt"; fail=1
fi
if [ "$fail" -eq 0 ]; then echo "crosscheck_html: all passed"; else echo "crosscheck_html: FAILED"; fi
exit "$fail"
