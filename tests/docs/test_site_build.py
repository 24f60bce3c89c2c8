"""The docs site builds as CI builds it, strictly: a broken link or anchor, a page left out of
the nav, a generated file that cannot be written fails here with MkDocs' own warning."""

import json

from tests.docs_site import BuiltSite


def test_the_site_builds_strictly_with_every_page_and_link(docs_site: BuiltSite):
    assert docs_site.exit_code == 0, docs_site.output
    assert "WARNING" not in docs_site.output, docs_site.output


def test_the_site_serves_the_schema_with_its_webhooks_and_its_own_scripts(docs_site: BuiltSite):
    schema = json.loads((docs_site.folder / "reference" / "openapi.json").read_text())
    assert schema["openapi"].startswith("3.1")
    assert "/orders" in schema["paths"]
    assert "order.delivered" in schema["webhooks"]
    scripts = docs_site.folder / "assets" / "javascripts"
    assert (scripts / "mermaid.min.js").stat().st_size > 1_000_000
    assert (scripts / "redoc.standalone.js").stat().st_size > 500_000


def test_no_page_of_the_site_loads_anything_from_elsewhere(docs_site: BuiltSite):
    """Fonts, scripts and styles all come from the site: it reads offline, and a reader's
    address reaches no third party."""
    outside = {
        str(page.relative_to(docs_site.folder)): marker
        for page in docs_site.folder.rglob("*.html")
        for marker in ["fonts.googleapis.com", "unpkg.com", "cdn.jsdelivr.net", "cdn.redoc.ly"]
        if marker in page.read_text()
    }
    assert outside == {}
