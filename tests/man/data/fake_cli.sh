#!/bin/sh
# A CLI11-shaped program for the checker's own test: "run" takes an option no page documents.
case "$*" in
  "--help") cat <<'HELP'
fake: a test program
Usage: fake [OPTIONS] SUBCOMMAND

Options:
  -h,--help                   Print this help message and exit
  --version                   Display program version information and exit

Subcommands:
  run                         Run something
HELP
  ;;
  "run --help") cat <<'HELP'
Run something
Usage: fake run [OPTIONS]

Options:
  -h,--help                   Print this help message and exit
  --undocumented-flag         Not in the man page (mentions --version in prose)
HELP
  ;;
  *) echo "fake: unknown arguments: $*" >&2; exit 109 ;;
esac
