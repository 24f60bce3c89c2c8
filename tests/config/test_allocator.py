"""Freed memory given back to the system (config/allocator.py), as after a streamed list."""

from pathlib import Path

from config.allocator import give_back_free_memory

MB = 1024 * 1024


def anonymous_memory() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("RssAnon:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no RssAnon in /proc/self/status")


def test_freed_pages_between_live_blocks_go_back_to_the_system():
    # 100 MB in blocks glibc's allocator serves from its heap, one in 50 kept alive: the freed
    # pages lie between live blocks, where freeing alone never returns them.
    blocks = [bytes(2000) for _ in range(50_000)]
    kept = blocks[::50]
    del blocks
    freed = anonymous_memory()

    give_back_free_memory()

    assert freed - anonymous_memory() > 50 * MB
    assert len(kept) == 1000
