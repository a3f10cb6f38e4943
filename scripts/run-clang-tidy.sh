#!/usr/bin/env bash
# Runs clang-tidy (Debian's 14) with the checks of .clang-tidy over every source file of lib/ and apps/,
# against the compile commands of the dev build (configured here if missing). Prints the findings;
# exit 1 if there are any. Takes several minutes: it is a separate step, not part of the test suite.
#   scripts/run-clang-tidy.sh [FILE...]      (default: every .cpp of lib/ and apps/)
set -euo pipefail
cd "$(dirname "$0")/.."

[[ -f build/dev/compile_commands.json ]] || cmake --preset dev >/dev/null
if (($# > 0)); then
  files=("$@")
else
  mapfile -t files < <(git ls-files 'lib/*.cpp' 'apps/*.cpp')
fi
jobs=$(nproc)
echo "clang-tidy: ${#files[@]} files, ${jobs} at a time" >&2
# clang-tidy exits non-zero on findings; they are read from its output instead, each printed once.
findings=$(printf '%s\0' "${files[@]}" |
  { xargs -0 -P "$jobs" -n 4 clang-tidy -p build/dev --quiet 2>/dev/null || true; } |
  grep -E '^/.*: (warning|error):' | sort -u || true)
if [[ -n $findings ]]; then
  echo "$findings"
  echo "clang-tidy: $(wc -l <<<"$findings") findings" >&2
  exit 1
fi
echo "clang-tidy: no findings" >&2
