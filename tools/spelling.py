"""Spell check of the translations with hunspell (part of ``nox -s i18n``).

Each language's translated, non-fuzzy ``msgstr`` texts go through Debian's
hunspell dictionaries (the dictionary and package of each language are in
``linger_longer.languages``: ``hunspell-fr``, ...) in one ``hunspell -l`` run
per language, not one per entry.
Markup is stripped first, so only the words a reader sees are checked:

- MyST roles keep their shown text: ``{term}`atout <trump>``` reads ``atout``;
  ``{card}`KC``` disappears, and so do the targets of ``{doc}``/``{ref}``
  (an explicit title, ``{doc}`les règles <how-to-play>```, is kept);
- inline code, placeholders (``{player}``, ``%(count)s``), URLs, HTML tags,
  card labels (``R♣``, ``10♥``) and suit symbols disappear.

A word that hunspell does not know is a finding ``file:line: spelling:
'word'`` (the line of the ``msgstr`` that holds it), unless the project word
list ``locales/wordlist/<lang>.txt`` has it: game words, names (Linger
Longer, Pyodide, the seat names), code names. A word list entry in lower case
also accepts the capitalised word; an entry ending in an apostrophe
(``dell'``) accepts only that elided form; an elided article in front of a
listed word (``l’Pyodide``) and a possessive ``'s`` are accepted too.

>>> visible_text("Le {term}`talon <stock>` ({card}`KC`) : `draw-per-card`, {player} joue R♣ sur https://x.org.")
'Le talon ( ) : , joue sur .'
>>> visible_text("Voir {doc}`les règles <how-to-play>` et {doc}`faq`.")
'Voir les règles et .'
>>> WordList.parse("# comment\\nPyodide\\nsmazzata\\ndell'\\n").accepts("Smazzata")
True
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
from collections.abc import Iterable, Sequence
from pathlib import Path

from linger_i18n.po import Catalog, Entry, Problem
from linger_longer.languages import LANGUAGES, language

__all__ = [
    "DICTIONARIES",
    "PACKAGES",
    "SpellingUnavailable",
    "WordList",
    "visible_text",
    "unknown_words",
    "check_catalogs",
]

#: hunspell dictionary per translated language (Debian: /usr/share/hunspell/<name>.dic).
DICTIONARIES = {lang.code: lang.hunspell for lang in LANGUAGES if lang.hunspell}
#: The Debian packages that provide hunspell and those dictionaries.
PACKAGES = ("hunspell", *(language(code).hunspell_package for code in DICTIONARIES))

_SEARCH = (Path("/usr/share/hunspell"), Path("/usr/share/myspell"), Path("/usr/share/myspell/dicts"))

# Roles whose content is text a reader sees; other roles show a target or code.
_TEXT_ROLES = frozenset({"term", "abbr", "sub", "sup", "guilabel", "menuselection", "dfn", "emphasis",
                         "strong", "title-reference"})
_DOUBLE_CODE = re.compile(r"(`{2,})(.+?)\1", re.DOTALL)
_MYST_ROLE = re.compile(r"\{([A-Za-z][\w:.+-]*)\}`([^`]*)`")
_REST_ROLE = re.compile(r"(?<![\w`]):([A-Za-z][\w:.+-]*):`([^`]*)`")
_EXPLICIT = re.compile(r"^(.*?)\s*<([^<>]+)>$", re.DOTALL)
_CODE = re.compile(r"`([^`]*)`")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_URL = re.compile(r"<?(?:https?://|ftp://|mailto:|www\.)[^\s<>]*[^\s<>.,;:!?)\]]>?|[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")
_BRACES = re.compile(r"\{\{.*?\}\}|\{[^{}\s]*\}")
_PERCENT = re.compile(r"%(?:\([A-Za-z_]\w*\))?[-#0+]*(?:\d+|\*)?(?:\.\d+)?[sdifFeEgGxXorc]")
_CARD = re.compile(r"(?<!\w)(?:10|[2-9]|[A-Za-z])[♠♥♦♣♤♡♢♧]")
_SUIT = re.compile(r"[♠♥♦♣♤♡♢♧]")
_SPACES = re.compile(r"[ \t]+")
_DANGLING_HYPHEN = re.compile(r"(?<![\w-])-(?=\w)")
_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'"})
_ELISION = re.compile(r"^[^\W\d_]{1,8}'(?=\w)")


class SpellingUnavailable(RuntimeError):
    """hunspell or a dictionary is missing: the gate must fail, not skip."""


def _role(m: re.Match[str]) -> str:
    name, content = m.group(1).split(":")[-1], m.group(2)
    explicit = _EXPLICIT.match(content)
    if explicit and name != "card":
        return f" {explicit.group(1)} "
    return f" {content} " if name in _TEXT_ROLES else " "


def visible_text(text: str) -> str:
    """The words a reader sees in a msgstr: markup, code, placeholders, URLs and cards removed."""
    text = _DOUBLE_CODE.sub(" ", text)
    text = _MYST_ROLE.sub(_role, text)
    text = _REST_ROLE.sub(_role, text)
    text = _CODE.sub(" ", text)
    text = _LINK.sub(r" \1 ", text)
    text = _URL.sub(" ", text)
    text = _TAG.sub(" ", text)
    text = _BRACES.sub(" ", text)
    text = _PERCENT.sub(" ", text.replace("%%", "%"))
    text = _CARD.sub(" ", text)
    text = _SUIT.sub(" ", text)
    text = _DANGLING_HYPHEN.sub("", text)  # `.po`-bestand reads as bestand
    lines = (_SPACES.sub(" ", line).strip() for line in text.splitlines())
    return "\n".join(line for line in lines if line)


@dataclasses.dataclass
class WordList:
    """A project word list: one word per line, ``#`` starts a comment."""

    exact: frozenset[str]
    folded: frozenset[str]
    path: str = ""

    @classmethod
    def parse(cls, text: str, path: str = "") -> WordList:
        words = set()
        for raw in text.splitlines():
            word = raw.split("#", 1)[0].strip().translate(_APOSTROPHES)
            if word:
                words.add(word)
        return cls(frozenset(words), frozenset(w for w in words if w == w.lower()), path)

    @classmethod
    def load(cls, path: Path | None) -> WordList:
        if path is None or not path.is_file():
            return cls(frozenset(), frozenset(), str(path or ""))
        return cls.parse(path.read_text(encoding="utf-8"), str(path))

    def _has(self, word: str) -> bool:
        return word in self.exact or word.lower() in self.folded

    def accepts(self, word: str, elided: bool = False) -> bool:
        """True when the list has the word (``elided``: the text has an apostrophe right after it)."""
        word = word.translate(_APOSTROPHES)
        if elided and self._has(word + "'"):
            return True
        if self._has(word):
            return True
        bare = _ELISION.sub("", word)
        if bare != word and self._has(bare):
            return True
        return word.endswith("'s") and self._has(word[:-2])


def _shown(path: str) -> str:
    """A word list's path as a translator sees it: from ``locales/`` on."""
    parts = Path(path).parts
    return "/".join(parts[parts.index("locales"):]) if "locales" in parts else path


def find_hunspell() -> str:
    exe = shutil.which("hunspell")
    if exe is None:
        raise SpellingUnavailable(
            "hunspell is not installed, so the spell check cannot run; install it with "
            f"`apt-get install -y {' '.join(PACKAGES)}` (the tests session does this when it runs as root)")
    return exe


def _dictionary(lang: str) -> str:
    name = DICTIONARIES.get(lang)
    if name is None:
        raise SpellingUnavailable(f"no hunspell dictionary is configured for language {lang!r}: give its name and "
                                  "its Debian package (hunspell, hunspell_package) in engine/linger_longer/languages.py")
    for folder in _SEARCH:
        if (folder / f"{name}.dic").is_file() and (folder / f"{name}.aff").is_file():
            return str(folder / name)
    raise SpellingUnavailable(
        f"the hunspell dictionary {name} is missing, so the {lang} spell check cannot run; install it with "
        f"`apt-get install -y {language(lang).hunspell_package}`")


def unknown_words(texts: Iterable[str], lang: str) -> set[str]:
    """Every word of ``texts`` that hunspell's dictionary for ``lang`` does not know (one run)."""
    exe = find_hunspell()
    dictionary = _dictionary(lang)
    data = "\n".join(texts) + "\n"
    proc = subprocess.run([exe, "-i", "utf-8", "-d", dictionary, "-l"], input=data.encode("utf-8"),
                          capture_output=True, check=False)
    if proc.returncode != 0:
        raise SpellingUnavailable(f"hunspell -d {dictionary} failed: {proc.stderr.decode(errors='replace').strip()}")
    words = set()
    for word in proc.stdout.decode("utf-8", errors="replace").split():
        word = word.strip(".-'’")  # the nl dictionary counts . and - as word characters
        if word and not any(ch.isdigit() for ch in word):  # numbers and formulas such as 2n-1 are not words
            words.add(word)
    return words


def _msgstr_lines(lines: Sequence[str], entry: Entry) -> list[tuple[int, str]]:
    """(line number, text) of each physical line of the entry's msgstr(s), escapes blanked."""
    out: list[tuple[int, str]] = []
    i = max(entry.line - 1, 0)
    while i < len(lines) and not lines[i].lstrip().startswith("msgstr"):
        i += 1
    while i < len(lines):
        stripped = lines[i].strip()
        if not (stripped.startswith("msgstr") or stripped.startswith('"')):
            break
        body = stripped[stripped.find('"'):] if '"' in stripped else ""
        out.append((i + 1, re.sub(r'\\.', " ", body)))
        i += 1
    return out


def _checked_entries(cat: Catalog) -> list[Entry]:
    """Translated, used entries; a msgstr that keeps the English msgid unchanged (a name, or another
    language's term quoted on the translators' page) is source text, not the translator's words."""
    return [e for e in cat.entries if e.translated and not e.fuzzy and not e.obsolete and not e.is_header
            and not _unchanged(e)]


def _unchanged(entry: Entry) -> bool:
    """The msgstr is the msgid, perhaps set in italics (``*presa*``): source text kept on purpose."""
    english = entry.msgid if entry.msgid_plural is None else entry.msgid_plural
    return entry.translations[-1].strip().strip("*_").strip() == english.strip()


def check_catalogs(catalogs: Sequence[tuple[Path, Catalog]], lang: str,
                   wordlist: WordList | Path | None = None) -> dict[str, list[Problem]]:
    """Spell-check the msgstrs of one language's catalogs; findings per catalog path.

    Raises :class:`SpellingUnavailable` when hunspell or the dictionary is missing.
    """
    words = wordlist if isinstance(wordlist, WordList) else WordList.load(wordlist)
    visible: list[tuple[Path, Catalog, Entry, str]] = []
    for path, cat in catalogs:
        for entry in _checked_entries(cat):
            visible.append((path, cat, entry, visible_text("\n".join(entry.translations))))
    unknown = unknown_words((text for *_, text in visible), lang)
    # A hyphenated compound is fine when each part is (MyST-opmaak: a listed name and a Dutch word).
    compounds = {w: [p for p in w.split("-") if p] for w in unknown if "-" in w}
    unknown_parts = unknown_words([" ".join(p for ps in compounds.values() for p in ps)], lang) if compounds else set()

    def accepted(word: str, elided: bool) -> bool:
        if words.accepts(word, elided):
            return True
        parts = compounds.get(word)
        return bool(parts) and all(p not in unknown_parts or words.accepts(p) for p in parts)

    found: dict[str, list[Problem]] = {cat.path: [] for _, cat in catalogs}
    listed = words.path or f"locales/wordlist/{lang}.txt"
    hint = (f"is not in the {lang} dictionary ({DICTIONARIES.get(lang)}) nor in the word list {_shown(listed)}: "
            "correct it, or add it to that list if it is right")
    if not unknown:
        return found
    pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, sorted(unknown, key=len, reverse=True)))
                         + r")(?!\w)(['’])?")
    file_lines: dict[Path, list[str]] = {}
    for path, cat, entry, text in visible:
        flagged: dict[str, None] = {}
        for m in pattern.finditer(text):
            if not accepted(m.group(1), m.group(2) is not None):
                flagged.setdefault(m.group(1))
        if not flagged:
            continue
        if path not in file_lines:
            file_lines[path] = path.read_text(encoding="utf-8", errors="replace").splitlines()
        physical = _msgstr_lines(file_lines[path], entry)
        for word in flagged:
            where = re.compile(r"(?<!\w)" + re.escape(word) + r"(?!\w)")
            line = next((n for n, raw in physical if where.search(visible_text(raw))),
                        next((n for n, raw in physical if where.search(raw)),
                             physical[0][0] if physical else entry.line))
            found[cat.path].append(Problem(cat.path, line, "spelling", f"'{word}' {hint}"))
    for problems in found.values():
        problems.sort(key=lambda p: p.line)
    return found
