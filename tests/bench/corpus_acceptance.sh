#!/usr/bin/env bash
# Measures how much of tests/corpus/ sdvmc accepts (issue 14).
#
#   tests/bench/corpus_acceptance.sh SDVMC [DIR] [--tsv FILE] [--timeout SECONDS]
#
# For every .cu and .cl file under DIR (default: tests/corpus next to this script), reads the
# sdvmc options from its first "// launch: ARGS" line (words split as the shell splits them:
# quotes keep spaces), runs "SDVMC lower FILE ARGS" (with only
# the options lower takes) and classifies the kernel:
#   accepted     lower exits 0
#   unsupported  lower exits 2 and its stderr has "unsupported:" (a construct sdvmc lacks)
#   error        lower exits 2 without "unsupported:" (a parse/type error: a bug in the kernel
#                or in sdvmc; the first error line is printed)
#   timeout      lower ran past the time limit
#   crash        any other exit status (a signal, an abort, an internal error)
# "unsupp %" is unsupported / kernels, "rejected %" everything not accepted / kernels.
# Accepted kernels are then run ("SDVMC run FILE ARGS --json") and their verdict recorded.
# Prints a table per top-level folder of DIR, the first "unsupported:" message of each rejected
# kernel grouped and counted, and the errors and crashes; --tsv FILE writes one row per kernel.
set -u
set -o pipefail

usage() {
  echo "usage: $0 SDVMC [DIR] [--tsv FILE] [--timeout SECONDS]" >&2
  exit 64
}

SDVMC=""
DIR=""
TSV=""
LIMIT=20
while [ $# -gt 0 ]; do
  case "$1" in
    --tsv) [ $# -ge 2 ] || usage; TSV="$2"; shift 2 ;;
    --tsv=*) TSV="${1#--tsv=}"; shift ;;
    --timeout) [ $# -ge 2 ] || usage; LIMIT="$2"; shift 2 ;;
    --timeout=*) LIMIT="${1#--timeout=}"; shift ;;
    -h|--help) usage ;;
    -*) echo "unknown option: $1" >&2; usage ;;
    *)
      if [ -z "$SDVMC" ]; then SDVMC="$1"
      elif [ -z "$DIR" ]; then DIR="$1"
      else usage
      fi
      shift ;;
  esac
done
[ -n "$SDVMC" ] || usage
if [ -z "$DIR" ]; then
  DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../corpus" && pwd)"
fi
[ -x "$SDVMC" ] || { echo "not an executable: $SDVMC" >&2; exit 64; }
[ -d "$DIR" ] || { echo "not a directory: $DIR" >&2; exit 64; }
command -v timeout >/dev/null || { echo "needs timeout (coreutils)" >&2; exit 64; }

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# The options "sdvmc lower" accepts, each followed by one value (or written NAME=VALUE).
is_lower_opt() {
  case "$1" in
    --local-size|--local_size|--num-groups|--num_groups|--global-size|--global_size|\
    --block-dim|--blockDim|--grid-dim|--gridDim|--kernel|--buffer|--image|--target|\
    --dynamic-shared-bytes) return 0 ;;
  esac
  return 1
}

# One line, tabs and newlines flattened, for the TSV and the tables.
oneline() { tr '\t\r\n' '   ' | sed 's/  */ /g; s/^ //; s/ $//'; }

RESULTS="$WORK/results"   # folder \t file \t status \t detail \t verdict \t external functions
: > "$RESULTS"

mapfile -d '' FILES < <(find "$DIR" -type f \( -name '*.cu' -o -name '*.cl' \) -print0 | LC_ALL=C sort -z)
if [ "${#FILES[@]}" -eq 0 ]; then
  echo "no .cu or .cl files under $DIR" >&2
  exit 1
fi

for f in "${FILES[@]}"; do
  rel="${f#"$DIR"/}"
  case "$rel" in
    */*) folder="${rel%%/*}" ;;
    *) folder="." ;;
  esac
  launch="$(grep -m1 -E '^[[:space:]]*//[[:space:]]*launch:' "$f" | sed -E 's#^[[:space:]]*//[[:space:]]*launch:[[:space:]]*##')"
  [ -n "$launch" ] || echo "warning: $rel has no '// launch:' line; lowering it without options" >&2
  # Words as the shell splits them: a quoted word keeps its spaces (--kernel 'ns::k<float, 128>').
  mapfile -t args < <(printf '%s' "$launch" | xargs -n1 printf '%s\n')
  largs=()
  i=0
  while [ $i -lt ${#args[@]} ]; do
    a="${args[$i]}"
    if is_lower_opt "$a" && [ $((i + 1)) -lt ${#args[@]} ]; then
      largs+=("$a" "${args[$((i + 1))]}")
      i=$((i + 2))
      continue
    fi
    if is_lower_opt "${a%%=*}" && [ "$a" != "${a%%=*}" ]; then
      largs+=("$a")
    fi
    i=$((i + 1))
  done

  status=""; detail=""; verdict="-"; arbitrary="-"
  timeout -k 5 "$LIMIT" "$SDVMC" lower "$f" "${largs[@]}" > /dev/null 2> "$WORK/lower.err"
  rc=$?
  # Functions sdvmc read as external (result arbitrary): a library function here is a gap.
  arb="$(grep -o "note: '[^']*' has no body" "$WORK/lower.err" | sed "s/note: '//; s/' has no body//" | sort -u | paste -sd, -)"
  [ -n "$arb" ] && arbitrary="$arb"
  if [ $rc -eq 0 ]; then
    status="accepted"
  elif [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
    status="timeout"; detail="lower ran past ${LIMIT} s"
  elif [ $rc -eq 2 ] && grep -q 'unsupported:' "$WORK/lower.err"; then
    status="unsupported"
    detail="$(grep -m1 'unsupported:' "$WORK/lower.err" | sed 's/.*unsupported:[[:space:]]*//' | oneline)"
  elif [ $rc -eq 2 ]; then
    status="error"
    detail="$( (grep -m1 'error:' "$WORK/lower.err" || head -n1 "$WORK/lower.err") | sed 's/.*error:[[:space:]]*//' | oneline)"
  else
    status="crash"
    detail="exit $rc: $(tail -n 3 "$WORK/lower.err" | oneline)"
  fi

  if [ "$status" = "accepted" ]; then
    timeout -k 5 "$LIMIT" "$SDVMC" run "$f" "${args[@]}" --json > "$WORK/run.out" 2> "$WORK/run.err"
    rrc=$?
    verdict="$(grep -o '"verdict":"[^"]*"' "$WORK/run.out" | head -n1 | sed 's/"verdict":"//; s/"$//')"
    if [ $rrc -eq 124 ] || [ $rrc -eq 137 ]; then
      verdict="timeout"
    elif [ "$verdict" = "error" ]; then
      # sdvmc could not run it (an option the kernel does not take, …): not a verdict
      verdict="run-failed(exit $rrc)"
      detail="$(grep -o '"message":"[^"]*"' "$WORK/run.out" | head -n1 | sed 's/"message":"//; s/"$//' | oneline)"
    elif [ -z "$verdict" ]; then
      verdict="run-failed(exit $rrc)"
      detail="$( (grep -m1 'error' "$WORK/run.err" || tail -n1 "$WORK/run.err") | oneline)"
    fi
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$folder" "$rel" "$status" "$detail" "$verdict" "$arbitrary" >> "$RESULTS"
done

# ---- report ----
printf '\nsdvmc corpus acceptance: %s (%s)\n' "$DIR" "$SDVMC"
printf '%-12s %8s %9s %12s %7s %8s %8s %10s %10s\n' folder kernels accepted unsupported errors timeouts crashes "unsupp %" "rejected %"
awk -F'\t' '
  { n[$1]++; c[$1 SUBSEP $3]++; N++; C[$3]++; if (!($1 in seen)) { seen[$1]=1; order[++k]=$1 } }
  function row(name, tot, acc, uns, err, tmo, cra) {
    printf "%-12s %8d %9d %12d %7d %8d %8d %9.1f%% %9.1f%%\n", name, tot, acc, uns, err, tmo, cra,
      tot ? 100*uns/tot : 0, tot ? 100*(tot-acc)/tot : 0
  }
  END {
    for (i = 1; i <= k; i++) { f = order[i]
      row(f, n[f], c[f SUBSEP "accepted"], c[f SUBSEP "unsupported"], c[f SUBSEP "error"], c[f SUBSEP "timeout"], c[f SUBSEP "crash"]) }
    row("total", N, C["accepted"], C["unsupported"], C["error"], C["timeout"], C["crash"])
  }' "$RESULTS"

printf '\nverdicts of "sdvmc run" on the accepted kernels:\n'
awk -F'\t' '$3 == "accepted" { print "  " $1 ": " $5 }' "$RESULTS" | sort | uniq -c | sort -k2,2 -k1,1nr

printf '\nfirst unsupported construct of each rejected kernel (count, message):\n'
awk -F'\t' '$3 == "unsupported" { print $4 }' "$RESULTS" | sort | uniq -c | sort -k1,1nr -k2

printf '\nkernels per construct:\n'
awk -F'\t' '$3 == "unsupported" { print $4 "\t" $2 }' "$RESULTS" | sort | awk -F'\t' '
  $1 != last { if (NR > 1) printf "\n"; printf "  %s:\n     ", $1; last = $1 }
  { printf " %s", $2 } END { if (NR) printf "\n" }'

printf '\nfirst error of each kernel that lower refused without "unsupported:" (count, message):\n'
awk -F'\t' '$3 == "error" { print $4 }' "$RESULTS" | sort | uniq -c | sort -k1,1nr -k2

ext="$(awk -F'\t' '$6 != "-" { printf "  %s: %s\n", $2, $6 }' "$RESULTS")"
if [ -n "$ext" ]; then
  printf '\nfunctions lower read as external, bodiless (result arbitrary; a library function here is a gap):\n%s\n' "$ext"
fi

bad="$(awk -F'\t' '$3 == "error" || $3 == "crash" || $3 == "timeout" || $5 ~ /^run-failed|^timeout/' "$RESULTS")"
if [ -n "$bad" ]; then
  printf '\nerrors, crashes, timeouts (a bug in the kernel or in sdvmc):\n'
  printf '%s\n' "$bad" | awk -F'\t' '{ printf "  %-12s %s: %s (run: %s)\n", $3, $2, $4, $5 }'
fi

if [ -n "$TSV" ]; then
  { printf 'folder\tfile\tstatus\tdetail\tverdict\texternal\n'; cat "$RESULTS"; } > "$TSV"
  printf '\nper-kernel results written to %s\n' "$TSV"
fi
exit 0
