#!/usr/bin/env bash
# kncsim's SystemC network against BookSim 2's input-queued router on the same work: a 16x16
# torus with one-cycle links (BookSim's channel latency), dimension order with datelines on 2
# virtual channels of 8 flits, 16-flit packets,
# uniform traffic, 10000 cycles from an empty network, at low load (0.05 flits per node-cycle)
# and past saturation (0.5). Prints node-cycles per second of each and their ratio.
#
# BookSim is not packaged by Debian: BOOKSIM names a built binary, or scripts/booksim_binary.sh
# clones and builds one in build/booksim2 (git, make, g++, flex, bison).
#   [BOOKSIM=...] scripts/bench_booksim.sh [cycles]
# Both run one thread. BookSim's iq router spends several cycles per hop (routing, VC and switch
# allocation, each a pipeline stage) where kncsim's spends one, so latencies differ; the work
# (nodes, cycles, offered flits) is the same. BookSim runs exactly sample_period cycles here
# (no warm-up, one sample; it reports the run unconverged and stops).
set -euo pipefail
cd "$(dirname "$0")/.."
cycles=${1:-10000}
BOOKSIM=$(scripts/booksim_binary.sh) || exit 2
cmake --preset release >/dev/null && cmake --build --preset release --target kncsim >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf "%-22s %14s %14s %7s\n" "load" "kncsim" "booksim" "ratio"
for flits in 0.05 0.5; do
  A=$(python3 -c "print($flits * 2)")  # q L = 8A/R flits per node-cycle on a 16-ary torus: A/2
  cat > "$out/booksim.cfg" <<EOF
topology = torus;
k = 16;
n = 2;
routing_function = dim_order;
num_vcs = 2;
vc_buf_size = 8;
router = iq;
traffic = uniform;
packet_size = 16;
injection_rate_uses_flits = 1;
injection_rate = $flits;
sim_type = latency;
warmup_periods = 0;
sample_period = $cycles;
max_samples = 1;
latency_thres = 1000000000.0;
EOF
  bs_s=$("$BOOKSIM" "$out/booksim.cfg" 2>&1 | sed -n 's/^Total run time \([0-9.e+-]*\).*/\1/p')
  kn=$(build/release/tb/kncsim run --set network.topology=torus --set network.radix=16 --set router.impl=systemc \
    --set router.vcs=2 --set router.fifo_flits=8 --set router.flow_control=wormhole --set traffic.packet_flits=16 \
    --set link.delay=1 --set traffic.load="$A" --set traffic.stream=counter --set run.convergence=fixed \
    --set run.cycles="$cycles" --set run.threads=1 2>/dev/null | sed -n 's/.*(\([0-9.e+]*\) node-cycles\/s).*/\1/p')
  python3 - "$flits" "$kn" "$bs_s" "$cycles" <<'PY'
import sys
flits, kn, bs_s, cycles = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
bs = 256 * cycles / bs_s
print(f"{flits + ' flits/node-cycle':<22} {kn:14.3g} {bs:14.3g} {kn / bs:7.2f}")
PY
done
