#!/usr/bin/env bash
# Long config-fuzz campaigns: the fuzz test (tests/fuzz) with more cases and any seed, its 8
# shards spread over --jobs processes, and one outcome table summed over them.
#   scripts/fuzz_config.sh [--cases N] [--seed S] [--jobs J] [--timeout SECONDS] [--build DIR]
# Exit status: 0 when no case failed, 1 otherwise, 2 for bad arguments.
set -euo pipefail

usage() {  # exit status $1 (default 2: bad arguments)
  echo "usage: $0 [--cases N] [--seed S] [--jobs J] [--timeout SECONDS] [--build DIR]" >&2
  echo "  --cases N        configurations over all shards (default 20000)" >&2
  echo "  --seed S         seed of the draws (default: the current time)" >&2
  echo "  --jobs J         shards run at once (default: the number of cores, at most 8)" >&2
  echo "  --timeout S      seconds per case before it counts as a hang (default 60)" >&2
  echo "  --build DIR      build tree holding tests/fuzz/config_fuzz_test (default build/release)" >&2
  exit "${1:-2}"
}

root=$(cd "$(dirname "$0")/.." && pwd)
cases=20000
seed=$(date +%s)
jobs=$(nproc)
timeout=60
build="$root/build/release"
is_count() { [[ "$1" =~ ^[0-9]+$ ]]; }
is_positive() { [[ "$1" =~ ^[1-9][0-9]*$ ]]; }
while (($#)); do
  [[ "$1" == -h || "$1" == --help ]] && usage 0
  [[ $# -ge 2 ]] || usage
  case "$1" in
    --cases) is_count "$2" || usage; cases=$2 ;;
    --seed) is_count "$2" || usage; seed=$2 ;;
    --jobs) is_positive "$2" || usage; jobs=$2 ;;
    --timeout) is_positive "$2" || usage; timeout=$2 ;;
    --build) build=$2 ;;
    *) usage ;;
  esac
  shift 2
done
if ((jobs > 8)); then jobs=8; fi  # there are 8 shards

bin="$build/tests/fuzz/config_fuzz_test"
[[ -x "$bin" ]] || { echo "$0: no $bin; build it: cmake --build $build --target config_fuzz_test" >&2; exit 2; }

logs=$(mktemp -d "${TMPDIR:-/tmp}/kncsim-fuzz.XXXXXX")
echo "config fuzz: $cases cases, seed $seed, $jobs jobs"
export KNCSIM_FUZZ_CASES=$cases KNCSIM_FUZZ_SEED=$seed KNCSIM_FUZZ_TIMEOUT=$timeout

# Job j runs the shards s with s % jobs == j, one after another.
start=$SECONDS
pids=()
for ((j = 0; j < jobs; j++)); do
  filter=""
  for ((s = j; s < 8; s += jobs)); do filter+="${filter:+:}Shards/ConfigFuzz.*/shard$s"; done
  "$bin" --gtest_filter="$filter" >"$logs/job$j.log" 2>&1 &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
# One line per failing case; the configs and stderr are in the logs.
grep -h '^case [0-9]* (' "$logs"/job*.log || true

# Sum the [fuzz] table rows (kind, cases, one column per outcome) over the jobs.
awk -v seconds=$((SECONDS - start)) -v seed="$seed" '
  /^\[fuzz\] kind / && !header { header = $0; next }
  /^\[fuzz\] [a-z_]+ +[0-9]+( +[0-9]+)+$/ {
    if (!($2 in row)) order[++n] = $2
    row[$2] = 1
    for (i = 3; i <= NF; ++i) sum[$2, i] += $i
    width = NF
  }
  END {
    printf "[fuzz] config fuzz, all jobs: seed %s, %d s wall\n%s\n", seed, seconds, header
    for (k = 1; k <= n; ++k) {
      printf "[fuzz] %-16s", order[k]
      for (i = 3; i <= width; ++i) printf (i == 3 ? "%7d" : "%9d"), sum[order[k], i]
      printf "\n"
      if (order[k] ~ /^valid_/) { valid += sum[order[k], 3]; valid_ran += sum[order[k], 4] }
    }
    # Columns: 3 cases, 4 ran, 5 refused, 6 deadlock, then the failures.
    for (i = 7; i <= width; ++i) failures += sum["total", i]
    printf "[fuzz] valid draws that ran: %d of %d; failures: %d\n", valid_ran, valid, failures
  }' "$logs"/job*.log
if ((status)); then
  echo "logs (with each failing config and its stderr): $logs"
else
  rm -rf "$logs"
fi
exit $status
