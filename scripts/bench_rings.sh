#!/usr/bin/env bash
# SCI ring network speed: a 4096-node 8-ary 4-cube (pipelined, W = 32, f_data = 0.3) at low
# and high load, node-cycles/s on one thread, with peak memory. Figures go in the README.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset release >/dev/null && cmake --build --preset release --target kncsim >/dev/null
cycles=${1:-3000}
for load in 0.1 0.7; do
  echo "== 8-ary 4-cube, A = $load (of the eq 13 maximum), $cycles cycles"
  /usr/bin/time -f "peak %M KB, %e s wall" build/release/tb/kncsim run \
    --set network.topology=rings --set router.model=sci --set network.dims=4 --set network.radix=8 \
    --set traffic.load=$load --set run.convergence=fixed --set run.cycles="$cycles" | tail -n 4
done
