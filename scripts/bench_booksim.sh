#!/usr/bin/env bash
# kncsim's SystemC network against BookSim 2's input-queued (iq) router, per simulated
# node-cycle, on the same work: the anchors (8x8 and 16x16 meshes, 4- and 16-flit packets, low
# load, mid load and past saturation) and a 16x16 torus (dimension order with datelines on 2
# virtual channels). One virtual channel of 8 flits per input (the torus: two), one-cycle links,
# uniform traffic, a fixed number of cycles from an empty network, one thread each. The routers
# are made alike as in scripts/bench_curve.sh: kncsim's gets router.routing_delay 2 (three cycles
# per hop, as BookSim's three-stage iq router) and round-robin arbitration. BookSim runs exactly
# sample_period cycles here (no warm-up, one sample; it then reports the run unconverged and stops).
# The two run in turns, point by point, for each of the rounds; printed per point: each one's
# median node-cycles per second, the median and the lowest of the per-round ratios, and whether
# the median reaches the floor (kncsim >= 10x BookSim).
#
#   [BOOKSIM=...] [KNCSIM=...] scripts/bench_booksim.sh [rounds] [--quick]
#
# rounds defaults to 3; --quick runs the 8x8 points only. BOOKSIM names a built BookSim binary,
# else scripts/booksim_binary.sh clones and builds one (git, make, g++, flex, bison). KNCSIM names
# a kncsim binary, else the release build is built.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=3
quick=0
for a in "$@"; do
  case "$a" in
    --quick) quick=1 ;;
    [1-9] | [1-9][0-9]) rounds=$a ;;
    *) echo "bench_booksim.sh: unknown argument '$a' (allowed: a round count 1..99, --quick)" >&2; exit 2 ;;
  esac
done
BOOKSIM=$(scripts/booksim_binary.sh) || exit 2
if [[ -z "${KNCSIM:-}" ]]; then
  cmake --preset release >/dev/null && cmake --build --preset release --target kncsim >/dev/null
  KNCSIM=build/release/tb/kncsim
fi
# topology K L f cycles
POINTS='
mesh  8  4  0.05 20000
mesh  8  4  0.2  20000
mesh  8  4  0.5  20000
mesh  8  16 0.05 20000
mesh  8  16 0.2  20000
mesh  8  16 0.5  20000
mesh  16 4  0.05 10000
mesh  16 4  0.2  10000
mesh  16 4  0.3  10000
mesh  16 16 0.05 10000
mesh  16 16 0.2  10000
mesh  16 16 0.3  10000
torus 16 16 0.05 10000
torus 16 16 0.5  10000
'
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
booksim_rate() {  # topology K L f cycles -> node-cycles/s
  local vcs=1 routing=dim_order
  [[ $1 == torus ]] && vcs=2
  cat >"$out/b.cfg" <<CFG
topology = $1;
k = $2;
n = 2;
routing_function = $routing;
num_vcs = $vcs;
vc_buf_size = 8;
router = iq;
traffic = uniform;
packet_size = $3;
injection_rate_uses_flits = 1;
injection_rate = $4;
sim_type = latency;
warmup_periods = 0;
sample_period = $5;
max_samples = 1;
latency_thres = 1000000000.0;
CFG
  local s
  s=$("$BOOKSIM" "$out/b.cfg" 2>&1 | sed -n 's/^Total run time \([0-9.e+-]*\).*/\1/p')
  awk -v k="$2" -v c="$5" -v s="$s" 'BEGIN { printf "%.6g\n", k * k * c / s }'
}
kncsim_rate() {  # topology K L f cycles -> node-cycles/s (A = f K / 4 on a mesh, f K / 8 on a torus)
  local A vcs=1
  A=$(awk -v f="$4" -v k="$2" -v t="$1" 'BEGIN { printf "%.10g\n", f * k / (t == "torus" ? 8 : 4) }')
  [[ $1 == torus ]] && vcs=2
  "$KNCSIM" run --set network.topology="$1" --set network.radix="$2" --set router.impl=systemc --set router.vcs=$vcs \
    --set router.fifo_flits=8 --set router.flow_control=wormhole --set router.routing_delay=2 \
    --set router.arbitration=round_robin --set link.delay=1 --set traffic.packet_flits="$3" --set traffic.load="$A" \
    --set traffic.stream=counter --set run.convergence=fixed --set run.cycles="$5" --set run.threads=1 \
    --set run.statistics=basic 2>/dev/null | sed -n 's/.*(\([0-9.e+]*\) node-cycles\/s).*/\1/p'
}
for ((r = 0; r < rounds; ++r)); do
  while read -r topo K L f cycles; do
    [[ -z "$topo" ]] && continue
    [[ $quick == 1 && $K != 8 ]] && continue
    echo "$topo $K $L $f $(booksim_rate "$topo" "$K" "$L" "$f" "$cycles") $(kncsim_rate "$topo" "$K" "$L" "$f" "$cycles")"
  done <<<"$POINTS"
done >"$out/rates"
/usr/bin/python3 - "$out/rates" "$rounds" <<'PY'
import collections, math, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    t, k, l, f, b, n = line.split()
    runs[(t, k, l, f)].append((float(b), float(n)))
print(f"{'network':<12} {'L':>3} {'f':>5} {'BookSim':>10} {'kncsim':>10} {'ratio':>6} {'lowest':>6}  floor 10x")
ratios = []
for (t, k, l, f), rs in runs.items():
    r = [n / b for b, n in rs]
    med = statistics.median(r)
    ratios.append(med)
    print(f"{k + 'x' + k + ' ' + t:<12} {l:>3} {f:>5} {statistics.median(b for b, _ in rs):10.3g} "
          f"{statistics.median(n for _, n in rs):10.3g} {med:6.2f} {min(r):6.2f}  {'PASS' if med >= 10 else 'FAIL'}")
print(f"geometric mean of the median ratios: {math.exp(sum(map(math.log, ratios)) / len(ratios)):.2f} "
      f"({sys.argv[2]} rounds, node-cycles per second, f in flits per node-cycle)")
PY
