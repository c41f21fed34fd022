#!/usr/bin/env bash
# Soak: each model (ref, SystemC, RTL, SCI rings) over random configurations and seeds until
# it has carried at least N flit-hops (default 1e8), checking exactly-once, in-order and
# per-pair-order delivery and conservation throughout. Prints per model the runs, cycles,
# packets, flit-hops, seconds and the checks passed. Not a CI test; builds nothing.
#
#   scripts/soak.sh [--flit-hops N] [--models ref,systemc,rtl,rings] [--seed S] [--build DIR]
#
# Exit status: 0 when every check passed; 1 on a violation (the failing run's configuration
# and the command that repeats it are printed); 2 for a bad command line.
set -euo pipefail

usage() {  # the header above; exit status $1 (0: --help, to stdout; 2: bad arguments, to stderr)
  if (($1 == 0)); then
    sed -n '2,10s/^# \{0,1\}//p' "$0"
  else
    sed -n '2,10s/^# \{0,1\}//p' "$0" >&2
  fi
  exit "$1"
}

root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build/release"
args=()
while (($#)); do
  case "$1" in
    --flit-hops | --models | --seed)
      (($# >= 2)) || usage 2
      args+=("$1" "$2")
      shift 2
      ;;
    --build)
      (($# >= 2)) || usage 2
      build="$2"
      shift 2
      ;;
    -h | --help) usage 0 ;;
    *)
      echo "soak.sh: unknown argument '$1'" >&2
      usage 2
      ;;
  esac
done

soak="$build/tb/kncsim-soak"
if [[ ! -x "$soak" ]]; then
  echo "soak.sh: $soak not found; build it first:" >&2
  echo "  cd $root && cmake --preset release && cmake --build $build --target kncsim-soak" >&2
  exit 1
fi
exec "$soak" "${args[@]}"
