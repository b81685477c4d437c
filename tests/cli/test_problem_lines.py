"""One slip repeated through a list is one error line (cli.app.problem_lines); different slips,
other lists and other files keep a line each."""

from __future__ import annotations

from playtest.cli.app import problem_lines
from playtest.errors import OVERRIDE, Problem


def _p(path: str, message: str, col: int, file: str = "t.yaml") -> Problem:
    return Problem(file, 8, col, path, message)


def test_the_same_slip_in_items_in_a_row_is_one_line_naming_the_others() -> None:
    lines = problem_lines([_p("circle.1", "unknown planet '1'", 10), _p("circle.2", "unknown planet '2'", 13),
                           _p("circle.3", "unknown planet '3'", 16), _p("circle.5", "unknown planet '5'", 22)])
    assert lines == ["t.yaml:8:10: circle.1: unknown planet '1'; the same in circle.2, 3, 5"]


def test_a_number_key_of_a_mapping_is_named_by_its_path_not_as_an_item() -> None:
    lines = problem_lines([_p("planets_dealt.3", "at least one planet must be dealt, not 0", 16),
                           _p("planets_dealt.4", "at least one planet must be dealt, not 0", 22)])
    assert lines == ["t.yaml:8:16: planets_dealt.3: at least one planet must be dealt, not 0; the same in planets_dealt.4"]


def test_different_slips_other_lists_files_and_overrides_keep_a_line_each() -> None:
    problems = [
        _p("hands.Ann.1", "not a card: 6X (cards are rank+suit, e.g. 7S, QH, AD, 2C)", 10),
        _p("hands.Ann.2", "5H is in this hand twice", 14),  # another slip in the next item
        _p("hands.Ben.1", "5H is in this hand twice", 10),  # the same words, another list
        _p("hands.Ben.2", "5H is in this hand twice", 14, file="u.yaml"),  # another file
        Problem(OVERRIDE + "circle.1=x", 1, 1, "circle.1", "unknown planet 'x'"),
        Problem(OVERRIDE + "circle.2=y", 1, 1, "circle.2", "unknown planet 'y'"),
        _p("compensation.3", "must be at least 0 (got -1)", 10),
        _p("compensation.4", "is above the most gold a seat can hold (got 99)", 14),  # many words differ
    ]
    assert len(problem_lines(problems)) == len(problems)


def test_messages_whose_own_words_differ_are_different_slips() -> None:
    """'greater than 0' and 'less than 9' differ in two words as 'G03' and 'G04' do, but in the
    message's prose: a value too small then one too large are two mistakes, two lines."""
    lines = problem_lines([_p("weights.1", "input should be greater than 0", 10),
                           _p("weights.2", "input should be less than 9", 13)])
    assert lines == ["t.yaml:8:10: weights.1: input should be greater than 0",
                     "t.yaml:8:13: weights.2: input should be less than 9"]


def test_a_merged_line_keeps_each_suggestion_the_first_does_not_imply() -> None:
    """'g3' (did you mean 'g03'?) and 'g17' (did you mean 'g07'?) were one line that named
    goals.4 but lost its suggestion; a goal deck in capitals, where each suggestion is its own
    word in small letters as the first's is, stays one short line."""
    lines = problem_lines([_p("goals.1", "unknown goal 'g3' (did you mean 'g03'?)", 10),
                           _p("goals.2", "unknown goal 'g4' (did you mean 'g04'?)", 14),
                           _p("goals.4", "unknown goal 'g17' (did you mean 'g07'?)", 22)])
    assert lines == ["t.yaml:8:10: goals.1: unknown goal 'g3' (did you mean 'g03'?); the same in goals.2 ('g4': did you "
                     "mean 'g04'?), 4 ('g17': did you mean 'g07'?)"]
    capitals = problem_lines([_p(f"goals.{i}", f"unknown goal 'G0{i}' (did you mean 'g0{i}'?)", 4 * i) for i in range(1, 6)])
    assert capitals == ["t.yaml:8:4: goals.1: unknown goal 'G01' (did you mean 'g01'?); the same in goals.2–5"]
