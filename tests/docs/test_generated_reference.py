"""The reference pages scripts/write-docs generates (status graphs, management commands, event
types) are the ones committed, and docs/configuration.md has a row for every variable the
settings read. None of these tests touches the database: the script reads only code."""

import ast
import importlib.machinery
import importlib.util
import re
from pathlib import Path

import pytest

from orders.choices import OrderStatus
from orders.models import Order

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "write-docs"


@pytest.fixture(scope="module")
def write_docs():
    """scripts/write-docs as a module (its file has no .py suffix, so it is loaded by path)."""
    loader = importlib.machinery.SourceFileLoader("write_docs", str(SCRIPT))
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(loader.name, loader))
    loader.exec_module(module)
    return module


def test_the_committed_reference_pages_are_what_write_docs_writes(write_docs, capsys):
    code = write_docs.main(["--check"])
    # The check's own report names each stale page and says to run scripts/write-docs.
    assert code == 0, capsys.readouterr().err


def test_a_status_added_to_a_graph_fails_the_check_until_the_diagrams_are_written_again(
    write_docs, capsys, monkeypatch
):
    moves = Order.status_field().moves
    monkeypatch.setitem(moves, OrderStatus.QUOTED, (*moves[OrderStatus.QUOTED], "ON_HOLD"))
    monkeypatch.setitem(moves, "ON_HOLD", (OrderStatus.QUOTED, OrderStatus.CANCELLED))
    committed = {path: (REPO / path).read_bytes() for path in write_docs.PAGES}

    code = write_docs.main(["--check"])

    report = capsys.readouterr().err
    assert code == 1
    assert "docs/reference/status-graphs.md" in report
    assert "run scripts/write-docs and commit the result" in report
    assert "commands.md" not in report and "event-types.md" not in report
    # --check writes nothing.
    assert {path: (REPO / path).read_bytes() for path in write_docs.PAGES} == committed
    orders = write_docs.status_graphs_page().split("## Orders")[1].split("\n## ")[0]
    assert "    QUOTED --> ON_HOLD\n" in orders
    assert "    ON_HOLD --> QUOTED\n    ON_HOLD --> CANCELLED\n" in orders
    assert "| `ON_HOLD` | QUOTED, CANCELLED |" in orders


def test_every_command_module_of_the_apps_has_its_section_and_djangos_have_none():
    """Found by their files, not as the script finds them, so a filter that drops one of ours
    (or lets Django's in) fails here rather than being written into the page as the truth."""
    ours = sorted(
        path.stem
        for path in REPO.glob("*/management/commands/*.py")
        if not path.stem.startswith("_")
    )
    page = (REPO / "docs/reference/commands.md").read_text()
    headings = re.findall(r"^## (\S+)$", page, flags=re.MULTILINE)
    assert headings == ours
    assert ours, "no command modules found: the glob is wrong"


def settings_variables(source: str) -> list[str]:
    """The environment variables a settings module reads through django-environ, in the order
    it reads them: the first argument of each `env(...)` and `env.<cast>(...)` call, and the
    name of each `"NAME" in env`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and _env(node.func, cast=True) and node.args:
            name = node.args[0]
        elif (
            isinstance(node, ast.Compare)
            and isinstance(node.ops[0], ast.In | ast.NotIn)
            and _env(node.comparators[0], cast=False)
        ):
            name = node.left
        else:
            continue
        if isinstance(name, ast.Constant) and isinstance(name.value, str):
            found.append((node.lineno, node.col_offset, name.value))
    return list(dict.fromkeys(name for *_, name in sorted(found)))


def _env(node: ast.expr, *, cast: bool) -> bool:
    if isinstance(node, ast.Name):
        return node.id == "env"
    return (
        cast
        and isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "env"
    )


def test_every_variable_the_settings_read_has_a_row_in_configuration_md():
    read = settings_variables((REPO / "config/settings.py").read_text())
    # The first cell of each row of the table names one variable or several (`A`, `B`).
    rows = {
        name
        for line in (REPO / "docs/configuration.md").read_text().splitlines()
        if line.startswith("| `")
        for name in re.findall(r"`([A-Z][A-Z0-9_]*)`", line.split("|")[1])
    }
    assert {"DATABASE_URL", "SECRET_KEY", "ALLOWED_HOSTS"} <= set(read), read
    assert [name for name in read if name not in rows] == []
