"""A small, strict and forgiving reader for gettext ``.po`` files, and an ``.mo`` writer.

Strict: every problem is reported with its line number and a reason.
Forgiving: a broken entry is skipped up to the next blank line and the rest
of the file is still read, so one bad entry costs one message, not a page.
Standard library only, so the nox process itself can compile catalogs.

>>> cat = parse_po('msgid ""\\nmsgstr "Content-Type: text/plain; charset=UTF-8\\\\n"\\n\\n'
...                '#, fuzzy\\nmsgid "Trick"\\nmsgstr "Pli"\\n\\nmsgid "Trump"\\nmsgstr "Atout"\\n')
>>> [(e.msgid, e.msgstr, e.fuzzy, e.line) for e in cat.entries]
[('Trick', 'Pli', True, 5), ('Trump', 'Atout', False, 8)]
>>> cat.problems
[]
"""

from __future__ import annotations

import array
import dataclasses
import re
import struct
from collections.abc import Iterable, Sequence
from pathlib import Path

__all__ = ["Entry", "Catalog", "Problem", "parse_po", "previous_ids", "quote", "read_po", "unquote", "write_mo",
           "mo_bytes"]

_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*)$")
_STRING = re.compile(r'^"((?:[^"\\]|\\.)*)"\s*$')
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b",
            "f": "\f", "v": "\v"}


@dataclasses.dataclass(frozen=True)
class Problem:
    """One finding in a catalog: where it is and why it is wrong."""

    path: str
    line: int
    kind: str
    reason: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.kind}: {self.reason}"


@dataclasses.dataclass
class Entry:
    """One message of a catalog (``msgstr`` holds the plural forms for plural entries)."""

    msgid: str = ""
    msgstr: str = ""
    line: int = 0
    msgctxt: str | None = None
    msgid_plural: str | None = None
    msgstr_plural: dict[int, str] = dataclasses.field(default_factory=dict)
    flags: set[str] = dataclasses.field(default_factory=set)
    obsolete: bool = False
    comments: list[str] = dataclasses.field(default_factory=list)

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def is_header(self) -> bool:
        return self.msgid == "" and self.msgctxt is None

    @property
    def translations(self) -> list[str]:
        """Every msgstr of the entry (one, or one per plural form)."""
        if self.msgid_plural is not None:
            return [self.msgstr_plural[k] for k in sorted(self.msgstr_plural)]
        return [self.msgstr]

    @property
    def translated(self) -> bool:
        """True when every msgstr is filled in (fuzzy or not)."""
        return all(s != "" for s in self.translations)

    @property
    def key(self) -> str:
        """The lookup key used in ``.mo`` files (context, EOT, msgid)."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}\x04{self.msgid}"


@dataclasses.dataclass
class Catalog:
    """A parsed catalog: its entries (header first when present) and its problems."""

    path: str
    entries: list[Entry]
    header: Entry | None
    obsolete: list[Entry]
    problems: list[Problem]
    #: Messages that could not be read (a syntax error): not translated, whatever they hold.
    broken: int = 0

    @property
    def messages(self) -> list[Entry]:
        """The real messages: neither the header nor obsolete."""
        return self.entries


class _EntryError(Exception):
    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


def _unquote(text: str, lineno: int) -> str:
    m = _STRING.match(text.strip())
    if not m:
        stripped = text.strip()
        if stripped.startswith('"') and not re.match(r'^"(?:[^"\\]|\\.)*"', stripped):
            raise _EntryError(lineno, f"unterminated string: {stripped[:40]!r} has no closing \" on its line "
                                      "(a string ends on the line it starts; continue it on the next line in quotes)")
        raise _EntryError(lineno, f"expected a quoted string, found {stripped!r}")
    body = m.group(1)
    out: list[str] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt in _ESCAPES:
            out.append(_ESCAPES[nxt])
            i += 2
        elif nxt in "01234567":
            m8 = re.match(r"[0-7]{1,3}", body[i + 1 :])
            assert m8 is not None
            out.append(chr(int(m8.group(0), 8)))
            i += 1 + len(m8.group(0))
        elif nxt == "x" and re.match(r"[0-9a-fA-F]{2}", body[i + 2 : i + 4]):
            out.append(chr(int(body[i + 2 : i + 4], 16)))
            i += 4
        else:
            raise _EntryError(lineno, f"unknown escape sequence \\{nxt} in string")
    return "".join(out)


def _parse_block(lines: list[tuple[int, str]], obsolete: bool) -> Entry:
    """Parse the lines of one entry (comments already separated)."""
    entry = Entry(obsolete=obsolete)
    fields: dict[str, str] = {}
    order: list[str] = []
    current: str | None = None
    for lineno, raw in lines:
        line = raw.strip()
        if line.startswith('"'):
            if current is None:
                raise _EntryError(lineno, "a continuation string comes before any keyword")
            fields[current] += _unquote(line, lineno)
            continue
        m = _KEYWORD.match(line)
        if not m:
            raise _EntryError(lineno, f"unknown line {line[:40]!r} (expected msgid, msgstr, msgctxt or a string)")
        key = m.group(1)
        if key in fields:
            raise _EntryError(lineno, f"{key} appears twice in one entry")
        if not entry.line and key in ("msgctxt", "msgid"):
            entry.line = lineno
        fields[key] = _unquote(m.group(3), lineno)
        order.append(key)
        current = key
    first = lines[0][0] if lines else 0
    if "msgid" not in fields:
        raise _EntryError(first, "entry without msgid")
    entry.line = entry.line or first
    if "msgctxt" in fields and order.index("msgctxt") > order.index("msgid"):
        raise _EntryError(first, "msgctxt must come before msgid")
    entry.msgctxt = fields.get("msgctxt")
    entry.msgid = fields["msgid"]
    plural_keys = sorted(k for k in fields if k.startswith("msgstr["))
    if "msgid_plural" in fields:
        entry.msgid_plural = fields["msgid_plural"]
        if "msgstr" in fields or not plural_keys:
            raise _EntryError(first, "a plural entry needs msgstr[0], msgstr[1], ... and no plain msgstr")
        forms = {int(k[7:-1]): fields[k] for k in plural_keys}
        if sorted(forms) != list(range(len(forms))):
            raise _EntryError(first, f"plural forms are not numbered 0..{len(forms) - 1}")
        entry.msgstr_plural = forms
    else:
        if plural_keys:
            raise _EntryError(first, "msgstr[N] without msgid_plural")
        if "msgstr" not in fields:
            raise _EntryError(first, f"msgid {entry.msgid[:40]!r} has no msgstr")
        entry.msgstr = fields["msgstr"]
    return entry


def parse_po(text: str, path: str = "<po>") -> Catalog:
    """Parse ``.po`` text; broken entries become problems, the rest is kept."""
    problems: list[Problem] = []
    entries: list[Entry] = []
    obsolete: list[Entry] = []
    header: Entry | None = None
    seen: dict[str, int] = {}
    broken = 0

    blocks: list[list[tuple[int, str]]] = []
    block: list[tuple[int, str]] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        if raw.strip() == "":
            if block:
                blocks.append(block)
                block = []
            continue
        # A comment or keyword after a msgstr starts a new entry even without a blank line.
        if block and (raw.startswith("#") or raw.startswith("msgid ") or raw.startswith("msgctxt ")):
            if any(b.lstrip("#~ ").startswith("msgstr") for _, b in block) and not raw.startswith("#~"):
                blocks.append(block)
                block = []
        block.append((lineno, raw))
    if block:
        blocks.append(block)

    for blk in blocks:
        flags: set[str] = set()
        comments: list[str] = []
        body: list[tuple[int, str]] = []
        obs: list[tuple[int, str]] = []
        for lineno, raw in blk:
            if raw.startswith("#~"):
                obs.append((lineno, raw[2:].lstrip()))
            elif raw.startswith("#,"):
                flags.update(f.strip() for f in raw[2:].split(",") if f.strip())
            elif raw.startswith("#"):
                comments.append(raw)
            else:
                body.append((lineno, raw))
        try:
            if body and obs:
                raise _EntryError(obs[0][0], "an obsolete (#~) line inside a live entry")
            if obs and not body:
                entry = _parse_block(obs, obsolete=True)
                entry.flags, entry.comments = flags, comments
                obsolete.append(entry)
                continue
            if not body:
                continue  # comments only (e.g. a file's opening notes)
            entry = _parse_block(body, obsolete=False)
        except _EntryError as exc:
            problems.append(Problem(path, exc.line, "syntax", exc.reason))
            broken += not obs  # an unreadable live message still counts, as not translated
            continue
        entry.flags, entry.comments = flags, comments
        if entry.is_header:
            if header is not None:
                problems.append(Problem(path, entry.line, "syntax", "a second header entry (msgid \"\")"))
                continue
            header = entry
            charset = re.search(r"charset=([\w-]+)", entry.msgstr)
            if charset and charset.group(1).lower().replace("_", "-") not in ("utf-8", "utf8"):
                problems.append(Problem(path, entry.line, "syntax",
                                        f"charset {charset.group(1)!r}: catalogs must be UTF-8"))
            continue
        if entry.key in seen:
            problems.append(Problem(path, entry.line, "syntax",
                                    f"duplicate msgid {entry.msgid[:40]!r} (first at line {seen[entry.key]})"))
            continue
        seen[entry.key] = entry.line
        entries.append(entry)
    return Catalog(path=path, entries=entries, header=header, obsolete=obsolete, problems=problems, broken=broken)


def read_po(path: str | Path, display: str | None = None) -> Catalog:
    """Read a ``.po`` file; undecodable bytes are a problem, not a crash."""
    p = Path(path)
    raw = p.read_bytes()
    shown = display or str(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        text = raw.decode("utf-8", errors="replace")
        cat = parse_po(text, shown)
        cat.problems.insert(0, Problem(shown, line, "syntax", "the file is not valid UTF-8"))
        return cat
    return parse_po(text, shown)


def write_mo(path: str | Path, header: Entry | None, entries: Iterable[Entry]) -> bool:
    """Write a GNU ``.mo`` file unless it already holds exactly these bytes; True if written."""
    data = mo_bytes(header, entries)
    p = Path(path)
    if p.is_file() and p.read_bytes() == data:
        return False  # keep the mtime: Sphinx re-reads the pages whose catalog changed
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(p)
    return True


def mo_bytes(header: Entry | None, entries: Iterable[Entry]) -> bytes:
    """The bytes of a GNU ``.mo`` file (the algorithm of CPython's ``Tools/i18n/msgfmt.py``)."""
    messages: dict[bytes, bytes] = {}
    head = header.msgstr if header else "Content-Type: text/plain; charset=UTF-8\n"
    messages[b""] = head.encode("utf-8")
    for e in entries:
        if e.msgid_plural is not None:
            key = e.key + "\0" + e.msgid_plural
            value = "\0".join(e.translations)
        else:
            key, value = e.key, e.msgstr
        messages[key.encode("utf-8")] = value.encode("utf-8")
    keys = sorted(messages)
    ids = strs = b""
    offsets: list[tuple[int, int, int, int]] = []
    for k in keys:
        offsets.append((len(ids), len(k), len(strs), len(messages[k])))
        ids += k + b"\0"
        strs += messages[k] + b"\0"
    keystart = 7 * 4 + 16 * len(keys)
    valuestart = keystart + len(ids)
    koffsets: list[int] = []
    voffsets: list[int] = []
    for o1, l1, o2, l2 in offsets:
        koffsets += [l1, o1 + keystart]
        voffsets += [l2, o2 + valuestart]
    head_bytes = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + len(keys) * 8, 0, 0)
    return head_bytes + array.array("i", koffsets + voffsets).tobytes() + ids + strs


def previous_ids(lines: Sequence[str]) -> list[str]:
    """The strings of ``#|`` lines (without the ``#|``): the previous msgid, and msgid_plural if any."""
    ids: list[list[str]] = []
    in_context = False
    for line in lines:
        if line.startswith("msgctxt "):
            in_context = True  # a previous context: not kept (Babel keeps ids only)
            continue
        for keyword in ("msgid_plural ", "msgid "):
            if line.startswith(keyword):
                line, in_context = line[len(keyword):], False
                ids.append([])
                break
        if ids and not in_context and line.startswith('"'):
            ids[-1].append(_unquote(line, 0))
    return ["".join(parts) for parts in ids]


def unquote(text: str) -> str:
    """The text of one quoted ``.po`` string (``"a\\"b"`` gives ``a"b``); ValueError if it is not one."""
    try:
        return _unquote(text, 0)
    except _EntryError as exc:
        raise ValueError(exc.reason) from None


def quote(text: str) -> str:
    """Quote a string for a ``.po`` file (used by tests that write catalogs)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


if __name__ == "__main__":  # pragma: no cover - debugging aid
    import sys

    for name in sys.argv[1:]:
        cat = read_po(name)
        print(name, len(cat.entries), "entries")
        for problem in cat.problems:
            print(problem)
