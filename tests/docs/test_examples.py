"""The examples of the docs' concepts and guides, run as docs/engineering/writing-docs.md
("Examples that run") promises: each page's `sh`, `bash`, `shell` and `python` blocks, in page
order, as one bash script against one live server, the one `make run` serves, with the demo
data. A page that breaks a rule of its examples fails before anything runs."""

import contextlib
import os
import re
import signal
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection

from tests.servers import (
    AS_MAKE_RUN_SERVES,
    PASTED_ADDRESS_AND_KEY,
    REPO,
    Gunicorn,
    LoggedProcess,
    as_pasted_against,
    database_url,
)
from tests.support.demo import demo_key

DOCS = REPO / "docs"
FOLDERS = ("concepts", "guides")
# A block's language (the first word after its fence) and what runs it; other languages never run.
RUN_AS = {"sh": "bash", "bash": "bash", "shell": "bash", "python": "python"}
HEREDOC = "PYTHON_EXAMPLE"
PAGE_TIMEOUT = 90  # seconds; a page finishes within 60 (writing-docs.md)
TAIL = 4000  # characters of the output a failure shows

FENCE = re.compile(r"(?P<indent> *)(?P<fence>`{3,}|~{3,})(?P<info>[^`]*)")
NOT_RUN = re.compile(r"<!--\s*not run\b:?(?P<reason>.*?)-->")
MARKER = re.compile(r"^### block at line (\d+)$", re.MULTILINE)


@dataclass(frozen=True)
class Block:
    """A fenced block of a page: the line of its opening fence, its language, its code (without
    the fence's indentation) and, if a `<!-- not run: … -->` mark stands before it, its reason."""

    line: int
    language: str
    code: str
    not_run: str | None = None

    @property
    def runs(self) -> bool:
        return self.language in RUN_AS and self.not_run is None


def fenced_blocks(markdown: str) -> list[Block]:
    """The fenced blocks of a page, in order. ValueError, naming the line, for a `not run` mark
    without a reason or a fence never closed."""
    lines = markdown.splitlines()
    blocks, number = [], 0
    while number < len(lines):
        opening = FENCE.fullmatch(lines[number])
        number += 1
        if opening is None:
            continue
        fence, indent = opening["fence"], len(opening["indent"])
        closing = re.compile(rf" *{re.escape(fence[0])}{{{len(fence)},}}\s*")
        start = number  # the fence's line, counted from 1
        while number < len(lines) and not closing.fullmatch(lines[number]):
            number += 1
        if number == len(lines):
            raise ValueError(f"line {start}: its fence is never closed")
        # Inside a list item the fence and its code are indented alike: that much comes off.
        code = "".join(
            line[min(indent, len(line) - len(line.lstrip(" "))) :] + "\n"
            for line in lines[start:number]
        )
        number += 1
        language = (opening["info"].split() or [""])[0].lower()
        blocks.append(Block(start, language, code, not_run_reason(lines, start - 1)))
    return blocks


def not_run_reason(lines: list[str], fence: int) -> str | None:
    """The reason of the `not run` mark on the last non-blank line before `fence` (an index of
    `lines`), if there is one; a mark without a reason is refused."""
    before = next((number for number in range(fence - 1, -1, -1) if lines[number].strip()), None)
    mark = NOT_RUN.fullmatch(lines[before].strip()) if before is not None else None
    if mark is None:
        return None
    if not mark["reason"].strip():
        raise ValueError(f"line {before + 1}: a `not run` mark must give its reason")
    return mark["reason"].strip()


def page_script(blocks: list[Block]) -> str | None:
    """The blocks that run as one bash script, each announced on stderr by its line; None when
    none runs. ValueError when the first one does not set the address and the key."""
    runnable = [block for block in blocks if block.runs]
    if not runnable:
        return None
    first = runnable[0]
    if RUN_AS[first.language] != "bash" or not PASTED_ADDRESS_AND_KEY.search(first.code):
        raise ValueError(
            f"line {first.line}: the first block that runs must set the address and the key, "
            "`export HLOS=http://127.0.0.1:8000 KEY=hlos_…`"
        )
    parts = ["set -euo pipefail"]
    for block in runnable:
        parts.append(f'echo "### block at line {block.line}" >&2')
        if RUN_AS[block.language] == "python":
            parts.append(f"python - <<'{HEREDOC}'\n{block.code}{HEREDOC}")
        else:
            parts.append(block.code)
    return "\n".join(parts) + "\n"


def pages() -> list:
    found = sorted(path for folder in FOLDERS for path in (DOCS / folder).rglob("*.md"))
    if not found:  # a test that fails, not a run that passes with nothing in it
        return [pytest.param(None, id="no pages")]
    return [pytest.param(path, id=str(path.relative_to(DOCS))) for path in found]


@dataclass
class Ran:
    """What a page's script did: its exit code (None: stopped after PAGE_TIMEOUT), its stdout and
    stderr as they were printed, and what the server logged meanwhile."""

    exit_code: int | None
    output: str
    server_log: str


@dataclass
class Live:
    """The server all pages share, and a key of the demo client."""

    server: Gunicorn
    key: str

    def run(self, script: str) -> Ran:
        """`script` in bash, in its own process group, as a reader's terminal in the project
        folder after `make run`: the project's Python first on PATH, `python manage.py` on the
        server's database, and HLOS and KEY only from the page's own line. What it leaves
        running (a receiver) is killed with its group."""
        environment = {
            name: value
            for name, value in os.environ.items()
            if name not in ("HLOS", "KEY", "DJANGO_SETTINGS_MODULE")
        } | {
            "PATH": f"{REPO / '.venv' / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
            "DATABASE_URL": database_url(settings.DATABASES["default"]),
            "REDIS_URL": "",
            "ENVIRONMENT": "development",
        }
        logged = len(self.server.output())
        bash = LoggedProcess()
        bash.start(
            ["bash", "-c", as_pasted_against(script, self.server, self.key)],
            cwd=REPO,
            env=environment,
        )
        try:
            try:
                exit_code = bash.process.wait(timeout=PAGE_TIMEOUT)
            except subprocess.TimeoutExpired:
                exit_code = None
            output = bash.output()
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(bash.process.pid, signal.SIGKILL)
            bash.stop()
        return Ran(exit_code, output, self.server.output()[logged:])


@pytest.fixture(scope="module")
def demo_data(django_db_setup, django_db_blocker) -> Iterator[str]:
    """The demo data and a new key of its client, committed (the server is another process),
    on the test database; afterwards the database is put back as it was, for the tests after
    these (they run with the tests that roll back, before the transactional ones)."""
    with django_db_blocker.unblock():
        before = connection.creation.serialize_db_to_string()
    try:
        with django_db_blocker.unblock():
            key = demo_key()
        yield key
    finally:
        with django_db_blocker.unblock():
            call_command("flush", interactive=False, verbosity=0, inhibit_post_migrate=True)
            connection.creation.deserialize_db_from_string(before)


@pytest.fixture(scope="module")
def live(demo_data: str) -> Iterator[Live]:
    server = Gunicorn(settings.DATABASES["default"], **AS_MAKE_RUN_SERVES)
    try:
        server.wait_until_up()
        yield Live(server, demo_data)
    finally:
        server.stop()


# The mark makes pytest-django create the test database, the server's; what the server sees is
# committed by `demo_data`, outside this test's transaction.
@pytest.mark.django_db
@pytest.mark.parametrize("page", pages())
def test_the_pages_examples_run(page: Path | None, live: Live):
    assert page, "no pages under docs/guides or docs/concepts"
    name = page.relative_to(DOCS)
    try:
        blocks = fenced_blocks(page.read_text())
        script = page_script(blocks)
    except ValueError as broken:
        pytest.fail(f"{name}, {broken}", pytrace=False)
    if script is None:
        return  # nothing to run: a concept may show only requests and answers

    ran = live.run(script)

    if ran.exit_code != 0:
        pytest.fail(failure(name, blocks, ran), pytrace=False)


def failure(name: Path, blocks: list[Block], ran: Ran) -> str:
    """The page, the block that was running (its line and first lines), and the tails of the
    script's output and of the server's log."""
    if ran.exit_code is None:
        how = f"did not finish in {PAGE_TIMEOUT}s"
    else:
        how = f"exited with {ran.exit_code}"
    lines = [f"{name}: its examples {how}"]
    started = [block for block in blocks if str(block.line) in MARKER.findall(ran.output)[-1:]]
    for block in started:
        lines.append(f"in the {block.language} block at line {block.line}:")
        lines.extend(f"    {line}" for line in block.code.splitlines()[:6])
    lines += ["", "stdout and stderr, the last lines:", ran.output[-TAIL:]]
    if ran.server_log.strip():
        lines += ["the server's log meanwhile:", ran.server_log[-TAIL:]]
    return "\n".join(lines)


# --- the runner's own rules, on small pages ----------------------------------------------------


def test_blocks_keep_their_language_line_and_mark_and_only_the_shell_and_python_ones_run():
    page = "\n".join(
        [
            "# A guide",  # 1
            '```sh title="first"',  # 2
            "export HLOS=http://127.0.0.1:8000 KEY=hlos_…",
            "```",
            "",
            "<!-- not run: a step in the Okta admin console -->",  # 6
            "",
            "~~~bash",  # 8
            "okta apps create",
            "~~~",
            "```json",  # 11
            '{"envelop": []}',
            "```",
            "````python",  # 14
            "print('```')",
            "````",
        ]
    )

    blocks = fenced_blocks(page)

    assert [(b.line, b.language, b.not_run, b.runs) for b in blocks] == [
        (2, "sh", None, True),
        (8, "bash", "a step in the Okta admin console", False),
        (11, "json", None, False),
        (14, "python", None, True),
    ]
    assert blocks[3].code == "print('```')\n"
    assert page_script(blocks) == (
        "set -euo pipefail\n"
        'echo "### block at line 2" >&2\n'
        "export HLOS=http://127.0.0.1:8000 KEY=hlos_…\n\n"
        'echo "### block at line 14" >&2\n'
        "python - <<'PYTHON_EXAMPLE'\nprint('```')\nPYTHON_EXAMPLE\n"
    )


def test_a_not_run_mark_without_a_reason_is_refused_naming_its_line():
    page = "Text.\n\n<!-- not run:  -->\n```sh\nrm -rf /\n```\n"

    with pytest.raises(ValueError, match=r"^line 3: a `not run` mark must give its reason$"):
        fenced_blocks(page)


def test_a_fence_in_a_list_item_loses_its_indentation_and_keeps_the_codes_own():
    page = (
        "1. Start the receiver:\n\n"
        "   ```python\n"
        "   for port in (9000,):\n"
        "       print(port)\n"
        "   ```\n"
    )

    [block] = fenced_blocks(page)

    assert (block.line, block.language) == (3, "python")
    assert block.code == "for port in (9000,):\n    print(port)\n"


def test_a_page_whose_first_runnable_block_sets_no_address_is_refused_before_it_runs():
    blocks = fenced_blocks("```sh\ncurl $HLOS/companies\n```\n")

    with pytest.raises(ValueError, match=r"^line 1: the first block that runs must set"):
        page_script(blocks)
