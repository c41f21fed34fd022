#!/usr/bin/env bash
# Reference-model speed: node-cycles/s on the issue's benchmark points, one thread and two.
# Run on an otherwise idle machine; figures go in docs/benchmarks.md (and the README's speed table).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset release >/dev/null && cmake --build --preset release --target kncsim-bench-ref >/dev/null
for t in 1 2; do
  echo "== run.threads=$t"
  build/release/tb/kncsim-bench-ref --threads "$t"
done
