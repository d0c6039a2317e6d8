"""What is wrong with one translated message: the checks the site build and the translation gate share.

Each translated, non-fuzzy entry is compared with its English ``msgid``; a
finding has a kind and a reason:

- ``placeholder``: ``{name}``, ``%s`` or ``%(name)s`` placeholders differ;
- ``markup``: MyST/reST roles and their targets, inline code, ``**`` bold or
  links differ (a glossary role in a translation keeps its English target:
  ``{term}`atout <trump>```);
- ``html``: the translation adds HTML tags that the English does not have
  (the site shows them as text, never as markup);
- ``copy``: the msgstr is the English msgid, copied, and longer than four words;
- ``term``: the English uses a termbase term (``locales/glossary.csv``) and
  the translation does not use that language's term, or uses a word the
  termbase rejects for it (``!levée`` in the cell: "levée" contradicts "pli");
  an entry marked ``# same as source`` that repeats its msgid is a cited
  word, not checked. An opponent level (a row of kind ``level``) has one name
  per language, and a name the row rejects (``!bon sens``) is refused in every
  message of that language, whatever its English says: a level called two
  ways reads as two levels;
- ``forms``: a plural entry has not as many forms as its language's rule
  (``Plural-Forms``) has; gettext would show nothing for the missing ones;
- ``typography``: the language's conventions (:mod:`linger_i18n.typography`).

The site build leaves out entries with a :data:`BLOCKING` finding (those show
in English, see :mod:`linger_i18n.catalogs`); the translation gate
(``tools/i18n_check.py``) reports every finding.

>>> check_pair('Win the {term}`trick`.', 'Gagnez le {term}`pli`.')
[('markup', "role {term}`pli` points to 'pli', the English to 'trick': keep the target, as in {term}`pli <trick>`")]
>>> check_pair('{name} draws %(count)s cards', '{nom} pioche %(count)s cartes')
[('placeholder', 'placeholders differ: the translation lacks {name} and adds {nom}')]
>>> check_pair('Win the {term}`trick`.', 'Gagnez le {term}`pli <trick>`.')
[]
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from linger_longer.languages import language

from . import typography
from .po import Entry, Problem

__all__ = ["BLOCKING", "CHECKED_KINDS", "Term", "Termbase", "TermbaseError", "check_pair", "entry_problems",
           "placeholders"]

BLOCKING = frozenset({"syntax", "placeholder", "markup", "forms"})
"""Findings that make the build leave an entry out (English shows instead)."""

REF_ROLES = frozenset({"term", "doc", "ref", "numref", "any", "card", "download", "keyword", "option"})
_MYST_ROLE = re.compile(r"(?<!`)\{([A-Za-z][\w:.+-]*)\}`([^`]*)`")
_REST_ROLE = re.compile(r"(?<![\w`]):([A-Za-z][\w:.+-]*):`([^`]*)`")
_EXPLICIT = re.compile(r"^(.*?)\s*<([^<>]+)>$", re.DOTALL)
_CODE = re.compile(r"(`+)(.+?)\1", re.DOTALL)
_LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]*)(?:\s+\"[^\"]*\")?\)")
_AUTOLINK = re.compile(r"<((?:https?|mailto):[^>\s]+)>")
_BRACE = re.compile(r"(?<!\{)\{([A-Za-z_][\w.]*|\d*)(![rsa])?(:[^{}]*)?\}(?![`}])")
_PERCENT = re.compile(r"%(?:\([A-Za-z_]\w*\))?[-#0+]*(?:\d+|\*)?(?:\.\d+)?[sdifFeEgGxXorc]")
_HTML = re.compile(r"</?([A-Za-z][A-Za-z0-9-]*)(?=[\s/>])[^<>]*>")


def _roles(text: str) -> list[tuple[str, str, str]]:
    """(name, target, written) for every role in MyST or reST syntax."""
    found = []
    for pattern in (_MYST_ROLE, _REST_ROLE):
        for m in pattern.finditer(text):
            name, content = m.group(1), m.group(2)
            explicit = _EXPLICIT.match(content)
            target = explicit.group(2) if explicit else content
            if name.endswith("term") or name == "term":
                target = " ".join(target.lower().split())
            found.append((name, target.strip(), m.group(0)))
    return found


def _strip_roles(text: str) -> str:
    return _REST_ROLE.sub(" ", _MYST_ROLE.sub(" ", text))


def _plain(text: str) -> str:
    """Running text for term matching: what a reader sees of the words.

    A role with an explicit title shows its title and a glossary term its
    word; card codes and the targets of page and section links are not words
    of the text (the link shows the target's own title), nor are code spans
    and placeholders such as ``{dealer}``.
    """

    def shown(m: re.Match[str]) -> str:
        explicit = _EXPLICIT.match(m.group(2))
        if explicit:
            return explicit.group(1)
        return m.group(2) if m.group(1).split(":")[-1] == "term" else " "

    text = _MYST_ROLE.sub(shown, text)
    text = _REST_ROLE.sub(shown, text)
    return _BRACE.sub(" ", _CODE.sub(" ", text))


def placeholders(text: str) -> Counter[str]:
    """The ``{name}`` and ``%s``-style placeholders of a message, with their counts (code spans and roles aside)."""
    bare = _CODE.sub(" ", _strip_roles(text)) if "`" in text else text
    found: Counter[str] = Counter()
    for m in _BRACE.finditer(bare):
        found["{" + m.group(1) + "}"] += 1
    for m in _PERCENT.finditer(bare.replace("%%", "")):
        found[m.group(0)] += 1
    return found


def _markup(text: str) -> dict[str, Counter[str]]:
    rest = _strip_roles(text)
    refs: Counter[str] = Counter()
    others: Counter[str] = Counter()
    for name, target, _written in _roles(text):
        if name.split(":")[-1] in REF_ROLES:
            refs[f"{{{name}}}→{target}"] += 1
        else:
            others[name] += 1
    code = Counter(m.group(2).strip() for m in _CODE.finditer(rest))
    links = Counter(m.group(2) for m in _LINK.finditer(rest)) + Counter(_AUTOLINK.findall(rest))
    strong = Counter({"**": rest.count("**")}) if "**" in rest else Counter()
    return {"refs": refs, "roles": others, "code": code, "links": links, "strong": strong}


def _fmt(counter: Counter[str]) -> str:
    return ", ".join(sorted(counter.elements())) or "none"


def check_pair(msgid: str, msgstr: str) -> list[tuple[str, str]]:
    """Compare one English message with one translation: (kind, reason) findings."""
    findings: list[tuple[str, str]] = []
    ph_en, ph_tr = placeholders(msgid), placeholders(msgstr)
    if ph_en != ph_tr:
        parts = []
        if ph_en - ph_tr:
            parts.append(f"the translation lacks {_fmt(ph_en - ph_tr)}")
        if ph_tr - ph_en:
            parts.append(f"adds {_fmt(ph_tr - ph_en)}")
        findings.append(("placeholder", "placeholders differ: " + " and ".join(parts)))

    en, tr = _markup(msgid), _markup(msgstr)
    if en["refs"] != tr["refs"]:
        en_roles = {(n, t) for n, t, _ in _roles(msgid)}
        reason = None
        for name, target, written in _roles(msgstr):
            if name.split(":")[-1] in REF_ROLES and (name, target) not in en_roles:
                same_role = [t for n, t in en_roles if n == name]
                if name == "card":
                    reason = (f"card {written} is not in the English ({', '.join(t for n, t in sorted(en_roles) if n == 'card') or 'no cards'}): "
                              "card codes stay as in the English, the site shows them in the reader's language")
                elif same_role and not _EXPLICIT.match(written.split("`")[1]):
                    reason = (f"role {written} points to {target!r}, the English to {same_role[0]!r}: "
                              f"keep the target, as in {{{name}}}`{written.split('`')[1]} <{same_role[0]}>`")
                else:
                    reason = f"role {written} points to {target!r}, which the English does not reference"
                break
        if reason is None:
            missing = en["refs"] - tr["refs"]
            reason = f"roles differ: the translation lacks {_fmt(missing)}" if missing else (
                f"roles differ: English has {_fmt(en['refs'])}, the translation has {_fmt(tr['refs'])}")
        findings.append(("markup", reason))
    if en["roles"] != tr["roles"]:
        findings.append(("markup", f"roles differ: English uses {_fmt(en['roles'])}, the translation {_fmt(tr['roles'])}"))
    if sum(en["code"].values()) != sum(tr["code"].values()):
        findings.append(("markup", f"inline code differs: English has {sum(en['code'].values())} `code` spans, "
                                   f"the translation {sum(tr['code'].values())}"))
    if en["links"] != tr["links"]:
        findings.append(("markup", f"links differ: English links to {_fmt(en['links'])}, the translation to {_fmt(tr['links'])}"))
    if en["strong"] != tr["strong"]:
        findings.append(("markup", f"bold markers (**) differ: English has {en['strong']['**']}, "
                                   f"the translation {tr['strong']['**']}"))

    tags_en = Counter(t.lower() for t in _HTML.findall(_CODE.sub(" ", _strip_roles(msgid))))
    tags_tr = Counter(t.lower() for t in _HTML.findall(_CODE.sub(" ", _strip_roles(msgstr))))
    extra = tags_tr - tags_en
    if extra:
        findings.append(("html", f"the translation adds HTML tags the English does not have: {_fmt(extra)} "
                                 "(they are shown as text)"))
    return findings


@functools.lru_cache(maxsize=None)
def _en_pattern(alternatives: tuple[str, ...]) -> re.Pattern[str]:
    """The English alternatives as whole words (plus a plural ``s``/``es``), compiled once.

    An alternative written ``=Strong`` matches a message that is that label and nothing else (a level's
    name on a button), not the word inside a sentence ("a strong card").

    >>> bool(_en_pattern(("strong player", "=Strong")).search("Strong")), bool(_en_pattern(("=Strong",)).search("A strong card"))
    (True, False)
    """

    def words(alt: str) -> str:
        return r"\s+".join(map(re.escape, alt.split()))

    labels = [words(a[1:]) for a in alternatives if a.startswith("=")]
    inline = [words(a) for a in alternatives if not a.startswith("=")]
    parts = [rf"(?<!\w)(?:{'|'.join(inline)})(?:s|es)?(?!\w)"] if inline else []
    if labels:
        parts.append(rf"^\s*(?:{'|'.join(labels)})\s*$")
    return re.compile("|".join(parts), re.IGNORECASE)


#: The kinds of termbase rows the gate checks (``name`` and ``rank letter`` rows are for translators only).
CHECKED_KINDS = frozenset({"term", "level"})


class TermbaseError(ValueError):
    """The termbase file itself is wrong (a level with two names): its path, row and reason."""

    def __init__(self, path: str, row: int, reason: str) -> None:
        super().__init__(f"{path}:{row}: {reason}")
        self.path, self.row, self.reason = path, row, reason


@dataclasses.dataclass(frozen=True)
class Term:
    """One termbase row: the English alternatives, each language's, and the row's number in the file."""

    en: tuple[str, ...]
    target: dict[str, tuple[str, ...]]
    row: int
    #: Words each language's translations must not use for this term (``!word`` in the cell).
    avoid: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    #: ``term``, or ``level`` for an opponent level: one name per language, its rejected names refused everywhere.
    kind: str = "term"

    @property
    def name(self) -> str:
        """The term's English name in messages: its first alternative (a label's ``=`` left out)."""
        return self.en[0].lstrip("=")

    def en_pattern(self) -> re.Pattern[str]:
        return _en_pattern(self.en)

    def matches(self, lang: str, text: str) -> bool:
        return any(_find(alt, text, lang) for alt in self.target.get(lang, ()))

    def rejected(self, lang: str, text: str) -> str | None:
        """The first word of ``text`` that the termbase rejects for this term in ``lang``, if any."""
        for alt in self.avoid.get(lang, ()):
            m = _find(alt, text, lang)
            if m:
                return m.group(0)
        return None


def _starts_a_word(alt: str, text: str) -> re.Match[str] | None:
    """``alt`` (one or more words) at the start of a word of ``text``, whatever the case; the word matched."""
    words = r"\s+".join(map(re.escape, alt.rstrip("*").split()))
    return re.search(rf"(?<!\w){words}\w*", text, re.IGNORECASE)


#: Dutch separable-verb particles, longest first: in a main clause the particle leaves the verb and closes the
#: clause ("afleggen" → "je legt je zwakste kaart af").
_NL_PARTICLES = ("terug", "samen", "achter", "voorbij", "binnen", "mee", "weg", "door", "over", "voor", "uit",
                 "aan", "toe", "bij", "op", "in", "af", "na", "om")

#: How many words may stand between a split verb and its particle (the object and its adverbs).
_SPLIT_GAP = 8


def _split_verb(alt: str, text: str) -> re.Match[str] | None:
    """A Dutch separable verb written as one word (``afleg``) found split around its object in ``text``: the stem
    starts a word (``legt``), then at most a few words of the same clause, then the particle (``af``) as a word.

    >>> _split_verb("afleg", "Je legt je zwakste kaart af.").group(0)
    'legt je zwakste kaart af'
    >>> _split_verb("afleg", "Je legt je kaart op tafel. Daarna af.") is None
    True
    """
    word = alt.rstrip("*")
    if " " in word.strip():
        return None
    particle = next((p for p in _NL_PARTICLES if word.lower().startswith(p) and len(word) - len(p) >= 3), None)
    if particle is None:
        return None
    stem = re.escape(word[len(particle):])
    gap = rf"(?:[^\W\d]+\s+){{0,{_SPLIT_GAP}}}?"
    return re.search(rf"(?<!\w){stem}\w*\s+{gap}{particle}(?!\w)", text, re.IGNORECASE)


def _find(alt: str, text: str, lang: str) -> re.Match[str] | None:
    """``alt`` in ``text`` as :func:`_starts_a_word` finds it; in Dutch also a separable verb split in two."""
    found = _starts_a_word(alt, text)
    if found is None and lang == "nl":
        found = _split_verb(alt, text)
    return found


def _without(text: str, lang: str, terms: Sequence[Term]) -> str:
    """``text`` with every phrase of ``terms`` in ``lang`` blanked out (the same length, so nothing else moves)."""
    for term in terms:
        for alt in term.target.get(lang, ()):
            while (found := _starts_a_word(alt, text)) is not None:
                text = text[:found.start()] + " " * (found.end() - found.start()) + text[found.end():]
    return text


class Termbase:
    """The project's termbase: ``locales/glossary.csv``, a column per language (``en`` first) and ``kind``.

    A cell may list alternatives separated by ``|`` (``pli|plis``). The English
    matches whole words (plus a plural ``s``/``es``); a translation matches when
    one of its alternatives starts a word of the msgstr. Only rows of kind
    ``term`` (or with no kind) and ``level`` are checked; rows of kind ``name``
    (profile and variant names, which stay as code in the text) and ``rank
    letter`` are there for translators and translation platforms. A ``level``
    row (an opponent level of the Play page) must give exactly one name in each
    language: :class:`TermbaseError` otherwise.
    """

    def __init__(self, terms: Sequence[Term], path: str = "") -> None:
        self.terms = list(terms)
        self.path = path

    @classmethod
    def load(cls, path: Path) -> Termbase:
        terms = []
        with path.open(encoding="utf-8", newline="") as fh:
            reader = csv.DictReader(fh)
            for rowno, row in enumerate(reader, start=2):
                en = tuple(a.strip() for a in (row.get("en") or "").split("|") if a.strip())
                kind = (row.get("kind") or "term").strip()
                if not en or kind not in CHECKED_KINDS:
                    continue
                target: dict[str, tuple[str, ...]] = {}
                avoid: dict[str, tuple[str, ...]] = {}
                for lang, cell in row.items():  # every column but the English, the kind and the note is a language
                    if lang in (None, "en", "kind", "note"):
                        continue
                    alts = [a.strip() for a in (cell or "").split("|") if a.strip()]
                    target[lang] = tuple(a for a in alts if not a.startswith("!"))
                    avoid[lang] = tuple(a[1:].strip() for a in alts if a.startswith("!"))
                    if kind == "level" and len(target[lang]) != 1:
                        raise TermbaseError(str(path), rowno, (
                            f"the opponent level {en[0]!r} has {len(target[lang])} {lang} names "
                            f"({', '.join(map(repr, target[lang])) or 'none'}): give it exactly one, and mark "
                            f"any other as rejected with '!'"))
                terms.append(Term(en, target, rowno, avoid, kind))
        return cls(terms, str(path))

    def findings(self, lang: str, msgid: str, msgstr: str) -> list[tuple[str, str]]:
        out = []
        plain_en, plain_tr = _plain(msgid), _plain(msgstr)
        named_terms = [t for t in self.terms if t.target.get(lang) and t.en_pattern().search(plain_en)]
        for term in self.terms:
            if not term.target.get(lang):
                continue
            wanted = " | ".join(term.target[lang])
            named = term in named_terms
            if named and not term.matches(lang, plain_tr):
                out.append(("term", f"the English uses {term.name!r}; the {lang} termbase term is {wanted!r} "
                                    f"(glossary.csv row {term.row})"))
            # A rejected word inside another named term's own phrase is that term, not this one ("aan de beurt"
            # for the player to act, in a sentence about a trick).
            rest = _without(plain_tr, lang, [t for t in named_terms if t is not term])
            rejected = term.rejected(lang, rest) if named or term.kind == "level" else None
            if rejected and term.kind == "level":
                out.append(("term", f"{rejected!r} is a second name for the opponent level {term.name!r}: "
                                    f"the {lang} name is {wanted!r} (glossary.csv row {term.row})"))
            elif rejected:
                out.append(("term", f"{rejected!r} contradicts the termbase: for {term.name!r} the {lang} term is "
                                    f"{wanted!r}, not {rejected!r} (glossary.csv row {term.row})"))
        return out


@functools.lru_cache(maxsize=None)
def _only_one(lang: str) -> bool:
    """True when the language's first plural form is for the number 1 alone (English, Italian, Dutch; not
    French, whose first form is also for 0): only then may that form leave out the count ("une carte")."""
    import gettext

    try:
        rule = gettext.c2py(language(lang).plural_forms.split("plural=", 1)[1].rstrip(";"))
    except KeyError:
        return True
    return [n for n in range(0, 1000) if rule(n) == 0] == [1]


def entry_problems(entry: Entry, path: str, lang: str, termbase: Termbase | None = None) -> list[Problem]:
    """Every finding for one translated, non-fuzzy entry."""
    if not entry.translated or entry.fuzzy or entry.obsolete or entry.is_header:
        return []
    findings: list[tuple[str, str]] = []
    if entry.msgid_plural is None:
        findings += check_pair(entry.msgid, entry.msgstr)
        pairs = [(entry.msgid, entry.msgstr)]
    else:
        forms = entry.translations
        try:
            wanted = int(re.search(r"nplurals\s*=\s*(\d+)", language(lang).plural_forms).group(1))  # type: ignore[union-attr]
        except KeyError:
            wanted = len(forms)
        if len(forms) != wanted:
            findings.append(("forms", f"{len(forms)} plural form(s) (msgstr[0]..msgstr[{len(forms) - 1}]); the {lang} "
                                      f"rule has {wanted}: give msgstr[0]..msgstr[{wanted - 1}]"))
        # The singular form may leave out the count ("one card"); the others may not.
        for i, form in enumerate(forms):
            english = entry.msgid if i == 0 and len(forms) > 1 else entry.msgid_plural
            for kind, reason in check_pair(english, form):
                if (i == 0 and kind == "placeholder" and _only_one(lang)
                        and placeholders(form) <= placeholders(entry.msgid_plural)):
                    continue
                findings.append((kind, f"msgstr[{i}]: {reason}"))
        pairs = [(entry.msgid_plural, forms[-1])]
    for form in entry.translations:
        findings += [("typography", reason) for reason in typography.findings(lang, form)]
    for english, translation in pairs:
        same_on_purpose = any("same as source" in c for c in entry.comments)
        if translation.strip() == english.strip() and len(english.split()) > 4 and not same_on_purpose:
            findings.append(("copy", "the msgstr is the English msgid, copied; translate it or leave it empty"))
        quoted = same_on_purpose and translation.strip() == english.strip()  # a word of another language, cited
        if termbase is not None and not quoted:
            findings += termbase.findings(lang, english, translation)
    return [Problem(path, entry.line, kind, reason) for kind, reason in findings]
