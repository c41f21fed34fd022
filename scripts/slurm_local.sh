#!/usr/bin/env bash
# Runs a real one-node Slurm cluster on this machine, without systemd, for
# sweep tests: munged + slurmctld + slurmd, all state under one directory.
#
#   eval "$(scripts/slurm_local.sh start)"   # idempotent; prints export SLURM_CONF=...
#   sbatch --wait --array=0-3 --wrap 'echo $SLURM_ARRAY_TASK_ID'
#   scripts/slurm_local.sh status            # sinfo; exit 0 if the node is up
#   scripts/slurm_local.sh stop              # stops slurmd/slurmctld (and munged if we started it)
#
# State directory: ${KNCSIM_SLURM_DIR:-/tmp/kncsim-slurm} (slurm.conf, logs,
# pid files, spool, job state). Needs root. Uses the default ports 6817/6818,
# so only one such cluster can run per machine.
# Only the export line goes to stdout; diagnostics go to stderr.
set -euo pipefail

# slurmd must run as root to start jobs as their submitters.
if [[ $(id -u) -ne 0 ]]; then exec sudo -E "$0" "$@"; fi
export PATH=$PATH:/usr/sbin:/sbin   # daemons live in sbin

here=$(cd "$(dirname "$0")" && pwd)
dir=${KNCSIM_SLURM_DIR:-/tmp/kncsim-slurm}
conf=$dir/slurm.conf
host=$(hostname -s)
export SLURM_CONF=$conf

log() { echo "slurm_local: $*" >&2; }

# Is the daemon whose pid file is $1 alive?
alive() { [[ -s $1 ]] && kill -0 "$(cat "$1")" 2>/dev/null; }

# Node state in sinfo's short form without flag suffixes (idle, mix, down, ...).
node_state() { sinfo -h -n "$host" -o %t 2>/dev/null | tr -d '*~#!%$@^-' || true; }

# The slurm.conf for this machine. NodeAddr/SlurmctldHost pin 127.0.0.1, so
# name resolution of the short hostname does not matter. CR_CPU (not CR_Core)
# so one task = one CPU even on hyper-threaded machines. No cgroups, no
# accounting: nothing here needs systemd or slurmdbd. MinJobAge=5 keeps
# `sbatch --wait` polling every 2 s (it backs off to 8 s, 32 s when jobs linger
# longer); batch_sched_delay=0 starts queued array tasks 1 s, not 3 s, apart.
write_conf() {
  local cpus mem
  cpus=$(nproc)
  mem=$(awk '/^MemTotal:/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)
  cat <<EOF
ClusterName=kncsim
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
AuthType=auth/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
MinJobAge=5
SchedulerParameters=batch_sched_delay=0
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
}

# munged runs as user munge (Debian's layout); it refuses a key or
# directories with the wrong owner or loose permissions.
start_munge() {
  if [[ ! -s /etc/munge/munge.key ]]; then
    log "creating /etc/munge/munge.key"
    mkdir -p /etc/munge
    mungekey --create --keyfile=/etc/munge/munge.key
  fi
  chown munge:munge /etc/munge /etc/munge/munge.key
  chmod 700 /etc/munge
  chmod 400 /etc/munge/munge.key
  if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then return; fi
  log "starting munged"
  mkdir -p /run/munge /var/log/munge /var/lib/munge
  chown munge:munge /run/munge /var/log/munge /var/lib/munge
  chmod 755 /run/munge
  chmod 700 /var/log/munge
  runuser -u munge -- munged
  touch "$dir/munged.started"
}

stop_slurm() {
  local f
  for f in "$dir/slurmd.pid" "$dir/slurmctld.pid"; do
    alive "$f" || continue
    kill "$(cat "$f")"
    for _ in $(seq 50); do alive "$f" || break; sleep 0.2; done
  done
  rm -f "$dir/slurmd.pid" "$dir/slurmctld.pid"
}

start() {
  local c
  for c in sbatch slurmctld slurmd munged; do
    command -v "$c" >/dev/null || { bash "$here/setup.sh" >&2; break; }
  done
  mkdir -p "$dir/state" "$dir/spool"
  start_munge

  # Reuse running daemons only if they were started with this very config.
  local want
  want=$(write_conf)
  if alive "$dir/slurmctld.pid" && alive "$dir/slurmd.pid" &&
     [[ -f $conf && $(cat "$conf") == "$want" ]]; then
    log "daemons already running with $conf"
  else
    stop_slurm
    echo "$want" >"$conf"
    log "starting slurmctld and slurmd ($conf)"
    slurmctld -f "$conf"
    slurmd -f "$conf"
  fi

  # Wait (bounded) for the node to be schedulable; undrain it if it came up down.
  local state=""
  for _ in $(seq 120); do
    state=$(node_state)
    case $state in
      idle|mix|alloc|comp) echo "export SLURM_CONF=$conf"; return 0 ;;
      down|drain|drng|fail) scontrol update nodename="$host" state=resume 2>/dev/null || true ;;
    esac
    sleep 0.5
  done
  log "node $host not up after 60 s (state '${state}'); log tails:"
  tail -n 20 "$dir/slurmctld.log" "$dir/slurmd.log" /var/log/munge/munged.log >&2 || true
  exit 1
}

stop() {
  stop_slurm
  log "stopped slurmctld and slurmd"
  if [[ -f $dir/munged.started ]]; then
    munged --stop >&2 || true
    rm -f "$dir/munged.started"
    log "stopped munged"
  fi
}

status() {
  sinfo
  case $(node_state) in idle|mix|alloc|comp) return 0 ;; *) return 1 ;; esac
}

case ${1:-start} in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) echo "usage: $0 [start|stop|status]" >&2; exit 2 ;;
esac
