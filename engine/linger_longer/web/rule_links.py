"""Links to the rules: a refused card's clause, and the "See it in: …" line under each clause.

Both read the clause registry (:mod:`linger_longer.clauses`) and the engine's catalogs, so the words are in
the reader's language and the link goes to the clause's page in that same language (the pages of a language
share one folder, so the address is relative). Catalog text is escaped.

>>> rule_link_html("follow-suit", "en")
'<a class="ll-rule-link" href="how-to-play.html#follow-suit">Read the rule</a>'
>>> see_it_in("en")
('See it in: ', '.')
>>> quote_marks("en")
('“', '”')
"""

from __future__ import annotations

from ..clauses import clause
from ..i18n import N_, template
from .labels import LABELS
from .render import escape

__all__ = ["quote_marks", "rule_link_html", "see_it_in"]

#: The link after a refused card's reason, to the clause that forbids it (a widget word too: the table's cards).
READ_THE_RULE = LABELS["read_rule"]
#: The line under a clause that lists the worked examples showing it; {examples} are their quoted titles.
SEE_IT_IN = N_("See it in: {examples}.")
#: An example's title, quoted as the language quotes a title inside a sentence.
QUOTED = N_("“{title}”")


def rule_link_html(clause_id: str, lang: str) -> str:
    """The link to ``clause_id``'s rule on its page in ``lang``, as HTML (an unknown ID is an error)."""
    href = clause(clause_id).href
    return f'<a class="ll-rule-link" href="{escape(href)}">{escape(template(lang, READ_THE_RULE))}</a>'


def _around(lang: str, message: str, placeholder: str) -> tuple[str, str]:
    """The words of ``message`` in ``lang`` before and after its one ``placeholder``."""
    before, _, after = template(lang, message).partition("{" + placeholder + "}")
    return before, after


def see_it_in(lang: str) -> tuple[str, str]:
    """The words before and after the list of examples under a clause (plain text: escape it to show it)."""
    return _around(lang, SEE_IT_IN, "examples")


def quote_marks(lang: str) -> tuple[str, str]:
    """How ``lang`` opens and closes a quoted title (with its spaces, such as French « and »)."""
    return _around(lang, QUOTED, "title")
