#!/usr/bin/env bash
# Markdown -> HTML (cmark-gfm, the reference GFM renderer) -> pagemd must give back the same
# Markdown for every expected output of the data-driven cases: the output re-parses as GFM to the
# structure it was written from.
set -euo pipefail
pagemd=$1
cases=$2
command -v cmark-gfm >/dev/null || { echo "cmark-gfm not installed"; exit 1; }
failed=0
for md in "$cases"/*.md; do
  url=$(head -1 "${md%.md}.html" | grep -o 'url=[^ ]*' | cut -d= -f2 || true)
  html=$( { echo '<html><body>'; cmark-gfm -e table -e strikethrough -e autolink --unsafe "$md"; echo '</body></html>'; } )
  if ! diff -u "$md" <(printf '%s' "$html" | "$pagemd" convert - --whole-body --base-url "${url:-https://example.com/blog/post.html}"); then
    echo "not a fixed point: $md"
    failed=1
  fi
done
exit $failed
