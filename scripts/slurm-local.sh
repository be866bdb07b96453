#!/bin/sh
# slurm-local.sh: a single-node Slurm on this machine, for gospin swarm's
# integration test (swarm/slurm_test.go) and for trying -backend slurm.
#
#   scripts/slurm-local.sh          install (if needed) and start it
#   scripts/slurm-local.sh stop     stop it
#   scripts/slurm-local.sh status   say whether it answers
#
# It installs Debian's slurm-wlm and munge packages (apt-get; as root),
# makes a munge key, writes a minimal slurm.conf for this host (its name,
# cores and memory as slurmd -C reports them; one partition, no accounting,
# no cgroups), and starts munged, slurmctld and slurmd directly (no
# systemd). Running it again while Slurm answers changes nothing. It is
# for a test machine: the daemons run as root, and everything is local.
set -eu

CONF_DIR=/etc/slurm
CONF=$CONF_DIR/slurm.conf
RUN=/run/slurm
STATE=/var/lib/slurm
LOGS=/var/log/slurm

say() { echo "slurm-local: $*"; }

need_root() {
	if [ "$(id -u)" != 0 ]; then
		say "must run as root (it installs packages and starts daemons)" >&2
		exit 1
	fi
}

answers() {
	command -v scontrol >/dev/null 2>&1 && scontrol ping 2>/dev/null | grep -q 'is UP'
}

stop_pid() { # name pidfile
	if [ -f "$2" ] && kill -0 "$(cat "$2")" 2>/dev/null; then
		kill "$(cat "$2")" && say "stopped $1 (pid $(cat "$2"))"
		i=0
		while kill -0 "$(cat "$2")" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
	fi
	rm -f "$2"
}

case "${1:-start}" in
stop)
	need_root
	stop_pid slurmd $RUN/slurmd.pid
	stop_pid slurmctld $RUN/slurmctld.pid
	stop_pid munged /run/munge/munged.pid
	exit 0
	;;
status)
	if answers; then
		say "up"; sinfo
		exit 0
	fi
	say "not answering"
	exit 1
	;;
start) ;;
*)
	echo "usage: $0 [start|stop|status]" >&2
	exit 2
	;;
esac

need_root
if answers; then
	say "Slurm answers already:"; sinfo
	exit 0
fi

# 1. the packages
if ! command -v slurmctld >/dev/null 2>&1 || ! command -v slurmd >/dev/null 2>&1 || ! command -v munged >/dev/null 2>&1; then
	say "installing slurm-wlm and munge"
	export DEBIAN_FRONTEND=noninteractive
	apt-get install -y slurm-wlm munge >/dev/null || { apt-get update >/dev/null && apt-get install -y slurm-wlm munge >/dev/null; }
fi

# 2. munge: a key, then the daemon
mkdir -p /etc/munge /run/munge /var/lib/munge /var/log/munge
if [ ! -s /etc/munge/munge.key ]; then
	say "making a munge key"
	if command -v mungekey >/dev/null 2>&1; then
		mungekey --create --keyfile=/etc/munge/munge.key
	else
		dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
	fi
fi
if id munge >/dev/null 2>&1; then
	chown -R munge:munge /etc/munge /run/munge /var/lib/munge /var/log/munge
fi
chmod 0700 /etc/munge
chmod 0400 /etc/munge/munge.key
if ! { [ -f /run/munge/munged.pid ] && kill -0 "$(cat /run/munge/munged.pid)" 2>/dev/null; }; then
	say "starting munged"
	if id munge >/dev/null 2>&1; then
		runuser -u munge -- munged
	else
		munged --force
	fi
fi
munge -n | unmunge >/dev/null || { say "munge does not work" >&2; exit 1; }

# 3. slurm.conf for this host
mkdir -p $CONF_DIR $RUN $STATE/slurmctld $STATE/slurmd $LOGS
host=$(hostname -s)
node=$(slurmd -C | head -n 1)
mem=$(echo "$node" | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p')
# leave the system a tenth of the memory
mem=$((mem * 9 / 10))
node=$(echo "$node" | sed "s/RealMemory=[0-9]*/RealMemory=$mem/")
cat >$CONF <<EOF
# written by gospin's scripts/slurm-local.sh: a single-node test cluster
ClusterName=gospin-local
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
SlurmctldPidFile=$RUN/slurmctld.pid
SlurmdPidFile=$RUN/slurmd.pid
SlurmdSpoolDir=$STATE/slurmd
StateSaveLocation=$STATE/slurmctld
SlurmctldLogFile=$LOGS/slurmctld.log
SlurmdLogFile=$LOGS/slurmd.log
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
MinJobAge=300
KillWait=10
$node State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
say "wrote $CONF ($node)"

# 4. the daemons
stop_pid slurmd $RUN/slurmd.pid
stop_pid slurmctld $RUN/slurmctld.pid
say "starting slurmctld and slurmd"
slurmctld -i
slurmd
i=0
until answers; do
	i=$((i + 1))
	if [ $i -gt 60 ]; then
		say "slurmctld does not answer: see $LOGS/slurmctld.log" >&2
		exit 1
	fi
	sleep 0.5
done
# the node may come up DOWN after an earlier run: resume it
scontrol update NodeName="$host" State=RESUME >/dev/null 2>&1 || true
i=0
until sinfo -h -o %t | grep -qE '^(idle|mix|alloc)'; do
	i=$((i + 1))
	if [ $i -gt 60 ]; then
		say "the node does not become idle: see $LOGS/slurmd.log" >&2
		sinfo
		exit 1
	fi
	sleep 0.5
done
say "up:"
sinfo
