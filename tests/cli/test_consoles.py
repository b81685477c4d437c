"""What the CLI prints is printed as written: rich's emoji codes are off in every console."""

from __future__ import annotations

import io
import re
from pathlib import Path

import playtest.cli
from playtest.cli.common import make_console


def test_a_bot_name_with_an_emoji_code_in_it_is_printed_as_written() -> None:
    out = io.StringIO()
    make_console(file=out, width=80).print("bots mcts:100:c=1,greedy  mcts:100:reward=margin │ 35.0%")
    assert "mcts:100:c=1" in out.getvalue()
    assert "mcts:100:reward=margin" in out.getvalue()


def test_every_console_of_the_cli_is_made_by_make_console() -> None:
    """A `Console(...)` built directly would have emoji codes on again (`mcts💯c=1`)."""
    cli = Path(playtest.cli.__file__).parent
    direct = [f"{path.name}:{i}" for path in sorted(cli.glob("*.py")) if path.name != "common.py"
              for i, line in enumerate(path.read_text().splitlines(), 1) if re.search(r"\bConsole\(", line)]
    assert direct == []
