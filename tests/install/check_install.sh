#!/usr/bin/env bash
# Installs a build tree into a temporary DESTDIR and checks the layout.
#
#   check_install.sh BUILD_DIR UNIT BINDIR CONFIG_FILE ENTRY...
#
# ENTRY is an absolute installed path that must exist, or SOURCE=PATH: PATH must exist when the
# file SOURCE does (the completions, generated later). Any other installed file is a finding,
# so nothing ships by accident. The installed UNIT must run BINDIR/pagemdd with CONFIG_FILE,
# and the installed CONFIG_FILE must have no uncommented setting.
set -euo pipefail

build=${1:?build dir}
unit=${2:?unit path}
bindir=${3:?bindir}
config=${4:?config file}
shift 4

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
DESTDIR=$root cmake --install "$build" >/dev/null

status=0
finding() {
  echo "check_install: $*" >&2
  status=1
}

declare -A expected=()
for entry in "$@"; do
  if [[ $entry == *=* ]]; then
    source=${entry%%=*}
    path=${entry#*=}
    [[ -e $source ]] || continue
  else
    path=$entry
  fi
  expected[$path]=1
  [[ -f $root$path ]] || finding "missing $path"
done

while IFS= read -r -d '' file; do
  path=${file#"$root"}
  [[ -n ${expected[$path]:-} ]] || finding "unexpected $path"
done < <(find "$root" \( -type f -o -type l \) -print0)

if [[ -f $root$unit ]]; then
  grep -qx "ExecStart=$bindir/pagemdd --config $config" "$root$unit" \
    || finding "$unit does not start $bindir/pagemdd with $config"
  grep -qx "ExecReload=$bindir/pagemdd --check-config --config $config" "$root$unit" \
    || finding "$unit does not check $config before a reload"
  ! grep -q '@[A-Z_]*@' "$root$unit" || finding "$unit has an unreplaced @VARIABLE@"
fi
if [[ -f $root$config ]] && grep -Eq '^[[:space:]]*[a-z_]+[[:space:]]*=' "$root$config"; then
  finding "$config sets a value; the default file only shows commented defaults"
fi

((status == 0)) && echo "check_install: ${#expected[@]} files where expected, nothing else"
exit "$status"
