"""Run a nox session on a machine that has nothing but Python: ``python3 tools/bootstrap.py tests``.

On a fresh Debian the system's ``python3`` refuses ``pip install`` outside a virtual
environment (PEP 668, "externally-managed-environment"), and may lack the ``venv`` module's
``ensurepip`` (Debian's ``python3-venv`` package). This script, standard library only:

1. checks the interpreter (Python 3.11 or newer);
2. makes its own virtual environment, ``.nox/_bootstrap`` (or ``$LINGER_BOOTSTRAP_VENV``),
   installing Debian's ``python3-venv`` first when ``ensurepip`` is missing and it runs as
   root with ``apt-get`` (otherwise it stops with one line saying what to install);
3. installs nox there, at the version ``pyproject.toml``'s ``dev`` group asks for;
4. runs ``nox -s <session> <arguments>`` with that nox (``tools/bootstrap.py -l`` lists them).

The sessions install the rest: the dependency groups, Chromium, Node.js and npm (from Debian
when they are missing and they may), the npm packages.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MIN_PYTHON = (3, 11)
PROG = "tools/bootstrap.py"


class BootstrapError(Exception):
    """A step that cannot be done here; the message says what to do instead (one line)."""


def nox_requirement(pyproject: Path = ROOT / "pyproject.toml") -> str:
    """The nox requirement of the ``dev`` dependency group, e.g. ``nox>=2025.2.9`` (``nox`` if none).

    >>> nox_requirement().startswith("nox")
    True
    """
    import tomllib  # here, so that an older Python still gets the version message of main()

    groups = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("dependency-groups", {})
    for item in groups.get("dev", []):
        if isinstance(item, str) and item.replace(" ", "").lower().startswith(("nox>", "nox=", "nox<", "nox~")):
            return item
    return "nox"


def venv_dir() -> Path:
    return Path(os.environ.get("LINGER_BOOTSTRAP_VENV") or ROOT / ".nox" / "_bootstrap")


def venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def may_install_system_packages() -> bool:
    """Whether this process may install Debian packages itself: root, with apt-get on the PATH."""
    return os.name == "posix" and os.geteuid() == 0 and shutil.which("apt-get") is not None


def has_ensurepip(python: str) -> bool:
    return subprocess.run([python, "-c", "import ensurepip"], capture_output=True).returncode == 0


def ensure_venv_module(python: str) -> None:
    """``python -m venv`` needs ``ensurepip``; Debian ships it apart, in python3-venv."""
    if has_ensurepip(python):
        return
    package = f"python{sys.version_info.major}.{sys.version_info.minor}-venv"
    if not may_install_system_packages():
        raise BootstrapError(f"{python} cannot make a virtual environment (no ensurepip): install Debian's "
                             f"{package} (`sudo apt-get install -y {package}`), then run {PROG} again")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update"], ["apt-get", "install", "-y", "--no-install-recommends", package]):
        subprocess.run(command, check=True, env=env)


def clean_env() -> dict[str, str]:
    """The environment for the virtual environment's commands: no PYTHONPATH or PYTHONHOME leaking in."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "PIP_USER")}


def ensure_nox(venv: Path) -> Path:
    """A virtual environment at ``venv`` holding nox; returns its ``nox`` command."""
    nox = venv / ("Scripts/nox.exe" if os.name == "nt" else "bin/nox")
    requirement = nox_requirement()
    marker = venv / "linger-bootstrap.txt"  # the requirement installed, so a changed one reinstalls
    if nox.exists() and marker.exists() and marker.read_text(encoding="utf-8") == requirement:
        return nox
    if not venv_python(venv).exists():
        ensure_venv_module(sys.executable)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, env=clean_env())
    subprocess.run([str(venv_python(venv)), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    requirement], check=True, env=clean_env())
    marker.write_text(requirement, encoding="utf-8")
    return nox


def nox_command(nox: Path, argv: Sequence[str]) -> list[str]:
    """``bootstrap.py SESSION ARGS…`` runs ``nox -s SESSION ARGS…``; options alone go to nox as they are.

    >>> nox_command(Path("nox"), ["tests", "--", "-k", "card"])  # doctest: +ELLIPSIS
    ['nox', '-f', '...noxfile.py', '-s', 'tests', '--', '-k', 'card']
    """
    noxfile = str(ROOT / "noxfile.py")
    if argv and not argv[0].startswith("-"):
        return [str(nox), "-f", noxfile, "-s", argv[0], *argv[1:]]
    return [str(nox), "-f", noxfile, *argv]


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.split("\n\n")[0].replace("``", "`"))
        print(f"usage: python3 {PROG} SESSION [ARGUMENTS…]   (e.g. `tests`, `serve`, `tests -- -k card`; `-l` lists)")
        return 0 if argv else 2
    try:
        if sys.version_info < MIN_PYTHON:
            raise BootstrapError(f"Python {'.'.join(map(str, MIN_PYTHON))} or newer is needed; this is "
                                 f"{sys.version.split()[0]} ({sys.executable})")
        nox = ensure_nox(venv_dir())
    except BootstrapError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as error:
        print(f"{PROG}: {' '.join(map(str, error.cmd))} failed (exit {error.returncode})", file=sys.stderr)
        return 1
    os.chdir(ROOT)
    return subprocess.run(nox_command(nox, argv), env=clean_env()).returncode


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except KeyboardInterrupt:
        raise SystemExit(130) from None
