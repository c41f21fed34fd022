#!/usr/bin/env bash
# Peak resident memory against simulated cycles past saturation: a 16x16 mesh offered
# 1 flit/node/cycle (A = 4, L = 32), for each model. With bounded-cost source queues and
# run-length FIFOs the growth is a few dozen bytes per packet held. Not a test.
#   scripts/bench_memory.sh [--build DIR] [--cycles "10000 20000 40000 80000"]
set -euo pipefail
build=build/release
cycle_list="10000 20000 40000 80000"
while (($#)); do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --cycles) cycle_list=$2; shift 2 ;;
    *) echo "usage: $0 [--build DIR] [--cycles \"N N ...\"]" >&2; exit 2 ;;
  esac
done
kncsim=$build/tb/kncsim
[[ -x $kncsim ]] || { echo "no $kncsim: build first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-8s %8s %12s %12s %10s\n' model cycles "held pkts" "peak MB" "estimate"
for impl in ref systemc; do
  for c in $cycle_list; do
    /usr/bin/time -f '%M' -o "$tmp/rss" "$kncsim" run --set router.impl=$impl --set network.radix=16 \
      --set traffic.load=4 --set traffic.stream=counter --set run.convergence=fixed --set run.cycles="$c" \
      --set run.threads=1 --json "$tmp/r.json" >/dev/null 2>&1
    /usr/bin/python3 - "$impl" "$c" "$tmp/r.json" "$(cat "$tmp/rss")" <<'PY'
import json, sys
impl, cycles, path, rss_kb = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
r = json.load(open(path))
print(f"{impl:<8} {cycles:>8} {r['numsent'] - r['numrecd']:>12} {rss_kb * 1024 / 1e6:>12.1f} {r['memory']['estimate_mb']:>10.1f}")
PY
  done
done
