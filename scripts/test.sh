#!/usr/bin/env bash
# Builds pagemd from a fresh checkout and runs the whole test suite: the dev build, then the same
# suite under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
# install-deps.sh installs the browser, so the rendering tests must run, not skip.
export PAGEMD_REQUIRE_BROWSER=1
# ...and PostgreSQL, whose throwaway cluster ctest starts (scripts/postgres-scratch.sh).
export PAGEMD_REQUIRE_POSTGRES=1
# A unity build: each library, program and suite compiles in batches of files, which halves the
# time of a build from scratch (a developer's incremental builds keep the presets' file by file).
for preset in dev asan; do
  echo "== ${preset}: configure, build, test"
  cmake --preset "$preset" -DCMAKE_UNITY_BUILD=ON >/dev/null
  cmake --build --preset "$preset"
  ctest --preset "$preset" -j2
done
