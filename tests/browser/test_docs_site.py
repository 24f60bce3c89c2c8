"""The docs site as a reader opens it: the home page, a guide, the status graphs and the API
reference, each screenshot (artifacts/screenshots/docs-*.png). Every request the pages make is
watched: one to anywhere but the site fails the test, since the site must read offline."""

import pytest

from tests.browser.conftest import VIEWPORT, screenshot
from tests.docs_site import BuiltSite, site_served


@pytest.fixture
def reader(browser, docs_site: BuiltSite):
    assert docs_site.exit_code == 0, docs_site.output
    with site_served(docs_site.folder) as base_url:
        context = browser.new_context(viewport=VIEWPORT, base_url=base_url)
        context.set_default_timeout(15_000)
        elsewhere: list[str] = []

        def only_the_site(route):
            if route.request.url.startswith(base_url):
                route.continue_()
            else:
                elsewhere.append(route.request.url)
                route.abort()

        context.route("**/*", only_the_site)
        yield context.new_page()
        context.close()
        assert elsewhere == []


def heading(page) -> str:
    """The page's title as a reader sees it, without its permalink mark."""
    return page.locator("article h1").first.inner_text().removesuffix("¶")


def test_the_home_page_leads_to_the_first_hour(reader):
    reader.goto("/")
    assert heading(reader) == "Hardware Logistics"
    screenshot(reader, "docs-home")

    reader.get_by_role("link", name="The first hour").first.click()
    reader.wait_for_url("**/start/first-hour/")
    # The README's walk-through, included from the README.
    assert reader.get_by_text("export HLOS=http://127.0.0.1:8000").count() >= 1


def test_a_guide_reads_with_its_steps_and_code_to_copy(reader):
    reader.goto("/guides/verifying-webhooks/")
    assert "webhook" in heading(reader).lower()
    code = reader.locator("article pre code")
    assert code.count() >= 2
    assert reader.locator("article button.md-code__button").count() == code.count()  # copy
    screenshot(reader, "docs-guide")


def test_the_status_graphs_are_drawn_by_the_sites_own_mermaid(reader):
    reader.goto("/reference/status-graphs/")
    # Material swaps each `pre.mermaid` for a `div.mermaid` holding the drawing once Mermaid
    # has drawn it (in a closed shadow root, so the drawing itself is out of a test's reach).
    drawn = reader.locator("article div.mermaid")
    drawn.nth(4).wait_for()
    assert reader.locator("article pre.mermaid").count() == 0
    assert drawn.count() == 5  # orders, movement requests, shipments, bulk jobs, hardware
    assert all(drawn.nth(index).bounding_box()["height"] > 100 for index in range(5))
    screenshot(reader, "docs-status-graphs")


def test_the_api_reference_shows_operations_and_webhooks(reader):
    reader.goto("/reference/api.html")
    menu = reader.locator(".menu-content")
    menu.locator("label").filter(has_text="webhooks").first.wait_for()
    assert menu.get_by_text("An order was delivered").count() == 1
    assert reader.get_by_text('Value: "order.delivered"').count() >= 1
    assert reader.get_by_text("/orders/quote").count() >= 1
    screenshot(reader, "docs-api-reference")
