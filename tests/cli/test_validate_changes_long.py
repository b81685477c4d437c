"""`validate --changes` shows what a draft changes even when the value is long: the new value of
a long key (an `end:` list) must not be cut away behind the old one."""

from __future__ import annotations

from tests.conftest import ROOT


def test_a_long_change_still_shows_the_new_value(cli, tmp_path):
    (tmp_path / "d6x.yaml").write_text(
        f"extends: {ROOT}/variants/stargate/draft6-no-replenish.yaml\n"
        "rules_version: d6x\nname: round cap 4\n"
        "end:\n  - {trigger: planets_full, count: {3: 2, 4: 3}}\n  - {trigger: round_cap, rounds: 4}\n")
    r = cli("validate", str(tmp_path / "d6x.yaml"), "--changes")
    assert r.returncode == 0, r.stderr
    line = next(x for x in r.stdout.splitlines() if x.strip().startswith("end:"))
    new = line.split(" → ", 1)[1]
    assert '"rounds": 4' in new and "…" not in new
