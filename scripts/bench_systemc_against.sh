#!/usr/bin/env bash
# The SystemC network's speed against another revision: scripts/bench_against.py systemc (the
# one A/B harness; its help says what it runs and prints).
#   scripts/bench_systemc_against.sh [REV] [rounds] [--full]
exec "$(dirname "$0")/bench_against.py" systemc "$@"
