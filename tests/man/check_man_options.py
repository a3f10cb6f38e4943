#!/usr/bin/env python3
"""Checks that every long option a program accepts is documented in its man page.

    check_man_options.py --binary BIN --man-page PAGE.scd [--subcommand "keys create"]...

Runs `BIN --help` and `BIN <subcommand words> --help` for each named subcommand and for every
subcommand the help texts list (CLI11's "Subcommands:" section, followed recursively), collects
the long options of each (`--name` in the option column), and fails when one of them does not
appear in the man page source. A named subcommand whose help fails, or shows another command's
usage line, is an error: register only what the binary implements.
"""

import argparse
import os
import re
import subprocess
import sys

OPTION = re.compile(r"(?<![\w-])(--[A-Za-z0-9][A-Za-z0-9-]*)")
MAX_DEPTH = 3


def run_help(binary, words):
    command = [binary, *words, "--help"]
    env = dict(os.environ, LC_ALL="C", COLUMNS="200")
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=30,
                              stdin=subprocess.DEVNULL, env=env, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise SystemExit(f"check_man_options: {' '.join(command)}: {error}") from error
    if done.returncode != 0 or not done.stdout.strip():
        raise SystemExit(f"check_man_options: {' '.join(command)} exited {done.returncode}"
                         f" with no help text:\n{done.stderr}")
    # CLI11 answers --help after an unknown word with the parent's help: the usage line tells.
    usage = re.compile(r"^Usage: \S+" + "".join(" " + re.escape(word) for word in words) + r"(?: |$)",
                       re.MULTILINE)
    if not usage.search(done.stdout):
        raise SystemExit(f"check_man_options: {' '.join(command)} does not show the help of "
                         f"'{' '.join(words)}':\n{done.stdout}")
    return done.stdout


def parse_help(text):
    """Returns (long options, subcommand names) of one CLI11 help text."""
    options = set()
    subcommands = []
    section = None
    for line in text.splitlines():
        if re.match(r"^\S.*:$", line):
            section = line[:-1].strip()
            continue
        if not line.strip():
            continue
        # The first column: up to the padding that separates it from the description.
        first = re.match(r"^\s+(\S+(?: \S+)*?)(?:\s{2,}|$)", line)
        if not first:
            continue
        column = first.group(1)
        if column.startswith("-"):
            options.update(OPTION.findall(column))
        elif section == "Subcommands" and re.fullmatch(r"[a-z][a-z0-9-]*", column):
            subcommands.append(column)
    return options, subcommands


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--man-page", required=True)
    parser.add_argument("--subcommand", action="append", default=[],
                        help="a subcommand (words separated by spaces) that must exist")
    args = parser.parse_args()

    with open(args.man_page, encoding="utf-8") as page:
        documented = set(OPTION.findall(page.read()))

    pending = [[]] + [words.split() for words in args.subcommand]
    seen = set()
    found = {}  # option -> the first command that takes it
    while pending:
        words = pending.pop(0)
        if tuple(words) in seen:
            continue
        seen.add(tuple(words))
        options, subcommands = parse_help(run_help(args.binary, words))
        for option in sorted(options):
            found.setdefault(option, " ".join(words) or "(top level)")
        if len(words) < MAX_DEPTH:
            pending.extend(words + [name] for name in subcommands)

    name = os.path.basename(args.binary)
    checked = sorted(" ".join(words) or "(top level)" for words in seen)
    print(f"{name}: checked {', '.join(checked)}: {len(found)} long options")
    if not found:
        print("check_man_options: no options found; is the help format CLI11's?", file=sys.stderr)
        return 1
    missing = sorted(option for option in found if option not in documented)
    for option in missing:
        print(f"undocumented in {args.man_page}: {option} ({name} {found[option]})",
              file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
