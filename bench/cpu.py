"""Where a request's time goes: CPU per request of the service and of the limit app
(bench/limit_app.py), split between the gunicorn worker and PostgreSQL, for the storage list
(400 items), a page of 100 and the whole item list (1,000 items). One client sends the
requests, the servers taking turns in batches; the CPU is read from /proc (the server's
workers, and every PostgreSQL process on the machine, so run it with nothing else using the
database). Prints per request the wall time, the worker's and PostgreSQL's CPU, and the
service's total CPU as a multiple of the limit app's.

    .venv/bin/python bench/cpu.py [--size 1000] [--batches 6] [--per-batch 50]
                                  [--database-url postgres://postgres@127.0.0.1:5432/hlos_bench_cpu]

The database is dropped and made anew at the start (its name must contain "bench"). Linux
only (/proc); traffic goes to 127.0.0.1 only.
"""

import argparse
import http.client
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.seed import COMPANY_CODE, fresh_company, seed_hardware, service_environment
from bench.serving import (
    run_script,
    start_servers,
    stop_on_signals,
    stop_servers,
    workers_of,
)

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/hlos_bench_cpu"
CASES = {
    "storage list": f"/hardwares/storages?companyCode={COMPANY_CODE}",
    "page of 100": f"/hardwares?companyCode={COMPANY_CODE}&limit=100",
    "item list": f"/hardwares?companyCode={COMPANY_CODE}",
}
_TICKS = os.sysconf("SC_CLK_TCK")


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1000, help="items to seed (default 1000)")
    parser.add_argument("--batches", type=int, default=6, help="turns per server and case")
    parser.add_argument("--per-batch", type=int, default=50, help="requests per turn")
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    return parser.parse_args()


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU of the processes, those gone since counted as nothing."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / _TICKS


def postgres_processes() -> list[int]:
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/comm") as comm:
                    if comm.read().strip() == "postgres":
                        pids.append(int(entry))
            except OSError:
                continue
    return pids


def batch(port: int, path: str, headers: dict, requests: int) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        for _ in range(requests):
            connection.request("GET", path, headers=headers)
            answer = connection.getresponse()
            answer.read()
            if answer.status != 200:
                raise RuntimeError(f"{path} answered {answer.status}")
    finally:
        connection.close()


def main() -> int:
    args = parse_args()
    stop_on_signals()
    raw_key, base = fresh_company(args.database_url)
    seed_hardware(args.size, base)
    from django.db import connections

    connections.close_all()  # only the servers' connections use the database from here
    headers = {"X-API-Key": raw_key, "Host": "127.0.0.1"}
    servers = start_servers(service_environment(args.database_url, "127.0.0.1"))
    try:
        print(
            f"{args.size:,} items; one client, {args.batches} turns of {args.per_batch} "
            "requests per server and case; CPU per request from /proc"
        )
        print(f"{'case':<14}{'server':<8}{'wall ms':>9}{'worker ms':>11}{'postgres ms':>13}")
        for case, path in CASES.items():
            totals = {name: [0.0, 0.0, 0.0] for name in servers}
            for server in servers.values():
                batch(server.port, path, headers, 10)  # warmed up: prepared, compiled
            for _ in range(args.batches):
                for name, server in servers.items():
                    pids = workers_of(server.process.pid)
                    postgres = postgres_processes()
                    worker_before, postgres_before = cpu_seconds(pids), cpu_seconds(postgres)
                    started = time.perf_counter()
                    batch(server.port, path, headers, args.per_batch)
                    total = totals[name]
                    total[0] += time.perf_counter() - started
                    total[1] += cpu_seconds(pids) - worker_before
                    total[2] += cpu_seconds(postgres_processes()) - postgres_before
            requests = args.batches * args.per_batch
            for name, (wall, worker, postgres) in totals.items():
                print(
                    f"{case:<14}{name:<8}{wall / requests * 1000:>9.2f}"
                    f"{worker / requests * 1000:>11.2f}{postgres / requests * 1000:>13.2f}"
                )
            ours, limit = (sum(totals[name][1:]) for name in ("ours", "limit"))
            print(f"{case:<14}CPU: the service {ours / limit:.2f}x the limit app's")
    finally:
        stop_servers(servers)
    return 0


if __name__ == "__main__":
    run_script(main, "cpu.py")
