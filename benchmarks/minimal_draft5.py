"""A minimal hard-coded Stargate draft-5 engine: the yardstick of `make bench`.

Everything draft 5 says, written for speed and nothing else: mutable lists, the six crews as
if-branches, no variant file, no events, no legality checks. Its bots follow the same policies
as the project's: `random` is uniform over the legal actions of each decision (crew, skill
target, placement, the empty placement included); `greedy` picks the whole turn (crew, skill
target, placement) that maximises its provisional lead over the best other seat plus 0.01 per
cube kept, as the project's `greedy-myopic` does (skill targets: all of them, not the best 4).
"""

from __future__ import annotations

import random

from playtest.core.draws import randbelow

# Draft 5 (variants/stargate/draft5.yaml): planet colors and VP columns; crews (name, time).
PLANETS = [(0, (1, 2, 0, 3, 4, 5)), (0, (1, 0, 2, 3, 0, 4, 6)), (0, (0, 1, 2, 0, 3, 4, 0, 7)),
           (1, (2, 0, 3, 4, 0, 5)), (1, (1, 2, 3, 0, 4, 0, 6)), (1, (0, 2, 0, 3, 4, 0, 5, 6)),
           (2, (1, 0, 2, 3, 5, 0)), (2, (0, 1, 3, 0, 4, 5, 5)), (2, (1, 2, 0, 2, 3, 0, 4, 6)),
           (3, (0, 2, 3, 0, 4, 6)), (3, (1, 1, 0, 3, 4, 0, 5)), (3, (0, 1, 2, 3, 0, 4, 0, 8))]
ARMSTRONG, ORLINS, AUDRIN, RAHEL, ANDERSON, BAYS = range(6)
TIME = (4, 3, 3, 2, 2, 1)
DEALT = {3: 5, 4: 7}


def placements(board: list[list[int]], cap: list[int], k: int, crew: int) -> list[tuple[int, ...]]:
    """Every legal placement of at most k cubes (the empty one first)."""
    npos, out = len(board), [()]
    room = [cap[p] - len(board[p]) for p in range(npos)]
    if crew == ORLINS:
        opens = [p for p in range(npos) if room[p] > 0]
        level = [()]
        for _ in range(min(k, len(opens))):
            level = [(*s, p) for s in level for p in opens if not s or p > s[-1]]
            out += level
        return out
    stack = [((p,), room[:p] + [room[p] - 1] + room[p + 1:]) for p in range(npos) if room[p] > 0]
    while stack:
        seq, left = stack.pop()
        out.append(seq)
        if len(seq) == k:
            continue
        cur = seq[-1]
        if crew == RAHEL and left[cur] > 0:
            stack.append(((*seq, cur), left[:cur] + [left[cur] - 1] + left[cur + 1:]))
        nxt = next((q % npos for q in range(cur + 1, cur + npos + 1) if left[q % npos] > 0), None)
        if nxt is not None and nxt != cur:
            stack.append(((*seq, nxt), left[:nxt] + [left[nxt] - 1] + left[nxt + 1:]))
    return out


def totals(board: list[list[int]], colors: list[int], vps: list[tuple[int, ...]], vp: list[int]) -> list[int]:
    """Planet majorities (later first cube wins ties) + color bonus + skill VP, per seat."""
    n = len(vp)
    tot, per_color = vp[:], [[0] * 4 for _ in range(n)]
    for p, owners in enumerate(board):
        count: dict[int, int] = {}
        first: dict[int, int] = {}
        for slot, seat in enumerate(owners):
            count[seat] = count.get(seat, 0) + 1
            first.setdefault(seat, slot)
            per_color[seat][colors[p]] += 1
        for r, seat in enumerate(sorted(count, key=lambda s: (-count[s], -first[s]))):
            tot[seat] += vps[p][len(owners) - 1 - r]
    for seat in range(n):
        m = max(per_color[seat])
        tot[seat] += m * per_color[seat].count(m)
    return tot


def skill_options(board: list[list[int]], cap: list[int], crew: int, seat: int) -> list[tuple[int, int]]:
    """Audrin: (from, to) moves of a last cube of `seat`; Anderson: (planet, slot) swaps."""
    if crew == AUDRIN:
        return [(s, d) for s in range(len(board)) if board[s] and board[s][-1] == seat
                for d in range(len(board)) if d != s and len(board[d]) < cap[d]]
    return [(p, i) for p in range(len(board)) for i in range(len(board[p]) - 1)]


def do_skill(board: list[list[int]], crew: int, target: tuple[int, int]) -> None:
    a, b = target
    if crew == AUDRIN:
        board[b].append(board[a].pop())
    else:
        board[a][b], board[a][b + 1] = board[a][b + 1], board[a][b]


def greedy_turn(board, cap, colors, vps, vp, hand, stock, avail, seat, rng):
    """(crew, skill target or None, placement): the turn with the best lead, ties at random."""
    best, lines = float("-inf"), []
    for crew in avail:
        h, s, v = hand[seat], stock[seat], vp[:]
        if crew == ARMSTRONG:
            v[seat] += 2
        elif crew == BAYS:
            g = min(2, s)
            h, s = h + g, s - g
        targets = skill_options(board, cap, crew, seat) if crew in (AUDRIN, ANDERSON) else []
        for target in targets or [None]:
            b = [o[:] for o in board]
            if target is not None:
                do_skill(b, crew, target)
            for seq in placements(b, cap, min(TIME[crew], h), crew):
                after = [o[:] for o in b]
                for p in seq:
                    after[p].append(seat)
                t = totals(after, colors, vps, v)
                value = t[seat] - max(x for i, x in enumerate(t) if i != seat) + 0.01 * (h - len(seq) + s)
                if value > best + 1e-9:
                    best, lines = value, [(crew, target, seq)]
                elif value > best - 1e-9:
                    lines.append((crew, target, seq))
    return lines[randbelow(rng, len(lines))]


def play(n: int, deal_rng: random.Random, bot_rngs: list[random.Random], bots: list[str]) -> list[int]:
    """One game; the final totals per seat."""
    circle = deal_rng.sample(range(len(PLANETS)), DEALT[n])
    colors, vps = [PLANETS[c][0] for c in circle], [PLANETS[c][1] for c in circle]
    cap = [len(v) for v in vps]
    board: list[list[int]] = [[] for _ in circle]
    hand, stock, vp = [3] * n, [12] * n, [0] * n
    start, rnd = 0, 1
    while True:
        avail = list(range(6))
        for t in range(n):
            seat, rng = (start + t) % n, bot_rngs[(start + t) % n]
            if bots[seat] == "greedy":
                crew, target, seq = greedy_turn(board, cap, colors, vps, vp, hand, stock, avail, seat, rng)
            else:
                crew = avail[randbelow(rng, len(avail))]
            avail.remove(crew)
            if crew == ARMSTRONG:
                vp[seat] += 2
            elif crew == BAYS:
                g = min(2, stock[seat])
                hand[seat], stock[seat] = hand[seat] + g, stock[seat] - g
            elif crew in (AUDRIN, ANDERSON) and bots[seat] != "greedy":
                options = skill_options(board, cap, crew, seat)
                target = options[randbelow(rng, len(options))] if options else None
            if crew in (AUDRIN, ANDERSON) and target is not None:
                do_skill(board, crew, target)
            if bots[seat] != "greedy":
                options = placements(board, cap, min(TIME[crew], hand[seat]), crew)
                seq = options[randbelow(rng, len(options))]
            for p in seq:
                board[p].append(seat)
            g = min(2, stock[seat])
            hand[seat], stock[seat] = hand[seat] - len(seq) + g, stock[seat] - g
        if 0 in stock or rnd >= 60:
            return totals(board, colors, vps, vp)
        start, rnd = (start + 1) % n, rnd + 1
