"""Without a browser: the precompressed copies (tools/offline.py), the server that sends them (tools/serve.py), and the
engine wheel's lock entry made by pyodide-lock (tutorial/linger_walkthrough/pyodide_assets.py)."""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import os
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import brotli
import pytest

from tools.offline import precompress
from tools.serve import main as serve_main
from tools.serve import serve

REPO = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location(
    "pyodide_assets", REPO / "tutorial" / "linger_walkthrough" / "pyodide_assets.py")
assert _spec is not None and _spec.loader is not None
pyodide_assets = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pyodide_assets)

PAGE = ("<!doctype html><title>t</title>" + "<p>Only the winner of a trick draws from the stock.</p>" * 200).encode()


@pytest.fixture
def site(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    (root / "en").mkdir(parents=True)
    (root / "en" / "index.html").write_bytes(PAGE)
    (root / "en" / "tiny.css").write_text("p{}", encoding="utf-8")
    (root / "en" / "engine.mjs").write_bytes(b"export const x = 1;\n" * 200)
    (root / "engine.wasm").write_bytes(b"\0asm" + bytes(range(256)) * 40)
    (root / "en" / "manifest.webmanifest").write_text(json.dumps({"name": "x" * 2000}), encoding="utf-8")
    (root / "sw.js").write_bytes(b"self.addEventListener('fetch', () => {});\n" * 50)
    return root


def test_large_files_get_brotli_and_gzip_copies_small_ones_none(site: Path) -> None:
    done = precompress(site)
    page = site / "en" / "index.html"
    assert brotli.decompress((site / "en" / "index.html.br").read_bytes()) == PAGE
    assert gzip.decompress((site / "en" / "index.html.gz").read_bytes()) == PAGE
    assert (site / "en" / "index.html.br").stat().st_size < 0.1 * page.stat().st_size
    assert not (site / "en" / "tiny.css.br").exists() and not (site / "en" / "tiny.css.gz").exists()
    assert done.files == 5 and done.brotli_bytes < done.gzip_bytes < done.original_bytes


def test_a_rebuild_recompresses_only_changed_files_and_drops_orphans(site: Path) -> None:
    precompress(site)
    kept = site / "engine.wasm.br"
    os.utime(kept, (1, 2_000_000_000))  # far newer than its file: must be kept as it is
    changed = site / "en" / "index.html"
    changed.write_bytes(PAGE.replace(b"winner", b"loser"))
    (site / "en" / "engine.mjs").unlink()
    precompress(site)
    assert kept.stat().st_mtime == 2_000_000_000
    assert brotli.decompress((site / "en" / "index.html.br").read_bytes()) == changed.read_bytes()
    assert not (site / "en" / "engine.mjs.br").exists() and not (site / "en" / "engine.mjs.gz").exists()


def fetch(url: str, encoding: str | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), b""


@pytest.mark.parametrize("accept, coding, decode", [
    ("gzip, deflate, br", "br", brotli.decompress),
    ("gzip", "gzip", gzip.decompress),
    ("br;q=0, gzip", "gzip", gzip.decompress),
    (None, None, lambda body: body),
])
def test_the_server_sends_the_copy_the_browser_accepts(site: Path, accept, coding, decode) -> None:
    precompress(site)
    with serve(site) as served:
        status, headers, body = fetch(f"{served.url}en/index.html", accept)
    assert status == 200
    assert headers.get("Content-Encoding") == coding
    assert headers["Content-Type"] == "text/html"
    assert headers["Vary"] == "Accept-Encoding"
    assert decode(body) == PAGE
    assert served.requests == [("/en/index.html", coding or "identity")]


def test_the_server_gives_the_site_types_and_never_caches_the_service_worker(site: Path) -> None:
    precompress(site)
    with serve(site, precompressed=False) as served:
        types = {name: fetch(f"{served.url}{name}", "br")[1] for name in
                 ("en/engine.mjs", "engine.wasm", "en/manifest.webmanifest", "sw.js", "en/tiny.css")}
    assert types["en/engine.mjs"]["Content-Type"] == "text/javascript"
    assert types["engine.wasm"]["Content-Type"] == "application/wasm"
    assert types["en/manifest.webmanifest"]["Content-Type"] == "application/manifest+json"
    assert types["sw.js"]["Cache-Control"] == "no-cache"
    assert "Cache-Control" not in types["en/tiny.css"] and "Vary" not in types["en/tiny.css"]
    assert all("Content-Encoding" not in h for h in types.values()), "--no-precompressed sends the files themselves"


def test_an_unchanged_file_is_answered_with_304(site: Path) -> None:
    with serve(site) as served:
        status, headers, _ = fetch(f"{served.url}en/index.html")
        request = urllib.request.Request(f"{served.url}en/index.html",
                                         headers={"If-Modified-Since": headers["Last-Modified"]})
        with pytest.raises(urllib.error.HTTPError) as not_modified:
            urllib.request.urlopen(request)
        assert not_modified.value.code == 304
        os.utime(site / "en" / "index.html", (2_000_000_000, 2_000_000_000))  # changed since
        assert fetch(f"{served.url}en/index.html")[0] == 200
        request = urllib.request.Request(f"{served.url}en/index.html",
                                         headers={"If-Modified-Since": headers["Last-Modified"]})
        with urllib.request.urlopen(request) as response:
            assert response.status == 200 and response.read() == PAGE
    assert [coding for _, coding in served.requests] == ["identity", "not-modified", "identity", "identity"]


def test_the_server_puts_the_site_under_a_sub_path(site: Path) -> None:
    with serve(site, prefix="linger") as served:
        base = served.url.removesuffix("linger/")
        assert served.url.endswith("/linger/")
        assert fetch(f"{served.url}en/index.html")[0] == 200
        assert fetch(f"{served.url}en/index.html")[2] == PAGE
        assert fetch(f"{base}en/index.html")[0] == 404
        assert fetch(f"{served.url}en/missing.html")[0] == 404
        assert fetch(f"{served.url}en/../sw.js")[0] == 200
        assert fetch(f"{served.url}en/../../../../etc/passwd")[0] == 404  # dot segments never leave the site
        request = urllib.request.Request(base)
        opener = urllib.request.build_opener(NoRedirect)
        with pytest.raises(urllib.error.HTTPError) as redirect:
            opener.open(request)
        assert redirect.value.code == 302 and redirect.value.headers["Location"] == "/linger/"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # noqa: ANN002, ANN003, ANN201
        return None


def test_a_bad_flag_or_folder_exits_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--bogus"], [str(tmp_path / "missing")]):
        with pytest.raises(SystemExit) as exit_:
            serve_main(argv)
        assert exit_.value.code == 2
        assert capsys.readouterr().err.strip().splitlines()[-1].startswith("serve: error:")


def _wheel(path: Path, name: str, version: str = "1.0") -> Path:
    """A minimal pure-Python wheel: metadata and one module."""
    dist = f"{name.replace('-', '_')}-{version}.dist-info"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr(f"{name.replace('-', '_')}/__init__.py", "")
        zf.writestr(f"{dist}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
        zf.writestr(f"{dist}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        zf.writestr(f"{dist}/RECORD", "")
    return path


def test_the_lock_entry_is_made_by_pyodide_lock_and_matches_the_wheel(tmp_path: Path) -> None:
    lock = json.loads((REPO / "node_modules" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    wheel = _wheel(tmp_path / "linger_longer-0.1.0-py3-none-any.whl", "linger-longer", "0.1.0")
    entry = pyodide_assets.lock_entry(wheel, lock["info"])
    assert entry["name"] == "linger-longer" and entry["version"] == "0.1.0"
    assert entry["file_name"] == wheel.name and entry["imports"] == ["linger_longer"]
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    target = tmp_path / "pyodide-lock.json"
    written = pyodide_assets.write_lock(REPO / "node_modules" / "pyodide" / "pyodide-lock.json", wheel, target)
    six = lock["packages"]["six"]  # one of Pyodide's own pure-Python entries: ours has every key it has
    assert set(six) <= set(written)
    assert json.loads(target.read_text(encoding="utf-8"))["packages"]["linger-longer"] == written


def test_a_wheel_pyodide_cannot_use_or_of_another_package_is_refused(tmp_path: Path) -> None:
    info = json.loads((REPO / "node_modules" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    native = _wheel(tmp_path / "linger_longer-0.1.0-cp311-cp311-linux_x86_64.whl", "linger-longer", "0.1.0")
    with pytest.raises(pyodide_assets.AssetError, match="pyodide-lock cannot register"):
        pyodide_assets.lock_entry(native, info)
    other = _wheel(tmp_path / "other_game-1.0-py3-none-any.whl", "other-game")
    with pytest.raises(pyodide_assets.AssetError, match="expected 'linger-longer'"):
        pyodide_assets.lock_entry(other, info)


def test_the_registration_script_type_checks() -> None:
    """``docs/_static/linger-offline.js`` passes TypeScript's strict check of its JSDoc types."""
    import subprocess

    tsc = REPO / "node_modules" / ".bin" / "tsc"
    assert tsc.is_file(), "node_modules/.bin/tsc is missing: run `npm ci`"
    project = Path(__file__).with_name("jsconfig.offline.json")
    result = subprocess.run([str(tsc), "-p", str(project)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
