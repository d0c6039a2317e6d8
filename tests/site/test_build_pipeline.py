"""The build pipeline itself: fresh builds, shared assets, colours that stay readable."""

from __future__ import annotations

import re
from pathlib import Path

from linger_longer.languages import CODES

from tools.build_site import build_site, share_static, write_root_index


def test_a_fresh_build_forgets_shared_assets_whose_source_is_gone(tmp_path: Path, monkeypatch) -> None:
    """A fresh build of every language starts from empty folders, so a shared asset of an earlier build whose
    source is gone does not survive it. Sphinx is stood in for by a writer of one page and one asset per language:
    the real every-language build with -W (any warning fails) is the tests session's own ``build_site --fresh``,
    which runs before pytest, so this test does not build the four languages a second time."""
    import tools.build_site as pipeline

    def sphinx(lang: str, out: Path, doctrees: Path, **_options: object) -> float:
        (out / lang / "_static").mkdir(parents=True)
        (out / lang / "_static" / "linger.css").write_text("shared")
        (out / lang / "index.html").write_text(_page(""))
        return 0.0

    monkeypatch.setattr(pipeline, "build_language", sphinx)
    out = tmp_path / "site"
    gone = out / "_static" / "linger-removed.js"
    gone.parent.mkdir(parents=True)
    gone.write_text("// an asset an earlier build shared")
    times = build_site(out=out, doctrees=tmp_path / "doctrees", fresh=True, pyodide=False, log=lambda _m: None)
    assert set(CODES) <= set(times)
    assert (out / "index.html").is_file() and (out / "_static" / "linger.css").is_file()
    assert not gone.exists()


def _page(static_prefix: str) -> str:
    return (f'<link rel="stylesheet" href="{static_prefix}_static/a.css?v=1">'
            f'<script src="{static_prefix}_static/lang.js"></script>'
            f'<script src="{static_prefix}_static/sub/b.js"></script>')


def test_share_static_moves_identical_assets_and_repoints_pages(tmp_path: Path) -> None:
    """Identical files go to _static once; differing ones stay; pages point to the right copy."""
    for lang in CODES:
        static = tmp_path / lang / "_static"
        (static / "sub").mkdir(parents=True)
        (static / "a.css").write_text("same")
        (static / "sub" / "b.js").write_text("same too")
        (static / "lang.js").write_text(f"LANGUAGE = {lang!r}")
        (tmp_path / lang / "index.html").write_text(_page(""))
        (tmp_path / lang / "deep").mkdir()
        (tmp_path / lang / "deep" / "page.html").write_text(_page("../"))

    counts = share_static(tmp_path)
    assert counts == {"shared": 2, "kept": 4}
    assert (tmp_path / "_static" / "a.css").read_text() == "same"
    assert not (tmp_path / "fr" / "_static" / "a.css").exists()
    assert (tmp_path / "fr" / "_static" / "lang.js").exists()
    top = (tmp_path / "fr" / "index.html").read_text()
    deep = (tmp_path / "fr" / "deep" / "page.html").read_text()
    assert top == ('<link rel="stylesheet" href="../_static/a.css?v=1"><script src="_static/lang.js"></script>'
                   '<script src="../_static/sub/b.js"></script>')
    assert 'href="../../_static/a.css?v=1"' in deep and 'src="../_static/lang.js"' in deep

    # Idempotent, and a one-language rebuild that re-copies shared files is folded back.
    (tmp_path / "fr" / "_static" / "a.css").write_text("same")
    (tmp_path / "fr" / "index.html").write_text(_page(""))
    share_static(tmp_path)
    assert not (tmp_path / "fr" / "_static" / "a.css").exists()
    assert (tmp_path / "fr" / "index.html").read_text() == top


def test_root_index_without_a_shared_static_folder(tmp_path: Path) -> None:
    """The chooser brings its own redirect script when no language has been shared yet, and hands it the
    site's languages (the script keeps no list of its own)."""
    index = write_root_index(tmp_path)
    assert (tmp_path / "_static" / "linger-redirect.js").is_file()
    page = index.read_text(encoding="utf-8")
    assert 'hreflang="x-default"' in page
    assert f'<script src="_static/linger-redirect.js" data-languages="{" ".join(CODES)}"></script>' in page
    script = (tmp_path / "_static" / "linger-redirect.js").read_text(encoding="utf-8")
    assert not any(f'"{code}"' in script for code in CODES if code != "en")


def _luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_red_suits_keep_enough_contrast(repo_root: Path) -> None:
    """Red cards reach WCAG AA (4.5:1) on Furo's light and dark page backgrounds."""
    import furo

    css = (repo_root / "docs" / "_static" / "linger.css").read_text(encoding="utf-8")
    reds = re.findall(r"--ll-red:\s*(#[0-9a-fA-F]{6})", css)
    assert len(reds) == 3, reds
    light, dark = reds[0], reds[1]
    assert reds[2] == dark
    furo_css = (Path(furo.__file__).parent / "theme" / "furo" / "static" / "styles" / "furo.css").read_text()
    # Furo's page backgrounds (the test fails if Furo ever changes them).
    assert "--color-background-primary:#131416" in furo_css.replace(" ", "")
    assert contrast(light, "#ffffff") >= 4.5
    assert contrast(dark, "#131416") >= 4.5
    # Also on the slightly tinted backgrounds of admonitions and code.
    assert contrast(light, "#f8f9fb") >= 4.5
    assert contrast(dark, "#1a1c1e") >= 4.5
