"""`playtest replay FILE`: check a recorded game move by move and score it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from playtest.cli.app import app
from playtest.core.transcript import read_transcript, trace_text, transcript_game
from playtest.core.transcript import replay as replay_transcript
from playtest.errors import TranscriptError
from playtest.text import clean, json_safe


@app.command()
def replay(
    transcript: Annotated[Path, typer.Argument(help="Transcript YAML file (docs/transcripts.md).", metavar="TRANSCRIPT")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    moves: Annotated[bool, typer.Option("--moves", help="Also list every move with what it did (the events the "
                                        "rules logged: for Stargate the crew, cubes placed and gained, VP, hand "
                                        "and stock after the turn). Oh-Seven and New Frontiers list every move "
                                        "anyway.")] = False,
) -> None:
    """Replay a recorded game: check every move, stop at the first illegal one (naming its
    number and the reason), print the final board and each player's score breakdown."""
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
    if as_json:
        data = outcome.to_json()
        if trace is not None:
            data = {**data, "trace": trace}
        typer.echo(json_safe(json.dumps(data, indent=2, ensure_ascii=False)))
    else:  # names, title and notes are the transcript's own text: no terminal escapes get through
        text = outcome.text()
        if trace is not None:
            text = f"{text}\n\n{trace_text(trace)}"
        typer.echo(clean(text))
