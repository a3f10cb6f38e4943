#!/usr/bin/env bash
# Installs, reinstalls and purges a pagemd .deb in a throwaway copy of this machine and checks
# what the maintainer scripts do: the state directory is created, the service is neither enabled
# nor started, a unit the admin enabled stays enabled across an upgrade, and purge removes the
# state and configuration.
#
#   scripts/check-deb-install.sh build/deb/pagemd_<version>_<arch>.deb
#
# The copy is an overlay of / with its writable layer on a tmpfs, in private mount and network
# namespaces (no packet leaves, nothing on the host changes); dpkg runs chrooted into it. systemd
# is not running there, so "started" cannot happen, and systemctl answers from the unit files.
# Needs root and unshare; exits 77 (skip) without them.
set -euo pipefail

deb=$(realpath "${1:?.deb file}")
if [[ $(id -u) -ne 0 ]] || ! command -v unshare >/dev/null; then
  echo "check-deb-install: needs root and unshare, skipping"
  exit 77
fi

# A machine that cannot make the sandbox (a container without these privileges) skips the check;
# the package's contents and scripts were checked statically before.
skip() {
  echo "check-deb-install: $*, skipping"
  exit 77
}
if [[ ${PAGEMD_IN_SANDBOX:-} != 1 ]]; then
  unshare --mount --net true 2>/dev/null || skip "cannot create mount and network namespaces"
  exec unshare --mount --net env PAGEMD_IN_SANDBOX=1 "$0" "$deb"
fi

mount --make-rprivate /
base=$(mktemp -d)
mount -t tmpfs tmpfs "$base" || skip "cannot mount a tmpfs"
mkdir -p "$base"/{upper,work,root}
mount -t overlay overlay -o "lowerdir=/,upperdir=$base/upper,workdir=$base/work" "$base/root" \
  || skip "cannot mount an overlay of /"
mount -t proc proc "$base/root/proc"
cp "$deb" "$base/root/tmp/pagemd.deb"
# man-db rebuilds its index after every dpkg run (a minute each); the copy needs no index.
rm -f "$base/root/var/lib/man-db/auto-update"
in_root() { chroot "$base/root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@"; }

status=0
check() {
  local what=$1
  shift
  if "$@"; then
    echo "ok: $what"
  else
    echo "FAILED: $what" >&2
    status=1
  fi
}
enabled() { [[ $(in_root systemctl is-enabled pagemdd.service 2>/dev/null || true) == enabled ]]; }

in_root dpkg --purge pagemd >/dev/null 2>&1 || true
echo "== dpkg -i (fresh install)"
in_root dpkg -i /tmp/pagemd.deb
root=$base/root
check "state directory /var/lib/private/pagemd exists with mode 0700" \
  test "$(stat -c %a "$root/var/lib/private/pagemd" 2>/dev/null)" = 700
check "/var/lib/pagemd links to private/pagemd" test "$(readlink "$root/var/lib/pagemd")" = private/pagemd
check "/var/lib/private is closed to other users" test "$(stat -c %a "$root/var/lib/private")" = 700
check "the configuration is installed" test -f "$root/etc/pagemd/pagemdd.conf"
check "pagemdd.service is installed" test -f "$root/lib/systemd/system/pagemdd.service"
check "pagemdd.service is not enabled" test "$(in_root systemctl is-enabled pagemdd.service 2>&1 || true)" = disabled
# The link points at /lib/... of the copy: test the link itself, not what it resolves to here.
check "no .wants link" test ! -L "$root/etc/systemd/system/multi-user.target.wants/pagemdd.service"

echo "== the admin enables it, then an upgrade (reinstall)"
in_root systemctl enable pagemdd.service
in_root dpkg -i /tmp/pagemd.deb
check "an enabled pagemdd.service stays enabled across an upgrade" enabled

echo "== the admin disables it, then an upgrade (reinstall)"
in_root systemctl disable pagemdd.service
in_root dpkg -i /tmp/pagemd.deb
check "a disabled pagemdd.service stays disabled across an upgrade" test "$(in_root systemctl is-enabled pagemdd.service 2>&1 || true)" = disabled

echo "== dpkg --purge"
touch "$root/var/lib/private/pagemd/pagemd.db"
in_root dpkg --purge pagemd
check "purge removes the database" test ! -e "$root/var/lib/private/pagemd"
check "purge removes the /var/lib/pagemd link" test ! -L "$root/var/lib/pagemd"
check "purge removes /etc/pagemd" test ! -e "$root/etc/pagemd"
check "purge removes the unit" test ! -e "$root/lib/systemd/system/pagemdd.service"

umount -l "$base/root/proc" "$base/root" || true
umount -l "$base" || true
rmdir "$base" || true
((status == 0)) && echo "check-deb-install: all checks passed"
exit "$status"
