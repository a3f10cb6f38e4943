#!/usr/bin/env python3
"""Checks that the shipped default configuration and the man pages describe the same settings.

    check_config_keys.py --config pagemdd.conf --conf-page pagemdd.conf.5.scd
                         --daemon-page pagemdd.8.scd [--daemon BIN]

Every `#key = value` line of the default configuration must be a key of pagemdd.conf(5) with
the same default, every key of pagemdd.conf(5) must be in the configuration, and each key's
option (`--key-with-dashes`) must be in pagemdd(8). With --daemon, the configuration with every
line uncommented (but `<version>` placeholders) must pass `BIN --check-config`.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

CONFIG_LINE = re.compile(r"^#([a-z][a-z0-9_]*) = (.+)$")
PAGE_KEY = re.compile(r"^\*([a-z][a-z0-9_]*)\* = ")
PAGE_DEFAULT = re.compile(r"^\tDefault: _(.+?)_(?: \(.*\))?$")


def config_defaults(path):
    defaults = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            match = CONFIG_LINE.match(line.rstrip("\n"))
            if match:
                defaults[match.group(1)] = match.group(2).strip()
    return defaults


def page_defaults(path):
    """Returns {key: default} of the KEYS section; a key without a Default line maps to None."""
    defaults = {}
    key = None
    in_keys = False
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            line = line.rstrip("\n")
            if line.startswith("# "):
                in_keys = line == "# KEYS"
                continue
            if not in_keys:
                continue
            match = PAGE_KEY.match(line)
            if match:
                key = match.group(1)
                defaults[key] = None
                continue
            match = PAGE_DEFAULT.match(line)
            if match and key is not None:
                defaults[key] = match.group(1)
    return defaults


def check_with_daemon(daemon, config_path):
    with open(config_path, encoding="utf-8") as source:
        text = "".join(line[1:] if CONFIG_LINE.match(line.rstrip("\n")) and "<version>" not in line
                       else line for line in source)
    # --data-dir points at a directory that exists here: the check is about the file's values,
    # not about this machine having /var/lib/pagemd.
    with tempfile.TemporaryDirectory() as work:
        config = os.path.join(work, "pagemdd.conf")
        with open(config, "w", encoding="utf-8") as uncommented:
            uncommented.write(text)
        done = subprocess.run([daemon, "--check-config", "--config", config, "--data-dir", work],
                              capture_output=True, text=True, timeout=30, check=False,
                              stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        return [f"{daemon} --check-config rejects the uncommented defaults (exit "
                f"{done.returncode}):\n{done.stdout}{done.stderr}"]
    return []


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", required=True)
    parser.add_argument("--conf-page", required=True)
    parser.add_argument("--daemon-page", required=True)
    parser.add_argument("--daemon")
    args = parser.parse_args()

    shipped = config_defaults(args.config)
    documented = page_defaults(args.conf_page)
    with open(args.daemon_page, encoding="utf-8") as page:
        daemon_page = page.read()

    problems = []
    if not shipped:
        problems.append(f"{args.config}: no '#key = value' lines")
    for key in sorted(set(shipped) - set(documented)):
        problems.append(f"{key}: in {args.config} but not in {args.conf_page}")
    for key in sorted(set(documented) - set(shipped)):
        problems.append(f"{key}: in {args.conf_page} but not in {args.config}")
    for key in sorted(set(shipped) & set(documented)):
        if documented[key] is None:
            problems.append(f"{key}: {args.conf_page} gives no 'Default:'")
        elif documented[key] != shipped[key]:
            problems.append(f"{key}: default {shipped[key]} in {args.config}, "
                            f"{documented[key]} in {args.conf_page}")
    for key in sorted(documented):
        option = "--" + key.replace("_", "-")
        if not re.search(r"(?<![\w-])" + re.escape(option) + r"(?![\w-])", daemon_page):
            problems.append(f"{key}: option {option} not in {args.daemon_page}")
    if args.daemon:
        problems.extend(check_with_daemon(args.daemon, args.config))

    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{len(shipped)} keys in {os.path.basename(args.config)}, {len(documented)} in "
          f"{os.path.basename(args.conf_page)}: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
