"""Data fixes an operator runs as commands (issue 29): a dry run first, all or nothing, a reason.

A fix command (`FixCommand`) names what it does as lines (`FixLine`): one for a record named on
the command line, one per row of a CSV file (`csv_fix_lines`). A line calls the app's service,
which changes its records (locks first, refusals as ServiceError) and answers what it changed
of each (`RecordChange`). The whole run is one transaction (`fix_run`), each line a savepoint:

- by default the run is a dry run, rolled back at the end: the command prints what would
  change and writes nothing (the locks are taken and let go; the trail's rows and the events
  the services recorded go with the rollback);
- `--commit` (which needs `--reason`, kept on the audit trail with every row) commits it,
  unless a line was refused: then nothing is written;
- every refusal is an error line (`line N: ...` for a file's line, the message naming the
  record) and the exit code is 1;
- `--json` ends the output with `{"committed", "changed", "unchanged", "errors"}`.

A refused line's own writes go with its savepoint and the next lines still run, so one run
reports every bad line of a file; a later line sees the earlier lines' writes, so a value
repeated in the file is refused as one already stored would be.
"""

import csv
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial

from django.core.management.base import CommandError
from django.db import transaction

from config.kernel.changes import RecordChange
from config.kernel.commands import WritingCommand, refusal_text
from config.kernel.database import atomic_retried
from config.kernel.errors import ServiceError

REASON_REQUIRED = "--reason is required with --commit: it is kept on the audit trail"


@dataclass(frozen=True)
class FixLine:
    """One step of a fix: `apply` calls the service and answers what it changed. `number` is
    the file's line it comes from (None for a record named on the command line), `record` the
    record as the operator named it, which its refusal starts with (the services refuse in
    the words they use everywhere: `Employee not found`)."""

    apply: Callable[[], Sequence[RecordChange]]
    number: int | None = None
    record: str | None = None


class LineRefused(ServiceError):
    """A file's line refused before any service is called: its header, a wrong count of fields."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class FixError:
    line: int | None
    message: str

    def text(self) -> str:
        return self.message if self.line is None else f"line {self.line}: {self.message}"


@dataclass
class FixOutcome:
    """What a run did (committed) or would do: the records of the lines not refused, with
    the line each came from, and the refusals."""

    committed: bool = False
    changes: list[tuple[int | None, RecordChange]] = field(default_factory=list)
    errors: list[FixError] = field(default_factory=list)

    def count(self, changed: bool) -> int:
        return sum(change.changed == changed for _, change in self.changes)

    def summary(self) -> dict:
        return {
            "committed": self.committed,
            "changed": self.count(True),
            "unchanged": self.count(False),
            "errors": [{"line": error.line, "message": error.message} for error in self.errors],
        }


@atomic_retried
def fix_run(
    lines: Callable[[], Iterable[FixLine]],
    *,
    commit: bool,
    refusal_as_text: Callable[[ServiceError], str] = refusal_text,
) -> FixOutcome:
    """Apply each of `lines()` in one transaction, a savepoint each, and commit it when
    `commit` and no line was refused; otherwise roll it all back. Called again from the start
    (`lines()` read again) when PostgreSQL ends it to break a deadlock (atomic_retried). A
    refusal is written by `refusal_as_text`: by default a command's, its fields on lines of
    their own; the admin's (config.backoffice.base.refusal_text) on the one line of a message."""
    outcome = FixOutcome()
    try:
        for line in lines():
            try:
                with transaction.atomic():
                    changes = line.apply()
            except ServiceError as error:
                message = refusal_as_text(error)
                if line.record is not None:
                    message = f"{line.record}: {message}"
                outcome.errors.append(FixError(_line_of(error, line.number), message))
                continue
            outcome.changes += [(line.number, change) for change in changes]
    except ServiceError as error:  # raised reading the lines (a file's header), not by one
        outcome.errors.append(FixError(_line_of(error, None), refusal_as_text(error)))
    outcome.committed = commit and not outcome.errors
    if not outcome.committed:
        transaction.set_rollback(True)
    return outcome


def _line_of(error: ServiceError, number: int | None) -> int | None:
    return error.line if isinstance(error, LineRefused) else number


class FixCommand(WritingCommand):
    """A data fix: subclasses declare their arguments and answer `fix(**options)`, the lines
    to apply; the rest (dry run, --commit, --reason, --json, error lines) is here."""

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.add_argument(
            "--commit",
            action="store_true",
            help="Write the changes (with --reason). Without it, a dry run prints them and "
            "writes nothing.",
        )
        parser.add_argument(
            "--json",
            action="store_true",
            dest="as_json",
            help='End with a summary line: {"committed", "changed", "unchanged", "errors"}.',
        )
        return parser

    def fix(self, **options) -> Iterable[FixLine]:
        """The lines to apply, from the command's arguments; `commit` and `reason` are among
        them for a fix that keeps or shows them itself (a wipe's reason is its own)."""
        raise NotImplementedError

    def handle(self, *args, commit, as_json, reason, **options):
        if commit and reason is None:
            outcome = FixOutcome(errors=[FixError(None, REASON_REQUIRED)])
        else:
            outcome = fix_run(
                lambda: self.fix(*args, commit=commit, reason=reason, **options), commit=commit
            )
        self.report(outcome, as_json=as_json)

    def report(self, outcome: FixOutcome, *, as_json: bool) -> None:
        for line, change in outcome.changes:
            self.stdout.write(change.text() if line is None else f"line {line}: {change.text()}")
        changed, unchanged = outcome.count(True), outcome.count(False)
        if outcome.committed:
            self.stdout.write(f"Committed: {changed} record(s) changed, {unchanged} unchanged.")
        elif not outcome.errors:
            self.stdout.write(
                f"Dry run: {changed} record(s) would change, {unchanged} unchanged. Nothing "
                "written: run again with --commit --reason TEXT to write."
            )
        if as_json:
            self.stdout.write(json.dumps(outcome.summary(), ensure_ascii=False))
        if outcome.errors:
            refused = [error.text() for error in outcome.errors]
            raise CommandError("\n".join([*refused, "Nothing written."]))


# --- fixes read from a CSV file ------------------------------------------------------------


def csv_fix_lines(
    path: str,
    *,
    headers: Sequence[Sequence[str]],
    apply_row: Callable[[dict[str, str]], Sequence[RecordChange]],
    record_of: Callable[[dict[str, str]], str] | None = None,
) -> Iterator[FixLine]:
    """A line of the fix per row of the CSV file at `path` (UTF-8, with or without a BOM),
    numbered as an editor numbers the file's lines (the header is line 1). Its header must be
    one of `headers`; each row is applied as a dict by the header's names (`apply_row`), its
    refusal named by `record_of(row)`, and a row with another number of fields is refused on
    its line. Blank lines are skipped."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as file:
            rows = csv.reader(file)
            header = [name.strip() for name in next(rows, [])]
            if header not in [list(expected) for expected in headers]:
                expected = " or ".join(",".join(names) for names in headers)
                raise LineRefused(1, f"Expected the header {expected}, not {','.join(header)}")
            read = rows.line_num
            for fields in rows:
                number, read = read + 1, rows.line_num
                if not fields:
                    continue
                if len(fields) != len(header):
                    problem = (
                        f"Expected {len(header)} fields ({','.join(header)}), not {len(fields)}"
                    )
                    yield FixLine(partial(_refuse, problem), number)
                else:
                    row = dict(zip(header, fields, strict=True))
                    record = record_of(row) if record_of else None
                    yield FixLine(partial(apply_row, row), number, record)
    except (OSError, UnicodeError, csv.Error) as error:
        raise ServiceError(f"Cannot read {path}: {error}") from error


def _refuse(message: str) -> Sequence[RecordChange]:
    raise ServiceError(message)
