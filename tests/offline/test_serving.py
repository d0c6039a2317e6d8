"""Without a browser: the precompressed copies (tools/offline.py), the server that sends them (tools/serve.py), and the
engine wheel (tutorial/linger_walkthrough/pyodide_assets.py): its bytecode, compiled by Pyodide's Python in Node, and its
lock entry made by pyodide-lock."""

from __future__ import annotations

import base64
import gzip
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
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


NODE_PYODIDE = REPO / "node_modules" / "pyodide"
ENGINE_MODULES = {
    "linger_longer/__init__.py": "from .cards import ACE\n",
    "linger_longer/cards.py": "ACE = 'A'\n",
    "linger_longer/web/__init__.py": "",
    "linger_longer/web/walkthrough.py": "from ..cards import ACE\n\ndef first():\n    return ACE\n",
}


def _engine_wheel(path: Path, cards: str = ENGINE_MODULES["linger_longer/cards.py"]) -> Path:
    """A small wheel shaped like the engine's: two packages, the catalogs check_wheel requires, a RECORD."""
    dist = "linger_longer-0.1.0.dist-info"
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as zf:
        for name, text in {**ENGINE_MODULES, "linger_longer/cards.py": cards}.items():
            zf.writestr(name, text)
        for lang in pyodide_assets.expected_catalog_languages():
            zf.writestr(f"linger_longer/locale/{lang}/LC_MESSAGES/linger_longer.mo", b"\xde\x12\x04\x95")
        zf.writestr(f"{dist}/METADATA", "Metadata-Version: 2.1\nName: linger-longer\nVersion: 0.1.0\n")
        zf.writestr(f"{dist}/WHEEL", "Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        zf.writestr(f"{dist}/RECORD", "")
    return path


def _needs_node() -> None:
    if shutil.which("node") is None or not (NODE_PYODIDE / "pyodide.mjs").is_file():
        pytest.fail("needs Node and node_modules/pyodide (run `npm ci`)", pytrace=False)


@pytest.fixture
def compiled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """(the source wheel, the same wheel with Pyodide's bytecode), compiled into a cache of this test's own."""
    _needs_node()
    monkeypatch.setattr(pyodide_assets, "BYTECODE_CACHE", tmp_path / "cache")
    source = _engine_wheel(tmp_path / "linger_longer-0.1.0-py3-none-any.whl")
    return source, pyodide_assets.with_bytecode(source, tmp_path / "compiled")


def test_every_module_gets_bytecode_from_pyodides_python(compiled: tuple[Path, Path]) -> None:
    """Bytecode of the Python Pyodide runs (not the build's CPython), hash-based and unchecked, listed in RECORD."""
    _, wheel = compiled
    python = json.loads((NODE_PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]["python"]
    tag = "cpython-" + "".join(python.split(".")[:2])
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        for module in ENGINE_MODULES:
            folder, _, file = module.rpartition("/")
            pyc = zf.read(f"{folder}/__pycache__/{file[:-3]}.{tag}.pyc")
            assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, source not checked
            assert pyc[:4] != importlib.util.MAGIC_NUMBER  # not the bytecode of the CPython running the build
        record = zf.read(names[-1]).decode("utf-8").splitlines()
    assert names[-1].endswith(".dist-info/RECORD")
    rows = {row.split(",")[0]: row for row in record}
    assert set(rows) == set(names)
    with zipfile.ZipFile(wheel) as zf:
        for name in names[:-1]:
            digest = hashlib.sha256(zf.read(name)).digest()
            assert rows[name].split(",")[1] == "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
    pyodide_assets.check_wheel(wheel, bytecode=True)


def test_the_compiled_wheel_is_reproducible_cached_and_registered_by_pyodide_lock(
        compiled: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source, wheel = compiled
    first = wheel.read_bytes()
    shutil.rmtree(pyodide_assets.BYTECODE_CACHE)
    assert pyodide_assets.with_bytecode(source, tmp_path / "again").read_bytes() == first  # Node again, same bytes

    def no_node(folder: Path) -> list[str]:
        raise AssertionError("Node ran again for sources that did not change")

    compile_bytecode = pyodide_assets.compile_bytecode
    monkeypatch.setattr(pyodide_assets, "compile_bytecode", no_node)
    with zipfile.ZipFile(source) as zf, zipfile.ZipFile(tmp_path / "touched.whl", "w") as out:
        for info in zf.infolist():  # same contents, other times: the archive's own bytes differ
            out.writestr(zipfile.ZipInfo(info.filename, date_time=(2020, 5, 17, 12, 0, 0)), zf.read(info))
    (tmp_path / "touched").mkdir()
    os.replace(tmp_path / "touched.whl", tmp_path / "touched" / source.name)
    assert pyodide_assets.with_bytecode(tmp_path / "touched" / source.name, tmp_path / "cached").read_bytes() == first
    assert len(list(pyodide_assets.BYTECODE_CACHE.iterdir())) == 1
    info = json.loads((NODE_PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    entry = pyodide_assets.lock_entry(wheel, info)
    assert entry["sha256"] == hashlib.sha256(first).hexdigest() and entry["imports"] == ["linger_longer"]
    monkeypatch.setattr(pyodide_assets, "compile_bytecode", compile_bytecode)  # changed sources: Node again,
    changed = _engine_wheel(tmp_path / "changed" / source.name, cards="ACE = 'As'\n")
    pyodide_assets.with_bytecode(changed, tmp_path / "recompiled")
    assert len(list(pyodide_assets.BYTECODE_CACHE.iterdir())) == 1  # and the cache keeps only their wheel


PYODIDE_IMPORT_JS = """
import { loadPyodide } from %s;
import fs from 'node:fs';
const pyodide = await loadPyodide({ stdout: () => {}, stderr: () => {} });
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(process.argv[1])), 'wheel', { extractDir: '/wheel' });
// Every source now stops the import: only its bytecode can make the import work.
for (const module of JSON.parse(process.argv[2])) pyodide.FS.writeFile('/wheel/' + module, 'raise SystemExit("compiled from source")');
console.log(pyodide.runPython('import sys; sys.path.insert(0, "/wheel"); import linger_longer.web.walkthrough as w; w.first()'));
"""


def test_pyodide_imports_the_modules_from_their_bytecode(compiled: tuple[Path, Path]) -> None:
    _, wheel = compiled
    script = PYODIDE_IMPORT_JS % json.dumps((NODE_PYODIDE / "pyodide.mjs").as_uri())
    done = subprocess.run(["node", "--input-type=module", "-e", script, str(wheel), json.dumps(list(ENGINE_MODULES))],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "A"


def test_a_wheel_without_bytecode_is_refused(tmp_path: Path) -> None:
    source = _engine_wheel(tmp_path / "linger_longer-0.1.0-py3-none-any.whl")
    pyodide_assets.check_wheel(source)
    with pytest.raises(pyodide_assets.AssetError, match="without Pyodide bytecode: linger_longer/__init__.py"):
        pyodide_assets.check_wheel(source, bytecode=True)


def test_without_node_the_build_stops_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pyodide_assets.shutil, "which", lambda name: None)
    with pytest.raises(pyodide_assets.AssetError, match="node is needed to compile the engine's bytecode"):
        pyodide_assets.compile_bytecode(tmp_path)


@pytest.fixture
def stdlib_zip(built_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The standard library's bytecode for the built site's engine, made in a cache of this test's own."""
    _needs_node()
    monkeypatch.setattr(pyodide_assets, "STDLIB_BYTECODE_CACHE", tmp_path / "cache")
    target = tmp_path / pyodide_assets.STDLIB_BYTECODE
    pyodide_assets.stdlib_bytecode(built_site / "_pyodide", target)
    return target


def test_the_standard_librarys_bytecode_holds_what_the_engine_starts_with_compiled_by_pyodide(
        stdlib_zip: Path, built_site: Path) -> None:
    """Sourceless bytecode of Pyodide's Python for the library modules the engine's start imports (Pyodide's own
    start, the wheel's install, the engine's bridges), and none of the engine's own; the site serves the same zip."""
    with zipfile.ZipFile(stdlib_zip) as zf:
        names = zf.namelist()
        assert names == sorted(names) and all(name.endswith(".pyc") for name in names)
        for needed in ("asyncio/__init__.pyc", "json/__init__.pyc", "typing.pyc",  # Pyodide's own start
                       "tarfile.pyc", "importlib/metadata/__init__.pyc",  # the install
                       "tomllib/__init__.pyc", "tomllib/_parser.pyc", "gettext.pyc"):  # the engine
            assert needed in names
        for pyc in map(zf.read, names):
            assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, source not checked
            assert pyc[:4] != importlib.util.MAGIC_NUMBER  # Pyodide's Python, not the build's
    assert not any(name.startswith("linger_longer/") for name in names)
    assert (built_site / "_pyodide" / pyodide_assets.STDLIB_BYTECODE).read_bytes() == stdlib_zip.read_bytes()


def test_the_standard_librarys_bytecode_is_reproducible_and_made_once_per_engine(
        stdlib_zip: Path, built_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = stdlib_zip.read_bytes()
    shutil.rmtree(pyodide_assets.STDLIB_BYTECODE_CACHE)
    again = tmp_path / "again.zip"
    pyodide_assets.stdlib_bytecode(built_site / "_pyodide", again)  # Node again: the same bytes
    assert again.read_bytes() == first

    def no_node(args: list[str], what: str) -> dict:
        raise AssertionError("Node ran again for an engine that did not change")

    monkeypatch.setattr(pyodide_assets, "_run_compiler", no_node)
    pyodide_assets.stdlib_bytecode(built_site / "_pyodide", tmp_path / "cached.zip")
    assert (tmp_path / "cached.zip").read_bytes() == first
    assert len(list(pyodide_assets.STDLIB_BYTECODE_CACHE.iterdir())) == 1


def test_a_compiler_that_sees_no_engine_start_stops_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              built_site: Path) -> None:
    monkeypatch.setattr(pyodide_assets, "STDLIB_BYTECODE_CACHE", tmp_path / "cache")
    monkeypatch.setattr(pyodide_assets, "_run_compiler",
                        lambda args, what: {"python": "3.14.2", "tag": "cpython-314", "compiled": []})
    with pytest.raises(pyodide_assets.AssetError, match="did not import 'tomllib/__init__'"):
        pyodide_assets.stdlib_bytecode(built_site / "_pyodide", tmp_path / "none.zip")
    assert not (tmp_path / "none.zip").exists()
