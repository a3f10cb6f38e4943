#!/usr/bin/env bash
# Installs every Debian 12 package pagemd needs to build, test and benchmark. Idempotent: packages
# already present are left alone, and apt is only asked when something is missing.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git ca-certificates
  libboost1.81-dev libcli11-dev nlohmann-json3-dev libsqlitecpp-dev libsqlite3-dev
  libcurl4-openssl-dev libssl-dev libspdlog-dev libgtest-dev libgmock-dev
  libtomlplusplus-dev libsystemd-dev libjemalloc-dev scdoc
  # the converter worker's jail
  libseccomp-dev
  # languages and encodings: word boundaries, undeclared charsets, language detection
  libicu-dev libuchardet-dev libcld2-dev
  # PDFs: poppler's GLib binding and its CMaps for CJK fonts that are not embedded (poppler-data);
  # pdftotext (poppler-utils), qpdf and groff's gropdf make and compare the PDFs of tests/data/pdf and
  # bench/pdf; zlib bounds what a PDF's streams inflate to
  libpoppler-glib-dev poppler-data poppler-utils qpdf groff
  # tests and benchmarks: the round-trip scorer renders Markdown with cmark-gfm; the fuzzer needs clang
  python3 cmark-gfm clang libclang-rt-14-dev
  # the tests' reference HTML parser (pagemd parses with its own)
  libgumbo-dev
  # the code's format and lint checks (scripts/check-format.sh, scripts/run-clang-tidy.sh)
  clang-format clang-tidy
  # lib/fetch: IDN host names; its tests compress their bombs with zlib and brotli
  libidn2-dev zlib1g-dev libbrotli-dev
  # lib/discover: sitemaps and feeds (expat), registrable domains (the Public Suffix List)
  libexpat1-dev publicsuffix
  # operations: man page checks (groff), unit checks (systemd-analyze), the Debian package
  groff-base systemd debhelper dpkg-dev fakeroot
  # benchmarks: the daemon load test; lxml-text, the parser anchor of bench/speed.py
  wrk python3-lxml
  # the MCP end-to-end test runs the official TypeScript SDK client (tests/mcp/client) on Node; npm
  # comes below, since a Node from elsewhere (NodeSource) carries its own
  nodejs
  # the shared store of several daemons: PostgreSQL's client library, and the server for the tests
  libpq-dev postgresql
  # the load balancer of the deployment example (deploy/haproxy.cfg), checked by a test
  haproxy
  # rendering of pages that need JavaScript (optional at run time: pagemd works without it)
  chromium-headless-shell
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages present"
else
  sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  echo "install-deps: installing ${missing[*]}"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if ! command -v npm >/dev/null; then
  sudo=()
  [[ $(id -u) -eq 0 ]] || sudo=(sudo)
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends npm
fi

# The MCP SDK client of the end-to-end test, at the versions its lock file pins (npm's registry).
client_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/tests/mcp/client"
if [[ ! -d "$client_dir/node_modules/@modelcontextprotocol/sdk" || "$client_dir/package-lock.json" -nt "$client_dir/node_modules" ]]; then
  echo "install-deps: npm ci in tests/mcp/client"
  (cd "$client_dir" && npm ci --no-audit --no-fund --loglevel=error)
fi
