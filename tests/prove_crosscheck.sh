#!/usr/bin/env bash
# CTest `prove_crosscheck`: `sdvmc prove` (every group size, Z3) and `sdvmc check
# --threads 1..8` (explicit states) may not contradict each other on any spec kernel.
#
#   prove_crosscheck.sh SDVMC SPECS_DIR [--timeout SECONDS] [--filter SUBSTRING]
#
# Scope: every .kpl under SPECS_DIR/{prove,check,rules,paper}, in sorted order, except a
# file whose header has a line `// prove: skip`. Both commands ignore the header's
# `threads:` (prove covers every group size, check is given --threads 1..8); check keeps
# the header's `group:`. (tests/spec_runner does not know the `prove:` key yet: a spec that
# needs it must wait until the runner accepts it.)
#
# Per kernel it runs `sdvmc prove FILE --json` (under `timeout`, default 60 s) and
# `sdvmc check FILE --threads 1..8 --json --max-seconds 60`, and reports
#   CONTRADICTION  prove proved it (exit 0) but check finds a violation (exit 1) at 8 threads
#                  or fewer; or prove gives a confirmed witness (confirmed = true) with
#                  witness.threads ≤ 8 that check misses (exit 0) — check is then re-run with
#                  the witness's group and a --domain covering the witness's initial values,
#                  and only if that run also says ok is it a contradiction;
#   SKIPPED        prove is inconclusive (exit 3), timed out, or rejects the input (exit 2);
#   OK             anything else (an agreement, or a violation that needs more than 8 threads,
#                  or a check that ran out of time while prove found nothing to contradict).
# A violation claimed without confirmation (exit 1, confirmed = false) breaks the contract
# (prove must not claim what `run` cannot reproduce): it is reported as UNCONFIRMED and fails;
# so does CRASH: prove exits with a status other than 0, 1, 2, 3 (a timeout is SKIPPED).
#
# Then a table of prove's time per kernel and the median over the loop-free kernels (no
# `while` outside comments). The last line is `N passed, N failed`; exit 1 on any failure.
set -u
usage="usage: prove_crosscheck.sh SDVMC SPECS_DIR [--timeout SECONDS] [--filter SUBSTRING]"
SDVMC=${1:?$usage}
SPECS=${2:?$usage}
shift 2
TIMEOUT=60
FILTER=""
while (($# > 0)); do
  case "$1" in
    --timeout) TIMEOUT=${2:?$usage}; shift 2 ;;
    --filter) FILTER=${2:?$usage}; shift 2 ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done

# JSON field extraction: jq when installed, else python3.
if command -v jq >/dev/null; then
  jget() {  # jget FILE JQ_PATH -> the value (strings bare), or empty
    jq -r "($2) | if . == null then empty elif type == \"string\" then . else tojson end" "$1" 2>/dev/null
  }
elif command -v python3 >/dev/null; then
  jget() {
    python3 - "$1" "$2" <<'PY' 2>/dev/null
import json, sys
try:
    v = json.load(open(sys.argv[1]))
    for k in sys.argv[2].lstrip('.').split('.'):
        v = v[int(k)] if isinstance(v, list) else v.get(k)
        if v is None: break
    if v is not None:
        print(v if isinstance(v, str) else json.dumps(v, separators=(',', ':')).replace('True', 'true'))
except Exception:
    pass
PY
  }
else
  echo "prove_crosscheck: needs jq or python3 to read sdvmc's JSON" >&2
  exit 2
fi

now_ms() { date +%s%3N; }
secs() { printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)); }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

files=()
for dir in prove check rules paper; do
  [ -d "$SPECS/$dir" ] || continue
  while IFS= read -r f; do files+=("$f"); done < <(find "$SPECS/$dir" -name '*.kpl' -type f | LC_ALL=C sort)
done
if ((${#files[@]} == 0)); then
  echo "prove_crosscheck: no .kpl files under $SPECS/{prove,check,rules,paper}" >&2
  exit 2
fi

pass=0 fail=0 skip=0
failures=()
times=()   # "ms<TAB>loopfree<TAB>kernel"

for f in "${files[@]}"; do
  name=${f#"$SPECS"/}
  [ -n "$FILTER" ] && [[ "$name" != *"$FILTER"* ]] && continue
  # The header: the leading lines that are comments or blank.
  if awk '!/^[[:space:]]*(\/\/|$)/ {exit} {print}' "$f" | grep -Eq '^//[[:space:]]*prove:[[:space:]]*skip'; then
    printf '%-52s SKIPPED (// prove: skip)\n' "$name"
    skip=$((skip + 1))
    continue
  fi
  loopfree=yes
  sed 's://.*$::' "$f" | grep -Eq '(^|[^A-Za-z0-9_])while([^A-Za-z0-9_]|$)' && loopfree=no

  t0=$(now_ms)
  timeout "$TIMEOUT" "$SDVMC" prove "$f" --json >"$tmp/p.json" 2>"$tmp/p.err"
  prc=$?
  t1=$(now_ms)
  pms=$((t1 - t0))
  timeout $((TIMEOUT + 60)) "$SDVMC" check "$f" --threads 1..8 --json --max-seconds "$TIMEOUT" >"$tmp/c.json" 2>"$tmp/c.err"
  crc=$?
  t2=$(now_ms)
  cms=$((t2 - t1))
  times+=("$pms	$loopfree	$name")

  pv=$(jget "$tmp/p.json" .verdict)
  cv=$(jget "$tmp/c.json" .verdict)
  case $prc in 124 | 137) pv="timeout" ;; esac
  [ -n "$pv" ] || pv="-"
  [ -n "$cv" ] || cv="-"
  wthreads=$(jget "$tmp/p.json" .witness.threads)
  confirmed=$(jget "$tmp/p.json" .confirmed)
  pdesc="prove $pv ($prc) $(secs $pms)s"
  [ -n "$wthreads" ] && pdesc+=" witness.threads=$wthreads confirmed=${confirmed:-?}"
  cdesc="check $cv ($crc) $(secs $cms)s"

  status=OK
  reason=""
  if [ "$prc" = 0 ] && [ "$crc" = 1 ]; then
    status=CONTRADICTION
    reason="prove proved it, check finds $cv at $(jget "$tmp/c.json" .witness.threads) threads"
  elif [ "$prc" = 1 ] && [ "$confirmed" != true ]; then
    status=UNCONFIRMED
    reason="prove claims $pv (exit 1) without a confirmed witness"
  elif [ "$prc" = 1 ] && [ "$crc" = 0 ] && [ -n "$wthreads" ] && ((wthreads <= 8)); then
    # The witness may use a group id or initial values outside check's defaults.
    wgroup=$(jget "$tmp/p.json" .witness.group)
    # witness.init is {"ARRAY": [[index, value], …], …}: the domain must hold every value.
    lo=0 hi=1
    for v in $(jget "$tmp/p.json" .witness.init | grep -oE '\[-?[0-9]+,-?[0-9]+\]' | sed 's/^.*,//; s/]$//'); do
      ((v < lo)) && lo=$v
      ((v > hi)) && hi=$v
    done
    extra=()
    [ -n "$wgroup" ] && extra+=(--group "$wgroup")
    ((lo != 0 || hi != 1)) && extra+=(--domain "$lo..$hi")
    timeout $((TIMEOUT + 60)) "$SDVMC" check "$f" --threads "$wthreads" "${extra[@]}" --json --max-seconds "$TIMEOUT" >"$tmp/c2.json" 2>/dev/null
    crc2=$?
    if [ "$crc2" = 0 ]; then
      status=CONTRADICTION
      reason="prove's confirmed $pv witness at $wthreads threads (group ${wgroup:-?}) is missed by check (also with ${extra[*]})"
    elif [ "$crc2" = 1 ]; then
      reason="check finds it with ${extra[*]} (outside its default group/domain)"
    else
      status=SKIPPED
      reason="check with ${extra[*]} exits $crc2"
    fi
  elif [ "$prc" = 3 ] || [ "$prc" = 124 ] || [ "$prc" = 137 ]; then
    status=SKIPPED
    [ "$prc" = 3 ] && reason="prove inconclusive" || reason="prove timed out after ${TIMEOUT} s"
  elif [ "$prc" = 2 ]; then
    status=SKIPPED
    reason="prove rejects the input: $(grep -m1 'error:' "$tmp/p.err" | sed 's:^.*error\: ::')"
  elif [ "$prc" != 0 ] && [ "$prc" != 1 ]; then
    status=CRASH
    reason="prove crashed or misbehaved (exit $prc): $(tail -c 200 "$tmp/p.err" | tr '\n' ' ')"
  elif [ "$prc" = 1 ] && [ "$crc" = 1 ] && [ "$pv" != "$cv" ]; then
    reason="different first violations (both are violations)"
  elif [ "$prc" = 1 ] && [ -n "$wthreads" ] && ((wthreads > 8)) && [ "$crc" = 0 ]; then
    reason="needs more threads than check explores"
  elif [ "$crc" = 3 ]; then
    reason="check inconclusive"
  fi
  printf '%-52s %-58s %-34s %s%s\n' "$name" "$pdesc" "$cdesc" "$status" "${reason:+ ($reason)}"
  case $status in
    OK) pass=$((pass + 1)) ;;
    SKIPPED) skip=$((skip + 1)) ;;
    *) fail=$((fail + 1)); failures+=("$status $name: $pdesc; $cdesc; $reason") ;;
  esac
done

echo
echo "prove time per kernel (seconds; loop-free = no while):"
printf '  %-52s %9s  %s\n' kernel seconds loop-free
lf=()
for row in "${times[@]}"; do
  IFS=$'\t' read -r ms loop k <<<"$row"
  printf '  %-52s %9s  %s\n' "$k" "$(secs "$ms")" "$loop"
  [ "$loop" = yes ] && lf+=("$ms")
done
if ((${#lf[@]} > 0)); then
  mapfile -t sorted < <(printf '%s\n' "${lf[@]}" | sort -n)
  n=${#sorted[@]}
  if ((n % 2 == 1)); then
    med=${sorted[$((n / 2))]}
  else
    med=$(((sorted[n / 2 - 1] + sorted[n / 2]) / 2))
  fi
  echo "median prove time over $n loop-free kernels: $(secs "$med") s (max $(secs "${sorted[$((n - 1))]}") s)"
fi

if ((${#failures[@]} > 0)); then
  echo
  echo "failures:"
  printf '  %s\n' "${failures[@]}"
fi
echo "$skip skipped"
echo "$pass passed, $fail failed"
((fail == 0))
