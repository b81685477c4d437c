"""Oh-Seven at the terminal: what one seat sees (its own hand only), and a played match as a
transcript."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from playtest import rng as streams
from playtest.core.events import Event
from playtest.errors import UsageError
from playtest.games.ohseven.rules import EV_REBID, EV_REBID_BONUS, EV_REDEAL, OhSevenRules
from playtest.games.ohseven.state import BID, NO_TRUMP, OVER, PLAY, View
from playtest.games.ohseven.transcript import (
    card_examples,
    dump_transcript,
    rebid_why,
    replay,
)
from playtest.play.saved import from_replay
from playtest.play.session import PlaySupport
from playtest.play.table import TableGame
from playtest.sim.runner import PlayedGame
from playtest.text import cells, pad


def render(rules: OhSevenRules, view: View, seat: int, names: Sequence[str]) -> Group:
    """Your hand, the bids revealed so far, trump, the trick on the table, tricks won, scores.
    Never another seat's hand, nor a bid card before it is revealed."""
    cards = view.cards
    name = cards.name
    phase = "bidding" if view.phase == BID else "card play" if view.phase == PLAY else "match over"
    if not rules.use_trump:  # bidding.trump: none: no deal ever has a trump suit
        trump = "none (no trump in this variant)"
    else:
        trump = cards.suit_ids[view.trump] if view.trump != NO_TRUMP and view.trump >= 0 else "none yet"
    head = Text(f"Round {view.round + 1} of {rules.rounds} — {phase} — trump: {trump} — dealer: {names[view.dealer]}",
                style="bold")
    hand = Text("Your hand: ") + Text("  ".join(name(c) for c in view.hand), style="bold")
    if view.used and view.phase == BID:  # (in card play the bid cards are ordinary cards again)
        hand.append(f"   (already used as a bid this deal: {' '.join(name(c) for c in view.used)})", style="dim")
    table = Table(title="Players", title_justify="left")
    for col in ("player", "bid card", "bid", "tricks won", "score"):
        table.add_column(col)
    open_bids = dict(view.open_bids)  # bidding in turn: the bids already made this pass are open
    for s in range(view.n):
        bid_card = name(view.bid_cards[s]) if view.bid_cards else name(open_bids[s]) if s in open_bids else "-"
        bid = (str(view.bids[s]) if view.bids else str(rules.cards.bid[open_bids[s]]) if s in open_bids
               else "-")
        table.add_row(names[s], bid_card, bid,
                      str(view.won[s]) if view.won else "0", str(view.scores[s]))
    lines: list[Any] = [head, hand, table]
    lines += [Text(line) for line in set_aside(rules, view, names)]
    if view.open_bids:
        lines.append(Text("Bids made this pass: " + ", ".join(f"{names[s]} {name(c)}" for s, c in view.open_bids)))
    if view.phase == PLAY:  # (once the match is over no one leads: the last trick is taken)
        trick = " ".join(f"{names[(view.leader + i) % view.n]}:{name(c)}" for i, c in enumerate(view.trick))
        lines.append(Text(f"Trick: {trick or '(you lead)' if view.leader == seat else trick or '-'}"))
    return Group(*lines)


def set_aside(rules: OhSevenRules, view: View, names: Sequence[str]) -> list[str]:
    """The bids of this deal that a forced rebid set aside, one line each, saying whose card was
    which and why: 'Bidding passes this deal: 3D 5S AC AD' named neither the players nor what a
    pass was, and in card play it repeated the bids that stood (the table's bid cards). While
    bidding: every pass so far (all set aside) and that a card once bid may not bid again; in
    card play: the passes before the one that stood, which show cards still in those hands."""
    passes = view.passes if view.phase == BID else view.passes[:-1]
    cards = view.cards
    lines = []
    for bids in passes:
        total = sum(cards.bid[c] for c in bids)
        high = max(bids)
        trigger = "+".join(t for t, fired in (("sum", rules.trig_sum and total == rules.hand_size),
                                              ("identical", rules.trig_same and bids.count(high) > 1)) if fired)
        why = f" ({rebid_why(trigger, total, cards.name(high))})" if trigger else ""
        lines.append("Set aside by a forced rebid: " + ", ".join(f"{names[s]} {cards.name(c)}" for s, c in enumerate(bids))
                     + why + ".")
    if lines and view.phase == BID:
        lines[-1] += " Bid again with a card not yet bid this deal."
    return lines


def _rebid_note(rules: OhSevenRules, rebid: Event, events: Sequence[Event], names: Sequence[str]) -> str:
    """Why the bids must be made again and who was paid for it: 'rebid' alone left the person to
    guess why their score had just gone up."""
    d = rebid.data
    paid = [f"{names[e.seat]} +{e.data['bonus']}" for e in events
            if e.kind == EV_REBID_BONUS and e.data["pass_no"] == d["pass_no"] and e.data["deal_no"] == d["deal_no"]]
    return f"forced rebid: {rebid_why(d['trigger'], d['bid_total'], d['card'])}" + (f" (rebid bonus: {', '.join(paid)})" if paid else "")


def describe(rules: OhSevenRules, before: Any, action: Any, events: Sequence[Event], names: Sequence[str]) -> str:
    bits = []
    for e in events:
        d = e.data
        if e.kind == "trick" and "winner" in d:
            bits.append(f"trick to {names[int(d['winner'])]}")  # as the table names players (was 'seat 2')
        elif e.kind == EV_REBID:
            bits.append(_rebid_note(rules, e, events, names))
        elif e.kind == EV_REDEAL:
            kept = "points kept"
            if not rules.keep_points:  # what the round paid before this move, and in it, is taken back
                back = list(before.r.round_bonus)
                for b in events:
                    if b.kind == EV_REBID_BONUS:
                        back[b.seat] += b.data["bonus"]
                taken = ", ".join(f"{names[s]} -{p}" for s, p in enumerate(back) if p)
                kept = f"this round's rebid bonuses taken back: {taken}" if taken else "no rebid bonus to take back"
            bits.append(f"redeal: a player has no unused card left to bid, so new hands are dealt ({kept})")
        elif e.kind == "round_end":
            bits.append("round over")
    return ", ".join(dict.fromkeys(bits))


def announce(rules: OhSevenRules, before: Any, after: Any, action: Any, events: Sequence[Event],
             names: Sequence[str]) -> list[str]:
    """A round's scoring, one line a player from its round_end events: 'P2 bid 5, took 2 tricks:
    -3 (total 4)'; a score column that changed was all a round's end showed."""
    ends = [e for e in events if e.kind == "round_end"]
    if not ends:
        return []
    width = max(cells(names[e.seat]) for e in ends)
    lines = [f"Round {ends[0].round} of {rules.rounds} scored:"]
    for e in ends:
        d = e.data
        tricks = f"{d['tricks']} trick" + ("" if d["tricks"] == 1 else "s")
        bonus = f", and +{d['bonus']} rebid bonus this round" if d.get("bonus") else ""
        lines.append(f"  {pad(names[e.seat], width)}  bid {d['bid']}, took {tricks}{' (met)' if d['exact'] else ''}: "
                     f"{d['round_score']:+d}{bonus} "
                     f"(total {d['total']})")
    if after.phase == OVER and rules.tie_exact:  # the match's end: equal totals it ranks apart
        totals = rules.totals(after)
        for total in sorted(set(totals), reverse=True):
            tied = [s for s in range(after.n) if totals[s] == total]
            if len(tied) > 1 and len({after.exact[s] for s in tied}) > 1:
                tied.sort(key=lambda s: -after.exact[s])
                who = " and ".join([", ".join(names[s] for s in tied[:-1]), names[tied[-1]]])
                lines.append(f"{who} tie on {total} point{'' if abs(total) == 1 else 's'}; tie: most_exact ranks "
                             f"them by bids met exactly: {', '.join(f'{names[s]} {after.exact[s]}' for s in tied)}.")
    return lines


def read_move(rules: OhSevenRules, state: Any, text: str) -> Any:
    """A card as transcripts write it (`6D`: a bid in the bidding, else a card played), or with
    its verb (`bid 6D`, `play 6D`); the rules' reason when it is illegal (play says it to the person)."""
    words = text.split()
    verb = words[0].lower() if len(words) == 2 else None
    if len(words) > 2 or (verb is not None and verb not in ("bid", "play")) or text.lower() in ("bid", "play"):
        return None  # not a card move; a lone verb gets the list's 'did you mean'
    card = words[-1]
    folded = [name for name in rules.by_name if name.lower() == card.lower()]
    if card not in rules.by_name and not folded:
        raise ValueError(f"not a card (cards are rank+suit, e.g. {card_examples(rules)})")
    if card not in rules.by_name and len(folded) > 1:  # suits `C` and `c`: the case tells them apart
        raise ValueError(f"which card: {' or '.join(sorted(folded))}? (the case of a card's letters tells them apart)")
    c = rules.by_name[card if card in rules.by_name else folded[0]]
    bid = verb == "bid" if verb else state.phase == BID
    action = rules.bid_actions[c] if bid else rules.play_actions[c]
    reason = rules.why_illegal(state, action)
    if reason:
        raise ValueError(reason)
    return action


def face_down(rules: OhSevenRules, state: Any) -> str | None:
    """Simultaneous bidding: the bids of a pass stay face down until every seat has bid."""
    if rules.in_turn or state.phase != BID or not state.pending:
        return None
    return "bid (face down until every bid is in)"


def reveals(rules: OhSevenRules, before: Any, after: Any, action: Any, seat: int, names: Sequence[str]) -> str | None:
    """What a move showed the person in `seat` that was hidden (`undo` does not take back a move
    made before it): another seat's card played, or bid in turn, from a hand the person cannot
    see; new hands dealt (a new round, a redeal). A simultaneous bid stays face down until every
    bid is in (`face_down`); the session marks that reveal itself."""
    if before.seat != seat and (before.phase == PLAY or rules.in_turn):
        verb = "played" if before.phase == PLAY else "bid"
        return f"{names[before.seat]} {verb} {rules.cards.names[action.card]} from a hand you could not see"
    if after.phase == BID and (after.r.round, after.deal_no) != (before.r.round, before.deal_no):
        return "new hands were dealt"
    return None


def detail(rules: OhSevenRules, view: View, action: Any) -> str | None:
    """What a bid card bids: its rank's value, which is not its label for every rank (the base
    deck's Q bids 0 and A bids 1); 'bid QS' left the person to guess. None for a card played."""
    if view.phase != BID:
        return None
    value = rules.cards.bid[action.card]
    return f"bids {value} trick{'' if value == 1 else 's'}"


def deal_rng(seed: int) -> random.Random:
    return streams.stream(seed, 0, streams.DEAL)


def transcript(rules: OhSevenRules, variant_ref: str, names: Sequence[str], seed: int,
               actions: Sequence[Any], overrides: Sequence[str] = (), *,
               deal: random.Random | None = None, title: str | None = None) -> str:
    """The match dealt from `seed` and played with `actions`: every deal's hands, every complete
    bidding pass and every complete trick (an abandoned match stops at its last complete one)."""
    n = len(names)
    deal = deal or deal_rng(seed)  # (`deal`, `title`: as Stargate's transcript takes them)
    state = rules.initial_state(n, rng=deal)
    card = rules.cards.names
    rounds: list[dict[str, Any]] = []
    cur_round, cur_deal = -1, -1
    trick: list[str] = []
    pass_cards: list[str | None] = [None] * n
    for action in actions:
        if state.round != cur_round:
            cur_round, cur_deal = state.round, -1
            rounds.append({"deals": [], "tricks": []})
        if state.phase == BID and state.deal_no != cur_deal:
            cur_deal = state.deal_no
            rounds[-1]["deals"].append({"hands": {names[i]: [card[c] for c in state.hands[i]] for i in range(n)},
                                        "bids": []})
        seat, phase = rules.current_seat(state), state.phase
        state = rules.apply(state, action, rng=deal)
        if phase == BID:
            pass_cards[seat] = card[action.card]
            if all(c is not None for c in pass_cards):
                rounds[-1]["deals"][-1]["bids"].append(list(pass_cards))
                pass_cards = [None] * n
        else:
            trick.append(card[action.card])
            if len(trick) == n:
                rounds[-1]["tricks"].append(trick)
                trick = []
    rounds = [r for r in rounds if r["deals"] and r["deals"][0]["bids"]]
    data: dict[str, Any] = {"game": "ohseven", **({"title": title} if title else {}), "variant": variant_ref}
    if overrides:
        data["set"] = list(overrides)
    data["players"] = list(names)
    data["rounds"] = rounds
    return dump_transcript(data)


def asks(rules: OhSevenRules, view: View, seat: int, names: Sequence[str]) -> str | None:
    """Under the hook, to the last bidder of a pass: the bid it bars, and the cards that would make
    it (they are missing from the list of moves), or that every card left would, so any may be
    bid. None for every other decision: the list of moves says it."""
    if not rules.hook or view.phase != BID or len(view.open_bids) != view.n - 1:
        return None
    so_far = sum(rules.cards.bid[c] for _, c in view.open_bids)
    barred = rules.hand_size - so_far
    unused = list(view.hand)
    for c in view.used:
        unused.remove(c)
    hit = [c for c in unused if rules.cards.bid[c] == barred]
    if not hit:
        return None
    head = (f"You bid last, and the hook bars the bid that would bring the bids to {rules.hand_size} "
            f"({so_far} so far)")
    if len(hit) == len(unused):
        return f"{head}, but every card you have left would: any may be bid, and the bids then force a rebid."
    return f"{head}: no bid of {barred} ({', '.join(dict.fromkeys(rules.cards.name(c) for c in hit))})."


def table_game(path: Any) -> TableGame:
    """A finished recorded match, replayed (every card checked) with the events the runner logs."""
    from pathlib import Path

    rep = replay(Path(path))
    if rep.result is None:  # rounds scored, not begun (as the replay counts them)
        scored = sum("scores" in rnd for rnd in rep.rounds)
        begun = f", round {scored + 1} begun" if len(rep.rounds) > scored else ""
        raise UsageError(f"{path}: the match is not finished ({scored} of {rep.rounds_total} rounds scored{begun}): "
                         "calibrate compares finished matches only")
    return TableGame(str(path), rep.variant_obj, list(rep.players), PlayedGame(rep.result, rep.events, len(rep.events)))


SUPPORT = PlaySupport(render=render, transcript=transcript, deal_rng=deal_rng, describe=describe,
                      announce=announce, hint_bot="heuristic", table_game=table_game, saved=from_replay(replay), face_down=face_down,
                      reveals=reveals, read_move=read_move, detail=detail, asks=asks)
