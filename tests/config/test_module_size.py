"""No module outside the tests grows past what a reader takes in at once (STYLE.md: no
2,000-line modules)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Every folder of Python code but the tests. Generated code is not held to it: migrations, and
# clients/ (the typed clients `make clients` writes from the schema).
FOLDERS = (
    "catalog",
    "companies",
    "config",
    "employees",
    "hardware",
    "logistics",
    "orders",
    "bench",
)
MAX_LINES = 400


def line_counts() -> dict[str, int]:
    paths = [
        *ROOT.glob("*.py"),
        *(path for folder in FOLDERS for path in (ROOT / folder).rglob("*.py")),
    ]
    return {
        path.relative_to(ROOT).as_posix(): len(path.read_text().splitlines())
        for path in paths
        if "migrations" not in path.parts
    }


def test_no_module_outside_the_tests_is_over_400_lines():
    counts = line_counts()
    longer = {path: lines for path, lines in counts.items() if lines > MAX_LINES}

    assert "companies/webhooks/outbox.py" in counts
    assert longer == {}
