"""`playtest replay FILE`: check a recorded game move by move and score it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from playtest.cli.app import app
from playtest.core.transcript import read_transcript, refuse_variant_file, trace_text
from playtest.core.transcript import replay as replay_transcript
from playtest.errors import Problem, TranscriptError
from playtest.games import GamePluginError, game_names, get_game, known_games
from playtest.suggest import as_written
from playtest.text import clean, json_safe
from playtest.variants.source import parse_file


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
    tree = parse_file(transcript, what="a transcript")
    refuse_variant_file(tree)
    if not isinstance(tree.value, dict) or "game" not in tree.value:
        raise TranscriptError([Problem(str(transcript), 1, 1, "game", "required key is missing "
                                       f"(known games: {known_games()})")])
    node = tree.value["game"]
    if node.value not in game_names():
        raise TranscriptError([node.problem("game", f"unknown game {as_written(node.plain())} (known games: {known_games()})")])
    try:
        spec = get_game(node.value)
    except GamePluginError as err:
        raise TranscriptError([node.problem("game", str(err))]) from None
    trace: list[dict[str, Any]] | None = None  # --moves, for the transcripts in the common format
    if spec.replay is not None:
        outcome = spec.replay(transcript)
    elif spec.notation is not None:
        trace = [] if moves else None
        outcome = replay_transcript(read_transcript(transcript, spec.notation), spec.notation, spec.make_rules,
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
