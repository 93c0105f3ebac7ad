#!/bin/sh
# In-guest: the cgroup v2 tree as the points before this one left it
# (rt-app's taskgroups: dlgen removes the groups it made and takes "cpu"
# out of the root's cgroup.subtree_control again).
# Usage (by initramfs/init): sh cgroups.sh POINTDIR
echo "controllers: $(cat /sys/fs/cgroup/cgroup.controllers)"
echo "subtree_control: $(cat /sys/fs/cgroup/cgroup.subtree_control)"
groups=""
for d in /sys/fs/cgroup/*/; do
	[ -d "$d" ] && groups="$groups ${d#/sys/fs/cgroup/}"
done
echo "groups:$groups"
