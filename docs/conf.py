"""Sphinx configuration for the Linger Longer rules site.

One English source tree (MyST Markdown) is built four times, once per
language, by ``tools/build_site.py``::

    sphinx-build -b html -n -W --keep-going -D language=fr docs build/site/fr

The language comes from ``-D language=...``; translations come from the
gettext catalogs in ``locales/<lang>/LC_MESSAGES/`` (one catalog per page).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent

# Sphinx finds local extensions on sys.path: the site's (docs/_ext, with the
# catalog package linger_i18n) and the walkthrough's (tutorial/). The engine
# and linger_i18n are normally installed (editable, see pyproject.toml); the
# source tree is only a fallback so a bare `sphinx-build` works too.
sys.path[:0] = [str(DOCS / "_ext"), str(ROOT / "tutorial")]
if importlib.util.find_spec("linger_longer") is None:
    sys.path.append(str(ROOT / "engine"))

# -- Project ----------------------------------------------------------------

project = "Linger Longer"
author = "The Linger Longer contributors"
copyright = "2026, The Linger Longer contributors"  # noqa: A001 (Sphinx's name)
release = version = "0.1"

# -- General ----------------------------------------------------------------

extensions = [
    "myst_parser",
    "linger_site",
    "linger_status",  # the {translation-status} table on status.md
    "linger_offline",  # web app manifest, theme colours, the service worker's registration
    "linger_titles",  # page and section titles named in a sentence, in quotation marks
]
if importlib.util.find_spec("linger_walkthrough") is not None:
    extensions.append("linger_walkthrough")

source_suffix = {".md": "markdown"}
root_doc = "index"
# "**/screenshots": _static/screenshots/ holds pictures of the site for the repository's readers
# (docs/dev/design.md); html_static_path's copy applies these patterns inside _static/ (to "./screenshots"), so
# the site neither serves nor precaches them. "dev": the design notes for contributors, not pages of the site.
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "README.md", "**/screenshots", "dev"]
templates_path = ["_templates"]
nitpicky = True

myst_enable_extensions = [
    "colon_fence",  # ::: fences for admonitions, nicer in translated text
    "deflist",  # definition lists on the FAQ and variants pages
    "attrs_inline",  # {.class} on spans where a page needs it
]
myst_heading_anchors = 3

# -- Internationalisation ---------------------------------------------------

language = "en"  # overridden per build with -D language=<code> (linger_longer/languages.py)
locale_dirs = ["../locales/"]
gettext_compact = False  # one catalog per page: translators claim files
gettext_uuid = False
gettext_location = True
# The site extension compiles the catalogs itself, tolerantly: an entry that
# would break the build (syntax error, dropped placeholder, broken role) is
# left out and that message shows in English.  Sphinx's own compiler would
# turn a whole broken file into a warning, and -W into a failed build.
gettext_auto_build = False
translation_progress_classes = True

# -- HTML -------------------------------------------------------------------

html_theme = "furo"
html_title = "Linger Longer"
html_static_path = ["_static"]
html_css_files = ["linger.css"]
html_favicon = "_static/linger-favicon.svg"  # else browsers ask for /favicon.ico: a 404 on every page
html_copy_source = False
html_show_sourcelink = False
html_last_updated_fmt = None
html_theme_options = {
    "sidebar_hide_name": False,
    "navigation_with_keys": False,  # arrow keys belong to the walkthrough widget
    "top_of_page_buttons": [],
}
html_sidebars = {
    "**": [
        "sidebar/brand.html",
        "linger/languages.html",
        "sidebar/search.html",
        "sidebar/scroll-start.html",
        "sidebar/navigation.html",
        "sidebar/scroll-end.html",
    ]
}
# Absolute URLs in hreflang links when the site knows where it will live,
# e.g. LINGER_BASE_URL=https://example.org/linger/ (the language folder is
# added per build); relative links otherwise.
linger_base_url = os.environ.get("LINGER_BASE_URL", "")
# Where the site lives, printed on the reference card (summary.md) with a QR code to it: the one place that
# says it (docs/dev/deploying.md). LINGER_BASE_URL sets it; the placeholder stands until the site is hosted.
linger_site_address = linger_base_url or "https://example.org/linger-longer/"
