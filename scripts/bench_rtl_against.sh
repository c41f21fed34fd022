#!/usr/bin/env bash
# The RTL routers' speed with models from the model cache (this tree: a shared object loaded
# with dlopen) against another revision's statically linked models, on the same points
# (kncsim-bench-rtl: the all-RTL 8x8 mesh, 4-flit wormhole and 128-flit cut-through FIFOs,
# A = .1 to .7, one thread), the two builds taking turns over rounds; prints each point's
# median node-cycles/s for the direct and the signal binding and the ratio (this tree over the
# other). A ratio of 1 is no slower. The other revision is built in a git worktree under
# build/against-REV with only the two parameter sets the benchmark uses (a few minutes).
#   scripts/bench_rtl_against.sh [REV] [rounds] [--full]
# REV defaults to 0b5290e, the last commit with the routers' models linked in; --full runs
# 40000 cycles a point instead of --quick's 4000.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-0b5290e}
rounds=${2:-3}
quick=--quick
[[ "${3:-}" == "--full" ]] && quick=
here=$(pwd)
tree="$here/build/against-$rev"
if [[ ! -d "$tree" ]]; then
  git worktree add --detach "$tree" "$rev" >/dev/null
fi
(cd "$tree" && cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DKNCSIM_TESTS=OFF \
   "-DKNCSIM_RTL_VARIANT_FILTER=d2_q4_a0_c0\$|d2_q128_a0_c1\$" >/dev/null &&
 cmake --build build/release --target kncsim-bench-rtl >/dev/null)
cmake --preset release >/dev/null && cmake --build --preset release --target kncsim-bench-rtl kncsim >/dev/null
# This tree's models come from the cache: built now, so that no round times a build.
for binding in direct signals; do
  build/release/tb/kncsim rtl build --set network.radix=8 --set router.impl=rtl --set router.fifo_flits=4 \
    --set router.flow_control=wormhole --set traffic.packet_flits=32 --set router.rtl_binding=$binding >/dev/null
  build/release/tb/kncsim rtl build --set network.radix=8 --set router.impl=rtl --set router.fifo_flits=128 \
    --set router.flow_control=cut_through --set traffic.packet_flits=32 --set router.rtl_binding=$binding >/dev/null
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for ((r = 0; r < rounds; ++r)); do
  "$tree/build/release/tb/kncsim-bench-rtl" $quick > "$out/old_$r"
  build/release/tb/kncsim-bench-rtl $quick > "$out/new_$r"
done
python3 - "$out" "$rounds" "$rev" <<'PY'
import math, statistics, sys
out, rounds, rev = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def table(path):
    rows = [l.split() for l in open(path) if l.strip() and not l.startswith("mesh")]
    # mesh, flits, "flits", flow, A, SC, direct, /SC, signals, /SC
    return {(r[1], r[3], r[4]): (float(r[6]), float(r[8])) for r in rows}
old = [table(f"{out}/old_{r}") for r in range(rounds)]
new = [table(f"{out}/new_{r}") for r in range(rounds)]
print(f"{'FIFOs':<16} {'A':>4} {'direct (cache)':>15} {'direct '+rev:>15} {'ratio':>6} {'signals (cache)':>16} {'signals '+rev:>16} {'ratio':>6}")
ratios = {0: [], 1: []}
for key in old[0]:
    cells = []
    for b in (0, 1):
        o = statistics.median(t[key][b] for t in old)
        n = statistics.median(t[key][b] for t in new)
        ratios[b].append(n / o)
        cells += [n, o, n / o]
    print(f"{key[0] + ' ' + key[1]:<16} {key[2]:>4} {cells[0]:>15.3g} {cells[1]:>15.3g} {cells[2]:>6.3f} "
          f"{cells[3]:>16.3g} {cells[4]:>16.3g} {cells[5]:>6.3f}")
for b, name in ((0, "direct"), (1, "signals")):
    g = math.exp(sum(math.log(x) for x in ratios[b]) / len(ratios[b]))
    print(f"{name} binding: geometric mean ratio {g:.3f} (min {min(ratios[b]):.3f}, max {max(ratios[b]):.3f})")
PY
