"""``python -m linger_i18n``: compile the engine's catalogs into the engine package and list them."""

from .catalogs import ROOT, compile_engine_catalogs

if __name__ == "__main__":
    for path in compile_engine_catalogs():
        print(path.relative_to(ROOT))
