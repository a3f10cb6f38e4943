#!/usr/bin/env bash
# Checks that a generated unit allows the browser exactly what its jail and Chromium's sandbox
# need, as tests/render/unit_exec.cpp models it (render.under_the_unit runs the browser tests so):
# user, PID and network namespaces and no other; chroot and capset back after ~@privileged; V8
# without its JIT, so MemoryDenyWriteExecute=yes stays.
#
#   check_browser_allowances.sh UNIT
set -euo pipefail

unit=${1:?unit file}
status=0
fail() {
  echo "check_browser_allowances: $(basename "$unit"): $*" >&2
  status=1
}

namespaces=$(sed -n 's/^RestrictNamespaces=//p' "$unit")
if [[ $(tr ' ' '\n' <<<"$namespaces" | sort | tr '\n' ' ') != "net pid user " ]]; then
  fail "RestrictNamespaces= must be exactly 'user pid net' (the browser's jail and Chromium's sandbox), not '$namespaces'"
fi

mapfile -t filters < <(sed -n 's/^SystemCallFilter=//p' "$unit")
privileged_at=-1
added_back=""
for i in "${!filters[@]}"; do
  if [[ ${filters[$i]} == "~@privileged" ]]; then
    privileged_at=$i
  elif ((privileged_at >= 0)) && [[ ${filters[$i]} != "~"* ]]; then
    added_back+=" ${filters[$i]}"
  fi
done
if ((privileged_at < 0)); then
  fail "SystemCallFilter=~@privileged is missing"
fi
if [[ $(tr ' ' '\n' <<<"$added_back" | sed '/^$/d' | sort | tr '\n' ' ') != "capset chroot " ]]; then
  fail "after ~@privileged, SystemCallFilter= must give back exactly chroot and capset, not '${added_back# }'"
fi

if ! grep -qx 'MemoryDenyWriteExecute=yes' "$unit"; then
  fail "MemoryDenyWriteExecute=yes is missing"
fi
exit "$status"
