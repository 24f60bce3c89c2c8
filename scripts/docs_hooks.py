"""MkDocs hooks of the docs site (mkdocs.yml): the files the site serves that are not written in
docs/, and the decision records in the nav.

- `reference/openapi.json`: the schema as `manage.py spectacular` writes it, so the API
  reference (reference/api.html, drawn by Redoc) is the code's, never a copy that ages.
- `assets/javascripts/redoc.standalone.js`: Redoc from drf-spectacular-sidecar, the package that
  already serves Swagger UI's files to /docs.
- `assets/javascripts/mermaid.min.js`: Mermaid from node_modules (package.json pins it), which
  Material uses instead of fetching it from a CDN when it is loaded first.
- The Decisions section lists docs/decisions/ in number order, so a new record is in the nav
  without anyone editing mkdocs.yml.
"""

import subprocess
import sys
import tempfile
from pathlib import Path

import drf_spectacular_sidecar
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

REPO = Path(__file__).resolve().parent.parent
MERMAID = REPO / "node_modules" / "mermaid" / "dist" / "mermaid.min.js"
REDOC = (
    Path(drf_spectacular_sidecar.__file__).parent
    / "static/drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js"
)


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    [decisions] = [section for section in config.nav if "Decisions" in section]
    records = sorted(
        f"decisions/{path.name}"
        for path in (Path(config.docs_dir) / "decisions").glob("[0-9][0-9][0-9][0-9]-*.md")
        if not path.name.startswith("0000-")
    )
    decisions["Decisions"] = [
        entry for entry in decisions["Decisions"] if entry not in records
    ] + records
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    if not MERMAID.exists():
        raise PluginError(
            f"{MERMAID.relative_to(REPO)} is missing: `make docs` installs the Node tools "
            "(npm ci) first."
        )
    for uri, source in [
        ("assets/javascripts/mermaid.min.js", MERMAID),
        ("assets/javascripts/redoc.standalone.js", REDOC),
    ]:
        files.append(File.generated(config, uri, abs_src_path=str(source)))
    files.append(File.generated(config, "reference/openapi.json", content=openapi_schema()))
    return files


def openapi_schema() -> str:
    with tempfile.NamedTemporaryFile(suffix=".json") as schema:
        spectacular = ["manage.py", "spectacular", "--format", "openapi-json"]
        subprocess.run([sys.executable, *spectacular, "--file", schema.name], cwd=REPO, check=True)
        return Path(schema.name).read_text()
