"""Generation on Dask (``nox -s puzzles``, ``nox -s strength``): the same bytes whatever the workers, resumable,
and refusing what it cannot do with one line."""

from __future__ import annotations

import io
import os
import sys
import time
from pathlib import Path

import pytest

from linger_longer import puzzles as engine_puzzles
from tools import generate
from tools import puzzles as dask_puzzles

#: Quick seeds (no draw-per-card deal among them, five with a puzzle): six tasks.
SEEDS = "20-25"


def _files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def _puzzles(tmp_path: Path, name: str, *flags: str) -> dict[str, bytes]:
    out = tmp_path / name
    assert dask_puzzles.main(["--seeds", SEEDS, "--count", "6", "--out", str(out),
                              "--journal", str(tmp_path / f"journal-{name}"), *flags]) == 0
    return _files(out)


def test_one_worker_and_a_two_process_local_cluster_write_the_same_files(tmp_path, capsys):
    serial = _puzzles(tmp_path, "one", "--workers", "1")
    on_cluster = _puzzles(tmp_path, "two", "--workers", "2")
    assert len(serial) >= 3 and "puzzles.toml" in serial
    assert on_cluster == serial
    # The engine's own command, standard library only, writes the same bytes.
    assert engine_puzzles.main(["--seeds", SEEDS, "--count", "6", "--out", str(tmp_path / "engine")]) == 0
    assert _files(tmp_path / "engine") == serial
    assert "6/6 tasks done" in capsys.readouterr().err


def test_an_interrupted_run_resumes_from_its_journal(tmp_path):
    reference = _puzzles(tmp_path, "reference", "--workers", "1")
    journal = tmp_path / "journal"
    options = generate.Options(workers=1, journal=journal)
    seeds = range(20, 26)
    tasks = dask_puzzles.tasks(seeds)
    assert len(tasks) == 6
    code = generate.source_digest([*generate.engine_sources(), generate.ROOT / "tools" / "puzzles.py"])
    generate.run(tasks[:3], options, code=code, progress=None)  # the run stopped after three chunks
    done = sorted(journal.iterdir())
    assert len(done) == 3
    stamps = [path.stat().st_mtime_ns for path in done]
    progress = io.StringIO()
    chosen = dask_puzzles.find(seeds, 6, options, progress=progress)
    assert "3 of 6 tasks already done" in progress.getvalue()
    assert [path.stat().st_mtime_ns for path in done] == stamps  # read back, not computed again
    assert len(list(journal.glob("*.pickle"))) == 6
    engine_puzzles.write(chosen, tmp_path / "resumed")
    assert _files(tmp_path / "resumed") == reference
    # A damaged chunk (a run killed while writing it) is computed again, and --fresh starts over.
    done[0].write_bytes(b"cut sh")
    again = dask_puzzles.find(seeds, 6, options, progress=None)
    assert [engine_puzzles.to_toml(p, 1) for p in again] == [engine_puzzles.to_toml(p, 1) for p in chosen]
    progress = io.StringIO()
    dask_puzzles.find(seeds, 6, generate.Options(workers=1, journal=journal, fresh=True), progress=progress)
    assert "already done" not in progress.getvalue()


def test_an_interrupted_run_says_in_one_line_what_it_kept(tmp_path):
    stop = {2}

    def square(item: int) -> int:
        if item in stop:
            raise KeyboardInterrupt  # Ctrl-C while the third task runs
        return item * item

    tasks = [generate.Task(f"n-{n}", square, (n,)) for n in range(4)]
    options = generate.Options(workers=1, journal=tmp_path / "journal")
    with pytest.raises(generate.GenerationError, match=r"^interrupted after 2 of 4 tasks, kept in .*journal; "
                                                       r"the same command resumes$"):
        generate.run(tasks, options)
    assert len(list((tmp_path / "journal").glob("*.pickle"))) == 2
    stop.clear()
    assert generate.run(tasks, options) == [[0], [1], [4], [9]]


def test_a_chunk_computed_on_other_code_is_not_reused():
    task = dask_puzzles.tasks(range(12, 14))[0]
    assert task.key("code-a") != task.key("code-b")
    assert task.key("code-a") == dask_puzzles.tasks(range(12, 14))[0].key("code-a")
    assert task.key("code-a") != dask_puzzles.tasks(range(12, 14), nodes=100)[0].key("code-a")


def test_an_unreachable_scheduler_fails_within_ten_seconds_naming_it(tmp_path, capsys):
    address = "tcp://127.0.0.1:9"  # the discard port: nothing listens there
    started = time.monotonic()
    code = dask_puzzles.main(["--seeds", "12-13", "--scheduler", address, "--journal", str(tmp_path / "j"),
                              "--out", str(tmp_path / "never")])
    elapsed = time.monotonic() - started
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and elapsed < 10, elapsed
    assert len(err) == 1 and address in err[0] and "cannot reach the Dask scheduler" in err[0], err
    assert not (tmp_path / "never").exists()


def test_bad_input_is_refused_with_one_line(tmp_path, capsys):
    journal = ["--journal", str(tmp_path / "j"), "--out", str(tmp_path / "never")]
    assert dask_puzzles.main(["--seeds", "0-0", "--workers", "1", *journal]) == 1
    lines = capsys.readouterr().err.strip().splitlines()  # the progress, then the refusal
    assert lines[-1].startswith("puzzles: seeds 0-0 yield no puzzle") and "wider range" in lines[-1]
    assert not any("Traceback" in line for line in lines)
    for flags, message in ((["--seeds", "5-3"], "'5-3' is an empty seed range"),
                           (["--workers", "0"], "--workers: 0: give 1 or more"),
                           (["--workers", "2", "--scheduler", "tcp://127.0.0.1:9"], "exclude each other"),
                           (["--count", "0"], "--count 0: give 1 or more")):
        with pytest.raises(SystemExit) as exit_:
            dask_puzzles.main([*flags, *journal])
        assert exit_.value.code == 2
        (line,) = capsys.readouterr().err.strip().splitlines()
        assert line.startswith("python -m tools.puzzles: ") and message in line, line
    assert not (tmp_path / "never").exists()


def test_the_strength_command_refuses_a_bad_flag_with_one_line(capsys):
    from tools import strength

    for flags in (["--workers", "0"], ["--deals", "0"], ["--workers", "1", "--scheduler", "tcp://127.0.0.1:9"]):
        with pytest.raises(SystemExit) as exit_:
            strength.main([*flags, "--out", "-"])
        assert exit_.value.code == 2
        (line,) = capsys.readouterr().err.strip().splitlines()
        assert line.startswith("python -m tools.strength: "), line


def test_the_driver_flags_are_left_out_of_a_recorded_command():
    assert generate.without_driver_flags(["--deals", "6", "--workers=2", "--journal", "j", "--fresh",
                                          "--scheduler", "tcp://a:1", "--long-deals", "2"]) == \
        ["--deals", "6", "--long-deals", "2"]


def die_once(item: int, marker: str) -> int:
    """Kill the worker process the first time it runs (the marker file is not there yet), then answer."""
    if not os.path.exists(marker):
        Path(marker).touch()
        os._exit(1)
    return item * 10


def test_a_task_whose_worker_dies_runs_again_on_a_cluster_given_by_address(tmp_path):
    import cloudpickle
    from distributed import LocalCluster

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers cannot import this test file
    marker = tmp_path / "died"
    tasks = [generate.Task(f"part-{n}", die_once if n == 1 else pow, (n,), (str(marker),) if n == 1 else (2,))
             for n in range(4)]
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        results = generate.run(tasks, generate.Options(scheduler=cluster.scheduler_address), progress=None)
    assert marker.exists()  # a worker did die
    assert results == [[0], [10], [4], [9]]


def test_the_strength_figures_are_the_same_in_this_process_and_on_a_two_process_cluster(tmp_path):
    from tools import strength

    plan = (("rule-of-thumb", "random", "standard", "plain"), ("rule-of-thumb", "random", "last-card", "plain"))
    serial = strength.measure(30, jobs=1, rows=plan)
    on_cluster = strength.measure(30, rows=plan, options=generate.Options(workers=2, journal=tmp_path / "j"))
    assert len(strength.record_tasks("rule-of-thumb", "random", "standard", 30)) == 2
    assert on_cluster == serial
    assert [row["deals"] for row in serial["rows"]] == [30, 30]
