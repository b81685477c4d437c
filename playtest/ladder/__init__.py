"""Balance as a function of skill: the same variant played by a ladder of bots, rung by rung.

`runs.py` plays the games (self-play per rung, each rung against the one below it) through the
batch machinery; `skill.py` tests every report metric for a change across rungs; `strength.py`
measures how much stronger each rung is (head-to-head win rates, Bradley–Terry ratings);
`result.py` assembles them into one document that the report renderers read.
"""
