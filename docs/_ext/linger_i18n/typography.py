"""The typographic conventions of each language, checked on every translation (finding kind ``typography``).

The conventions are declared with the language (``linger_longer.languages``):

- ``apostrophe``: the one apostrophe of the language's translations (French
  and Italian ``’``, Dutch ``'``): an apostrophe between two letters must be it;
- ``percent_space``: what stands between a number and ``%`` (French a
  no-break space, "95 %"; Italian and Dutch nothing, "95%");
- ``no_break_punctuation``: French spacing, a no-break space (U+00A0 or the
  narrow U+202F) before ``: ; ! ?`` and inside ``« »``; an ordinary space
  there lets the line break before the sign.

Code spans, roles and placeholders are not text a reader sees as written:
they are masked before the check (a placeholder stands for a word or a number).

>>> print(findings('fr', "C'est 95% : voilà")[0])
straight apostrophe ' in "C'est": the fr translations use ’
>>> findings('fr', 'C’est 95\\u00a0%\\u00a0: voilà')
[]
>>> findings('it', 'Vince il 95 % delle volte')
['space before % in "95 %": the it convention is "95%"']
"""

from __future__ import annotations

import re

from linger_longer.languages import language

__all__ = ["findings", "visible"]

_ROLE = re.compile(r"\{([A-Za-z][\w:.+-]*)\}`([^`]*)`")
_EXPLICIT = re.compile(r"^(.*?)\s*<([^<>]+)>$", re.DOTALL)
_CODE = re.compile(r"(`+)(.+?)\1", re.DOTALL)
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][\w.]*(?:![rsa])?(?::[^{}]*)?\}")
_URL = re.compile(r"(?:https?|mailto|ftp):[^\s<>)]*")
_APOSTROPHES = "'’"
_NO_BREAK = "\u00a0\u202f"


def visible(text: str) -> str:
    """The text with code, roles (but their shown words), URLs and placeholders masked as ``0``."""
    def role(m: re.Match[str]) -> str:
        explicit = _EXPLICIT.match(m.group(2))
        if explicit:
            return explicit.group(1)
        return m.group(2) if m.group(1).split(":")[-1] == "term" else "0"

    text = _CODE.sub("0", text)
    text = _ROLE.sub(role, text)
    text = _URL.sub("0", text)
    return _PLACEHOLDER.sub("0", text)


def _word_at(text: str, index: int) -> str:
    start = index
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    end = index
    while end < len(text) and not text[end].isspace():
        end += 1
    return text[start:end]


def findings(lang: str, msgstr: str) -> list[str]:
    """Every typographic convention of ``lang`` that ``msgstr`` breaks, as reasons (empty for a language without rules)."""
    try:
        rules = language(lang)
    except KeyError:
        return []
    text = visible(msgstr)
    out: list[str] = []
    wrong = next((a for a in _APOSTROPHES if a != rules.apostrophe), None)
    if wrong:
        m = re.search(rf"(?<=\w){re.escape(wrong)}(?=\w)", text)
        if m:
            name = "straight" if wrong == "'" else "curly"
            out.append(f"{name} apostrophe {wrong} in \"{_word_at(text, m.start())}\": "
                       f"the {lang} translations use {rules.apostrophe}")
    if rules.percent_space:
        m = re.search(r"\d(%| %)", text)
        if m:
            out.append(f"\"{_word_at(text, m.start())}\": the {lang} convention is a no-break space before % (\"95\u00a0%\")")
    else:
        m = re.search(rf"\d+[ {_NO_BREAK}]%", text)
        if m:
            out.append(f"space before % in \"{text[m.start():m.end()]}\": the {lang} convention is \"95%\"")
    if rules.no_break_punctuation:
        m = re.search(r"(?<=\S) ([:;!?»])|(«) ", text)
        if m:
            sign = m.group(1) or m.group(2)
            where = "before" if m.group(1) else "after"
            out.append(f"ordinary space {where} {sign}: use a no-break space (U+00A0 or U+202F) so the line "
                       f"cannot break {where} it")
        else:
            m = re.search(r"(?<=[\w»)])([;!?])(?=\s|$)|«(?=\w)|(?<=[\w.!?])»", text)
            if m:
                out.append(f"no space at {text[max(m.start() - 8, 0):m.end() + 8].strip()!r}: French puts a "
                           "no-break space before ; ! ? and inside « »")
    return out
