#!/usr/bin/env bash
# A whole latency-throughput curve, run by BookSim 2 and by `kncsim sweep` on the same work, two
# points at a time on 2 cores each, and compared: latency per load, who saturates where, the wall
# time of each whole curve, and three acceptance checks.
#
#   scripts/bench_curve.sh [--quick] [--keep DIR] [CASE...]
#   scripts/bench_curve.sh --list
#
# CASE is one of the eight below (default: all of them; --quick: the four 8x8 ones). --keep DIR
# keeps every config, log and result under DIR (default: a temporary directory, removed).
#
# The work: a K x K mesh (K = 8 or 16), dimension-order routing, one virtual channel of 8 flits per
# input (wormhole), one-cycle links, uniform or transpose traffic, packets of L = 4 or 16 flits,
# offered f flits per node-cycle. BookSim: router = iq, injection_rate = f with
# injection_rate_uses_flits = 1, sim_type = latency and its default convergence (warmup_periods 3,
# sample_period 1000, max_samples 10, latency_thres 500), one config file and one process a point,
# two at a time (xargs -P 2). kncsim: router.impl systemc, traffic.load A = f K / 4 (A is the
# fraction of a K x K mesh's bisection bandwidth, 4A/K flits per node-cycle), run.convergence ci
# with run.ci_target 0.1 (the acceptance's quality bar: a 95 % interval within +-10 % of T),
# stop_at_saturation with latency_bound 500 (BookSim's latency_thres), one `kncsim sweep -j 2` for
# the curve. The routers are made alike: BookSim's iq router spends three pipeline stages on a head
# (routing, VC and switch allocation) and arbitrates round robin, so kncsim's router gets
# router.routing_delay 2 (a head waits two cycles more at each hop: three per hop) and
# router.arbitration round_robin. With its own one-cycle router (routing_delay 0) kncsim saturates
# 10 to 45 % higher than BookSim; with two, at the same load under uniform traffic. Latencies still
# differ in definition: BookSim's runs from creation to the tail's ejection, kncsim's T to the
# head's arrival.
#
# Each case's ten loads (flits per node-cycle, the same for both simulators) are evenly spaced
# from 0.05 to past both simulators' saturation (16x16 transpose from 0.01: BookSim's 4-flit curve
# is saturated at 0.05). Points close to a knee cost kncsim the most: its latencies are
# correlated over long stretches there, and a run that neither reaches the target nor is seen to
# saturate goes on to run.max_cycles.
#
# Printed per case: per load, BookSim's mean packet latency (or "sat") and cycles, kncsim's T with
# its 95% half-width (or "sat") and cycles, and who called the load saturated; the wall time of
# each whole curve and their ratio (BookSim / kncsim, > 1: kncsim faster); BookSim's spread over
# seeds 1..5 at its last stable load (rerun after the curve, not timed); three checks:
#   (1) kncsim's whole curve takes no longer than BookSim's;
#   (2) at every load both call stable, kncsim's 95% half-width <= max(0.10 T, BookSim's 5-seed
#       half spread (max-min)/2 relative to its mean, times T) -- the spread where it was
#       measured (BookSim's last stable load), 0.10 T elsewhere;
#   (3) the first saturated loads of the two agree within one grid step.
# Then a markdown table of all cases. Exits 0 whatever the checks say; 2 on a bad argument or a
# missing tool.
#
# BookSim saturated = it printed "Simulation unstable, ending ..." (after "Average latency for
# class 0 exceeded 500 cycles. Aborting simulation."); stable = it printed its "Overall Traffic
# Statistics", whose "Packet latency average" is the latency shown. BookSim also reports a run
# that used all max_samples sample periods without three converged ones as a plain result, with
# no message: such loads are marked "*". Note that BookSim exits with status 255 (-1) after a
# run that completed and 0 after an unstable one.
#
# Tools. BOOKSIM: a BookSim 2 binary; unset, scripts/booksim_binary.sh clones ${BOOKSIM_REPO:-https://
# github.com/booksim/booksim2} into ${BOOKSIM_DIR:-build/booksim2} (unless there) and builds it,
# which needs git, make, g++, flex and bison (Debian: apt-get install flex bison). KNCSIM: a kncsim
# binary; unset, the script builds build/release/tb/kncsim with the release preset. KNCSIM_SET:
# space-separated KEY=VALUE overrides of the kncsim sweep's set block, for experiments (e.g.
# KNCSIM_SET='run.ci_target=0.02'); with a run.convergence other than ci, run.ci_target is left out.
# Python: /usr/bin/python3 (scripts/bench_curve.py reads the results and prints the tables).
set -euo pipefail
cd "$(dirname "$0")/.."

# case                 offered loads f, flits per node-cycle (ten, evenly spaced, ascending)
CASES='
8x8-uniform-L4         0.05 0.10 0.15 0.20 0.25 0.30 0.35 0.40 0.45 0.50
8x8-uniform-L16        0.05 0.10 0.15 0.20 0.25 0.30 0.35 0.40 0.45 0.50
8x8-transpose-L4       0.05 0.065 0.08 0.095 0.11 0.125 0.14 0.155 0.17 0.185
8x8-transpose-L16      0.05 0.065 0.08 0.095 0.11 0.125 0.14 0.155 0.17 0.185
16x16-uniform-L4       0.05 0.07 0.09 0.11 0.13 0.15 0.17 0.19 0.21 0.23
16x16-uniform-L16      0.05 0.07 0.09 0.11 0.13 0.15 0.17 0.19 0.21 0.23
16x16-transpose-L4     0.01 0.02 0.03 0.04 0.05 0.06 0.07 0.08 0.09 0.10
16x16-transpose-L16    0.01 0.02 0.03 0.04 0.05 0.06 0.07 0.08 0.09 0.10
'
SEEDS="1 2 3 4 5"  # BookSim's rerun of its last stable load
PY=/usr/bin/python3

die() {
  echo "bench_curve.sh: $*" >&2
  exit 2
}
usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
loads_of() { awk -v c="$1" '$1 == c { $1 = ""; sub(/^ +/, ""); print }' <<<"$CASES"; }

quick=0
keep=""
selected=()
while (($#)); do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --list) awk 'NF { printf "%-20s %s\n", $1, substr($0, index($0, $2)) }' <<<"$CASES"; exit 0 ;;
    --quick) quick=1 ;;
    --keep) (($# >= 2)) || die "--keep needs a directory"; keep=$2; shift ;;
    --keep=*) keep=${1#--keep=} ;;
    -*) die "unknown option '$1' (allowed: --quick, --keep DIR, --list, --help)" ;;
    *)
      [[ -n "$(loads_of "$1")" ]] || die "unknown case '$1'; allowed: $(awk 'NF { printf "%s ", $1 }' <<<"$CASES")"
      selected+=("$1")
      ;;
  esac
  shift
done
if ((${#selected[@]} == 0)); then
  while read -r c _; do
    [[ -z "$c" ]] && continue
    [[ $quick == 1 && "$c" != 8x8-* ]] && continue
    selected+=("$c")
  done <<<"$CASES"
fi

[[ -x "$PY" ]] || die "$PY is missing (the tables are printed by scripts/bench_curve.py with it)"
for tool in awk xargs; do command -v "$tool" >/dev/null || die "$tool is missing"; done

# BookSim: the given binary, or one built from a clone (scripts/booksim_binary.sh).
BOOKSIM=$(scripts/booksim_binary.sh) || exit 2

# kncsim: the given binary, or the release build.
if [[ -n "${KNCSIM:-}" ]]; then
  kncsim_given=$KNCSIM
  [[ "$KNCSIM" == */* ]] || KNCSIM=$(command -v "$KNCSIM") || die "KNCSIM=$kncsim_given is not on PATH"
  [[ -x "$KNCSIM" && ! -d "$KNCSIM" ]] || die "KNCSIM=$KNCSIM is not an executable file"
else
  command -v cmake >/dev/null || die "cmake is missing; set KNCSIM to a built kncsim"
  if ! { cmake --preset release >/dev/null && cmake --build --preset release --target kncsim >/dev/null; }; then
    die "kncsim did not build (cmake --preset release; cmake --build --preset release --target kncsim)"
  fi
  KNCSIM=build/release/tb/kncsim
fi
KNCSIM=$(cd "$(dirname "$KNCSIM")" && pwd)/$(basename "$KNCSIM")

# The kncsim sweep's set block; KNCSIM_SET overrides or adds keys.
kn_keys=(network.topology network.dims network.radix router.impl router.fifo_flits router.flow_control link.delay
  router.routing_delay router.arbitration traffic.packet_flits traffic.pattern traffic.stream run.convergence
  run.ci_target run.statistics)
declare -A kn_set=([network.topology]=mesh [network.dims]=2 [router.impl]=systemc [router.fifo_flits]=8
  [router.flow_control]=wormhole [link.delay]=1 [router.routing_delay]=2 [router.arbitration]=round_robin
  [traffic.stream]=counter [run.convergence]=ci [run.ci_target]=0.1 [run.statistics]=basic)
for kv in ${KNCSIM_SET:-}; do
  [[ "$kv" == *=* && -n "${kv%%=*}" ]] || die "KNCSIM_SET: '$kv' is not KEY=VALUE"
  k=${kv%%=*}
  case "$k" in
    network.radix | traffic.packet_flits | traffic.pattern | traffic.load) die "KNCSIM_SET: $k is set by the case" ;;
  esac
  [[ -v "kn_set[$k]" ]] || kn_keys+=("$k")
  kn_set[$k]=${kv#*=}
done
[[ "${kn_set[run.convergence]}" == ci ]] || unset 'kn_set[run.ci_target]'
keys=$("$KNCSIM" keys 2>&1) || die "$KNCSIM keys failed: $keys"
[[ "${kn_set[run.convergence]}" != ci ]] || grep -q '^run\.ci_target ' <<<"$keys" ||
  die "$KNCSIM has no run.convergence ci / run.ci_target (an older build: rebuild it)"
for k in "${kn_keys[@]}"; do
  [[ -v "kn_set[$k]" ]] || continue
  grep -q "^${k//./\\.} " <<<"$keys" || die "$KNCSIM has no key $k (see $KNCSIM keys)"
done

if [[ -n "$keep" ]]; then
  mkdir -p "$keep" || die "cannot create $keep"
  work=$(cd "$keep" && pwd)
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi

booksim_cfg() {  # K pattern L f seed
  cat <<EOF
topology = mesh;
k = $1;
n = 2;
routing_function = dim_order;
num_vcs = 1;
vc_buf_size = 8;
router = iq;
traffic = $2;
packet_size = $3;
injection_rate_uses_flits = 1;
injection_rate = $4;
sim_type = latency;
warmup_periods = 3;
sample_period = 1000;
max_samples = 10;
latency_thres = 500.0;
seed = $5;
EOF
}
# Runs the BookSim config files given on stdin two at a time, each's output beside it as .out.
# BookSim's exit status is no verdict (255 after a completed run, which would also stop xargs).
# shellcheck disable=SC2016  # $0 and $1 are the inner shell's
run_booksim() { xargs -P 2 -n 1 sh -c '"$0" "$1" >"${1%.cfg}.out" 2>&1 || true' "$BOOKSIM"; }
now() { echo "$EPOCHREALTIME"; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }

echo "BookSim: $BOOKSIM"
echo "kncsim:  $KNCSIM"
echo "kncsim sweep set: $(for k in "${kn_keys[@]}"; do [[ -v "kn_set[$k]" ]] && printf '%s=%s ' "$k" "${kn_set[$k]}"; done)"
echo "work:    $work"
case_dirs=()
for c in "${selected[@]}"; do
  [[ "$c" =~ ^([0-9]+)x([0-9]+)-([a-z_]+)-L([0-9]+)$ ]] || die "bad case name $c"
  K=${BASH_REMATCH[1]} pattern=${BASH_REMATCH[3]} L=${BASH_REMATCH[4]}
  read -r -a loads <<<"$(loads_of "$c")"
  dir=$work/$c
  rm -rf "$dir"
  mkdir -p "$dir/booksim" "$dir/seeds"
  echo
  echo "== $c: ${K}x${K} mesh, $pattern, $L-flit packets; loads ${loads[*]} flits/node-cycle"

  # BookSim: the whole curve, two points at a time, timed.
  for i in "${!loads[@]}"; do booksim_cfg "$K" "$pattern" "$L" "${loads[$i]}" 1 >"$dir/booksim/p$i.cfg"; done
  t0=$(now)
  for i in "${!loads[@]}"; do echo "$dir/booksim/p$i.cfg"; done | run_booksim
  bs_wall=$(elapsed "$t0" "$(now)")
  echo "BookSim curve: $bs_wall s"

  # BookSim's last stable load over seeds 1..5 (not timed).
  last=$("$PY" scripts/bench_curve.py last-stable "$dir/booksim" "${#loads[@]}")
  if [[ -n "$last" ]]; then
    for s in $SEEDS; do booksim_cfg "$K" "$pattern" "$L" "${loads[$last]}" "$s" >"$dir/seeds/s$s.cfg"; done
    for s in $SEEDS; do echo "$dir/seeds/s$s.cfg"; done | run_booksim
  fi

  # kncsim: the same curve as one sweep, timed.
  {
    echo "set:"
    for k in "${kn_keys[@]}"; do
      case "$k" in
        network.radix) echo "  $k: $K" ;;
        traffic.packet_flits) echo "  $k: $L" ;;
        traffic.pattern) echo "  $k: $pattern" ;;
        *) [[ -v "kn_set[$k]" ]] && echo "  $k: ${kn_set[$k]}" ;;
      esac
    done
    echo "grid:"
    echo "  traffic.load: [$(for f in "${loads[@]}"; do awk -v f="$f" -v k="$K" 'BEGIN { printf "%.10g\n", f * k / 4 }'; done | paste -sd, | sed 's/,/, /g')]"
    echo "stop_at_saturation: {latency_bound: 500}"
  } >"$dir/sweep.yaml"
  t0=$(now)
  kn_rc=0
  "$KNCSIM" sweep "$dir/sweep.yaml" -j 2 --quiet --out "$dir/kncsim" >"$dir/kncsim.log" 2>&1 || kn_rc=$?
  kn_wall=$(elapsed "$t0" "$(now)")
  echo "kncsim curve:  $kn_wall s"
  if ((kn_rc != 0)); then
    echo "kncsim sweep exited with status $kn_rc; its output:"
    tail -n 20 "$dir/kncsim.log" | sed 's/^/  /'
  fi

  "$PY" scripts/bench_curve.py case --dir "$dir" --name "$c" --k "$K" --loads "${loads[*]}" \
    --booksim-wall "$bs_wall" --kncsim-wall "$kn_wall" --kncsim-rc "$kn_rc" --seeds "$SEEDS"
  case_dirs+=("$dir")
done

echo
echo "== summary"
"$PY" scripts/bench_curve.py summary "${case_dirs[@]}"
