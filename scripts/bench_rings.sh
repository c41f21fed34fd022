#!/usr/bin/env bash
# SCI ring network speed: a 4096-node 8-ary 4-cube (pipelined, W = 32, f_data = 0.3, active
# buffers of 8 packets, which the RTL needs bounded) at low and high load, every ring model on
# the same work (same config, same seed): node-cycles/s on one thread, peak memory, and each
# model's speed ratio to the reference and to the SystemC module network. The models take
# turns, round after round, and a ratio is the median of the rounds' ratios: on a shared
# machine whose speed drifts by tens of percent within minutes, models timed in separate
# stretches would compare the drift. Results must agree, and the script checks that they do.
#   scripts/bench_rings.sh [cycles] [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset release >/dev/null && cmake --build --preset release --target kncsim >/dev/null
cycles=${1:-3000}
rounds=${2:-5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for load in 0.1 0.7; do
  echo "== 8-ary 4-cube, A = $load (of the eq 13 maximum), $cycles cycles, $rounds rounds"
  for ((round = 0; round < rounds; ++round)); do
    for impl in ref systemc rtl; do
      /usr/bin/time -f "%M" -o "$out/mem" build/release/tb/kncsim run \
        --set network.topology=rings --set router.model=sci --set network.dims=4 --set network.radix=8 \
        --set traffic.load=$load --set run.convergence=fixed --set run.cycles="$cycles" \
        --set router.active_buffer_packets=8 --set router.impl=$impl --json "$out/$impl.json" > "$out/summary"
      rate=$(sed -n 's/.*(\([0-9.e+]*\) node-cycles\/s).*/\1/p' "$out/summary")
      echo "$impl $round $rate $(cat "$out/mem")" >> "$out/table_$load"
    done
  done
  /usr/bin/python3 - "$out" "$load" <<'PY'
import json, statistics, sys
out, load = sys.argv[1], sys.argv[2]
runs = {}  # impl -> [(rate, peak KB)] in round order
for line in open(f"{out}/table_{load}"):
    impl, _, rate, mem = line.split()
    runs.setdefault(impl, []).append((float(rate), int(mem)))
def median_ratio(a, b):
    return statistics.median(x[0] / y[0] for x, y in zip(runs[a], runs[b]))
mem0 = max(m for _, m in runs["ref"])
for impl, rs in runs.items():
    best = max(r for r, _ in rs)
    peak = max(m for _, m in rs)
    print(f"  {impl:8s} best {best:9.3g} node-cycles/s  median ratio: x{median_ratio(impl, 'ref'):5.2f} of ref"
          f"  x{median_ratio(impl, 'systemc'):5.2f} of systemc   peak {peak / 1024:6.1f} MB  x{peak / mem0:4.2f}")
    print(f"  {'':8s} rounds: " + " ".join(f"{r:.3g}" for r, _ in rs))
keys = ["latency_address", "latency_data", "round_trip", "messages_delivered", "nacks", "echoes"]
ref = json.load(open(f"{out}/ref.json"))
for impl in ("systemc", "rtl"):
    other = json.load(open(f"{out}/{impl}.json"))
    bad = [k for k in keys if ref[k] != other[k]]
    if bad:
        sys.exit(f"{impl} disagrees with ref on {bad}")
print(f"  results identical: round trip {ref['round_trip']:.1f}, {ref['messages_delivered']} messages")
PY
done
