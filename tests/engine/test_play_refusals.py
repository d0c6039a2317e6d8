"""The Play page's refusals of a bad URL: in the page's language, and quoting a long value shortened."""

from __future__ import annotations

import json

import pytest

from linger_longer.web.play import PlayError, answer_json, decode_query
from linger_longer.web.errors import MAX_QUOTED


@pytest.mark.parametrize("query, lang, message", [
    ("profile=<script>", "fr", "Profil de règles\u00a0: '<script>' n’est pas l’une des valeurs possibles (standard, last-card)."),
    ("profile=blitz", "nl", "Profiel: 'blitz' is onbekend; kies uit standard, last-card."),
    ("variants=a,b,c", "it", "Varianti: 'a' non è tra draw-per-card, no-trump, random-trump, grand-coup, long-hand, "
                             "eliminate-before-draw."),
    ("variants=grand-coup,no-trump", "fr", "Variantes\u00a0: no-trump, grand-coup ne peuvent pas être jouées ensemble\u00a0: "
                                           "chacune décide d’où vient l’atout."),
    ("variants=random-trump,no-trump", "en", "variants: no-trump, random-trump cannot be played together: "
                                             "each decides where trump comes from."),
])
def test_rules_refusals_from_the_url_are_in_the_page_language(query: str, lang: str, message: str) -> None:
    """A rule forbids two trump variants (one-trump-variant): that refusal also links to the rule, in the page's
    language; an unknown name breaks no rule and links nowhere."""
    answer = json.loads(answer_json("decode-query", lang, query, 5))
    link = {"fr": "Lire la règle", "en": "Read the rule"}
    two_trumps = "cannot" in message or "ensemble" in message
    rule = {"rule": "variants.html#one-trump-variant", "read_rule": link[lang]} if two_trumps else {}
    assert answer == {"error": message, **rule}


@pytest.mark.parametrize("key", ["profile", "variants", "mode", "seat", "bot", "players", "seed"])
def test_a_long_value_is_quoted_shortened_with_an_ellipsis(key: str) -> None:
    value = "Q" * 5000
    with pytest.raises(PlayError) as caught:
        decode_query(f"{key}={value}", 5)
    error = json.loads(answer_json("decode-query", "fr", f"{key}={value}", 5))["error"]
    for text in (str(caught.value), error):
        assert "Q" * (MAX_QUOTED - 1) + "…" in text and "Q" * MAX_QUOTED not in text, text
        assert len(text) < 200
