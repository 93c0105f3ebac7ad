#!/bin/bash
# A one-node Slurm cluster on this machine, for tests and benchmarks:
# Debian's munged, slurmctld and slurmd with a generated slurm.conf (no
# cgroup plugins, no accounting), its own munge key and socket, every file
# under DIR; nothing system-wide is touched.
# Usage: scripts/slurm-local.sh start DIR   prints "export SLURM_CONF=..."
#        scripts/slurm-local.sh stop DIR    stops the daemons, removes DIR
# Environment: SLURM_LOCAL_CPUS=N declares N CPUs (default nproc; more
#   lets more array tasks run at once than the host has cores)
# Exit status: 0; 1 when a daemon does not start (its log is printed).
set -u
. "$(dirname "$0")/lib.sh"	# usage
cmd=${1:-} S=${2:-}
[ -n "$S" ] && case "$cmd" in start|stop) ;; *) false ;; esac ||
	usage
export SLURM_CONF=$S/slurm.conf
if [ "$cmd" = stop ]; then
	scontrol shutdown > /dev/null 2>&1
	for f in ctld.pid d.pid munged.pid; do [ -r "$S/$f" ] && kill "$(cat "$S/$f")" 2>/dev/null; done
	sleep 1
	rm -rf "$S"
	exit 0
fi
for b in munged slurmctld slurmd sinfo; do
	command -v $b > /dev/null || { echo "slurm-local: no $b (scripts/deps.sh installs slurm-wlm and munge)" >&2; exit 1; }
done
host=$(hostname -s)
mkdir -p "$S/munge" "$S/ctld" "$S/d"
dd if=/dev/urandom of="$S/munge.key" bs=1024 count=1 2> /dev/null; chmod 600 "$S/munge.key"
munged --force --key-file="$S/munge.key" --socket="$S/munge.sock" --pid-file="$S/munged.pid" \
	--log-file="$S/munged.log" --seed-file="$S/munge/seed" ||
	{ echo "slurm-local: munged did not start" >&2; cat "$S/munged.log" >&2; exit 1; }
cat > "$SLURM_CONF" <<CONF
ClusterName=dlcaplocal
SlurmctldHost=$host
SlurmctldPort=16917
SlurmdPort=16918
AuthType=auth/munge
AuthInfo=socket=$S/munge.sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$S/ctld
SlurmdSpoolDir=$S/d
SlurmctldPidFile=$S/ctld.pid
SlurmdPidFile=$S/d.pid
SlurmctldLogFile=$S/ctld.log
SlurmdLogFile=$S/d.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
# the node as declared here, not as probed (SLURM_LOCAL_CPUS may declare more)
SlurmdParameters=config_overrides
NodeName=$host CPUs=${SLURM_LOCAL_CPUS:-$(nproc)} RealMemory=$(( $(awk '/MemTotal/ { print $2 }' /proc/meminfo) / 1024 - 1024 )) State=UNKNOWN
PartitionName=dlcap Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -f "$SLURM_CONF" && slurmd -f "$SLURM_CONF" ||
	{ echo "slurm-local: slurmctld/slurmd did not start" >&2; tail -n 5 "$S"/*.log >&2; exit 1; }
for i in $(seq 60); do [ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && break; sleep 1; done
[ "$(sinfo -h -o %T 2>/dev/null)" = idle ] ||
	{ echo "slurm-local: the node did not become idle in 60 s" >&2; tail -n 5 "$S"/*.log >&2; exit 1; }
echo "export SLURM_CONF=$SLURM_CONF"
