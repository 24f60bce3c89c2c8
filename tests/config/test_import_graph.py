"""The project's modules import one another in the directions STYLE.md draws ("Which app may know
which"). Every module of the apps and of config is parsed, never imported, and the graph of its
imports of project modules is checked: no cycle, and no app importing one it may not know."""

import ast
import graphlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = (
    "bulk",
    "catalog",
    "companies",
    "employees",
    "hardware",
    "logistics",
    "orders",
    "scim",
    "tracking",
)
FLOWS = ("orders", "logistics")
# config/ is wiring. Its entry points may name the apps (urls, settings, the Celery app, the
# servers' entry points, and the commands that name both flows, under config.management); the
# rest of it (the kernel, the back office, api, ops) sits below every app.
CONFIG_ENTRY_POINTS = (
    "config.urls",
    "config.settings",
    "config.celery",
    "config.wsgi",
    "config.asgi",
)
CONFIG_ENTRY_PACKAGES = ("config.management",)
# The status mechanism records the event of each move in the outbox, which sits in companies,
# the tenant root below every app, and knows nothing of the records it is handed.
CONFIG_USES_THE_OUTBOX = {"config.kernel.workflow": {"companies", "companies.webhooks"}}


def project_modules() -> dict[str, Path]:
    modules = {}
    for package in (*APPS, "config"):
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" not in parts:
                modules[".".join(parts).removesuffix(".__init__")] = path
    return modules


MODULES = project_modules()


def imports_of(module: str) -> tuple[set[str], set[str]]:
    """The project modules `module` imports when it is loaded, and those it imports inside
    functions (when they run)."""
    is_package = MODULES[module].name == "__init__.py"
    loaded, deferred = set(), set()

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:  # the body is read by type checkers only, never run
                visit(child, in_function)
            return
        if isinstance(node, ast.Import | ast.ImportFrom):
            targets = _targets(node, module, is_package)
            (deferred if in_function else loaded).update(targets)
        in_function = in_function or isinstance(
            node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
        )
        for child in ast.iter_child_nodes(node):
            visit(child, in_function)

    visit(ast.parse(MODULES[module].read_text(), str(MODULES[module])), in_function=False)
    return loaded, deferred


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _targets(node: ast.Import | ast.ImportFrom, importer: str, is_package: bool) -> set[str]:
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = importer.split(".")
            package = package if is_package else package[:-1]
            base = ".".join([*package[: len(package) - node.level + 1], *filter(None, [base])])
        # `from package import module` imports that module; `from module import name` the module.
        names = [
            f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
            for alias in node.names
        ]
    targets = set()
    for name in names:
        while name and name not in MODULES:
            name = name.rpartition(".")[0]  # `import a.b.Thing` style: the module that holds it
        if name:
            targets.add(name)
            # Importing a.b.c first runs a/b/__init__.py, unless the importer is inside a.b
            # (then that package is already being loaded).
            parts = name.split(".")
            for depth in range(1, len(parts)):
                package = ".".join(parts[:depth])
                if not (importer + ".").startswith(package + "."):
                    targets.add(package)
    targets.discard(importer)
    return targets


GRAPH = {module: imports_of(module)[0] for module in MODULES}
DEFERRED = {module: imports_of(module)[1] for module in MODULES}


def app_of(module: str) -> str:
    return module.split(".")[0]


def is_config_entry_point(module: str) -> bool:
    return module in CONFIG_ENTRY_POINTS or any(
        module == package or module.startswith(package + ".") for package in CONFIG_ENTRY_PACKAGES
    )


def is_domain(module: str) -> bool:
    """A model, service or selector module: `models`, `selectors`, `services`, or a module of a
    `services` package."""
    parts = module.split(".")
    return parts[-1] in ("models", "selectors") or "services" in parts


def is_api(module: str) -> bool:
    """A module of an `api` package (config.api, orders.api, ...), or the package itself."""
    return "api" in module.split(".")


def imports_between(importers, imported) -> list[str]:
    return sorted(
        f"{module} -> {target}"
        for module, targets in GRAPH.items()
        if app_of(module) in importers
        for target in targets
        if app_of(target) in imported
    )


def test_the_graph_sees_the_projects_modules_and_imports():
    assert {"companies.webhooks.outbox", "orders.services", "config.urls"} <= set(MODULES)
    assert not any(".migrations" in module for module in MODULES)
    assert "config.kernel.workflow" in GRAPH["orders.services.records"]
    assert "companies.webhooks" in GRAPH["config.kernel.workflow"]
    assert "companies.webhooks.tasks" in GRAPH["companies.webhooks.outbox"]


def test_no_modules_import_each_other_in_a_cycle():
    try:
        graphlib.TopologicalSorter(GRAPH).prepare()
    except graphlib.CycleError as error:
        pytest.fail(f"Import cycle: {' -> '.join(reversed(error.args[1]))}")


def test_the_apps_import_each_other_in_one_direction():
    """A cycle of apps (hardware importing employees, employees importing hardware) is a
    layering broken even when no two modules form a cycle."""
    apps = {app: set() for app in APPS}
    for module, targets in GRAPH.items():
        if app_of(module) in APPS:
            apps[app_of(module)] |= {app_of(target) for target in targets} & set(APPS)
            apps[app_of(module)].discard(app_of(module))
    try:
        graphlib.TopologicalSorter(apps).prepare()
    except graphlib.CycleError as error:
        pytest.fail(f"Apps import each other: {' -> '.join(reversed(error.args[1]))}")


def test_the_two_flows_never_import_each_other():
    assert imports_between({"orders"}, {"logistics"}) == []
    assert imports_between({"logistics"}, {"orders"}) == []


def test_catalog_hardware_employees_and_tracking_never_import_a_flow():
    assert imports_between({"catalog", "hardware", "employees", "tracking"}, FLOWS) == []


def test_no_app_imports_scim_which_sits_above_the_flows():
    """SCIM provisioning starts an offboarding (logistics) when a person leaves."""
    assert imports_between(set(APPS) - {"scim"}, {"scim"}) == []


def test_no_app_imports_bulk_which_runs_the_flows_single_calls():
    """A bulk job's items run through the views' steps of employees, hardware and logistics."""
    assert imports_between(set(APPS) - {"bulk"}, {"bulk"}) == []


def test_companies_imports_no_other_app():
    assert imports_between({"companies"}, set(APPS) - {"companies"}) == []


def test_config_imports_apps_only_in_its_entry_points():
    below_the_apps = {
        module: targets
        for module, targets in GRAPH.items()
        if app_of(module) == "config" and not is_config_entry_point(module)
    }
    assert [
        f"{module} -> {target}"
        for module, targets in sorted(below_the_apps.items())
        for target in sorted(targets)
        if app_of(target) in APPS and target not in CONFIG_USES_THE_OUTBOX.get(module, ())
    ] == []


def test_the_rule_sees_the_domain_modules_and_the_api_packages():
    assert {"orders.models", "orders.selectors", "orders.services.quote"} <= {
        module for module in MODULES if is_domain(module)
    }
    assert not is_domain("orders.api.serializers")
    assert {"config.api.serializers", "orders.api", "orders.api.views"} <= {
        module for module in MODULES if is_api(module)
    }
    assert not is_api("config.kernel.numbering")


def test_the_commands_of_config_management_may_name_both_flows():
    assert is_config_entry_point("config.management.commands.transition")
    assert {"orders.transitions", "logistics.transitions"} <= GRAPH[
        "config.management.commands.transition"
    ]


def test_models_services_and_selectors_import_no_api_package():
    """The data layer never depends on the presentation layer (issue 26): a model, a service or
    a selector imports nothing of `config.api` or of an app's `api` package, at load time or
    inside a function."""
    assert [
        f"{module} -> {target}"
        for module in sorted(MODULES)
        if is_domain(module)
        for target in sorted(GRAPH[module] | DEFERRED[module])
        if is_api(target)
    ] == []


def test_imports_inside_functions_are_only_the_registrations_of_app_ready():
    """An import inside a function hides a cycle from the reader and from this test; the one
    place for it is an AppConfig.ready, which runs once every app is loaded."""
    assert (
        sorted(
            f"{module} -> {target}"
            for module, targets in DEFERRED.items()
            if not module.endswith(".apps")
            for target in targets
        )
        == []
    )
