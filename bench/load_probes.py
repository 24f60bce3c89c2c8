"""What bench/load.py reads of the stack while it runs: the CPU seconds of the web instances, the
Celery workers, the bench itself and the whole machine, and each process's memory, from /proc;
the connections PostgreSQL has to the run's database, and the bouncer's clients; and, from the
database, how long events took to be delivered."""

import os
import threading
import time
from pathlib import Path

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from bench.cpu import cpu_seconds
from bench.serving import percentile

TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")
CONNECTIONS = (
    "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND backend_type = 'client backend'"
)


def tree(pid: int) -> list[int]:
    """`pid` and its descendants (the children each of its threads started, from /proc)."""
    found, index = [pid], 0
    while index < len(found):
        for children in Path(f"/proc/{found[index]}/task").glob("*/children"):
            try:
                found += [int(child) for child in children.read_text().split()]
            except OSError:
                continue  # gone meanwhile
        index += 1
    return found


def rss(pids: list[int]) -> int:
    """Resident bytes of the processes (those gone count nothing): shared pages, such as what
    gunicorn's workers share with their master, are counted in each."""
    total = 0
    for pid in pids:
        try:
            total += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE
        except (OSError, IndexError):
            continue
    return total


def busy_seconds() -> float:
    """CPU seconds the machine's cores spent on anything but idling (/proc/stat)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields[:8]
    return (user + nice + system + irq + softirq + steal) / TICKS


def processes(stack) -> dict[str, list[int]]:
    """The main process of each web instance, worker, beat, the balancer and the bouncer."""
    named = {f"web{n}": server.process.pid for n, server in enumerate(stack.servers, 1)}
    named |= {f"worker{n}": worker.process.pid for n, worker in enumerate(stack.workers, 1)}
    named["beat"] = stack.beat.process.pid
    named["haproxy"] = stack.balancer.process.pid
    if stack.bouncer:
        named["pgbouncer"] = stack.bouncer.process.pid
    return named


def memory(stack) -> dict[str, tuple[int, int, int]]:
    """Per process of the stack (a worker slot, a web instance...): its pid, how many processes
    it and its children are, and their RSS; and the bench's own (its children are the stack)."""
    found = {}
    for name, pid in processes(stack).items():
        pids = tree(pid)
        found[name] = (pid, len(pids), rss(pids))
    found["bench"] = (os.getpid(), 1, rss([os.getpid()]))
    return found


class Probe:
    """Sampled every `interval` seconds by a thread until `stop`: the CPU seconds of the web
    instances (masters and workers), of the Celery workers (and their pool's children) and of this
    process, a process started meanwhile counted from nothing and one gone counted to its last
    sample (gunicorn replaces a worker after GUNICORN_MAX_REQUESTS); the machine's busy seconds;
    the most client connections PostgreSQL had to the run's database (its autovacuum aside), read
    from another database, and the most clients the bouncer had for it."""

    def __init__(self, stack, url: str, interval: float = 0.5):
        self.stack, self.interval = stack, interval
        self.database = conninfo_to_dict(url)["dbname"]
        self.admin = psycopg.connect(make_conninfo(url, dbname="postgres"), autocommit=True)
        self.first: dict[tuple[str, int], float] = {}
        self.last: dict[tuple[str, int], float] = {}
        self.connections = self.clients = self.waiting = 0
        self.began, self.box = time.perf_counter(), busy_seconds()
        self._sample(first=True)
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="load-probe", daemon=True)
        self.thread.start()

    def _groups(self) -> dict[str, list[int]]:
        web = [pid for server in self.stack.servers for pid in tree(server.process.pid)]
        workers = [pid for worker in self.stack.workers for pid in tree(worker.process.pid)]
        return {"web": web, "workers": workers, "bench": [os.getpid()]}

    def _sample(self, first: bool = False) -> None:
        for group, pids in self._groups().items():
            for pid in pids:
                if seconds := cpu_seconds([pid]):  # 0: gone, or yet to use a tick
                    self.last[(group, pid)] = seconds
                    if first:
                        self.first[(group, pid)] = seconds
        count = self.admin.execute(CONNECTIONS, (self.database,)).fetchone()[0]
        self.connections = max(self.connections, count)
        admin = getattr(self.stack.bouncer, "admin", None)
        if admin:
            pools = [row for row in admin("SHOW POOLS") if row["database"] == self.database]
            self.clients = max(
                self.clients, sum(row["cl_active"] + row["cl_waiting"] for row in pools)
            )
            self.waiting = max(self.waiting, sum(row["cl_waiting"] for row in pools))

    def _run(self) -> None:
        while not self.stopping.wait(self.interval):
            self._sample()

    def stop(self) -> dict:
        """Cores used by each group (CPU seconds over the wall seconds), the machine's busy
        cores, and the most connections seen."""
        self.stopping.set()
        self.thread.join()
        self._sample()
        self.admin.close()
        wall = time.perf_counter() - self.began
        used = dict.fromkeys(("web", "workers", "bench"), 0.0)
        for (group, pid), seconds in self.last.items():
            used[group] += seconds - self.first.get((group, pid), 0.0)
        cores = {group: seconds / wall for group, seconds in used.items()}
        started = {pid for group, pid in self.last if group == "web"}
        started -= {pid for group, pid in self.first if group == "web"}
        return cores | {
            "new web processes": len(started),
            "box": (busy_seconds() - self.box) / wall,
            "connections": self.connections,
            "clients": self.clients,
            "waiting": self.waiting,
            "wall": wall,
        }


def memory_lines(memories: dict) -> list[str]:
    lines = ["memory (RSS of each process and its children, MB): soak's start -> end"]
    for name, (pid, count, size) in memories["start"].items():
        end_pid, end_count, end_size = memories["end"][name]
        again = "" if end_pid == pid else f", then pid {end_pid} ({end_count})"
        lines.append(
            f"  {name:<9} {size / 2**20:7.1f} -> {end_size / 2**20:7.1f}   "
            f"(pid {pid}, {count} processes{again})"
        )
    return lines


def delays(codes: list[str], window: tuple) -> str:
    """p50 and p99 of the events created in `window`: from the change to its delivery."""
    from companies.models import Event

    events = Event.objects.filter(
        company__code__in=codes, created_at__gte=window[0], created_at__lt=window[1]
    )
    seconds = [
        (delivered - created).total_seconds()
        for created, delivered in events.values_list("created_at", "delivered_at")
        if delivered
    ]
    if not seconds:
        return "no event delivered"
    return (
        f"{len(seconds)} events, delivered {percentile(seconds, 0.5) * 1000:.0f} ms (p50) and "
        f"{percentile(seconds, 0.99) * 1000:.0f} ms (p99) after the change"
    )
