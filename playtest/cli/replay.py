"""`playtest replay FILE`: check a recorded game move by move and score it."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from playtest.cli.app import app
from playtest.cli.common import status_console
from playtest.errors import PlaytestError, TranscriptError, UsageError
from playtest.io import not_folder
from playtest.text import clean, json_safe

if TYPE_CHECKING:
    from playtest.play.from_run import RunGame


@app.command()
def replay(
    transcript: Annotated[Path, typer.Argument(help="Transcript YAML file (docs/transcripts.md), or a run folder "
                                               "with --game.", metavar="TRANSCRIPT")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    moves: Annotated[bool, typer.Option("--moves", help="Also list every move with what it did (the events the "
                                        "rules logged: for Stargate the crew, cubes placed and gained, VP, hand "
                                        "and stock after the turn). Oh-Seven and New Frontiers list every move "
                                        "anyway.")] = False,
    game: Annotated[int | None, typer.Option("--game", help="TRANSCRIPT is a run folder: play its game N again "
                                             "(same seed, same bots) and replay it.", metavar="N")] = None,
    save: Annotated[Path | None, typer.Option("--save", help="With --game: keep the game as a transcript in this "
                                              "new file.", metavar="FILE")] = None,
) -> None:
    """Replay a recorded game: check every move, stop at the first illegal one (naming its
    number and the reason), print the final board and each player's score breakdown.

    With --game N, TRANSCRIPT is a run folder (simulate's --out): its game N is played again from
    the run's seed and bots, checked against the run's rows and events of it, and replayed as a
    transcript (kept with --save FILE, to edit or replay)."""
    from playtest.sim.rundir import holds_runs, partial_dir  # (polars: not at registration)

    if game is None and save is not None:
        raise UsageError("--save: only with --game (a transcript given is already saved)")
    if game is None and (transcript / "run.json").is_file():
        raise UsageError(f"{transcript}: is a run folder; give --game N, the number of the game to play again "
                         "(games.parquet's game column)")
    other = holds_runs(transcript)
    if game is None and other is not None:  # ('is a folder, not a file')
        raise UsageError(f"{transcript}: {other.whose}, not a transcript; its runs are in {other.place} "
                         "(replay one of their games with --game N)")
    if game is None and not os.path.lexists(transcript) and (partial_dir(transcript) / "run.json").is_file():
        # (--game reads an interrupted run by its name, as report does: without it, 'no such file')
        raise UsageError(f"{transcript}: is an interrupted run (in {partial_dir(transcript)}); give --game N, the "
                         "number of one of its finished games to play again")
    if game is not None:
        with tempfile.TemporaryDirectory(prefix="playtest-replay-") as scratch:
            _replay_run_game(transcript, game, save, Path(scratch), as_json, moves)
        return
    _show(*_outcome(transcript, moves), as_json)


def _replay_run_game(run_dir: Path, game: int, save: Path | None, scratch: Path, as_json: bool, moves: bool) -> None:
    """Game `game` of the run written as a transcript (to `save`, or into `scratch`), replayed and
    shown once it replays to the run's totals; its title on stderr. A --save file of a transcript
    that does not is removed: it is not the run's game."""
    from playtest.errors import IllegalActionError
    from playtest.play.from_run import transcript_problem, unreplayable

    target, found = _run_game(run_dir, game, save, scratch)
    try:
        try:
            outcome, trace = _outcome(target, moves)
        except (IllegalActionError, TranscriptError) as err:  # (the game's own transcript of it: not the run's)
            raise PlaytestError(f"{run_dir}: game {game}: {unreplayable(found, err)}") from None
        data = outcome.to_json()
        problem = transcript_problem(found, data, str(data.get("game", "")))
        if problem:
            raise PlaytestError(f"{run_dir}: game {game}: {problem}")
    except BaseException:
        if save is not None:
            save.unlink(missing_ok=True)
        raise
    status_console().print(clean(f"{found.title}; it ends as the run recorded it"
                                 + (f"; saved as {save}" if save is not None else "")), markup=False)
    # --json names the run and game, and the transcript only where --save kept it
    _show(outcome, trace, as_json,
          {"transcript": None if save is None else str(save), "run": {"folder": str(run_dir), "game": game}})


def _run_game(run_dir: Path, game: int, save: Path | None, scratch: Path) -> tuple[Path, RunGame]:
    """Game `game` of the run written as a transcript, to `save` or into `scratch`: where, and what."""
    from playtest.io import check_not_input, check_output_path, write_atomic
    from playtest.play.from_run import run_game
    from playtest.sim.rundir import partial_dir

    if game < 0:
        raise UsageError(f"--game {game}: a game's number is a whole number from 0")
    if not run_dir.is_dir() and not partial_dir(run_dir).is_dir():
        raise UsageError(f"--game: {run_dir}: {not_folder(run_dir, 'run folder')} (--game plays again a game of a run "
                         "that simulate wrote)")
    target = save if save is not None else scratch / "game.yaml"
    if save is not None:  # before the game is played again
        check_output_path(save, "--save", folder=False)
        check_not_input(save, [run_dir], "--save")
        if os.path.lexists(save):  # (replay has no --force: a transcript is the designer's to delete)
            raise UsageError(f"--save {save}: already exists; give the name of a new file")
    found = run_game(run_dir, game, None if save is None else target.parent)  # (scratch: named absolute)
    write_atomic(target, found.text)
    return target, found


def _outcome(transcript: Path, moves: bool) -> tuple[Any, list[dict[str, Any]] | None]:
    """The transcript replayed, and with --moves its trace (the transcripts in the common format)."""
    from playtest.core.transcript import read_transcript, transcript_game
    from playtest.core.transcript import replay as replay_transcript

    node, spec = transcript_game(transcript)
    trace: list[dict[str, Any]] | None = None  # --moves, for the transcripts in the common format
    if spec.replay is not None:
        outcome = spec.replay(transcript)
    elif spec.notation is not None:
        trace = [] if moves else None
        outcome = replay_transcript(read_transcript(transcript, spec.notation, game=spec.name), spec.notation, spec.make_rules,
                                    trace)
    else:
        raise TranscriptError([node.problem("game", f"{spec.name} has no transcript support yet")])
    return outcome, trace


def _show(outcome: Any, trace: list[dict[str, Any]] | None, as_json: bool,
          json_keys: dict[str, Any] | None = None) -> None:
    from playtest.core.transcript import trace_text

    if as_json:
        data = outcome.to_json() | (json_keys or {})
        if trace is not None:
            data = {**data, "trace": trace}
        typer.echo(json_safe(json.dumps(data, indent=2, ensure_ascii=False)))
    else:  # names, title and notes are the transcript's own text: no terminal escapes get through
        text = outcome.text()
        if trace is not None:
            text = f"{text}\n\n{trace_text(trace)}"
        typer.echo(clean(text))
