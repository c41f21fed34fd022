#!/usr/bin/env bash
# The RTL routers' speed against another revision: scripts/bench_against.py rtl (the one A/B
# harness; its help says what it runs and prints).
#   scripts/bench_rtl_against.sh [REV] [rounds] [--full]
exec "$(dirname "$0")/bench_against.py" rtl "$@"
