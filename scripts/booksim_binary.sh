#!/usr/bin/env bash
# Prints the path of a BookSim 2 binary for the benchmarks that run it beside kncsim: $BOOKSIM if
# set, else one built from a clone of ${BOOKSIM_REPO:-https://github.com/booksim/booksim2} in
# ${BOOKSIM_DIR:-build/booksim2} (cloned and built the first time: git, make, g++, flex and bison,
# Debian: apt-get install flex bison). BookSim is not packaged by Debian. Exit 2 with a message
# when neither works.
set -euo pipefail
cd "$(dirname "$0")/.."
die() {
  echo "booksim_binary.sh: $*" >&2
  exit 2
}
if [[ -n "${BOOKSIM:-}" ]]; then
  given=$BOOKSIM
  [[ "$BOOKSIM" == */* ]] || BOOKSIM=$(command -v "$BOOKSIM") || die "BOOKSIM=$given is not on PATH"
  [[ -x "$BOOKSIM" && ! -d "$BOOKSIM" ]] || die "BOOKSIM=$BOOKSIM is not an executable file"
else
  dir=${BOOKSIM_DIR:-build/booksim2}
  BOOKSIM=$dir/src/booksim
  if [[ ! -x "$BOOKSIM" ]]; then
    for tool in git make g++ flex bison; do
      command -v "$tool" >/dev/null ||
        die "building BookSim needs $tool (apt-get install flex bison g++ make git), or set BOOKSIM to a built binary"
    done
    if [[ ! -d "$dir/src" ]]; then
      repo=${BOOKSIM_REPO:-https://github.com/booksim/booksim2}
      echo "cloning BookSim from $repo into $dir" >&2
      git clone --quiet "$repo" "$dir" || die "could not clone $repo; set BOOKSIM to a built binary or BOOKSIM_REPO to a reachable clone"
    fi
    echo "building BookSim in $dir/src" >&2
    make -C "$dir/src" -j2 >"$dir/make.log" 2>&1 || die "BookSim did not build; see $dir/make.log"
    [[ -x "$BOOKSIM" ]] || die "BookSim's make left no $BOOKSIM; see $dir/make.log"
  fi
fi
echo "$(cd "$(dirname "$BOOKSIM")" && pwd)/$(basename "$BOOKSIM")"
