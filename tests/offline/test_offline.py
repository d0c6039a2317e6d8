"""The site offline in Chromium: one visit stores it all, then every language, the walkthroughs and the Play page
work with the network off; a new build is offered in the page's language and replaces only what changed; the site
also works under a sub-path; a page without a widget leaves Pyodide to the service worker, after it is idle, and a
page with one lets its own engine start before the service worker downloads the site (a reader saving data gets no
background download); and the site is installable, its manifest in each language.
"""

from __future__ import annotations

import gettext
import json
import re
import shutil
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tools.chromium import CHROMIUM, CHROMIUM_ARGS
from tools.offline import finish
from tools.serve import serve

REPO = Path(__file__).resolve().parents[2]
LANGS = ("en", "fr", "it", "nl")
#: The cache fill stores about 17 MB; on a loaded 2-core machine that can take a while.
READY_TIMEOUT_MS = 120_000
LIVE_TIMEOUT_MS = 90_000
WALKTHROUGH_PAGE = "profiles.html"  # four walkthroughs
PLAIN_PAGE = "glossary.html"  # no walkthrough, no Play table
SETTLED = "[...document.querySelectorAll('.linger-walkthrough')].every((w) => w.dataset.engine !== 'static')"
ENGINES = "[...document.querySelectorAll('.linger-walkthrough')].map((w) => w.dataset.engine)"
PLAY_IDLE = ("window.lingerPlay && window.lingerPlay.view "
             "&& !document.querySelector('.linger-play').hasAttribute('aria-busy')")


def is_worker_script(path: str) -> bool:
    """The service worker's own script or the Workbox modules it imports (fetched by the browser's update check)."""
    return path.endswith("/sw.js") or "/_workbox/" in path


def wait_ready(page) -> None:
    """Wait until the service worker has stored the whole site (the page says so on <html>)."""
    page.wait_for_function("document.documentElement.dataset.lingerOffline === 'ready'", timeout=READY_TIMEOUT_MS)


def notice_findings(page) -> dict[str, list[str]]:
    """axe-core's serious and critical findings on the update notice, in the light and the dark theme."""
    page.add_script_tag(path=str(REPO / "node_modules" / "axe-core" / "axe.min.js"))
    found = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        violations = page.evaluate("async () => (await axe.run('.linger-update')).violations")
        found[scheme] = [v["id"] for v in violations if v["impact"] in ("serious", "critical")]
    return found


def site_words(lang: str) -> gettext.NullTranslations:
    """The site's own catalog (compiled by the build) for ``lang``."""
    return gettext.translation("linger_site", REPO / "locales", [lang], fallback=lang == "en")


def step_walkthrough_live(page) -> None:
    """Every walkthrough on the page runs on the live engine; one of them plays another card than the example's,
    which only the engine can answer, and steps on through the new line of play."""
    page.wait_for_function(SETTLED, timeout=LIVE_TIMEOUT_MS)
    assert set(page.evaluate(ENGINES)) == {"live"}
    widget = page.locator(".linger-walkthrough").first
    widget.focus()
    page.keyboard.press("Home")
    for step in range(int(widget.get_attribute("data-steps"))):
        assert widget.get_attribute("data-step") == str(step)
        card = widget.locator(".linger-wt-stage button[data-legal='true']:not(:disabled)")
        if card.count() > 1:  # the example's card and at least one other
            card.last.click()
            page.wait_for_function("(w) => w.dataset.branch === 'yes'", arg=widget.element_handle(),
                                   timeout=LIVE_TIMEOUT_MS)
            at = int(widget.get_attribute("data-step"))
            assert at > step, "the card was played"
            widget.focus()
            page.keyboard.press("ArrowLeft")
            assert widget.get_attribute("data-step") == str(at - 1)
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError("no step of the first walkthrough offers another legal card")


#: The reader's choices at the Play table: a legal card, or a suit to name.
PLAY_CHOICES = ".linger-play-table button[data-legal=true], .linger-play-table button.linger-play-suit"
#: What the Play table shows, for a failure's message: busy or not, its status line, and the moves recorded.
PLAY_STATE = """(choices) => ({
  busy: document.querySelector('.linger-play').getAttribute('aria-busy'),
  status: (document.querySelector('.linger-play-status') || {}).textContent,
  moves: window.lingerPlay.view.record.length,
  choices: document.querySelectorAll(choices).length,
})"""


def play_cards(page, count: int) -> None:
    """Play ``count`` cards (or suit choices) at the Play table, each answered by the engine."""
    page.wait_for_function(PLAY_IDLE, timeout=LIVE_TIMEOUT_MS)
    for played in range(count):
        before = page.evaluate("JSON.stringify(window.lingerPlay.view.record)")
        choice = page.locator(PLAY_CHOICES)
        label = choice.first.get_attribute("aria-label")
        choice.first.click()
        try:
            page.wait_for_function(f"JSON.stringify(window.lingerPlay.view.record) !== {before!r} && ({PLAY_IDLE})",
                                   timeout=LIVE_TIMEOUT_MS)
        except PlaywrightTimeoutError:
            raise AssertionError(f"the Play table did not answer move {played + 1} ({label!r}): "
                                 f"{page.evaluate(PLAY_STATE, PLAY_CHOICES)}") from None


def test_one_visit_then_everything_works_offline(context, served) -> None:
    """After one visit to a page without a widget: offline, every language opens (the root page too), a walkthrough
    steps with the live engine and the Play page deals and plays, all from the cache, with no failed request."""
    ctx, failures = context
    page = ctx.new_page()
    page.goto(f"{served.url}en/{PLAIN_PAGE}")
    wait_ready(page)
    ctx.set_offline(True)
    served.requests.clear()

    for lang in LANGS:
        for name in ("index.html", PLAIN_PAGE, "search.html?q=trump"):
            other = ctx.new_page()
            response = other.goto(f"{served.url}{lang}/{name}")
            assert response.ok and response.from_service_worker, f"{lang}/{name}"
            assert other.get_attribute("html", "lang") == lang
            other.close()
    root = ctx.new_page()
    root.goto(served.url)
    root.wait_for_url(re.compile(r"/(en|fr|it|nl)/index\.html$"))

    walk = ctx.new_page()
    walk.goto(f"{served.url}fr/{WALKTHROUGH_PAGE}")
    step_walkthrough_live(walk)

    play = ctx.new_page()
    play.goto(f"{served.url}nl/play.html")
    play_cards(play, 4)

    # Only the browser's own check for a new service worker goes out: Chromium's offline emulation covers pages
    # and workers, not that check (which, really offline, fails quietly and changes nothing).
    assert [path for path, _ in served.requests if not is_worker_script(path)] == [], "offline, from the cache"
    assert failures.failed == [] and failures.errors == [], failures


def make_new_version(site: Path, page: str, text: str) -> None:
    """Change one page of a copy of the built site and write its service worker again, as a rebuild would."""
    target = site / page
    html = target.read_text(encoding="utf-8")
    target.write_text(html.replace("</h1>", f"</h1><p id='new-version'>{text}</p>", 1), encoding="utf-8")
    finish(site, log=lambda _msg: None)


def test_a_new_version_is_offered_in_the_page_language_and_fetches_only_what_changed(
        context, offline_site, tmp_path) -> None:
    """A rebuild with one changed page: the open French page says so in French and offers to reload; until then it
    keeps the old files; after it the changed page shows its new text, and only the changed page (and the service
    worker's own script) was fetched again."""
    ctx, failures = context
    copy = tmp_path / "site"
    shutil.copytree(offline_site, copy, symlinks=True)
    with serve(copy) as served:
        page = ctx.new_page()
        page.goto(f"{served.url}fr/index.html")
        wait_ready(page)
        page.reload()  # now under the service worker: a later worker is a new version
        page.wait_for_function("window.lingerOffline && window.lingerOffline.state === 'ready'")

        make_new_version(copy, f"fr/{PLAIN_PAGE}", "Nouvelle version de la page")
        served.requests.clear()
        page.evaluate("window.lingerOffline.checkForUpdate()")
        notice = page.locator(".linger-update")
        notice.wait_for(timeout=READY_TIMEOUT_MS)
        words = site_words("fr")
        assert notice.locator("p").text_content() == words.gettext("A new version of this site is available.")
        assert notice.get_attribute("role") == "status"
        assert words.gettext("A new version of this site is available.") != "A new version of this site is available."
        reload = notice.locator("button.linger-update-reload")
        assert reload.text_content() == words.gettext("Reload now")
        assert notice_findings(page) == {"light": [], "dark": []}
        # Until the reader accepts, the page keeps getting the files of its own version.
        old = page.evaluate(f"fetch('{PLAIN_PAGE}').then((r) => r.text())")
        assert "new-version" not in old

        with page.expect_navigation():
            reload.click()
        wait_ready(page)
        assert page.locator(".linger-update").count() == 0
        changed = ctx.new_page()
        changed.goto(f"{served.url}fr/{PLAIN_PAGE}")
        assert changed.locator("#new-version").text_content() == "Nouvelle version de la page"

        fetched = sorted({path for path, _coding in served.requests})
        assert f"/fr/{PLAIN_PAGE}" in fetched
        unexpected = [p for p in fetched if p != f"/fr/{PLAIN_PAGE}" and not is_worker_script(p)]
        assert unexpected == [], "files that did not change were fetched again"
        assert failures.failed == [] and failures.errors == [], failures


def test_the_site_under_a_sub_path_works_online_and_offline(context, offline_site) -> None:
    """Served at /linger/ (as on a shared host): the service worker's scope is /linger/, the walkthroughs run online,
    and offline the pages in every language and the live engine still work."""
    ctx, failures = context
    with serve(offline_site, prefix="/linger/") as served:
        assert served.url.endswith("/linger/")
        page = ctx.new_page()
        page.goto(served.url)
        page.wait_for_url(re.compile(r"/linger/en/index\.html$"))
        walk = ctx.new_page()
        walk.goto(f"{served.url}it/{WALKTHROUGH_PAGE}")
        step_walkthrough_live(walk)
        wait_ready(walk)
        scope = walk.evaluate("window.lingerOffline.registration.scope")
        assert scope == served.url

        ctx.set_offline(True)
        for lang in LANGS:
            other = ctx.new_page()
            response = other.goto(f"{served.url}{lang}/{PLAIN_PAGE}")
            assert response.ok and response.from_service_worker
            other.close()
        walk = ctx.new_page()
        walk.goto(f"{served.url}nl/{WALKTHROUGH_PAGE}")
        step_walkthrough_live(walk)
        assert failures.failed == [] and failures.errors == [], failures


def test_a_page_without_a_widget_fetches_no_pyodide(context, served) -> None:
    """A first visit to a page without a walkthrough or Play table: the page itself asks for nothing in _pyodide/,
    and the service worker starts only once the page has painted and loaded (it then stores Pyodide too)."""
    ctx, failures = context
    by_page: list[str] = []
    by_worker: list[str] = []
    ctx.on("request", lambda r: (by_worker if r.service_worker else by_page).append(r.url))
    page = ctx.new_page()
    page.goto(f"{served.url}it/{PLAIN_PAGE}")
    wait_ready(page)
    assert [u for u in by_page if "/_pyodide/" in u] == []
    assert any("/_pyodide/pyodide.asm.wasm" in u for u in by_worker), "the background fill stores Pyodide"
    timing = page.evaluate("""() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0].startTime,
        load: performance.getEntriesByType('navigation')[0].loadEventEnd,
        register: performance.getEntriesByName('linger-offline-register')[0].startTime })""")
    assert timing["paint"] < timing["register"] and timing["load"] <= timing["register"], timing
    assert failures.failed == [] and failures.errors == [], failures


def test_the_fill_waits_for_the_pages_own_engine(context, served) -> None:
    """A first visit to a walkthrough page: the service worker is registered, and so starts downloading the site,
    only once the page's live engine has started; until then only the page and its engine fetch anything."""
    ctx, failures = context
    by_worker: list[str] = []
    page = ctx.new_page()
    ctx.on("request", lambda r: by_worker.append(r.url) if r.service_worker else None)
    page.goto(f"{served.url}fr/{WALKTHROUGH_PAGE}")
    page.wait_for_function("document.documentElement.dataset.lingerEngine === 'ready'", timeout=LIVE_TIMEOUT_MS)
    fetched_before_ready = list(by_worker)
    wait_ready(page)
    timing = page.evaluate("""() => ({
        engine: performance.getEntriesByName('linger-engine-ready')[0].startTime,
        register: performance.getEntriesByName('linger-offline-register')[0].startTime })""")
    assert timing["engine"] < timing["register"], timing
    assert fetched_before_ready == [], fetched_before_ready[:3]
    assert by_worker, "the service worker filled its cache afterwards"
    assert failures.failed == [] and failures.errors == [], failures


def test_installable_with_a_manifest_in_each_language(chromium, served, tmp_path) -> None:
    """Chromium finds nothing that prevents installing the site (in a real profile: an incognito one cannot install),
    and each language's manifest names the site in that language, starts at its home page and covers the whole site."""
    ctx = chromium.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        for lang in LANGS:
            page.goto(f"{served.url}{lang}/index.html")
            wait_ready(page)
            assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == [], lang
            found = cdp.send("Page.getAppManifest")
            assert found["url"] == f"{served.url}{lang}/manifest.webmanifest" and found["errors"] == []
            manifest = json.loads(found["data"])
            assert manifest["name"] == site_words(lang).gettext("Linger Longer: rules and play")
            assert manifest["lang"] == lang
            assert manifest["start_url"] == "index.html" and manifest["scope"] == "../"
            assert {icon["purpose"] for icon in manifest["icons"]} == {"any", "maskable"}
            colours = page.eval_on_selector_all("meta[name=theme-color]", "(ms) => ms.map((m) => [m.media, m.content])")
            assert colours == [["(prefers-color-scheme: light)", "#ffffff"], ["(prefers-color-scheme: dark)", "#131416"]]
        names = {json.loads((served.directory / lang / "manifest.webmanifest").read_text(encoding="utf-8"))["name"]
                 for lang in LANGS}
        assert len(names) == len(LANGS), "one name per language"
    finally:
        ctx.close()


def test_a_reader_saving_data_gets_no_background_download(chromium, served) -> None:
    """With the browser's data saver on, no service worker is registered and nothing beyond the page is fetched."""
    ctx = chromium.new_context()
    try:
        ctx.add_init_script("Object.defineProperty(navigator, 'connection', {value: {saveData: true}})")
        page = ctx.new_page()
        page.goto(f"{served.url}fr/{PLAIN_PAGE}")
        page.wait_for_load_state("load")
        # Past the moment an idle page registers the worker: painted, two frames, then an idle callback.
        page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
        page.evaluate("""() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(
            () => requestIdleCallback(() => setTimeout(done, 200), {timeout: 5000}))))""")
        assert page.evaluate("performance.getEntriesByName('linger-offline-register').length") == 0
        assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
        assert page.evaluate("window.lingerOffline === undefined")
        assert not any("/_pyodide/" in path or path.endswith("/sw.js") for path, _ in served.requests)
    finally:
        ctx.close()
