#!/usr/bin/env bash
# SystemC flit-level network speed (node-cycles/s, one thread) and the peak memory of a
# 128x128 mesh. Run on an otherwise idle machine; figures go in docs/benchmarks.md (and the README's speed table).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset release >/dev/null && cmake --build --preset release --target kncsim kncsim-bench-systemc >/dev/null
build/release/tb/kncsim-bench-systemc "$@"
echo "== peak memory, 128x128 mesh, L=32, 20000 cycles"
for load in 0.1 0.5; do
  /usr/bin/time -f "A=$load: %M KB peak resident, %e s" build/release/tb/kncsim run \
    --set router.impl=systemc --set network.radix=128 --set traffic.load=$load \
    --set run.convergence=fixed --set run.cycles=20000 >/dev/null
done
