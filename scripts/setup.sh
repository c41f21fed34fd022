#!/usr/bin/env bash
# Installs every Debian package kncsim needs to build, test and plot.
# Idempotent; run as root (or with sudo available) on a fresh Debian machine.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  libsystemc-dev         # SystemC 2.3.4 (built for C++17): the flit-level models
  verilator              # RTL routers: Verilated into SystemC, linted, covered
  libyaml-cpp-dev        # config files
  libcli11-dev           # command line
  nlohmann-json3-dev     # JSON results
  libfmt-dev             # formatting
  libboost-dev           # statistics (Student's t quantiles), graphs
  libssl-dev             # SHA-256 keys of the RTL model cache
  libbz2-dev             # Netrace traces, read as they decompress
  googletest libgtest-dev libgmock-dev   # tests
  python3 python3-matplotlib python3-tqdm   # scripts, plots, progress
  slurm-wlm munge        # a one-node Slurm cluster for sweep tests (scripts/slurm_local.sh)
  ccache                 # rtl_mutants.py: mutant rebuilds reuse the unchanged test objects
  strace                 # output tests: a result is fsynced, renamed, its directory fsynced
  valgrind               # scripts/profile_rtl.py: a run's instructions by part (callgrind)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  echo "setup: all ${#packages[@]} packages already installed"
  exit 0
fi

sudo=""
if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "setup: installed ${missing[*]}"
