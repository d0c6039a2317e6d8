"""The words of the walkthrough and play widgets, from the engine's catalogs.

The browser widget never carries its own strings: the Sphinx directive reads
them here, in the page's language, and hands them to the widget as data. So a
translator finds every word of the site in the gettext catalogs.

>>> labels('en')['next']
'Next step'
>>> labels('en')['step'].format(current=2, total=9)
'Step 2 of 9'
"""

from __future__ import annotations

import string

from .narrate import N_, translator

__all__ = ["LABELS", "labels"]

#: Widget words by key; the key is what the JavaScript and the HTML renderer use.
LABELS: dict[str, str] = {
    "first": N_("First step"),
    "back": N_("Previous step"),
    "next": N_("Next step"),
    "last": N_("Last step"),
    "step": N_("Step {current} of {total}"),
    "start": N_("Starting position"),
    "controls": N_("Walkthrough controls"),
    "narration": N_("What happens"),
    "try": N_("Try another card: choose any legal card of the player to act."),
    "tried": N_("You changed the example. The other players now play by the rule-of-thumb strategy."),
    "return": N_("Back to the example"),
    "loading": N_("Loading the live engine…"),
    "ready": N_("Live engine ready: choose a card to try another line of play."),
    "failed": N_("The live engine could not start. The example still works step by step."),
    "busy": N_("The live engine is working…"),
    "error": N_("The live engine could not play that card: {reason}"),
    "static": N_("Turn on JavaScript to step through this example and try other cards."),
    "trump": N_("Trump"),
    "no_trump": N_("No trump"),
    "not_named": N_("Not named yet"),
    "stock": N_("Stock"),
    "stock_count": N_("{count} cards in the stock"),
    "dealer": N_("Dealer"),
    "hand": N_("Hand"),
    "tricks": N_("Tricks won"),
    "tricks_count": N_("Tricks won: {count}"),
    "out": N_("Out"),
    "to_play": N_("to play"),
    "trick": N_("Trick on the table"),
    "empty_trick": N_("No card played yet"),
    "winner": N_("Winner of the deal"),
    "table": N_("The table"),
    "illegal": N_("Not allowed"),
}


def labels(lang: str) -> dict[str, str]:
    """Every widget word in ``lang`` (English where a translation is missing or broken)."""
    gettext = translator(lang).gettext
    return {key: _checked(gettext(message), message) for key, message in LABELS.items()}


def _checked(translated: str, english: str) -> str:
    """A translation whose placeholders differ from the English ones is not used."""

    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    try:
        return translated if fields(translated) == fields(english) else english
    except ValueError:
        return english
