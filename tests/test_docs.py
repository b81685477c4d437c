"""The README and docs/*.md stay true to the code they describe (no simulation here: text only).

A reader acts on two kinds of claims these tests can check without playing a game: the
`playtest ...` command lines the pages show (a misspelt or renamed option makes the copied line
fail), and the variant keys a designer may write (a key the schema has but no page names can
only be found by reading schema.py; a documented key the schema lacks is refused by `validate`).
"""

from __future__ import annotations

import re
import shlex
import typing
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import typer.main
from pydantic import BaseModel

from playtest.cli.app import app
from tests.conftest import ROOT

# Pages a reader runs commands from. The generated result pages (stargate-findings.md,
# calibration.md, speed.md, scale.md) are included: their commands are to be run too.
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _commands(text: str) -> Iterator[tuple[int, str]]:
    """(line number, command line) of every `playtest ...` line in a code block (a trailing `\\`
    joins the next line) and every inline `playtest ...` code span."""
    lines = text.splitlines()
    in_block = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            in_block = not in_block
        elif in_block:
            start = i
            command = line.strip().removeprefix("$ ")
            while command.endswith("\\") and i + 1 < len(lines):
                i += 1
                command = command[:-1] + " " + lines[i].strip()
            if command.startswith("playtest "):
                yield start + 1, command
        else:
            for span in re.findall(r"`(playtest [^`]+)`", line):
                yield i + 1, span
        i += 1


def _option_tokens(command: str) -> tuple[str, list[str]]:
    """The subcommand and the option names a command line uses. Placeholders are written in
    capitals or brackets (`[--out FILE]`, `--format html|md|json`, `...`); `#` starts a comment."""
    command = command.split(" #", 1)[0].replace("[", " ").replace("]", " ")
    words = shlex.split(command, comments=False, posix=True)[1:]
    while words and words[0] == "--debug":  # the one option of `playtest` itself
        words = words[1:]
    if not words:
        return "", []
    options = [w.split("=", 1)[0] for w in words[1:] if w.startswith("-") and w != "-" and not w.startswith("---")]
    return words[0], options


def _own_options() -> set[str]:
    """The options of `playtest` itself (before any command): --debug, --version, --help."""
    return {o for p in typer.main.get_command(app).params for o in p.opts}


def _subcommands() -> dict[str, typing.Any]:
    """The CLI's commands by name (Typer's own click types, hence `Any`)."""
    return dict(typer.main.get_command(app).commands)  # type: ignore[attr-defined]


def _every_command() -> list[tuple[str, int, str]]:
    return [(page.relative_to(ROOT).as_posix(), n, c) for page in PAGES for n, c in _commands(page.read_text(encoding="utf-8"))]


def test_the_pages_show_commands_to_check() -> None:
    """The extraction finds the commands (an empty list would make the next test pass on nothing)."""
    found = _every_command()
    assert len(found) > 50
    assert {_option_tokens(c)[0] for _, _, c in found} >= {"validate", "simulate", "compare", "diff", "sweep", "tune",
                                                          "explain", "ladder", "replay", "report", "play", "calibrate"}


def test_every_command_in_the_docs_names_a_command_and_options_it_has() -> None:
    commands, own = _subcommands(), _own_options()
    wrong = []
    for page, n, command in _every_command():
        name, options = _option_tokens(command)
        if name.upper() == name or name.startswith("<") or name in ("...", "…"):
            continue  # `playtest COMMAND ...`, `playtest <version>`: placeholders, not commands
        if name in own:
            continue  # `playtest --version`: an option of playtest itself, no command
        sub = commands.get(name)
        if sub is None:
            wrong.append(f"{page}:{n}: `{command}`: no command {name!r}")
            continue
        known = {o for p in sub.params for o in (*p.opts, *p.secondary_opts)} | {"--help"}
        wrong += [f"{page}:{n}: `{command}`: `playtest {name}` has no option {o}" for o in options if o not in known]
    assert not wrong, "\n".join(wrong)


# --- variant keys ----------------------------------------------------------------------------


def _models(annotation: object, seen: list[type[BaseModel]]) -> list[type[BaseModel]]:
    """Every pydantic model reachable from a field annotation (unions, tuples, dicts included)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if annotation not in seen:
            seen.append(annotation)
            for field in annotation.model_fields.values():
                _models(field.annotation, seen)
    else:
        for arg in typing.get_args(annotation):
            _models(arg, seen)
    return seen


def _section(text: str, start: str, end: str | None) -> str:
    body = text.split(start, 1)[1]
    return body.split(end, 1)[0] if end else body


def _code(text: str) -> str:
    """The inline code spans and code blocks of a page, where its keys are written."""
    return "\n".join(re.findall(r"```.*?```|`[^`]+`", text, flags=re.S))


def _schema(game: str) -> type[BaseModel]:
    from playtest.games import get_game

    return get_game(game).schema


VARIANTS_MD = ROOT / "docs" / "variants.md"
# Where each built-in game's keys are documented: the page and its section (start, end heading).
KEY_DOCS = {
    "stargate": (VARIANTS_MD, "## Keys every variant has", "## Oh-Seven"),
    "ohseven": (VARIANTS_MD, "## Oh-Seven", "## New Frontiers"),
    "newfrontiers": (ROOT / "docs" / "new-frontiers.md", "## Keys", "## Bots"),
}


@pytest.mark.parametrize("game", sorted(KEY_DOCS))
def test_every_variant_key_a_designer_can_write_is_named_in_the_docs(game: str) -> None:
    """A key of any model of the game's schema (the top level, a crew, an effect, a power...)
    must appear as code in the game's section of its page: docs/variants.md says it documents
    every key (README), and the New Frontiers page lists the stocks and bonuses by name."""
    page, start, end = KEY_DOCS[game]
    code = _code(_section(page.read_text(encoding="utf-8"), start, end))
    if game != "stargate":
        code += _code(_section(VARIANTS_MD.read_text(encoding="utf-8"), "## Keys every variant has", "## Drafts"))
    missing = [f"{model.__name__}.{key}" for model in _models(_schema(game), [])
               for key in model.model_fields if not re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", code)]
    assert not missing, f"{page.relative_to(ROOT)} names no key {missing}: document them where the game's keys are"


def _direct(annotation: object) -> list[type[BaseModel]]:
    """The models an annotation holds directly (in a union, tuple or dict), not those nested in
    their fields."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for a in typing.get_args(annotation) for m in _direct(a)]


def _resolves(root: type[BaseModel], path: str) -> bool:
    """Whether a dotted key path (`rules.end.worlds`; `*` any key) names a field of the schema."""
    models = [root]
    for part in path.split("."):
        if part == "*":
            return True
        fields = [m.model_fields[part] for m in models if part in m.model_fields]
        if not fields:
            return False
        models = [m for f in fields for m in _direct(f.annotation)]
        if not models:
            return True  # a value (a number, a list of numbers, a map by player count)
    return True


@pytest.mark.parametrize("game", sorted(KEY_DOCS))
def test_every_key_path_in_a_key_table_is_in_the_schema(game: str) -> None:
    """The first column of the key tables (`cubes.total`, `rules.setup.gold`, `.extra_colonists`
    beside it) names keys the schema has: a documented key that `validate` refuses misleads."""
    page, start, end = KEY_DOCS[game]
    root = _schema(game)
    wrong = []
    for row in _section(page.read_text(encoding="utf-8"), start, end).splitlines():
        if not row.startswith("| `"):
            continue
        cell = row.split("|")[1]
        paths = re.findall(r"`([a-z_]+(?:\.[a-z_*]+)+)`", cell)
        parent = paths[0].rsplit(".", 1)[0] if paths else ""
        paths += [f"{parent}.{k}" for k in re.findall(r"`\.([a-z_]+)`", cell)]
        wrong += [p for p in paths if not _resolves(root, p)]
    assert not wrong, f"{page.relative_to(ROOT)} documents keys the {game} schema does not have: {wrong}"


# --- files and links -------------------------------------------------------------------------


def test_every_repository_path_the_pages_name_exists() -> None:
    """`playtest/games/stargate/effects.py`, `tests/plugins/nim.yaml`, `variants/...`: a path
    written as code that a reader opens (placeholders with `*` or `<...>` left out)."""
    wrong = []
    for page in PAGES:
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            for span in re.findall(r"`([^`]+)`", line):
                for path in re.findall(r"(?<![\w./-])((?:playtest|tests|variants|docs|gates|benchmarks)/[\w./*<>-]*)", span):
                    path = path.rstrip(".")
                    if not re.search(r"[*<>]", path) and not (ROOT / path).exists():
                        wrong.append(f"{page.relative_to(ROOT)}:{n}: {path}")
    assert not wrong, "\n".join(wrong)


def test_every_yaml_file_a_shown_command_reads_exists() -> None:
    """A command copied from a page runs: the README's `playtest diff draft5.yaml my-draft.yaml
    --gate ...` stopped at `my-draft.yaml:1:1: no such file`. Placeholders are written in capitals
    (`BASE.yaml`, `OUT/best.yaml`) or with `*`/`<...>`; a game `playtest play` saved on the line
    before (`stargate-seed7.yaml`) is the reader's own."""
    wrong = []
    for page, n, command in _every_command():
        for word in shlex.split(command.split(" #", 1)[0].replace("[", " ").replace("]", " "))[2:]:
            if (word.endswith((".yaml", ".yml")) and not word.startswith("-") and not re.search(r"[*<>A-Z]", word)
                    and not re.fullmatch(r"[\w-]+-seed\d+(-\d+)?\.yaml", word) and not (ROOT / word).exists()):
                wrong.append(f"{page}:{n}: {word}")
    assert not wrong, "\n".join(wrong)


def _anchors(page: Path) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens."""
    return {re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            for m in re.finditer(r"^#+ (.+)$", page.read_text(encoding="utf-8"), flags=re.M)}


def test_every_link_between_the_pages_reaches_its_file_and_heading() -> None:
    """[docs/variants.md](docs/variants.md#drafts-that-extend-drafts) and the like. docs/speed.md
    quotes old README paragraphs with their README-relative links as they stood: left out."""
    wrong = []
    for page in PAGES:
        if page.name == "speed.md":
            continue
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            for target in re.findall(r"\]\(([^)\s]+)\)", line):
                if re.match(r"\w+://", target):
                    continue
                path, _, anchor = target.partition("#")
                linked = (page.parent / path) if path else page
                if not linked.exists() or (anchor and anchor not in _anchors(linked)):
                    wrong.append(f"{page.relative_to(ROOT)}:{n}: {target}")
    assert not wrong, "\n".join(wrong)


# --- examples ----------------------------------------------------------------------------------


def _yaml_blocks(page: Path) -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S)


def test_every_yaml_example_of_variants_md_is_a_valid_draft(tmp_path: Path) -> None:
    """Each snippet a designer may copy into a draft: a whole draft (`extends: draft5.yaml`)
    or a part of one (planet effects, crews, end triggers), here merged into draft 5."""
    from playtest.variants import load_variant

    draft5 = ROOT / "variants" / "stargate" / "draft5.yaml"
    blocks = _yaml_blocks(VARIANTS_MD)
    assert len(blocks) >= 5
    for i, block in enumerate(blocks):
        if "extends:" in block:
            text = block.replace("extends: draft5.yaml", f"extends: {draft5}", 1)
        else:
            text = f"extends: {draft5}\nname: snippet {i}\n{block}"
        path = tmp_path / f"snippet{i}.yaml"
        path.write_text(text, encoding="utf-8")
        load_variant(path)  # a VariantError names the snippet's file, line and key


@pytest.mark.parametrize("page", ["transcripts.md", "new-frontiers.md"])
def test_every_transcript_example_replays(page: str, tmp_path: Path) -> None:
    """The transcripts the pages show (each may stop before the game ends: the replay then
    scores the game so far) are read and every move is legal."""
    from tests.conftest import invoke_cli

    blocks = [b for b in _yaml_blocks(ROOT / "docs" / page) if b.startswith("game:") and "variant: ../../" in b]
    assert blocks
    for i, block in enumerate(blocks):
        path = tmp_path / f"t{i}.yaml"
        path.write_text(block.replace("variant: ../../", f"variant: {ROOT}/"), encoding="utf-8")
        r = invoke_cli("replay", str(path))
        assert r.returncode == 0, f"docs/{page}, transcript {i + 1}: {r.stderr}"


def test_the_gates_and_goals_examples_are_files_their_loaders_accept(tmp_path: Path) -> None:
    """docs/ci.md's gates file and docs/tune.md's goals file, as a reader would save them (their
    metric names are checked against real games only when a run starts: not here)."""
    from playtest.compare.gates import load_gates
    from playtest.tune.goals import load_goals

    (gates,) = [b for b in _yaml_blocks(ROOT / "docs" / "ci.md") if b.lstrip().startswith("confidence:")]
    (goals,) = [b for b in _yaml_blocks(ROOT / "docs" / "tune.md") if "goals:" in b]
    (tmp_path / "gates.yaml").write_text(gates, encoding="utf-8")
    (tmp_path / "goals.yaml").write_text(goals, encoding="utf-8")
    assert len(load_gates(tmp_path / "gates.yaml").model.gates) == 4
    assert len(load_goals(tmp_path / "goals.yaml").items) == 4


def test_ci_md_s_unknown_metric_example_is_what_its_own_gates_file_gives(tmp_path: Path) -> None:
    """docs/ci.md quotes the error of its example gates file with `crew_pick` for
    `crew_first_pick_rate`, saved as gates/stargate.yaml: the quote said line 12, where that
    file's gate 1 starts at line 13."""
    from tests.conftest import invoke_cli

    page = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    (quoted,) = re.findall(r"`(gates/stargate\.yaml:\d+:\d+: gates\.1\.metric: unknown metric 'crew_pick'[^`]*?)\.\.\.`", page)
    (gates,) = [b for b in _yaml_blocks(ROOT / "docs" / "ci.md") if b.lstrip().startswith("confidence:")]
    (tmp_path / "gates").mkdir()
    (tmp_path / "gates" / "stargate.yaml").write_text(
        gates.replace("metric: crew_first_pick_rate ", "metric: crew_pick "), encoding="utf-8")
    draft5 = str(ROOT / "variants" / "stargate" / "draft5.yaml")
    # -n 4: an unknown metric is looked for in up to min(-n, 40) probe games before the error, and
    # the error does not depend on their number (the gates file's 400 made it 40 greedy games)
    r = invoke_cli("diff", draft5, draft5, "--gate", "gates/stargate.yaml", "-n", "4", "-w", "1", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr.startswith(quoted), (quoted, r.stderr)


def _base_commit(repo: Path) -> Callable[..., None]:
    """A designer's repository as docs/ci.md's workflow finds it: `repo` committed on `main`, which
    is also `origin/main` (the pull request's base); returns `git(...)` run in it."""
    import subprocess

    def git(*args: str) -> None:
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=repo, check=True,
                       capture_output=True)

    git("init", "-q", "-b", "main")
    git("add", "-A")
    git("commit", "-qm", "base")
    git("update-ref", "refs/remotes/origin/main", "HEAD")
    return git


def _stargate_repo(tmp_path: Path) -> tuple[Path, Callable[..., None]]:
    """A designer's repository (the Stargate drafts and gates/, committed on `main` as
    `_base_commit` makes it) and its `git(...)`."""
    import shutil

    repo = tmp_path / "repo"
    for part in ("variants/stargate", "gates"):
        shutil.copytree(ROOT / part, repo / part)
    (repo / "README.md").write_text("a designer's repository\n")
    return repo, _base_commit(repo)


def _run_workflow_steps(repo: Path, runner: Path, *names: str) -> list[str]:
    """docs/ci.md's workflow steps `names`, run as written in `repo` (each must exit 0), with
    `runner` as the job's RUNNER_TEMP and GITHUB_OUTPUT's folder: their standard outputs."""
    import os
    import subprocess
    import sys

    import yaml

    (block,) = [b for b in _yaml_blocks(ROOT / "docs" / "ci.md") if b.startswith("name: playtest gates")]
    steps = {s.get("name"): s for s in yaml.safe_load(block)["jobs"]["gates"]["steps"]}
    runner.mkdir(exist_ok=True)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "PYTHONPATH": str(ROOT), "RUNNER_TEMP": str(runner), "GITHUB_OUTPUT": str(runner / "output")}
    logs = []
    for name in names:
        script = steps[name]["run"].replace("${{ github.base_ref }}", "main")
        r = subprocess.run(["bash", "-e", "-c", script], cwd=repo, env=env, capture_output=True, text=True)
        assert r.returncode == 0, f"{name}: {r.stderr}"
        logs.append(r.stdout)
    return logs


def _listed_by_the_workflow(repo: Path, runner: Path) -> list[str]:
    """docs/ci.md's workflow step "List the variants to check", run as written in `repo`: the
    files it lists in changed.txt."""
    _run_workflow_steps(repo, runner, "List the variants to check")
    return (repo / "changed.txt").read_text().split()


@pytest.mark.parametrize(("edit", "listed"), [
    # a draft others extend: it and every draft whose chain holds it
    ("variants/stargate/draft6-no-replenish.yaml", ["draft6-crew-variety", "draft6-development", "draft6-new-crews",
                                                    "draft6-no-replenish", "draft6-special-planets"]),
    ("variants/stargate/draft6-development.yaml", ["draft6-development"]),
    # only the gates file: every draft of its game (a tightened gate passed with "No variant file changed."),
    # read from the folder, so that a new shipped draft joins it without an edit here
    ("gates/stargate.yaml", sorted(p.stem for p in (ROOT / "variants" / "stargate").glob("*.yaml"))),
    ("README.md", []),
])
@pytest.mark.system
def test_the_workflow_lists_the_drafts_a_pull_request_changes(edit: str, listed: list[str], tmp_path: Path) -> None:
    """docs/ci.md's GitHub workflow, its step that lists what to check, run as written in a
    repository whose pull request edits one file."""
    repo, git = _stargate_repo(tmp_path)
    with open(repo / edit, "a", encoding="utf-8") as f:
        f.write("# an edit\n")
    git("commit", "-qam", "the pull request")
    assert _listed_by_the_workflow(repo, tmp_path / "runner") == [f"variants/stargate/{name}.yaml" for name in listed]


@pytest.mark.system
def test_the_workflow_lists_the_drafts_a_renamed_parent_breaks(tmp_path: Path) -> None:
    """A pull request that renames draft6-no-replenish.yaml listed only the new name: the drafts
    that extend the old one no longer load, were left out ("diff says why, if it is listed") and
    the check passed with them broken (h195). A draft that does not load is listed."""
    repo, git = _stargate_repo(tmp_path)
    git("mv", "variants/stargate/draft6-no-replenish.yaml", "variants/stargate/draft6a.yaml")
    git("commit", "-qm", "the pull request: a rename")
    assert _listed_by_the_workflow(repo, tmp_path / "runner") == [
        f"variants/stargate/{name}.yaml" for name in ("draft6-crew-variety", "draft6-development", "draft6-new-crews",
                                                      "draft6-special-planets", "draft6a")]


@pytest.mark.system
def test_the_workflow_s_comment_does_not_deny_a_goals_file_changed(tmp_path: Path) -> None:
    """A pull request that edits gates/stargate-tune.yaml (tune's goals, kept under gates/) lists no
    draft, and the comment said "No variant file or gates file changed." of a file under gates/ (h195)."""
    repo, git = _stargate_repo(tmp_path)
    with open(repo / "gates" / "stargate-tune.yaml", "a", encoding="utf-8") as f:
        f.write("# an edit\n")
    git("commit", "-qam", "the pull request: tune's goals")
    runner = tmp_path / "runner"
    _run_workflow_steps(repo, runner, "List the variants to check", "Run playtest diff on the changed variants")
    assert (runner / "output").read_text() == "worst=0\n"
    assert (repo / "comment.md").read_text(encoding="utf-8") == (
        "No draft to check: no variant file, and no gates file of a game's drafts, changed.\n")


@pytest.mark.system
def test_the_workflow_s_comment_says_why_a_draft_could_not_be_checked(tmp_path: Path) -> None:
    """docs/ci.md's workflow, its steps from the base worktree to the comment, on a pull request
    that breaks a draft: playtest diff exits 2 with its one located line on stderr, which went to
    the job's log only; the comment, the one thing the designer reads, held a blank line."""
    repo, git = _stargate_repo(tmp_path)
    draft = repo / "variants" / "stargate" / "draft6-development.yaml"
    draft.write_text(draft.read_text(encoding="utf-8") + "max_rounds: -1\n", encoding="utf-8")
    git("commit", "-qam", "the pull request")
    runner = tmp_path / "runner"
    _run_workflow_steps(repo, runner, "Base branch in a worktree", "List the variants to check",
                        "Run playtest diff on the changed variants")
    assert (runner / "output").read_text() == "worst=2\n"
    comment = (repo / "comment.md").read_text(encoding="utf-8")
    assert "variants/stargate/draft6-development.yaml" in comment, comment
    assert "variants/stargate/draft6-development.yaml:60:13: max_rounds: " in comment, comment


@pytest.mark.system
def test_the_workflow_takes_a_draft_s_own_gates_file(tmp_path: Path) -> None:
    """docs/ci.md: the hook draft switches rebids off, so gates/ohseven.yaml's rebid gate is refused
    for it (exit 2), and the page says to gate it with a copy without that gate; the workflow had no
    place for such a copy: every pull request touching Oh-Seven's base or gates failed its check on
    hook.yaml. A draft's own gates/<game>/<draft>.yaml is taken before gates/<game>.yaml, and a
    change to it lists that draft."""
    import shutil

    import yaml

    repo = tmp_path / "repo"
    shutil.copytree(ROOT / "variants" / "ohseven", repo / "variants" / "ohseven")
    (repo / "gates" / "ohseven").mkdir(parents=True)
    shutil.copy(ROOT / "gates" / "ohseven.yaml", repo / "gates" / "ohseven.yaml")
    own = yaml.safe_load((ROOT / "gates" / "ohseven.yaml").read_text(encoding="utf-8"))
    own["gates"] = [g for g in own["gates"] if g["metric"] != "rebids_mean"]
    own["run"].update(games=4, max_games=8)  # the workflow is checked, not the verdict: few games

    (repo / "gates" / "ohseven" / "hook.yaml").write_text(yaml.safe_dump(own), encoding="utf-8")
    git = _base_commit(repo)
    own["gates"][0]["max"] = 0.12
    (repo / "gates" / "ohseven" / "hook.yaml").write_text(yaml.safe_dump(own), encoding="utf-8")
    git("commit", "-qam", "the pull request: the hook draft's own gates")
    logs = _run_workflow_steps(repo, tmp_path / "runner", "Base branch in a worktree", "List the variants to check",
                               "Run playtest diff on the changed variants")
    assert (repo / "changed.txt").read_text().split() == ["variants/ohseven/hook.yaml"]
    assert "variants/ohseven/hook.yaml: exit 2" not in logs[-1], (repo / "comment.md").read_text(encoding="utf-8")
    assert "could not be checked" not in (repo / "comment.md").read_text(encoding="utf-8")


def test_the_play_support_example_is_the_example_plugin_s_code() -> None:
    """docs/extending.md's worked PlaySupport (Nim's) is copied from tests/plugins/playtest_nim,
    which test_plugin_game.py plays, saves and replays: each of its code blocks must stand there
    verbatim, so that an edit to one cannot leave the other showing code that does not run."""
    page = (ROOT / "docs" / "extending.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", _section(page, "### Play in the terminal", "\n### "), flags=re.S)
    fixture = ROOT / "tests" / "plugins" / "playtest_nim"
    sources = {path.name: path.read_text(encoding="utf-8") for path in (fixture / "play.py", fixture / "__init__.py")}
    assert len(blocks) == 2
    missing = [block for block in blocks if not any(block in source for source in sources.values())]
    assert not missing, f"not in {', '.join(sources)} of {fixture.relative_to(ROOT)}:\n" + "\n---\n".join(missing)


def test_ci_md_names_every_key_of_diff_s_json(tmp_path: Path) -> None:
    """A CI script reads `playtest diff --format json`; docs/ci.md named only fail_bound_low/high of
    it (h195). Every key the summary writes, and every key of a gate's object, is named in its section."""
    import json
    import re

    from tests.conftest import invoke_cli

    gates = tmp_path / "g.yaml"
    gates.write_text("gates:\n  - {metric: game_length_rounds, max: 9}\n", encoding="utf-8")
    draft5 = str(ROOT / "variants" / "stargate" / "draft5.yaml")
    r = invoke_cli("diff", draft5, draft5, "--gate", str(gates), "-n", "2", "-w", "1", "-f", "json")
    assert r.returncode in (0, 3), r.stderr
    doc = json.loads(r.stdout)
    page = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    section = page.split("## The JSON summary (`--format json`)", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`([a-z_]+)`", section))
    assert set(doc) - named == set() and set(doc["gates"][0]) - named == set()


def test_the_ladder_docs_name_a_pairing_s_sides_as_its_table_does() -> None:
    """ladder.md and ladder.html head the sides 'upper rung'/'lower rung' (the upper may turn out
    the weaker), but docs/ladder.md's Strength paragraph, right after saying so, seated 'the stronger
    rung' in seats 1, 3, …, and the README named the pair folders runs/vs/<stronger>--<weaker>/."""
    import re

    strength = (ROOT / "docs" / "ladder.md").read_text(encoding="utf-8").split("- **Strength**", 1)[1].split("\n- **", 1)[0]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "the upper rung sits in seats 1, 3" in strength
    assert not re.search(r"\b(stronger|weaker)\b(?! one)", strength.split("):", 1)[1]), strength
    assert "runs/vs/<upper>--<lower>/" in readme and "the stronger rung wins" not in readme


def test_the_readme_names_a_search_rung_s_run_folders_as_ladder_writes_them() -> None:
    """A rung such as mcts:1000 is written to runs/self/mcts-1000/ (playtest.ladder.runs.slug), not
    runs/self/mcts:1000/ as the README's `runs/self/<rung>/` read; the README now gives the real names."""
    from playtest.ladder.runs import slug

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"`runs/self/{slug('mcts:1000')}/`" in readme
    assert f"`runs/vs/{slug('mcts:1000')}--{slug('mcts:200')}/`" in readme


def test_tune_md_names_only_commands_that_read_its_run_folders() -> None:
    """docs/tune.md said `playtest compare` reads a tune's runs/base and runs/best; compare takes
    variant files only (given a run folder it answers 'is a folder, not a file'). The row names
    the commands that read run folders and how to compare the two drafts instead."""
    row = next(line for line in (ROOT / "docs" / "tune.md").read_text(encoding="utf-8").splitlines()
               if line.startswith("| `runs/base`, `runs/best` |"))
    compare = _subcommands()["compare"]
    variants = next(p for p in compare.params if p.name == "variants")
    assert "variant YAML files" in (variants.help or "")
    assert "`playtest compare` read" not in row and "`compare` takes variant files" in row
    assert "`playtest report`" in row and "`calibrate --against`" in row


def test_report_json_md_names_every_headline_of_an_unknown_verdict() -> None:
    """9868e03b made the verdict of seats that kept different bots (--no-rotate) "unknown" whatever
    the seat tests say, but docs/report-json.md's list of when `status` is "unknown" still named only
    runs too small to judge (review h266): an "unknown" over a thousand games read as a bug there."""
    from playtest.analysis import columns as C
    from playtest.analysis.columns import metric_frame
    from playtest.analysis.metrics import Section
    from playtest.report.model import verdict

    doc = (ROOT / "docs" / "report-json.md").read_text(encoding="utf-8").split("## `verdict`", 1)[1].split("\n## ", 1)[0]
    seats = metric_frame([{C.METRIC: "win_rate_by_seat", C.GROUP: f"seat {i + 1}", C.ESTIMATE: rate, C.CI_LOW: rate - 0.03,
                           C.CI_HIGH: rate + 0.03, C.N: 1000, C.P_VALUE: 1e-9} for i, rate in enumerate((0.8, 0.2))])
    said = verdict([Section("seats", "Seats", seats)], 2, ("greedy", "random"), rotated=False)
    opening = said.headline.split(":", 1)[0]
    assert said.status == "unknown" and opening == "Seat and bot effects cannot be told apart", said
    assert f'"{opening}"' in doc
