"""Helpers shared by the bench/ drivers: locating the repository, the shared benchmark data and
the built binaries, and running `pagemd convert --json` on one page."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
REPO_DIR = BENCH_DIR.parent
# The benchmark data is not part of the repository; it sits in shared/ next to the checkout.
DEFAULT_SHARED = REPO_DIR.parent / "shared" / "bench"


def die(message: str, code: int = 2) -> None:
    print(f"{Path(sys.argv[0]).name}: {message}", file=sys.stderr)
    raise SystemExit(code)


def find_built(explicit: str | None, relative: str, env: str) -> Path:
    """An explicitly given binary, else $env, else the newest build/*/<relative>."""
    if explicit or os.environ.get(env):
        path = Path(explicit or os.environ[env])
        if not (path.is_file() and os.access(path, os.X_OK)):
            die(f"not an executable: {path}")
        return path
    candidates = [p for p in REPO_DIR.glob(f"build/*/{relative}") if p.is_file() and os.access(p, os.X_OK)]
    if not candidates:
        die(f"no build/*/{relative} found; build it (see bench/README.md) or pass its path")
    # Several build trees may coexist (dev, release, asan...); the newest is most likely the one
    # just built. Sanitizer builds are much slower, so say which one was picked.
    chosen = max(candidates, key=lambda p: p.stat().st_mtime)
    print(f"using {chosen}", file=sys.stderr)
    return chosen


def find_pagemd(explicit: str | None) -> Path:
    return find_built(explicit, "apps/pagemd-cli/pagemd", "PAGEMD")


def default_jobs() -> int:
    return min(4, max(2, os.cpu_count() or 2))


@dataclass
class Conversion:
    ok: bool
    result: dict | None = None  # the parsed --json object
    raw: str = ""               # stdout as printed
    error: str = ""


def convert(pagemd: Path, html_path: Path, url: str | None, timeout: float = 120.0) -> Conversion:
    cmd = [str(pagemd), "convert", str(html_path), "--json"]
    if url:
        cmd += ["--base-url", url]
    try:
        proc = subprocess.run(cmd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return Conversion(False, error=f"timeout after {timeout:.0f}s")
    stderr = proc.stderr.decode("utf-8", "replace").strip()
    if proc.returncode != 0:
        return Conversion(False, error=f"exit {proc.returncode}: {stderr[:300]}")
    raw = proc.stdout.decode("utf-8", "replace")
    try:
        result = json.loads(raw)
    except json.JSONDecodeError as e:
        return Conversion(False, raw=raw, error=f"invalid JSON on stdout: {e}")
    if not isinstance(result, dict) or not isinstance(result.get("markdown"), str):
        return Conversion(False, raw=raw, error="JSON has no string 'markdown'")
    return Conversion(True, result=result, raw=raw)


# A start tag with its attributes (quoted values may hold '>'); and one attribute of it.
_START_TAG = re.compile(rb"<[A-Za-z][^\s/>]*(?:\s+[^\s=/>]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s>]+))?)*\s*/?>")
_ATTRIBUTE = re.compile(rb"(\s)([^\s=/>]+)(\s*=\s*)(\"[^\"]*\"|'[^']*'|[^\s>]+)")
# Attributes holding element ids: renamed with the ids so that labels, controls and skip links
# still find their targets.
_ID_LISTS = {b"aria-controls", b"aria-labelledby", b"aria-describedby", b"aria-owns", b"for", b"headers"}


_REACT_STREAM_ID = re.compile(rb"[A-Z]:[0-9]+")


def class_blind(html: bytes) -> bytes:
    """The page with every class and id value renamed to a meaningless hash of the name, as a site
    with CSS modules or a minifier ships it: the same name gets the same hash throughout the page,
    so repetition stays visible, while ARIA roles, microdata, rel and the element names stay. Ids
    named elsewhere (aria-controls, label for, href="#id") follow their ids."""
    salt = hashlib.blake2b(html, digest_size=8).digest()  # another page's names hash differently

    def hashed(name: bytes) -> bytes:
        return b"h" + hashlib.blake2b(name, key=salt, digest_size=4).hexdigest().encode()

    def tokens(value: bytes) -> bytes:
        # React's streaming ids ("S:0", "B:1") are its protocol, not names: no minifier renames them.
        return b" ".join(token if _REACT_STREAM_ID.fullmatch(token) else hashed(token) for token in value.split())

    def attribute(match: re.Match) -> bytes:
        space, name, equals, value = match.groups()
        lowered = name.lower()
        quote = value[:1] if value[:1] in (b'"', b"'") else b""
        inner = value[1:-1] if quote else value
        if lowered in (b"class", b"id") or lowered in _ID_LISTS:
            inner = tokens(inner)
        elif lowered == b"href" and inner.startswith(b"#") and len(inner) > 1:
            inner = b"#" + hashed(inner[1:])
        else:
            return match.group(0)
        return space + name + equals + quote + inner + quote

    return _START_TAG.sub(lambda tag: _ATTRIBUTE.sub(attribute, tag.group(0)), html)


def report_failures(failures: list[tuple[str, str]], total: int) -> None:
    if not failures:
        print(f"converted {total}/{total} pages")
        return
    print(f"converted {total - len(failures)}/{total} pages; {len(failures)} failed:")
    for page_id, error in failures[:10]:
        print(f"  {page_id}: {error}")
    if len(failures) > 10:
        print(f"  ... and {len(failures) - 10} more")


def rss_kib(pid: int, field: str) -> int:
    """A memory figure of /proc/<pid>/status in KiB: VmRSS now, VmHWM its peak."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(rf"^{field}:\s+(\d+) kB", status, re.M).group(1))


def open_files(pid: int) -> set[str]:
    """What the process's descriptors point to; one closed while they are read is skipped."""
    targets = set()
    for descriptor in Path(f"/proc/{pid}/fd").iterdir():
        try:
            targets.add(str(descriptor.readlink()))
        except FileNotFoundError:
            pass
    return targets


def new_account(pagemdd: Path, data: Path, plan: str = "scale", database_url: str = "") -> dict:
    """`pagemdd account create --json` on the data directory, or on the PostgreSQL database when
    `database_url` names one: account_id, key, key_id."""
    return json.loads(subprocess.run(
        [pagemdd, "--database-url", database_url, "account", "create", "--data-dir", data, "--plan", plan, "--json"],
        check=True, capture_output=True, text=True).stdout)


def start_daemon(pagemdd: Path, data: Path, extra: list[str]) -> tuple[subprocess.Popen, str]:
    """pagemdd on a free loopback port with the per-minute limit off and 127.0.0.0/8 fetchable, at log
    level warn; returns the process and its base URL. At warn level the daemon says nothing on start,
    so its port is found in /proc."""
    daemon = subprocess.Popen(
        [pagemdd, "--config", "/dev/null", "--data-dir", data, "--listen", "127.0.0.1:0",
         "--rate-limit-per-minute", "0", "--allow-private-targets", "127.0.0.0/8", "--log-level", "warn", *extra],
        stderr=subprocess.PIPE, text=True)
    for _ in range(200):
        for line in Path(f"/proc/{daemon.pid}/net/tcp").read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[1].startswith("0100007F:"):  # LISTEN on 127.0.0.1
                if f"socket:[{fields[9]}]" in open_files(daemon.pid):
                    return daemon, f"http://127.0.0.1:{int(fields[1].split(':')[1], 16)}"
        time.sleep(0.05)
    daemon.kill()
    die("pagemdd did not start listening")
    raise AssertionError  # unreachable: die() exits


def run_wrk(url: str, seconds: int, connections: int, script: Path | None) -> dict:
    """wrk (2 threads) on `url`: requests/s, p50 and p99 in ms, and the count of requests that were
    not answered 2xx (socket errors included)."""
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency"]
    if script:
        command += ["-s", str(script)]
    output = subprocess.run(command + [url], check=True, capture_output=True, text=True).stdout
    requests = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))

    def percentile(name: str) -> float:
        match = re.search(rf"^\s+{name}%\s+([\d.]+)(us|ms|s)\b", output, re.M)
        value, unit = float(match.group(1)), match.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    non_2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    # Requests that got no answer at all (refused, reset, timed out) are failures too.
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    return {"requests_per_second": requests, "p50_ms": percentile("50"), "p99_ms": percentile("99"),
            "non_2xx": (int(non_2xx.group(1)) if non_2xx else 0)
            + (sum(int(n) for n in socket_errors.groups()) if socket_errors else 0)}
