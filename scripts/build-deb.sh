#!/usr/bin/env bash
# Builds the Debian package from the working tree into build/deb/, lists its contents and checks
# that it ships what it should: the programs, man pages, unit, tmpfiles entry, configuration as a
# conffile, completions once they exist, and maintainer scripts that enable and start nothing;
# then scripts/check-deb-install.sh installs, upgrades and purges it in a throwaway sandbox.
#
#   scripts/build-deb.sh
#
# dpkg-buildpackage writes its results next to the source directory, so the tree is copied to
# build/deb/src/pagemd-<version>/ first (tracked and new files, not what .gitignore ignores).
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
  echo "build-deb: $*" >&2
  exit 1
}

version=$(dpkg-parsechangelog -S Version)
project_version=$(sed -n 's/^project(pagemd VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
[[ ${version%%-*} == "$project_version" ]] \
  || fail "debian/changelog has $version, CMakeLists.txt $project_version: add a changelog entry"

out=build/deb
src=$out/src/pagemd-$version
rm -rf "$out"
mkdir -p "$src"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git ls-files -z --cached --others --exclude-standard \
    | while IFS= read -r -d '' f; do [[ -e $f ]] && printf '%s\0' "$f"; done \
    | tar --null -T - -cf - | tar -xf - -C "$src"
else
  tar --exclude=./build --exclude=./.git -cf - . | tar -xf - -C "$src"
fi

echo "== dpkg-buildpackage pagemd $version"
(cd "$src" && DEB_BUILD_OPTIONS="nocheck parallel=2" dpkg-buildpackage -b -us -uc)
find "$out/src" -maxdepth 1 -type f -exec mv -t "$out" {} +
rm -rf "$out/src"

deb=$out/pagemd_${version}_$(dpkg --print-architecture).deb
[[ -f $deb ]] || fail "no $deb"
echo "== $deb"
dpkg-deb --info "$deb"
echo "== contents"
dpkg-deb --contents "$deb"

contents=$(dpkg-deb --contents "$deb" | awk '{ print $6 }')
expected=(
  ./usr/bin/pagemd
  ./usr/share/man/man1/pagemd.1.gz
  ./usr/share/man/man5/pagemdd.conf.5.gz
  ./usr/share/man/man8/pagemdd.8.gz
  ./lib/systemd/system/pagemdd.service
  ./usr/lib/tmpfiles.d/pagemd.conf
  ./etc/pagemd/pagemdd.conf
)
[[ -d apps/pagemdd ]] && expected+=(./usr/bin/pagemdd)
[[ -f completions/pagemd.bash ]] && expected+=(./usr/share/bash-completion/completions/pagemd)
[[ -f completions/_pagemd ]] && expected+=(./usr/share/zsh/vendor-completions/_pagemd)
[[ -f completions/pagemd.fish ]] && expected+=(./usr/share/fish/vendor_completions.d/pagemd.fish)
missing=0
for path in "${expected[@]}"; do
  grep -qxF "$path" <<<"$contents" || { echo "build-deb: missing $path" >&2; missing=1; }
done
((missing == 0)) || fail "the package lacks files"

control=$(mktemp -d)
trap 'rm -rf "$control"' EXIT
dpkg-deb --control "$deb" "$control"
# Libraries the programs open with dlopen are no DT_NEEDED entry, so dh_shlibdeps cannot add them:
# each soname opened must be a dependency by hand (debian/control), and no longer a linked one.
depends=$(sed -n 's/^Depends: //p' "$control/control")
for package in libcurl4 libidn2-0 libicu72; do
  grep -q "$package" <<<"$depends" || fail "Depends lacks $package, whose library pagemd opens with dlopen: $depends"
done
for program in pagemd pagemdd; do
  dpkg-deb --fsys-tarfile "$deb" | tar -xOf - "./usr/bin/$program" >"$control/$program"
  if readelf -d "$control/$program" | grep -E -q 'NEEDED.*(libcurl|libidn2|libicui18n)'; then
    fail "$program links a library it should open when first needed (libcurl, libidn2, libicui18n)"
  fi
done
grep -qxF /etc/pagemd/pagemdd.conf "$control/conffiles" || fail "pagemdd.conf is not a conffile"
grep -q 'systemd-tmpfiles.*--create.*pagemd.conf' "$control/postinst" \
  || fail "postinst does not create the state directory"
# debhelper's snippets that enable a unit on a fresh install or start it; with --no-enable and
# --no-start neither may be present. (Re-enabling a unit the admin had enabled is allowed.)
if grep -Eq 'was-enabled defaults to true|deb-systemd-invoke (start|restart|\$_dh_action)' "$control/postinst"; then
  fail "postinst would enable or start pagemdd without the admin's consent"
fi
grep -q 'deb-systemd-invoke try-restart pagemdd.service' "$control/postinst" \
  || fail "postinst does not restart a running pagemdd after an upgrade"
if [[ -f $control/preinst ]] && grep -q 'deb-systemd-invoke stop' "$control/preinst"; then
  fail "preinst stops pagemdd on upgrade, and nothing would start it again"
fi
grep -q 'deb-systemd-invoke stop pagemdd.service' "$control/prerm" || fail "prerm does not stop pagemdd on removal"
# Read whole before matching: grep -q leaving a pipe early would break tar's later writes, and
# pipefail would report that (seen on a loaded machine) as a wrong unit.
unit=$(dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ./lib/systemd/system/pagemdd.service)
grep -qx 'ExecStart=/usr/bin/pagemdd --config /etc/pagemd/pagemdd.conf' <<<"$unit" \
  || fail "the packaged unit does not run /usr/bin/pagemdd with /etc/pagemd/pagemdd.conf"

echo "build-deb: $deb has the ${#expected[@]} expected files; its scripts enable and start nothing"

echo "== install, upgrade and purge in a throwaway copy of this machine"
install_status=0
scripts/check-deb-install.sh "$deb" || install_status=$?
if ((install_status == 77)); then
  echo "build-deb: install check skipped (needs root and unshare)"
elif ((install_status != 0)); then
  fail "the install check failed"
fi
