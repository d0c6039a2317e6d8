"""Pages whose data-driven directive failed are read again by the next build, until they build without an error."""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

# Sphinx writes a page whose directive failed without what it makes (a walkthrough, a table of
# figures) and, in the next incremental build, does not read it again (neither the page nor its
# data file changed), so that build would pass with the data still broken.  The environment remembers such pages
# and reports them outdated until a build reads them without an error.

FAILED_PAGES = "linger_walkthrough_failed_pages"


def note_failed_page(env: Any, docname: str) -> None:
    """Remember that a directive of ``docname`` failed: the next build reads the page again."""
    failed = getattr(env, FAILED_PAGES, None)
    if failed is None:
        failed = set()
        setattr(env, FAILED_PAGES, failed)
    failed.add(docname)


def failed_pages_outdated(app: Sphinx, env: Any, added: set[str], changed: set[str], removed: set[str]) -> list[str]:
    """``env-get-outdated``: every page with a directive that failed last time is read again."""
    return sorted(set(getattr(env, FAILED_PAGES, ())) - removed)


def forget_failed_page(app: Sphinx, env: Any, docname: str) -> None:
    """``env-purge-doc``: the page is being read again (or is gone); it fails again only if its directive does."""
    getattr(env, FAILED_PAGES, set()).discard(docname)


def merge_failed_pages(app: Sphinx, env: Any, docnames: set[str], other: Any) -> None:
    """``env-merge-info``: keep the failures found by a parallel reader."""
    for docname in set(getattr(other, FAILED_PAGES, ())) & set(docnames):
        note_failed_page(env, docname)
