#!/usr/bin/env bash
# The SystemC network's speed against another revision of kncsim on the same points
# (kncsim-bench-systemc: 8x8 and 16x16 meshes, L = 4 and 32, low load past saturation, and an
# almost idle 128x128), one thread, the two builds taking turns over rounds; prints each point's
# median ratio (this tree's node-cycles/s over the other's) and their geometric mean. A ratio
# of 1 is no slower. The other revision is built in a git worktree under build/against-REV (the
# first time: a full build, about 10 minutes on 2 cores).
#   scripts/bench_systemc_against.sh [REV] [rounds] [--full]
# REV defaults to 1db18f6, the last commit before virtual channels (the router then had one
# FIFO per port); --full runs the full point set instead of --quick.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-1db18f6}
rounds=${2:-3}
quick=--quick
[[ "${3:-}" == "--full" ]] && quick=
here=$(pwd)
tree="$here/build/against-$rev"
if [[ ! -d "$tree" ]]; then
  git worktree add --detach "$tree" "$rev" >/dev/null
fi
# The other tree's tests need ../shared beside it, as this one's do; its benchmark does not.
(cd "$tree" && cmake --preset release >/dev/null && cmake --build --preset release --target kncsim-bench-systemc >/dev/null)
cmake --preset release >/dev/null && cmake --build --preset release --target kncsim-bench-systemc >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for ((r = 0; r < rounds; ++r)); do
  "$tree/build/release/tb/kncsim-bench-systemc" $quick > "$out/old_$r"
  build/release/tb/kncsim-bench-systemc $quick > "$out/new_$r"
done
python3 - "$out" "$rounds" "$rev" <<'PY'
import math, statistics, sys
out, rounds, rev = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def table(path):
    rows = [l.split() for l in open(path) if l.strip() and not l.startswith("mesh")]
    return {tuple(r[:3]): float(r[-1]) for r in rows}
old = [table(f"{out}/old_{r}") for r in range(rounds)]
new = [table(f"{out}/new_{r}") for r in range(rounds)]
print(f"{'mesh':<8} {'L':>3} {'A':>5} {'this tree':>12} {rev:>12} {'ratio':>6}")
ratios = []
for key in old[0]:
    ratio = statistics.median(n[key] / o[key] for n, o in zip(new, old))
    ratios.append(ratio)
    print(f"{key[0]:<8} {key[1]:>3} {key[2]:>5} {max(n[key] for n in new):12.3g} {max(o[key] for o in old):12.3g} "
          f"{ratio:6.2f}")
print(f"geometric mean of the median ratios: {math.exp(sum(map(math.log, ratios)) / len(ratios)):.3f} "
      f"(this tree over {rev}, {rounds} rounds, best rates shown)")
PY
