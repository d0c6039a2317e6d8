"""The project's gettext catalogs: read them, check their entries, compile them.

Shared by the site's Sphinx extensions (``docs/_ext``), the build and
translation tools (``tools/``) and the tests; standard library only, so any
process can compile catalogs. Declared in ``pyproject.toml`` beside the
engine, so an editable install makes it importable everywhere.

- :mod:`linger_i18n.po`: a strict and forgiving ``.po`` reader and a ``.mo`` writer;
- :mod:`linger_i18n.checks`: what is wrong with one translated entry;
- :mod:`linger_i18n.catalogs`: catalogs to ``.mo``, broken entries left out.

``python -m linger_i18n`` compiles the engine's narration catalogs into the
engine package.
"""
