"""No module outside the tests grows past what a reader takes in at once (STYLE.md: no
2,000-line modules; issue 26: no module of the apps or config/ over 300 lines, settings aside)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The apps and config/: 300 lines at most, config/settings.py aside (a list of settings, each
# with its reason, read by looking one up).
APP_FOLDERS = (
    "bulk",
    "catalog",
    "companies",
    "config",
    "employees",
    "hardware",
    "logistics",
    "orders",
    "scim",
    "tracking",
)
APP_MAX_LINES = 300
NOT_HELD = ("config/settings.py",)
# The rest of the Python code but the tests: the benchmarks and the top-level scripts. Generated
# code is not held to it: migrations, and clients/ (the typed clients `make clients` writes
# from the schema).
OTHER_FOLDERS = ("bench",)
OTHER_MAX_LINES = 400


def line_counts(paths) -> dict[str, int]:
    return {
        path.relative_to(ROOT).as_posix(): len(path.read_text().splitlines())
        for path in paths
        if "migrations" not in path.parts
    }


def test_no_module_of_the_apps_or_config_is_over_300_lines():
    counts = line_counts(path for folder in APP_FOLDERS for path in (ROOT / folder).rglob("*.py"))
    longer = {
        path: lines
        for path, lines in counts.items()
        if lines > APP_MAX_LINES and path not in NOT_HELD
    }

    assert "companies/webhooks/outbox.py" in counts
    assert "config/settings.py" in counts
    assert longer == {}


def test_no_other_module_outside_the_tests_is_over_400_lines():
    counts = line_counts(
        [
            *ROOT.glob("*.py"),
            *(path for folder in OTHER_FOLDERS for path in (ROOT / folder).rglob("*.py")),
        ]
    )
    longer = {path: lines for path, lines in counts.items() if lines > OTHER_MAX_LINES}

    assert "manage.py" in counts
    assert longer == {}
