"""The words of the walkthrough and Play widgets, from the engine's catalogs.

The browser widget never carries its own strings: the Sphinx directive reads
them here, in the page's language, and hands them to the widget as data. So a
translator finds every word of the site in the gettext catalogs.

>>> labels('en')['next']
'Next step'
>>> labels('en')['step'].format(current=2, total=9)
'Step 2 of 9'
>>> [counted('en', 'cards_in_hand', n) for n in (1, 2)]
['1 card in hand', '2 cards in hand']

A word with a count is never a template for the browser: the engine picks
its plural form and fills it in (:func:`counted`), so the JavaScript only
shows finished text.
"""

from __future__ import annotations

from ..i18n import N_, Nn_, Plural, template, translate_plural

__all__ = ["COUNTED", "LABELS", "PLAY_LABELS", "counted", "labels", "play_labels"]

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
    "dealer": N_("Dealer"),
    "hand": N_("Hand"),
    "tricks": N_("Tricks won"),
    "tricks_count": N_("Tricks won: {count}"),
    "out": N_("Out"),
    "to_play": N_("to play"),
    "trick": N_("Trick on the table"),
    "empty_trick": N_("No card played yet"),
    "takes": N_("Takes the trick"),
    "winner": N_("Winner of the deal"),
    "table": N_("The table"),
    "illegal": N_("Not allowed"),
    "question": N_("Your move"),
    "answer": N_("Answer"),
    "show_answer": N_("Show the answer"),
    "back_to_question": N_("Back to the question"),
    "ask_card": N_("Choose a card of {player} on the table."),
    "ask_suit": N_("Choose the suit {player} names."),
    "analysis": N_("Analysis: mark each card that wins or loses the deal with best play from all"),
    "analysis_panel": N_("Analysis with best play from all"),
    "analysis_wait": N_("The analysis waits for your answer: it would give the answer away."),
    "show_line": N_("Show the line"),
    "read_rule": N_("Read the rule"),  # a link after a refused card's reason, to the rule that forbids it
    # The page's questions the reader has answered, kept in the browser; no word in it depends on the numbers.
    "answered": N_("Questions answered on this page: {count} of {total}"),
    # A guided deal (the lesson): the reader plays one seat, every move a question.
    "guided_try": N_("Choose another card, or play the lesson's card."),
    "guided_continue": N_("Play the lesson's card"),
    "learn_progress": N_("Lesson moves done: {count} of {total}"),
    "learn_done": N_("Lesson done"),  # beside every link to the lesson once the reader has finished it
    # The lesson's status line, once the live engine runs: the reader's move, the other players' cards, the end.
    "guided_turn": N_("Your turn: choose one of {player}'s cards."),
    "guided_next": N_("Select Next step to see what happens next."),
    "guided_over": N_("The deal is over."),
}


#: Words of the Play page, by key (the JavaScript's and the Play directive's).
PLAY_LABELS: dict[str, str] = {
    "settings": N_("Game settings"),
    "players": N_("Players"),
    "profile": N_("Rules profile"),
    "variants": N_("Variants"),
    "mode": N_("Game"),
    "mode_deal": N_("A single deal"),
    "mode_match-3": N_("A match: the first to win 3 deals"),
    "mode_match-5": N_("A match: the first to win 5 deals"),
    "seat": N_("Your seat"),
    "strength": N_("Opponents"),
    "strength_random": N_("Random"),
    "strength_rule-of-thumb": N_("Rule of thumb"),
    "strength_monte-carlo": N_("Strong (samples deals)"),
    "seed": N_("Deal number (seed)"),
    "start_game": N_("Start"),
    "controls": N_("Game controls"),
    "your_turn": N_("Your turn: choose a card."),
    "name_trump": N_("Name the trump suit."),
    "waiting": N_("The computer is playing…"),
    "undo": N_("Undo my last card"),
    "hint": N_("Hint"),
    "next_deal": N_("Next deal"),
    "export": N_("Export as a worked example"),
    "compare": N_("Compare the profiles"),
    "share": N_("Link to this deal"),
    "log": N_("The deal so far"),
    "score": N_("Score"),
    "deals_won": N_("Deals won"),
    # Chips only when the reader chose to score with them: the column, the choice and its one-line explanation.
    "chips": N_("Chips"),
    "scoring": N_("Scoring"),
    "scoring_deals": N_("Deals won only"),
    "scoring_chips-a": N_("Chips for the winner's tricks"),
    "scoring_chips-b": N_("Chips for opponents who went out"),
    "scoring_note_chips-a": N_("Every other player pays the deal's winner 1 chip for each trick the winner took "
                               "in that deal."),
    "scoring_note_chips-b": N_("The deal's winner collects 1 chip from each opponent who held fewer cards than the "
                               "winner when that opponent went out."),
    "chips_this_deal": N_("Chips for this deal"),
    "deal_number": N_("Deal {number}"),
    "match_won": N_("{player} wins the match."),
    "deal_won": N_("{player} wins the deal."),
    "your_seat": N_("{seat} (you)"),
    "new_seed": N_("New deal number"),
    "profile_standard": N_("Standard"),
    "profile_last-card": N_("Last card"),
    "trump_source": N_("Trump"),
    "trump_dealer": N_("The dealer's last card"),
    "variant_draw-per-card": N_("Draw per card"),
    "variant_no-trump": N_("No trump"),
    "variant_random-trump": N_("Random trump"),
    "variant_grand-coup": N_("Grand coup"),
    "variant_long-hand": N_("Long hand"),
    "variant_eliminate-before-draw": N_("Eliminate before drawing"),
    "noscript": N_("The Play page runs the rules engine in your browser: turn on JavaScript to play."),
    "player": N_("Player"),
    "hint_is": N_("Hint: {sentence}"),
    "link_copied": N_("The link to this deal is copied."),
    "download": N_("Download {filename}"),
    "export_note": N_("The file holds every hand of the deal, the computer's too."),
    "export_intro": N_("Save this file in tutorial/examples/ to make it a walkthrough, or replay it with "
                       "python -m linger_longer replay."),
    "parts_here": N_("The profiles part here"),
    "trick_number": N_("Trick {number}"),
    "not_saved": N_("This browser cannot store the game (its storage is full or off): you can go on "
                    "playing, but reloading the page starts a new game."),
    # The end of a deal (linger-play-end.mjs).
    "end_actions": N_("What next"),
    "play_again": N_("Play again"),
    "review": N_("Review the deal"),
    "review_note": N_("Every hand is face up; nothing more can be played."),
    "end_back": N_("Back to the result"),
    "end_out": N_("Out of the deal, in order"),
    "end_tricks": N_("The deal, trick by trick"),
    # What a deal still in play would reveal, and the reader's results (linger-play-store.mjs).
    "export_seen": N_("The deal is still in play, so this file holds only what your seat has seen: no seed, "
                      "no other hand. It cannot be replayed until the deal is over."),
    "export_whole": N_("Export the whole deal"),
    "confirm_whole": N_("The whole deal's file names its seed, and the seed tells every hand, the computer's too, "
                        "and every card still in the stock. Export the whole deal now?"),
    "confirm_link": N_("The deal is still in play. Its link holds the seed, and the seed tells every hand, the "
                       "computer's too. Copy the link anyway?"),
    "stats_title": N_("Your results in this browser"),
    "stats_played": N_("Deals played"),
    "stats_won": N_("Deals won"),
    "stats_streak": N_("Winning streak"),
    "stats_none": N_("No deal finished yet."),
    "stats_note": N_("Kept in this browser only: nothing is sent anywhere."),
    "stats_reset": N_("Reset the results"),
    "confirm_reset": N_("Forget every result kept in this browser?"),
    "engine_failed": N_("The live engine could not start, so the game cannot be played on this page. "
                        "Reload the page to try again."),
    # The table first: the settings in a panel, the rarely used buttons and the speed in a menu.
    "new_game": N_("New game"),
    "more": N_("More"),
    "speed": N_("Speed of play"),
    "speed_normal": N_("Normal"),
    "speed_fast": N_("Fast"),
    "speed_instant": N_("Instant"),
}


#: Words with a number, by key: plural messages, filled in by :func:`counted` (``{count}`` is the number).
COUNTED: dict[str, Plural] = {
    "cards_in_hand": Nn_("{count} card in hand", "{count} cards in hand"),
    "stock_count": Nn_("{count} card in the stock", "{count} cards in the stock"),
    "stock_clock": Nn_("Stock: {count} card left of {total}", "Stock: {count} cards left of {total}"),
    "followed": Nn_("Both columns replay {count} move of your deal; then rule-of-thumb players finish it.",
                    "Both columns replay {count} moves of your deal; then rule-of-thumb players finish it."),
    "outcome_tricks": Nn_("{player} wins after {count} trick.", "{player} wins after {count} tricks."),
}


def counted(lang: str, key: str, count: int, **values: object) -> str:
    """The words of :data:`COUNTED` ``key`` for ``count`` in ``lang``, in the plural form the language's rule picks."""
    message = COUNTED[key]
    return translate_plural(lang, message.singular, message.plural, count, **values)


def labels(lang: str) -> dict[str, str]:
    """Every walkthrough widget word in ``lang`` (English where a translation is missing or broken)."""
    return {key: template(lang, message) for key, message in LABELS.items()}


def play_labels(lang: str) -> dict[str, str]:
    """Every Play page word in ``lang`` (English where a translation is missing or has other placeholders)."""
    return {key: template(lang, message) for key, message in PLAY_LABELS.items()}
