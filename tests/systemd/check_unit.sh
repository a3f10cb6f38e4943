#!/usr/bin/env bash
# Checks a generated systemd unit: `systemd-analyze verify` must be clean and
# `systemd-analyze security --offline=true` must rate it at most MAX_EXPOSURE (e.g. 2.0).
#
#   check_unit.sh UNIT INSTALLED_BINARY [BUILT_BINARY] [MAN_DIR] [MAX_EXPOSURE]
#
# `verify` insists that ExecStart's program exists and is executable. The unit names the
# installed path (INSTALLED_BINARY, e.g. /usr/local/bin/pagemdd), which a build tree does not
# have, so the unit is checked as a copy whose INSTALLED_BINARY is replaced by BUILT_BINARY, or,
# when that is empty, by a placeholder executable in a temporary directory: what is checked
# is the unit, not the program. MAN_DIR (a man/ tree with man5/, man8/) lets `verify` check
# the Documentation= pages; without it the man check is off. Exits 77 (skip) without systemd-analyze.
set -euo pipefail

unit=${1:?unit file}
installed=${2:?installed binary path}
built=${3:-}
man_dir=${4:-}
max_exposure=${5:-2.0}

if ! command -v systemd-analyze >/dev/null; then
  echo "check_unit: systemd-analyze not found, skipping"
  exit 77
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [[ -z $built ]]; then
  built=$work/bin/$(basename "$installed")
  mkdir -p "$work/bin"
  printf '#!/bin/sh\nexit 0\n' >"$built"
  chmod +x "$built"
fi

name=$(basename "$unit")
# A template is checked as one of its instances.
if [[ $name == *@.service ]]; then
  name=${name%@.service}@8801.service
fi
# Escape for sed's s||| with | as delimiter.
esc_installed=$(printf '%s' "$installed" | sed 's/[][\.*^$|]/\\&/g')
esc_built=$(printf '%s' "$built" | sed 's/[\&|]/\\&/g')
sed "s|$esc_installed|$esc_built|g" "$unit" >"$work/$name"
if ! grep -q "$esc_built" "$work/$name"; then
  echo "check_unit: $unit does not run $installed" >&2
  exit 1
fi

status=0
man_flag=--man=no
if [[ -n $man_dir ]]; then
  man_flag=--man=yes
  export MANPATH=$man_dir
fi
echo "== systemd-analyze verify $man_flag $name"
verify_status=0
verify_out=$(cd "$work" && systemd-analyze verify "$man_flag" "./$name" 2>&1) || verify_status=$?
# verify exits 0 on some warnings; any output is a finding.
if [[ -n $verify_out ]] || ((verify_status != 0)); then
  printf '%s\n' "$verify_out" >&2
  echo "check_unit: systemd-analyze verify found problems in $name" >&2
  status=1
fi

# --threshold takes the exposure in tenths (2.0 -> 20): the exit status is non-zero above it.
threshold=$(awk -v x="$max_exposure" 'BEGIN { printf "%d", x * 10 + 0.5 }')
echo "== systemd-analyze security --offline=true --threshold=$threshold $name"
security_status=0
security_out=$(cd "$work" && systemd-analyze security --offline=true --threshold="$threshold" "./$name" 2>&1) \
  || security_status=$?
printf '%s\n' "$security_out" | grep -E '✗|Overall exposure' || true
if ! printf '%s\n' "$security_out" | grep -q 'Overall exposure level'; then
  printf '%s\n' "$security_out" >&2
  echo "check_unit: systemd-analyze security did not rate $name" >&2
  status=1
elif ((security_status != 0)); then
  echo "check_unit: $name is exposed above $max_exposure" >&2
  status=1
fi
exit "$status"
