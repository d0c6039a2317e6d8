"""Offline and installable site: what every page carries, and one web app manifest per language.

- Each page links its language's manifest (``<lang>/manifest.webmanifest``), states the theme
  colours for light and dark, and loads ``linger-offline.js``, which registers the service
  worker at the site root (``sw.js``, written after the build by ``tools/offline.py``) once the
  page is idle. The script tag carries, escaped, the page's way to the site root and the words of
  the update notice in the page's language (``linger_site`` catalog).
- The manifest names the site in the build's language and starts at that language's home page;
  its scope is the whole site, so the four languages stay inside the installed app.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.locale import get_translation

from linger_site import SITE_DOMAIN, page_language

__version__ = "0.1.0"

_ = get_translation(SITE_DOMAIN)

MANIFEST = "manifest.webmanifest"
SERVICE_WORKER = "sw.js"
ICON = "linger-icon.svg"
#: Furo's page background in each scheme: the browser's frame matches the page.
THEME_COLOURS = {"light": "#ffffff", "dark": "#131416"}


def offline_words() -> dict[str, str]:
    """The update notice's words in the build's language (English while untranslated)."""
    return {
        "data-update": str(_("A new version of this site is available.")),
        "data-reload": str(_("Reload now")),
        "data-later": str(_("Later")),
    }


def page_tags(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """Manifest link, theme colours and the service worker's registration script on every page."""
    up = "../" * (pagename.count("/") + 1)
    lang = page_language(app.config)
    colours = "\n".join(
        f'<meta name="theme-color" media="(prefers-color-scheme: {scheme})" content="{colour}">'
        for scheme, colour in THEME_COLOURS.items()
    )
    context["metatags"] = (
        context.get("metatags", "")
        + f'\n<link rel="manifest" href="{up}{lang}/{MANIFEST}">\n{colours}\n'
    )
    app.add_js_file("linger-offline.js", loading_method="defer",
                    **{"data-root": up, "data-sw": SERVICE_WORKER, **offline_words()})


def manifest(lang: str) -> dict[str, Any]:
    """The web app manifest of one language, its paths relative to ``<site>/<lang>/``."""
    return {
        "name": str(_("Linger Longer: rules and play")),
        "short_name": "Linger Longer",
        "description": str(_("The rules of the card game Linger Longer, with live examples and a table "
                             "to play against the computer; it works offline.")),
        "lang": lang,
        "dir": "ltr",
        "start_url": "index.html",
        "scope": "../",
        "display": "standalone",
        "background_color": THEME_COLOURS["light"],
        "theme_color": THEME_COLOURS["light"],
        "icons": [
            {"src": f"../_static/{ICON}", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
            {"src": f"../_static/{ICON}", "sizes": "any", "type": "image/svg+xml", "purpose": "maskable"},
        ],
    }


def write_manifest(app: Sphinx, exception: Exception | None) -> None:
    """``<outdir>/manifest.webmanifest`` for the build's language."""
    if exception is not None or app.builder.format != "html":
        return
    lang = page_language(app.config)
    text = json.dumps(manifest(lang), ensure_ascii=False, indent=1)
    Path(app.outdir, MANIFEST).write_text(text + "\n", encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("linger_site")
    app.add_css_file("linger-offline.css")
    app.connect("html-page-context", page_tags)
    app.connect("build-finished", write_manifest)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
