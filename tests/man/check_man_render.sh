#!/usr/bin/env bash
# Renders a man page with groff, all warnings on, and fails on any diagnostic.
#
#   check_man_render.sh PAGE
#
# -t runs tbl (man-db does too), -ww turns every warning on, -z discards the output: what is
# left on standard error is a finding. Exits 77 (skip) without groff.
set -euo pipefail

page=${1:?man page}
if ! command -v groff >/dev/null; then
  echo "check_man_render: groff not found, skipping"
  exit 77
fi
if ! grep -q '^\.TH ' "$page"; then
  echo "check_man_render: $page has no .TH header" >&2
  exit 1
fi

status=0
diagnostics=$(LC_ALL=C.UTF-8 groff -t -man -ww -z -Tutf8 "$page" 2>&1) || status=$?
if [[ -n $diagnostics ]] || ((status != 0)); then
  printf '%s\n' "$diagnostics" >&2
  echo "check_man_render: $page: groff exited $status with the diagnostics above" >&2
  exit 1
fi
echo "check_man_render: $page renders without warnings"
