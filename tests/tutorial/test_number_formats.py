"""Numbers on the pages are written as each language writes them, from the one table of languages."""

import pytest

from linger_longer.languages import CODES
from linger_walkthrough.figures import count, decimal, percent


@pytest.mark.parametrize("lang, shown", [
    ("en", ("2.5", "\u22121.3", "22.0%", "10,000")),
    ("fr", ("2,5", "\u22121,3", "22,0\u00a0%", "10\u00a0000")),
    ("it", ("2,5", "\u22121,3", "22,0%", "10.000")),
    ("nl", ("2,5", "\u22121,3", "22,0%", "10.000")),
])
def test_each_language_writes_its_own_decimal_sign_percent_and_thousands(lang, shown):
    """The decimal sign, the space before % and the thousands separator are the language's own."""
    assert (decimal(2.5, lang), decimal(-1.3, lang), percent(0.22, lang), count(10_000, lang)) == shown


def test_every_language_of_the_table_is_covered():
    """A language added to the table is formatted from its own fields, and a code outside it is refused."""
    assert {"en", "fr", "it", "nl"} == set(CODES)
    with pytest.raises(KeyError, match="unknown language 'de'"):
        count(10_000, "de")
