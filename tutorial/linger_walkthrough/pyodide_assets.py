"""Put Pyodide and the engine wheel into the built site.

Usage::

    python tutorial/linger_walkthrough/pyodide_assets.py build/site [--wheel ENGINE.whl]

The site serves Pyodide itself (no request leaves the site's origin).  This
script fills ``<site>/_pyodide/`` once for the four languages with:

- the four core files of the npm package ``pyodide`` (``pyodide.mjs``,
  ``pyodide.asm.mjs``, ``pyodide.asm.wasm``, ``python_stdlib.zip``), fetched
  with ``npm ci`` when ``node_modules/pyodide`` is missing;
- the engine wheel, built with ``pip wheel . --no-deps`` from a clean copy of
  the project (so no stale ``build/lib`` leaks in), after compiling the
  engine's catalogs (``linger_i18n.catalogs.compile_engine_catalogs``); the script
  checks that the core, its browser bridge ``linger_longer.web`` and every
  ``linger_longer.mo`` are inside; then its modules are compiled to bytecode by
  Pyodide's own Python, in Node (:func:`with_bytecode`), so that the browser
  imports them without compiling them;
- ``pyodide-lock.json``: Pyodide's own lock plus an entry for the engine wheel
  made by ``pyodide-lock`` (:func:`lock_entry`) with its sha256, so that ``loadPackage('linger-longer')`` finds the wheel by
  name and the browser checks its integrity (Pyodide fetches lock entries
  with ``integrity: sha256-...``);
- :data:`STDLIB_BYTECODE`: the bytecode of the standard-library modules that
  the engine's start imports, Pyodide's own start included
  (:func:`stdlib_bytecode`), which the worker puts before the standard library.
"""

from __future__ import annotations

import argparse
import base64
import filecmp
import hashlib
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
NODE_PYODIDE = REPO / "node_modules" / "pyodide"
CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PYODIDE_VERSION = "314.0.7"
ENGINE_NAME = "linger-longer"  # canonical distribution name: the key in the lock
ENGINE_IMPORT = "linger_longer"
BYTECODE_COMPILER = Path(__file__).with_name("compile_bytecode.mjs")
#: Engine wheels with bytecode, one folder per digest of what they are made from (:func:`with_bytecode`).
BYTECODE_CACHE = REPO / "build" / "engine-wheel"
#: The zip of standard-library bytecode the worker puts first on ``sys.path`` (linger-worker.mjs names it too).
STDLIB_BYTECODE = "engine-stdlib-bytecode.zip"
#: The engine modules the site's workers import: their standard-library needs are what :data:`STDLIB_BYTECODE` holds.
ENGINE_BRIDGES = ("linger_longer.web.walkthrough", "linger_longer.web.play", "linger_longer.web.analysis",
                  "linger_longer.web.puzzle")
#: A module of that zip that only the engine's import brings (it reads its examples' TOML): proof that the
#: compiler saw the engine start, not only Pyodide's own.
ENGINE_STDLIB_WITNESS = "tomllib/__init__.pyc"
#: That zip, one folder per digest of what it is made from (:func:`stdlib_bytecode`).
STDLIB_BYTECODE_CACHE = REPO / "build" / "stdlib-bytecode"
#: Every member of a rewritten wheel gets this time, so the same contents give the same bytes.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
#: A module's bytecode in a wheel (``pkg/__pycache__/mod.cpython-314.pyc``): groups are ``pkg/`` and ``mod``.
PYC_RE = re.compile(r"((?:[^/]+/)*)__pycache__/([^/.]+)\.cpython-\d+\.pyc")
WHEEL_RE = re.compile(r"^(?P<name>[^-]+)-(?P<version>[^-]+)(-\d[^-]*)?-(?P<tags>py3-none-any)\.whl$")


class AssetError(RuntimeError):
    """The site's Pyodide assets cannot be assembled; the message says why."""


def ensure_node_modules() -> Path:
    """Install the npm packages (``npm ci`` with a lock, else ``npm install``) when Pyodide is missing."""
    if not (NODE_PYODIDE / "pyodide.mjs").is_file():
        command = ["npm", "ci"] if (REPO / "package-lock.json").is_file() else ["npm", "install"]
        command += ["--no-audit", "--no-fund"]
        if shutil.which("npm") is None:
            raise AssetError("npm is needed to fetch Pyodide (npm package 'pyodide'); install Node.js 20 and npm")
        subprocess.run(command, cwd=REPO, check=True)
    version = json.loads((NODE_PYODIDE / "package.json").read_text(encoding="utf-8"))["version"]
    if version != PYODIDE_VERSION:
        raise AssetError(f"node_modules/pyodide is {version!r}, the site needs {PYODIDE_VERSION!r}: run npm ci")
    return NODE_PYODIDE


def compile_catalogs() -> None:
    """Compile the engine's catalogs into the package (the site's helper; up-to-date files are kept)."""
    from linger_i18n.catalogs import compile_engine_catalogs

    compile_engine_catalogs()


def build_engine_wheel(dest: Path) -> Path:
    """Build the engine wheel from the repository's pyproject.toml into ``dest``."""
    compile_catalogs()
    with tempfile.TemporaryDirectory() as tmp:
        project, out = Path(tmp) / "project", Path(tmp) / "wheels"
        project.mkdir()
        for name in ("pyproject.toml", "README.md", "LICENSE", "LICENSE.txt"):
            if (REPO / name).is_file():
                shutil.copyfile(REPO / name, project / name)
        shutil.copytree(REPO / "engine", project / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "--quiet", "-w", str(out)],
            cwd=project,
            check=True,
        )
        wheels = [p for p in out.glob("*.whl") if p.name.lower().startswith(ENGINE_IMPORT)]
        if len(wheels) != 1:
            raise AssetError(f"expected one {ENGINE_IMPORT} wheel, pip produced {sorted(p.name for p in wheels)}")
        target = dest / wheels[0].name
        shutil.copyfile(wheels[0], target)
        return target


def contents_digest(wheel: Path) -> str:
    """SHA-256 of a wheel's member names and bytes (not of the archive, whose times follow the checkout)."""
    digest = hashlib.sha256()
    with zipfile.ZipFile(wheel) as zf:
        for name in sorted(zf.namelist()):
            data = zf.read(name)
            digest.update(f"{name}\0{len(data)}\0".encode())
            digest.update(data)
    return digest.hexdigest()


def _record_line(name: str, data: bytes) -> str:
    """A wheel RECORD row: path, urlsafe-base64 SHA-256 without padding, size."""
    hashed = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{name},sha256={hashed},{len(data)}"


def write_wheel(folder: Path, target: Path) -> None:
    """Zip an unpacked wheel into ``target`` reproducibly, with a new RECORD.

    Members are sorted, the ``.dist-info`` folder last and its RECORD at the very end (where
    installers expect it), each with the same time and permissions, so the same files always
    give the same wheel, and the same sha256 in the lock. Written with :mod:`zipfile` rather than the
    ``wheel`` package's ``WheelFile``, because that project keeps no stable public API (pypa/wheel#255)
    and the build needs nothing else from it.
    """
    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    record = next((f for f in files if re.fullmatch(r"[^/]+\.dist-info/RECORD", f)), None)
    if record is None:
        raise AssetError(f"{target.name}: the unpacked wheel has no .dist-info/RECORD")
    files.remove(record)
    files.sort(key=lambda f: (f.split("/", 1)[0].endswith(".dist-info"), f))
    rows = []
    partial = target.with_name(f".{target.name}.partial")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in files:
            data = (folder / name).read_bytes()
            rows.append(_record_line(name, data))
            _write_member(zf, name, data)
        rows.append(f"{record},,")
        _write_member(zf, record, ("\n".join(rows) + "\n").encode("utf-8"))
    os.replace(partial, target)


def _write_member(zf: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    zf.writestr(info, data)


def _run_compiler(args: list[str], what: str) -> dict:
    """Run :data:`BYTECODE_COMPILER` in Node with ``args``; its JSON report, or an error naming ``what``."""
    node = shutil.which("node")
    if node is None:
        raise AssetError(f"node is needed to compile {what} with Pyodide's Python; install Node.js 20")
    done = subprocess.run([node, str(BYTECODE_COMPILER), *args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise AssetError(f"compiling {what} with Pyodide failed: {done.stderr.strip()[-2000:]}")
    try:
        report = json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError) as exc:
        raise AssetError(f"{BYTECODE_COMPILER.name} printed no report ({done.stdout[-500:]!r})") from exc
    if not report.get("tag", "").startswith("cpython-"):
        raise AssetError(f"{BYTECODE_COMPILER.name} compiled {what} for {report.get('tag')!r}, not a CPython")
    return report


def compile_bytecode(folder: Path) -> list[str]:
    """Compile every module under ``folder`` with Pyodide's Python (Node, :data:`BYTECODE_COMPILER`).

    The bytecode goes to ``__pycache__/<module>.cpython-<tag>.pyc`` beside each source, with
    unchecked hash-based invalidation (see compile_bytecode.mjs). Node and the npm package
    ``pyodide`` are required: without them the build stops here, never serving a wheel without
    bytecode unnoticed.
    """
    report = _run_compiler([str(folder)], "the engine's bytecode")
    sources = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.py"))
    if len(report["compiled"]) != len(sources):
        raise AssetError(f"Pyodide compiled {len(report['compiled'])} of {len(sources)} modules ({report['tag']})")
    return report["compiled"]


def stdlib_bytecode(pyodide_folder: Path, target: Path) -> list[str]:
    """Write :data:`STDLIB_BYTECODE` for the site's ``_pyodide/`` folder to ``target``; the modules it holds.

    Pyodide's ``python_stdlib.zip`` carries sources only, so a browser compiles each standard-library
    module on its first import, on every first visit. The ones the engine's start imports (Pyodide's own
    start: ``asyncio``, ``typing``, ``inspect`` and a hundred more; installing the wheel: ``tarfile`` and
    ``importlib.metadata``; the engine: ``tomllib`` and ``gettext``; see :data:`ENGINE_BRIDGES`) are
    found by doing it in Node and compiled there by
    Pyodide's Python, sourceless (the sources stay in the standard library's zip, where tracebacks
    name them). The zip is reproducible (sorted members, fixed times) and made once per engine wheel,
    compiler script and Pyodide version, kept in :data:`STDLIB_BYTECODE_CACHE` (only the latest).
    """
    lock = json.loads((pyodide_folder / "pyodide-lock.json").read_text(encoding="utf-8"))
    key = hashlib.sha256(" ".join([
        lock["packages"][ENGINE_NAME]["sha256"], hashlib.sha256(BYTECODE_COMPILER.read_bytes()).hexdigest(),
        PYODIDE_VERSION, *ENGINE_BRIDGES]).encode()).hexdigest()[:32]
    cached = STDLIB_BYTECODE_CACHE / key / STDLIB_BYTECODE
    if not cached.is_file():
        with tempfile.TemporaryDirectory() as tmp:
            compiled = Path(tmp) / "pyc"
            report = _run_compiler(["--stdlib", str(pyodide_folder), str(compiled), *ENGINE_BRIDGES],
                                   "the standard library's bytecode")
            if ENGINE_STDLIB_WITNESS not in report["compiled"]:
                raise AssetError(f"installing and importing the engine did not import {ENGINE_STDLIB_WITNESS[:-4]!r} "
                                 "from the standard library: the compiler did not see the engine start")
            cached.parent.mkdir(parents=True, exist_ok=True)
            write_bytecode_zip(compiled, cached)
        for stale in STDLIB_BYTECODE_CACHE.iterdir():
            if stale != cached.parent:
                shutil.rmtree(stale, ignore_errors=True)
    _install(cached, target)
    with zipfile.ZipFile(target) as zf:
        return zf.namelist()


def write_bytecode_zip(folder: Path, target: Path) -> None:
    """Zip the ``.pyc`` files under ``folder`` into ``target`` reproducibly (sorted members, fixed times)."""
    partial = target.with_name(f".{target.name}.partial")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.pyc")):
            _write_member(zf, name, (folder / name).read_bytes())
    os.replace(partial, target)


def with_bytecode(wheel: Path, dest: Path) -> Path:
    """The wheel with Pyodide's bytecode for its modules, written to ``dest`` (same file name).

    The sources stay in the wheel (pyodide-lock finds the packages a wheel provides by their
    ``.py`` files, and tracebacks quote them). Made once per digest of the wheel's contents,
    the compiler script and the Pyodide version, kept in :data:`BYTECODE_CACHE` (only the latest),
    so a rebuild of unchanged sources neither runs Node again nor changes the wheel's sha256.
    """
    key = hashlib.sha256(
        f"{contents_digest(wheel)} {hashlib.sha256(BYTECODE_COMPILER.read_bytes()).hexdigest()} {PYODIDE_VERSION}".encode()
    ).hexdigest()[:32]
    cached = BYTECODE_CACHE / key / wheel.name
    if not cached.is_file():
        with tempfile.TemporaryDirectory() as tmp:
            unpacked = Path(tmp)
            with zipfile.ZipFile(wheel) as zf:
                zf.extractall(unpacked)
            compile_bytecode(unpacked)
            cached.parent.mkdir(parents=True, exist_ok=True)
            write_wheel(unpacked, cached)
        for stale in BYTECODE_CACHE.iterdir():  # wheels of sources that have changed since
            if stale != cached.parent:
                shutil.rmtree(stale, ignore_errors=True)
    dest.mkdir(parents=True, exist_ok=True)
    target = dest / wheel.name
    shutil.copyfile(cached, target)
    return target


def expected_catalog_languages() -> list[str]:
    """Languages with an engine catalog source (locales/<lang>/LC_MESSAGES/linger_longer.po)."""
    return sorted(p.parent.parent.name for p in (REPO / "locales").glob("*/LC_MESSAGES/linger_longer.po"))


def check_wheel(wheel: Path, *, bytecode: bool = False) -> None:
    """The wheel is pure Python, holds the engine package and a compiled catalog for every translated language.

    With ``bytecode``, every module also has its compiled bytecode in ``__pycache__``.
    """
    if not WHEEL_RE.match(wheel.name):
        raise AssetError(f"{wheel.name!r} is not a pure-Python (py3-none-any) wheel: Pyodide cannot install it")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    for package in (ENGINE_IMPORT, f"{ENGINE_IMPORT}/web"):  # the core, and the bridge the worker imports
        if f"{package}/__init__.py" not in names:
            raise AssetError(f"{wheel.name!r} does not contain the {package.replace('/', '.')} package")
    if bytecode:
        compiled = {PYC_RE.sub(r"\1\2.py", n) for n in names if PYC_RE.fullmatch(n)}
        uncompiled = sorted(n for n in names if n.endswith(".py") and n not in compiled)
        if uncompiled:
            raise AssetError(f"{wheel.name!r} has modules without Pyodide bytecode: {', '.join(uncompiled[:5])}")
    missing = [
        lang
        for lang in expected_catalog_languages()
        if f"{ENGINE_IMPORT}/locale/{lang}/LC_MESSAGES/linger_longer.mo" not in names
    ]
    if missing:
        raise AssetError(
            f"{wheel.name!r} lacks the compiled engine catalogs for {', '.join(missing)} "
            f"({ENGINE_IMPORT}/locale/<lang>/LC_MESSAGES/linger_longer.mo): compile them before building the wheel"
        )


def lock_entry(wheel: Path, info: dict) -> dict:
    """The pyodide-lock.json entry for a pure-Python wheel, made by Pyodide's own tooling.

    ``pyodide-lock``'s ``package_spec_from_wheel`` (the step ``add_wheels_to_spec`` and
    ``pyodide lockfile add-wheels`` run for each wheel) reads the name, version, sha256 and
    top-level imports from the wheel and checks it suits the lock's platform. The whole lock is
    not loaded into ``pyodide-lock``'s model: the newest release that installs on Python 3.11
    (0.1.2) rejects Pyodide 314's lock (no ``info.version``, an unknown ``tool`` key in every
    entry), so the entry is merged into the JSON as it is.
    """
    try:
        from pyodide_lock.spec import InfoSpec
        from pyodide_lock.utils import package_spec_from_wheel
    except ImportError as exc:
        raise AssetError(f"pyodide-lock is missing ({exc}): install the docs dependency group") from exc
    fields = inspect.signature(InfoSpec).parameters
    known = {k: v for k, v in {"version": "0.0.0", **info}.items() if k in fields}
    try:
        spec = package_spec_from_wheel(wheel, InfoSpec(**known))
    except Exception as exc:  # pyodide-lock raises plain exceptions for an unsuitable wheel
        raise AssetError(f"pyodide-lock cannot register {wheel.name}: {exc}") from exc
    # pydantic models up to pyodide-lock 0.1 (Python 3.11), attrs classes from 0.2 (Python 3.12+)
    entry = spec.model_dump() if hasattr(spec, "model_dump") else spec.to_dict()
    entry["file_name"] = wheel.name  # relative to the lock, as add_wheels_to_spec's base_path makes it
    if entry["name"] != ENGINE_NAME or ENGINE_IMPORT not in entry["imports"]:
        raise AssetError(f"{wheel.name}: pyodide-lock reads package {entry['name']!r} importing "
                         f"{entry['imports']}, expected {ENGINE_NAME!r} importing {ENGINE_IMPORT!r}")
    return entry


def sri(sha256_hex: str) -> str:
    """The Subresource-Integrity string the browser checks (what Pyodide derives from the lock's sha256)."""
    return "sha256-" + base64.b64encode(bytes.fromhex(sha256_hex)).decode("ascii")


def write_lock(source_lock: Path, wheel: Path, target: Path) -> dict:
    """Write Pyodide's lock plus the engine's entry to ``target`` and return the entry."""
    lock = json.loads(source_lock.read_text(encoding="utf-8"))
    entry = lock_entry(wheel, lock["info"])
    # Every key the lock's own pure-Python entries carry must be in ours (the format may grow keys).
    sample = next(
        v for v in lock["packages"].values() if v["package_type"] == "package" and v["file_name"].endswith("-none-any.whl")
    )
    for key in sample:
        entry.setdefault(key, {} if isinstance(sample[key], dict) else sample[key])
    lock["packages"][ENGINE_NAME] = entry
    target.write_text(json.dumps(lock, separators=(",", ":")), encoding="utf-8")
    return entry


def _install(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` atomically (a page being served never sees half a file); skip identical files."""
    if target.is_file() and filecmp.cmp(source, target, shallow=False):
        return
    partial = target.with_name(f".{target.name}.partial")
    shutil.copyfile(source, partial)
    os.replace(partial, target)


def assemble(site: Path, wheel: Path | None = None) -> Path:
    """Fill ``<site>/_pyodide/`` and return that folder.

    Every file is replaced atomically and the previous wheel is removed only once the new
    lock is in place, so a site being served stays usable while it is rebuilt.
    """
    node_pyodide = ensure_node_modules()
    out = site / "_pyodide"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        built = build_engine_wheel(Path(tmp)) if wheel is None else wheel
        check_wheel(built)
        built = with_bytecode(built, Path(tmp) / "compiled")
        check_wheel(built, bytecode=True)
        for name in CORE_FILES:
            _install(node_pyodide / name, out / name)
        _install(built, out / built.name)
    lock = out / ".pyodide-lock.json.partial"
    entry = write_lock(node_pyodide / "pyodide-lock.json", out / built.name, lock)
    os.replace(lock, out / "pyodide-lock.json")
    for old in out.glob("*.whl"):
        if old.name != built.name:
            old.unlink()
    stdlib = stdlib_bytecode(out, out / STDLIB_BYTECODE)
    size = sum(p.stat().st_size for p in out.iterdir() if p.suffix not in (".br", ".gz"))  # not the precompressed copies
    print(f"pyodide_assets: {out} ({size / 1e6:.1f} MB): Pyodide {PYODIDE_VERSION}, {built.name} sha256 {entry['sha256'][:12]}…, "
          f"bytecode of {len(stdlib)} standard-library modules")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, help="the built site folder, e.g. build/site")
    parser.add_argument("--wheel", type=Path, help="use this engine wheel instead of building one")
    args = parser.parse_args(argv)
    try:
        assemble(args.site, args.wheel)
    except (AssetError, subprocess.CalledProcessError) as exc:
        print(f"pyodide_assets: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
