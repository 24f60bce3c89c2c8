"""Management commands run as an operator runs them: `manage.py <command> <args>`, parsed from
the command line, with what they print on stdout and stderr and their exit code."""

from dataclasses import dataclass

import pytest
from django.core.management import ManagementUtility
from django.db import connections


@dataclass(frozen=True)
class CommandRun:
    code: int
    out: str
    err: str

    @property
    def out_lines(self) -> list[str]:
        return self.out.splitlines()


class Manage:
    """`manage("relocate_hardware", id, "--storage", "US")`: the command run from its command
    line. Django closes the database connections once a command ends, as the process would;
    here the test goes on in its transaction on the same connection, so they are left open."""

    def __init__(self, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch):
        self.capsys = capsys
        monkeypatch.setattr(connections, "close_all", lambda: None)

    def __call__(self, *argv: str) -> CommandRun:
        self.capsys.readouterr()  # what came before is not the command's
        try:
            ManagementUtility(["manage.py", *map(str, argv)]).execute()
            code = 0
        except SystemExit as exited:
            code = exited.code
        captured = self.capsys.readouterr()
        return CommandRun(code, captured.out, captured.err)
