#!/usr/bin/env bash
# Measures issue 20's acceptance figure on tests/corpus/production (a stand-in, written here, for
# the held-out set of real bug fixes: 20 pairs NAME_before.cu / NAME_after.cu).
#
#   tests/bench/production_bugs.sh SDVMC [DIR] [--timeout SECONDS]
#
# Each file's header gives
#   // launch: ARGS                      the sdvmc options of the case (quoted words allowed)
#   // expect: CMD VERDICT [line=L] [group=G]
#                                        the subcommand (run or check) and the verdict derived by
#                                        hand in the file's `// why:`, with its line and block
# For every file: "SDVMC lower FILE" with the options lower takes (read: exit 0), then
# "SDVMC CMD FILE ARGS --json", whose verdict, location.line and group are compared with the
# expectation. Prints per pair the verdicts, then
#   files read             lower accepted the file (of 40)
#   bugs found             before-kernels whose expected violation is reported, at the expected
#                          line and block where the header gives them (of 20)
#   fixes clean            after-kernels with no violation: verdict ok (of 20); an after-kernel
#                          whose expected verdict is `inconclusive` (a 64-bit offset the model
#                          does not carry: a pointer formed at 2^31 cells or more and kept in a
#                          local) is counted apart, as "fixes inconclusive"
#   as expected            files whose verdict (line, block) is the header's (of 40)
# Exit status 0 when every file is as expected, 1 otherwise, 64 on a usage error.
set -u
set -o pipefail

usage() {
  echo "usage: $0 SDVMC [DIR] [--timeout SECONDS]" >&2
  exit 64
}

SDVMC=""
DIR=""
LIMIT=120
while [ $# -gt 0 ]; do
  case "$1" in
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
  DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../corpus/production" && pwd)"
fi
[ -x "$SDVMC" ] || { echo "not an executable: $SDVMC" >&2; exit 64; }
[ -d "$DIR" ] || { echo "not a directory: $DIR" >&2; exit 64; }
command -v timeout >/dev/null || { echo "needs timeout (coreutils)" >&2; exit 64; }
command -v xargs >/dev/null || { echo "needs xargs (findutils)" >&2; exit 64; }
command -v python3 >/dev/null || { echo "needs python3 (reads the --json output)" >&2; exit 64; }

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# The options "sdvmc lower" accepts, each followed by one value (or written NAME=VALUE).
is_lower_opt() {
  case "$1" in
    --local-size|--local_size|--num-groups|--num_groups|--global-size|--global_size|\
    --block-dim|--blockDim|--grid-dim|--gridDim|--kernel|--buffer|--image|--target|\
    --dynamic-shared-bytes|-I|-D|--include) return 0 ;;
  esac
  return 1
}
is_lower_flag() {
  case "$1" in
    --no-overflow-check|--no-annotations|--only-requires|--invariants-as-candidates) return 0 ;;
  esac
  return 1
}

header_value() {  # FILE KEY: the rest of the first "// KEY:" line
  grep -m1 -E "^//[[:space:]]*$2:" "$1" | sed -E "s#^//[[:space:]]*$2:[[:space:]]*##"
}
# The verdict, location.line, group and message of sdvmc's --json object (the last line of
# stdout that is one), separated by the unit separator 0x1f (empty fields where absent).
json_fields() {
  python3 -c '
import json, sys
obj = {}
for line in sys.stdin:
    line = line.strip()
    if line.startswith("{"):
        try: obj = json.loads(line)
        except ValueError: pass
loc = obj.get("location") or {}
vals = [obj.get("verdict", ""), loc.get("line", ""), obj.get("group", ""), obj.get("message", "")]
print("\x1f".join(str(v).replace("\x1f", " ").replace("\n", " ") for v in vals))
'
}

RESULTS="$WORK/results"  # name \t side \t read \t expected \t got \t match \t detail
: > "$RESULTS"

mapfile -d '' BEFORES < <(find "$DIR" -maxdepth 1 -type f -name '*_before.cu' -print0 | LC_ALL=C sort -z)
[ "${#BEFORES[@]}" -gt 0 ] || { echo "no *_before.cu files in $DIR" >&2; exit 1; }

for before in "${BEFORES[@]}"; do
  name="$(basename "$before" _before.cu)"
  for side in before after; do
    f="$DIR/${name}_${side}.cu"
    if [ ! -f "$f" ]; then
      printf '%s\t%s\tmissing\t-\t-\tno\tno %s file\n' "$name" "$side" "$side" >> "$RESULTS"
      continue
    fi
    launch="$(header_value "$f" launch)"
    expect="$(header_value "$f" expect)"
    mapfile -t args < <(printf '%s' "$launch" | xargs -n1 printf '%s\n')
    read -r -a ex <<< "$expect"
    cmd="${ex[0]:-run}"
    want="${ex[1]:-?}"
    want_line=""; want_group=""
    for w in "${ex[@]:2}"; do
      case "$w" in
        line=*) want_line="${w#line=}" ;;
        group=*) want_group="${w#group=}" ;;
      esac
    done
    largs=()
    i=0
    while [ $i -lt ${#args[@]} ]; do
      a="${args[$i]}"
      if is_lower_opt "$a" && [ $((i + 1)) -lt ${#args[@]} ]; then
        largs+=("$a" "${args[$((i + 1))]}"); i=$((i + 2)); continue
      fi
      if is_lower_flag "$a" || { is_lower_opt "${a%%=*}" && [ "$a" != "${a%%=*}" ]; }; then largs+=("$a"); fi
      i=$((i + 1))
    done

    timeout -k 5 "$LIMIT" "$SDVMC" lower "$f" "${largs[@]}" > /dev/null 2> "$WORK/lower.err"
    lrc=$?
    if [ $lrc -ne 0 ]; then
      msg="$( (grep -m1 'error:' "$WORK/lower.err" || tail -n1 "$WORK/lower.err") | tr '\t\n' '  ')"
      printf '%s\t%s\tno\t%s\tnot read (lower exit %s)\tno\t%s\n' "$name" "$side" "$want" "$lrc" "$msg" >> "$RESULTS"
      continue
    fi
    out="$(timeout -k 5 "$LIMIT" "$SDVMC" "$cmd" "$f" "${args[@]}" --json 2> "$WORK/run.err")"
    rc=$?
    IFS=$'\x1f' read -r got line group message < <(json_fields <<< "$out")
    detail=""
    if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
      got="timeout"
    elif [ -z "$got" ] || [ "$got" = "error" ]; then
      detail="$( (grep -m1 'error' "$WORK/run.err" || tail -n1 "$WORK/run.err") | tr '\t\n' '  ')"
      got="failed(exit $rc)"
    fi
    match="yes"
    [ "$got" = "$want" ] || match="no"
    if [ "$match" = "yes" ] && [ -n "$want_line" ] && [ "$line" != "$want_line" ]; then
      match="no"; detail="line $line, expected $want_line"
    fi
    if [ "$match" = "yes" ] && [ -n "$want_group" ] && [ -n "$group" ] && [ "$group" != "$want_group" ]; then
      match="no"; detail="block $group, expected $want_group"
    fi
    shown="$got"
    [ -n "$line" ] && shown="$shown@$line"
    [ -n "$group" ] && shown="$shown (block $group)"
    [ "$cmd" != "run" ] && shown="$cmd: $shown"
    [ -z "$detail" ] && [ "$got" != "ok" ] && detail="$message"
    printf '%s\t%s\tyes\t%s\t%s\t%s\t%s\n' "$name" "$side" "$want" "$shown" "$match" "$detail" >> "$RESULTS"
  done
done

# ---- report ----
printf '\nsdvmc on %s (%s)\n\n' "$DIR" "$SDVMC"
printf '%-36s %-18s %-34s %-16s %-34s\n' pair "before: expected" "before: got" "after: expected" "after: got"
awk -F'\t' '
  { key = $1; if (!(key in seen)) { seen[key] = 1; order[++k] = key }
    ex_[key, $2] = $4; got_[key, $2] = $5 (($6 == "yes") ? "" : "  <-- differs") }
  END { for (i = 1; i <= k; i++) { p = order[i]
    printf "%-36s %-18s %-34s %-16s %s\n", p, ex_[p, "before"], got_[p, "before"], ex_[p, "after"], got_[p, "after"] } }' "$RESULTS"

total=$(wc -l < "$RESULTS")
pairs=$(awk -F'\t' '$2 == "before"' "$RESULTS" | wc -l)
read_n=$(awk -F'\t' '$3 == "yes"' "$RESULTS" | wc -l)
found=$(awk -F'\t' '$2 == "before" && $6 == "yes" && $4 != "ok"' "$RESULTS" | wc -l)
clean=$(awk -F'\t' '$2 == "after" && $5 ~ /^(check: )?ok/' "$RESULTS" | wc -l)
inconcl=$(awk -F'\t' '$2 == "after" && $5 ~ /^(check: )?inconclusive/' "$RESULTS" | wc -l)
asexp=$(awk -F'\t' '$6 == "yes"' "$RESULTS" | wc -l)
printf '\nfiles read (lower exit 0):               %d / %d\n' "$read_n" "$total"
printf 'bugs found (before: expected violation): %d / %d\n' "$found" "$pairs"
printf 'fixes clean (after: verdict ok):         %d / %d\n' "$clean" "$pairs"
printf 'fixes inconclusive (after: 64-bit offset not modelled): %d / %d\n' "$inconcl" "$pairs"
printf 'as expected (verdict, line, block):      %d / %d\n' "$asexp" "$total"

bad="$(awk -F'\t' '$6 != "yes"' "$RESULTS")"
if [ -n "$bad" ]; then
  printf '\nfiles not as expected:\n'
  printf '%s\n' "$bad" | awk -F'\t' '{ printf "  %s_%s.cu: expected %s, got %s%s\n", $1, $2, $4, $5, ($7 != "" ? " (" $7 ")" : "") }'
  exit 1
fi
exit 0
