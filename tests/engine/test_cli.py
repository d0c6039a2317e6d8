"""The command line: play, simulate, replay; bad flags exit 2 with one line."""

import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest

from linger_longer.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tutorial" / "examples" / "last-trump.toml"


#: Answers that try each card number in turn, so a legal card always comes.
ANSWERS = "".join(f"{n}\n" for n in range(1, 8)) * 200


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "linger_longer", *args], input=stdin, capture_output=True,
                          text=True, timeout=60)


@pytest.mark.parametrize("args", [
    ["frob"],
    ["simulate", "ten"],
    ["simulate", "10", "--players", "9"],
    ["simulate", "10", "--variant", "bogus"],
    ["simulate", "10", "--profile", "classic"],
    ["play", "--lang", "de"],
    ["replay", str(ROOT / "no-such-file.toml")],
    ["simulate", "10", "--bots", "genius"],
    ["simulate", "10", "--variant", "no-trump", "--variant", "grand-coup"],
    [],
])
def test_bad_flags_exit_2_with_one_line(args):
    """A bad flag or value ends with exit status 2 and one line on stderr, never a traceback."""
    done = run(*args)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert lines[0].startswith("python -m linger_longer: error:")


def test_simulate_prints_statistics():
    """simulate plays N seeded deals and prints mean tricks, stock run-outs and first-seat advantage."""
    out = StringIO()
    assert main(["simulate", "300", "--seed", "4", "--players", "5", "--variant", "draw-per-card"], out) == 0
    text = out.getvalue()
    for needle in ("mean tricks per deal:", "stock ran out in:", "first seat (left of the dealer) won:"):
        assert needle in text
    again = StringIO()
    main(["simulate", "300", "--seed", "4", "--players", "5", "--variant", "draw-per-card"], again)
    assert text.splitlines()[:4] == again.getvalue().splitlines()[:4]  # seeded: same statistics


def test_replay_seed_narrates_a_whole_deal():
    """replay --seed prints the narrated deal: who shuffled and who cut, the trump, ..., its winner."""
    out = StringIO()
    assert main(["replay", "--seed", "3"], out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "D shuffles the deck and C, on the dealer's right, cuts it."  # seed 3 at 4 seats: D deals
    assert "are trump" in lines[1]
    assert lines[-1].endswith("wins the deal.")


def test_replay_worked_example_file():
    """replay FILE narrates a worked example."""
    out = StringIO()
    assert main(["replay", str(EXAMPLE)], out) == 0
    text = out.getvalue()
    assert "C has no ♣ and trumps with 2♥." in text and "C draws 9♦ from the stock." in text


def test_play_whole_deal_in_the_terminal():
    """play deals, asks for the human seat's cards and plays the others until the deal has a winner."""
    done = run("play", "--seed", "7", stdin=ANSWERS)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1].endswith("wins the deal.")


def test_play_refuses_illegal_card_and_asks_again():
    """In the terminal, a card that breaks a rule is refused with the rule, and the prompt comes back."""
    done = run("play", "--seed", "7", stdin="ZZ\n" + ANSWERS)
    assert "Type a number from 1 to" in done.stdout
    assert done.returncode == 0


def test_play_in_french_takes_french_card_letters():
    """The French terminal shows the hand with French letters and reads a card typed that way (D♥ or dh)."""
    import re

    def answer_to_first_prompt(first: str) -> str:
        done = run("play", "--seed", "7", "--lang", "fr", stdin=f"{first}\n" + ANSWERS)
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        prompt = next(i for i, line in enumerate(lines) if line.startswith("À vous de jouer"))
        return lines[prompt + 1]

    shown = run("play", "--seed", "7", "--lang", "fr", stdin=ANSWERS).stdout
    hand = re.findall(r"\d+:(\S+)", next(line for line in shown.splitlines() if line.startswith("Votre main")))
    court = next(label for label in hand if label[0] in "ARDV")  # seed 7 deals a court card or an ace
    assert answer_to_first_prompt("ZZ").startswith("Tapez un nombre")  # not a card: asked again
    for typed in (court, court[0].lower() + "shdc"["♠♥♦♣".index(court[-1])]):
        assert not answer_to_first_prompt(typed).startswith("Tapez un nombre"), typed


def test_play_match_keeps_score():
    """play --match N plays deals until someone has won N, printing the score."""
    done = run("play", "--seed", "5", "--match", "2", "--bot", "random", stdin=ANSWERS)
    assert done.returncode == 0, done.stderr
    assert "Score:" in done.stdout and done.stdout.strip().endswith("wins the match.")


def test_replay_of_an_example_with_a_refused_setup_tells_the_refusal_first():
    """The example asks for two variants that each decide trump: the refusal comes before its deal."""
    out = StringIO()
    assert main(["replay", str(EXAMPLE.parent / "one-trump-variant.toml"), "--lang", "fr"], out) == 0
    lines = out.getvalue().splitlines()
    assert lines[1].startswith("Variantes\u00a0: no-trump, random-trump ne peuvent pas être jouées ensemble")
    assert "coupe" in lines[2]
