"""The README's two commands on a fresh Debian: a Python whose pip refuses installs (PEP 668).

The tests build such an interpreter from the one running them: a copy of its executable next
to its standard library (linked, not copied) holding an ``EXTERNALLY-MANAGED`` marker, which
makes pip refuse any install outside a virtual environment, as Debian's ``python3`` does.
``tools/bootstrap.py`` run with it must still reach nox; without ``ensurepip`` (Debian's
``python3-venv`` missing) and no way to install it, it must stop with one line saying what to install.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOOTSTRAP = ROOT / "tools" / "bootstrap.py"
VERSION = f"python{sys.version_info.major}.{sys.version_info.minor}"


def externally_managed_python(folder: Path, *, ensurepip: bool = True) -> Path:
    """An interpreter, not a virtual environment, whose pip refuses to install (PEP 668)."""
    base = Path(sys.base_prefix)
    stdlib = Path(sysconfig.get_path("stdlib", vars={"installed_base": str(base), "base": str(base)}))
    prefix = folder / "python"
    (prefix / "bin").mkdir(parents=True)
    python = prefix / "bin" / VERSION
    shutil.copy2(Path(getattr(sys, "_base_executable", sys.executable)).resolve(), python)
    lib = prefix / "lib" / VERSION
    lib.mkdir(parents=True)
    for entry in stdlib.iterdir():
        if entry.name != "EXTERNALLY-MANAGED" and (ensurepip or entry.name != "ensurepip"):
            (lib / entry.name).symlink_to(entry)
    for shared in (base / "lib").glob("libpython*"):
        (prefix / "lib" / shared.name).symlink_to(shared)
    (lib / "EXTERNALLY-MANAGED").write_text("[externally-managed]\nError=Use apt or a virtual environment.\n",
                                            encoding="utf-8")
    return python


def pip_refuses(python: Path) -> bool:
    """pip's own PEP 668 test: not a virtual environment, and the marker in the standard library."""
    check = ("import os, sys, sysconfig; print(sys.prefix == sys.base_prefix and "
             "os.path.isfile(os.path.join(sysconfig.get_path('stdlib'), 'EXTERNALLY-MANAGED')))")
    return subprocess.run([python, "-c", check], capture_output=True, text=True).stdout.strip() == "True"


def bootstrap(python: Path, venv: Path, *args: str, path: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "LINGER_BOOTSTRAP_VENV": str(venv)}
    env.pop("VIRTUAL_ENV", None)
    if path is not None:
        env["PATH"] = path
    return subprocess.run([python, BOOTSTRAP, *args], capture_output=True, text=True, env=env, timeout=600)


def test_bootstrap_reaches_nox_where_pip_refuses_to_install(tmp_path: Path) -> None:
    python = externally_managed_python(tmp_path)
    assert pip_refuses(python)
    done = bootstrap(python, tmp_path / "venv", "-l")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert re.search(r"^\* tests -> ", done.stdout, re.M) and re.search(r"^- serve -> ", done.stdout, re.M)
    nox = tmp_path / "venv" / "bin" / "nox"
    installed = nox.stat().st_mtime_ns
    again = bootstrap(python, tmp_path / "venv", "-l")  # the environment is kept: nox is not installed again
    assert again.returncode == 0 and nox.stat().st_mtime_ns == installed


def test_without_ensurepip_it_says_what_to_install_in_one_line(tmp_path: Path) -> None:
    python = externally_managed_python(tmp_path, ensurepip=False)
    empty = tmp_path / "no-tools"
    empty.mkdir()  # no apt-get on the PATH: nothing may be installed
    done = bootstrap(python, tmp_path / "venv", "tests", path=str(empty))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (f"tools/bootstrap.py: {python} cannot make a virtual environment (no ensurepip): install "
                           f"Debian's {VERSION}-venv (`sudo apt-get install -y {VERSION}-venv`), then run "
                           "tools/bootstrap.py again\n")


def test_ci_runs_exactly_the_readme_test_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```sh\n(.+?)\n```", readme[readme.index("## Quick start"):readme.index("## nox sessions")])
    assert commands == ["python3 tools/bootstrap.py serve", "python3 tools/bootstrap.py tests"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == commands[1]
