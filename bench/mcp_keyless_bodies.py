#!/usr/bin/env python3
"""What keyless 2 MiB bodies at POST /mcp cost the daemon's memory (issue 41): --connections clients
without a valid key each announce a 2 MiB body and send it slowly (64 KiB every --interval seconds), all at
once. The daemon should answer each 401 on its headers and never hold the bodies.

The figure is the daemon's resident memory at its highest while the clients send (sampled every 50 ms)
over what it was before, to stay within 64 MiB; also how many clients were answered 401 and how much of
their bodies they had sent by then. The run fails when the growth is over the goal or a client got no 401.

    python3 bench/mcp_keyless_bodies.py [--pagemdd PATH] [--connections 200] [--interval 0.1] [--bad-key]
"""

from __future__ import annotations

import argparse
import select
import shutil
import socket
import tempfile
import time
from pathlib import Path

from benchlib import die, find_built, rss_kib, start_daemon

GOAL_MIB = 64
BODY_BYTES = 2 * 1024 * 1024
CHUNK_BYTES = 64 * 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pagemdd", help="the daemon binary (default: the dev build's)")
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--interval", type=float, default=0.1, help="seconds between a client's chunks")
    parser.add_argument("--bad-key", action="store_true", help="send a well-formed key no account has")
    args = parser.parse_args()
    pagemdd = find_built(args.pagemdd, "apps/pagemdd/pagemdd", "PAGEMDD")

    data = Path(tempfile.mkdtemp(prefix="pagemd-keyless-"))
    daemon, base = start_daemon(pagemdd, data, ["--max-connections-per-address", str(args.connections + 16)])
    try:
        time.sleep(1.0)  # the converter workers and the first allocations settle
        before = rss_kib(daemon.pid, "VmRSS")
        port = int(base.rsplit(":", 1)[1])
        key = "Authorization: Bearer sk_live_" + "A" * 48 + "\r\n" if args.bad_key else ""
        headers = (f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n{key}"
                   f"Content-Length: {BODY_BYTES}\r\n\r\n").encode()
        clients = []
        for _ in range(args.connections):
            client = socket.create_connection(("127.0.0.1", port))
            client.setblocking(False)
            client.sendall(headers)
            clients.append({"socket": client, "sent": 0, "answer": b"", "open": True})
        chunk = b"{" + b" " * (CHUNK_BYTES - 1)
        peak = before
        last_round = 0.0
        while any(c["open"] for c in clients):
            peak = max(peak, rss_kib(daemon.pid, "VmRSS"))
            readable, _, _ = select.select([c["socket"] for c in clients if c["open"]], [], [], 0.05)
            for c in clients:
                if c["socket"] in readable:
                    try:
                        got = c["socket"].recv(65536)
                    except (ConnectionResetError, BlockingIOError):
                        got = b""
                    c["answer"] += got
                    if not got:
                        c["open"] = False
            if time.monotonic() - last_round < args.interval:
                continue
            last_round = time.monotonic()
            for c in clients:
                if not c["open"] or c["sent"] >= BODY_BYTES:
                    continue
                try:
                    c["sent"] += c["socket"].send(chunk[:BODY_BYTES - c["sent"]])
                except (BlockingIOError, BrokenPipeError, ConnectionResetError):
                    pass
        peak = max(peak, rss_kib(daemon.pid, "VmRSS"))
        refused = sum(1 for c in clients if c["answer"].startswith(b"HTTP/1.1 401"))
        sent = sorted(c["sent"] for c in clients)
        for c in clients:
            c["socket"].close()
    finally:
        daemon.terminate()
        daemon.wait()
        shutil.rmtree(data, ignore_errors=True)

    growth_mib = (peak - before) / 1024
    print(f"{args.connections} {'bad-key' if args.bad_key else 'keyless'} clients announcing 2 MiB each at "
          f"{CHUNK_BYTES // 1024} KiB per {args.interval} s: {refused} answered 401")
    print(f"body bytes sent before the answer: median {sent[len(sent) // 2]}, most {sent[-1]}")
    print(f"daemon RSS {before / 1024:.1f} MiB before, {peak / 1024:.1f} MiB at most: +{growth_mib:.1f} MiB "
          f"(goal <= {GOAL_MIB})")
    if refused != args.connections:
        die(f"{args.connections - refused} clients got no 401", 1)
    if growth_mib > GOAL_MIB:
        die(f"memory grew by {growth_mib:.1f} MiB, over {GOAL_MIB}", 1)


if __name__ == "__main__":
    main()
