#!/usr/bin/env bash
# SCI ring network speed: a 4096-node 8-ary 4-cube (pipelined, W = 32, f_data = 0.3, active
# buffers of 8 packets, which the RTL needs bounded) at low and high load, every ring model on
# the same work (same config, same seed): node-cycles/s on one thread, peak memory, and each
# model's ratio to the reference and to the SystemC module network. Results must agree, and
# the script checks that they do. Run on an otherwise idle machine; figures go in the README.
#   scripts/bench_rings.sh [cycles] [repeats]
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset release >/dev/null && cmake --build --preset release --target kncsim >/dev/null
cycles=${1:-3000}
repeats=${2:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for load in 0.1 0.7; do
  echo "== 8-ary 4-cube, A = $load (of the eq 13 maximum), $cycles cycles, best of $repeats"
  for impl in ref systemc rtl; do
    best=0
    for ((i = 0; i < repeats; ++i)); do
      /usr/bin/time -f "%M" -o "$out/mem" build/release/tb/kncsim run \
        --set network.topology=rings --set router.model=sci --set network.dims=4 --set network.radix=8 \
        --set traffic.load=$load --set run.convergence=fixed --set run.cycles="$cycles" \
        --set router.active_buffer_packets=8 --set router.impl=$impl --json "$out/$impl.json" > "$out/summary"
      rate=$(sed -n 's/.*(\([0-9.e+]*\) node-cycles\/s).*/\1/p' "$out/summary")
      best=$(python3 -c "print(max($best, $rate))")
    done
    echo "$impl $best $(cat "$out/mem")" >> "$out/table_$load"
  done
  python3 - "$out" "$load" <<'PY'
import json, sys
out, load = sys.argv[1], sys.argv[2]
rows = [line.split() for line in open(f"{out}/table_{load}")]
base = {r[0]: float(r[1]) for r in rows}["ref"]
sc = {r[0]: float(r[1]) for r in rows}["systemc"]
mem0 = {r[0]: int(r[2]) for r in rows}["ref"]
for impl, rate, mem in rows:
    print(f"  {impl:8s} {float(rate):10.3g} node-cycles/s  x{float(rate) / base:5.2f} of ref  "
          f"x{float(rate) / sc:5.2f} of systemc   peak {int(mem) / 1024:6.1f} MB  x{int(mem) / mem0:4.2f}")
keys = ["latency_address", "latency_data", "round_trip", "messages_delivered", "nacks", "echoes"]
ref = json.load(open(f"{out}/ref.json"))
for impl, _, _ in rows[1:]:
    other = json.load(open(f"{out}/{impl}.json"))
    bad = [k for k in keys if ref[k] != other[k]]
    if bad:
        sys.exit(f"{impl} disagrees with ref on {bad}")
print(f"  results identical: round trip {ref['round_trip']:.1f}, {ref['messages_delivered']} messages")
PY
done
