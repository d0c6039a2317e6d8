"""The command line when things go wrong: refused flags, input that ends, Ctrl-C, long runs."""

from __future__ import annotations

import io
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from linger_longer.cli import Progress

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tutorial" / "examples" / "last-trump.toml"
COMMAND = [sys.executable, "-m", "linger_longer"]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([*COMMAND, *args], input=stdin, capture_output=True, text=True, timeout=60)


def one_error_line(done: subprocess.CompletedProcess) -> str:
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith("python -m linger_longer: error:")
    return lines[0]


@pytest.mark.parametrize("args", [
    ["play", "--match", "0"],
    ["play", "--match", "-1"],
    ["play", "--players", "9"],
    ["play", "--variant", "no-trump", "--variant", "grand-coup"],
    ["simulate", "0"],
])
def test_a_refused_flag_prints_nothing_on_stdout(args: list[str]) -> None:
    """The error comes before anything else: a script reading stdout never sees half a game."""
    done = run(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    one_error_line(done)


@pytest.mark.parametrize("args, refused", [
    (["simulate", "3", "--profile", "x" * 100_000], "unknown profile 'x"),
    (["replay", "--seed", "9" * 5000], "argument --seed: invalid int value: '9"),
])
def test_a_long_bad_value_is_echoed_cut_to_60_characters(args: list[str], refused: str) -> None:
    """As on the Play page, the value refused is quoted at most 60 characters long, its end cut with "…"."""
    done = run(*args)
    assert done.returncode == 2 and done.stdout == ""
    line = one_error_line(done)
    assert refused in line
    quoted = line[line.index(refused) + len(refused) - 1:].split("'")[0]
    assert len(quoted) == 60 and quoted.endswith("…"), quoted
    assert len(line) < 200


def test_a_long_bad_number_is_echoed_cut_to_60_characters() -> None:
    done = run("play", "--players", "7" * 300)
    assert done.returncode == 2
    line = one_error_line(done)
    assert "7" * 59 + "… players" in line and "7" * 60 not in line


def test_a_bad_suit_to_name_in_an_example_names_the_file_and_the_step(tmp_path: Path) -> None:
    """``name_trump = ""`` in a worked example: one line naming the file and the step, exit 2."""
    broken = tmp_path / "empty-suit.toml"
    broken.write_text(EXAMPLE.read_text(encoding="utf-8").replace('play = "KC"', 'name_trump = ""', 1),
                      encoding="utf-8")
    done = run("replay", str(broken))
    assert done.returncode == 2
    line = one_error_line(done)
    assert f"{broken}: step 1: 'name_trump': '' is not a suit" in line


def test_match_zero_is_refused_like_a_negative_match() -> None:
    assert "--match: 0 is not a positive number of deals" in one_error_line(run("play", "--match", "0"))
    assert "--match: -1 is not a positive number of deals" in one_error_line(run("play", "--match", "-1"))


def test_replay_of_a_file_refuses_the_flags_the_file_decides() -> None:
    done = run("replay", str(EXAMPLE), "--players", "6", "--profile", "blitz")
    assert done.returncode == 2 and done.stdout == ""
    line = one_error_line(done)
    assert "--players, --profile cannot apply" in line and str(EXAMPLE) in line


def test_replay_of_a_file_applies_lang() -> None:
    done = run("replay", str(EXAMPLE), "--lang", "fr")
    assert done.returncode == 0, done.stderr
    assert "pioche" in done.stdout  # narrated in French


@pytest.mark.parametrize("how", ["end of file", "stdin closed"])
def test_play_stops_in_one_line_when_input_ends(how: str) -> None:
    if how == "end of file":
        done = run("play", "--seed", "7", stdin="")
    else:
        done = subprocess.run(["sh", "-c", 'exec "$0" -m linger_longer play --seed 7 <&-', sys.executable],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr == "python -m linger_longer: no more input: the game stops\n"


def test_simulate_prints_no_progress_when_piped() -> None:
    done = run("simulate", "40", "--seed", "1")
    assert done.returncode == 0 and done.stderr == ""


def start_on_a_terminal(*args: str) -> tuple[subprocess.Popen, int]:
    """Run the command with its stderr on a pseudo-terminal; returns the process and the terminal's reader."""
    reader, writer = pty.openpty()
    process = subprocess.Popen([*COMMAND, *args], stdout=subprocess.PIPE, stderr=writer, text=True)
    os.close(writer)
    return process, reader


def read_terminal(reader: int, until: str, timeout: float = 30) -> str:
    seen = ""
    deadline = time.monotonic() + timeout
    while until not in seen and time.monotonic() < deadline:
        if select.select([reader], [], [], 0.2)[0]:
            try:
                seen += os.read(reader, 4096).decode("utf-8", "replace")
            except OSError:  # the process ended and closed the terminal
                break
    return seen


def test_simulate_shows_a_progress_bar_on_a_terminal() -> None:
    process, reader = start_on_a_terminal("simulate", "3000", "--seed", "2")
    try:
        shown = read_terminal(reader, "deals/s")
        out, _ = process.communicate(timeout=120)
        shown += read_terminal(reader, "\x1b[K", timeout=1)
    finally:
        os.close(reader)
    assert process.returncode == 0
    assert "\r[" in shown and "/3,000 deals" in shown and "deals/s" in shown and " left" in shown, shown
    assert "mean tricks per deal:" in out  # the statistics still go to stdout


def test_ctrl_c_prints_the_statistics_of_the_deals_played_and_exits_130() -> None:
    process, reader = start_on_a_terminal("simulate", str(10**12), "--seed", "3")
    try:
        assert "deals/s" in read_terminal(reader, "deals/s"), "no progress shown"
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=30)
        shown = read_terminal(reader, "interrupted", timeout=2)
    finally:
        os.close(reader)
    assert process.returncode == 130
    assert "interrupted after" in shown and "of 1,000,000,000,000 deals" in shown
    header = out.splitlines()[0]
    played = int(header.split(" deals,")[0].rsplit(", ", 1)[1])
    assert played > 0 and "mean tricks per deal:" in out and "wins by seat:" in out
    assert f"interrupted after {played:,} of" in shown


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_line_gives_rate_and_time_left() -> None:
    now = [100.0]
    bar = Progress(200, FakeTerminal(), clock=lambda: now[0])
    assert bar.line(50, 110.0) == "[######..................] 50/200 deals 25%  5 deals/s  30 s left"
    assert bar.line(10, 200.0).endswith("0 deals/s  31 min 40 s left")
    assert Progress(200, io.StringIO()).shown is False  # not a terminal: nothing is drawn
