#!/usr/bin/env bash
# Builds the libFuzzer target (preset `fuzz`: clang, ASan + UBSan, coverage-instrumented
# libraries) and fuzzes pagemd::extract::extract() for a while.
#
#   scripts/fuzz.sh [SECONDS] [extra libFuzzer flags...]     (default 60 seconds)
#
# Exits non-zero when the fuzzer finds a crash, sanitizer report, timeout or memory blow-up; the
# reproducer is left in build/fuzz/artifacts/ (re-run it with build/fuzz/fuzz/extract_fuzz FILE).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target extract_fuzz

work=build/fuzz/corpus
artifacts=build/fuzz/artifacts
mkdir -p "$work" "$artifacts"
# The working corpus grows across runs (kept in build/); the seeds in the tree are only copied in,
# so a fuzzing session never rewrites checked-in files.
cp -f fuzz/corpus/* "$work"/
if compgen -G 'tests/data/extract/*.html' >/dev/null; then
  cp -f tests/data/extract/*.html "$work"/
fi

echo "== fuzzing extract() for ${seconds}s, corpus $work"
status=0
build/fuzz/fuzz/extract_fuzz "$work" \
  -dict=fuzz/html.dict \
  -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=65536 \
  -artifact_prefix="$artifacts/" -print_final_stats=1 "$@" || status=$?

if ((status != 0)); then
  echo "fuzz: finding (exit $status); reproducers:" >&2
  ls -1t "$artifacts" | head -5 | sed "s|^|  $artifacts/|" >&2
  exit "$status"
fi
echo "fuzz: no findings in ${seconds}s"
