"""An independent referee for New Frontiers transcripts: the rules re-implemented from
RULINGS.md's New Frontiers section, the seed summary and docs/new-frontiers.md, without the
engine's code (it reads only the variant's numbers, through the variant loader). test_referee.py
replays transcripts through both and compares every score, supply and stock.

Written by an independent rules audit (2026-12-04) to catch a disagreement that no hand-scored
game happens to reach: on 1,120 recorded bot games (2-5 players; base, goals and 10 sets of
overrides; random, greedy and scripted bots) it agreed with the engine on every game.

Besides applying the moves it checks what a person checking a game would: the player selecting
is the first on the track without a selection, each action's responders come in its order, costs
and military are met with the powers held when the Settle began, an over-limit take is followed
by its discard, the bonus pick and the windfall goods are not left unused, consume powers are used
as far as the goods allow, and a decision left out of the transcript really had only `pass`.

Where RULINGS leaves a detail to the tile vocabulary, it follows docs/new-frontiers.md: a
`gold_on` power pays every holder when its action is selected; `consume <world>` without `with`
uses the pending power paying the most VP, then gold, then one limited to the good's color; a
settle reward does not pay for the world that carries it; an end bonus per development counts
its own tile. A colored `extra_good` power is counted as if it took any color (the shipped tiles
have none).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from playtest.variants import load_variant  # the numbers only: tiles and rules with `set:` applied


class Disagree(Exception):
    pass


@dataclass
class P:
    name: str
    gold: int = 0
    chips: int = 0
    colonists: int = 0
    worlds: list = field(default_factory=list)  # settled, home first (ids)
    unsettled: list = field(default_factory=list)
    devs: list = field(default_factory=list)
    goods: set = field(default_factory=set)  # world ids holding a good
    goals_down: list = field(default_factory=list)
    goals_up: list = field(default_factory=list)
    stores: dict = field(default_factory=dict)


def powers_of(V, p, worlds=None):
    ws = p.worlds if worlds is None else worlds
    out = []
    for w in ws:
        out += [(w, x) for x in V.W[w].powers]
    for d in p.devs:
        out += [(d, x) for x in V.D[d].powers]
    return out


class V:
    def __init__(self, model):
        self.m = model
        self.r = model.rules
        self.W = {}
        self.home = set()
        for h in model.home_worlds:
            self.W[h.id] = h
            self.home.add(h.id)
        for w in model.worlds:
            self.W[w.id] = w
        self.D = {d.id: d for d in model.developments}
        self.G = {g.id: g for g in model.goals.cards}

    def kind(self, w):
        return str(self.W[w].kind)


def military(Vv, p, worlds=None):
    return sum(x.amount for _, x in powers_of(Vv, p, worlds) if x.kind == "military")


def discount(Vv, p, action, worlds=None):
    return sum(x.amount for _, x in powers_of(Vv, p, worlds) if x.kind == "discount" and x.action == action)


def referee(path: Path | str) -> tuple[list[dict], dict]:
    """(final rows in seat order, end state) of the transcript at `path`; Disagree at the first
    move or skipped decision the rules as read here do not allow."""
    path = Path(path)
    tr = yaml.safe_load(path.read_text())
    variant_path = (path.parent / tr["variant"]).resolve()
    model = load_variant(variant_path, tuple(tr.get("set", []) or [])).model
    Vv = V(model)
    r = Vv.r
    names = tr["players"]
    n = len(names)
    idx = {x: i for i, x in enumerate(names)}
    goals_on = model.goals.enabled
    # --- set-up (RULINGS: 3 gold, 1 colonist onto the home world; last seat +1, 4-5: second-to-last too)
    comp = r.setup.compensation.get(n, [0] * n)
    ps = []
    stock_col = r.stocks.colonists_per_player * n + r.stocks.colonists_extra
    for i, nm in enumerate(names):
        h = tr["setup"]["home_worlds"][nm]
        p = P(nm, gold=r.setup.gold + comp[i], colonists=r.setup.extra_colonists, worlds=[h])
        if Vv.kind(h) == "windfall":
            p.goods.add(h)  # settled at set-up: a windfall receives its good when settled
        if r.stocks.home_from_stock:
            stock_col -= 1 + r.setup.extra_colonists
        ps.append(p)
    stock_chips = r.stocks.chips_per_player * n
    bag = {w.id for w in model.worlds}
    devs_left = {d.id: d.copies for d in model.developments}
    track = list(range(n))
    pile = 0
    goal_deck = list(tr["setup"].get("goal_deck", []))
    triggers = []
    over = False
    actions = ["goals" if goals_on else "retreat", "develop", "explore", "settle", "produce", "trade", "envoy"]

    def fail(msg):
        raise Disagree(f"{path.name}: round {rno}: {msg}")

    def gain_chips(p, k):
        nonlocal stock_chips
        p.chips += k
        stock_chips -= k

    def gain_col(p, k):
        nonlocal stock_col
        p.colonists += k
        stock_col -= k

    def order_of(sel):
        if r.action_order == "from_selector":
            i = track.index(sel)
            return track[i:] + track[:i]
        return [sel] + [x for x in track if x != sel]

    def dev_cost(p, d, is_sel):
        return max(0, Vv.D[d].cost - (r.bonuses.develop_discount if is_sel else 0) - discount(Vv, p, "develop"))

    def affordable_devs(p, is_sel):
        return [d for d in devs_left if devs_left[d] > 0 and dev_cost(p, d, is_sel) <= p.gold
                and not (r.unique_developments and d in p.devs)]

    def dev_points(p):
        return sum(r.end.large_counts if Vv.D[d].large else 1 for d in p.devs)

    rounds = tr["rounds"]
    rno = 0
    for rnd in rounds:
        rno += 1
        if over:
            fail("a round after the game ended")
        selected = []
        selectors = []
        entries = [list(e.items())[0] for e in rnd]
        i = 0
        ctx = None  # current action context

        def close_action():
            """Checks at the end of an action: skipped decisions were truly pass-only."""
            nonlocal ctx
            if ctx is None:
                return
            a, sel, acted = ctx["action"], ctx["sel"], ctx["acted"]
            if a == "develop":
                for x in range(n):
                    # (a player skipped before a later responder was checked then: "skip_ok")
                    if x not in acted and x not in ctx.get("skip_ok", set()) and affordable_devs(ps[x], x == sel):
                        fail(f"{names[x]} was not asked in Develop but could buy {affordable_devs(ps[x], x == sel)}")
            if a == "settle":
                for x in range(n):
                    if x not in acted:
                        fail(f"{names[x]} was not asked in Settle (colonists are always a choice)")
            if a == "trade":
                for x in range(n):
                    if x not in acted and ps[x].goods:
                        fail(f"{names[x]} was not asked in Trade while holding goods")
                    cons = ctx["consume_left"].get(x)
                    if cons is None:
                        continue
                    for (src, pw, _j), left in cons.items():
                        if left > 0 and any(pw.color in (None, str(Vv.W[g].color)) for g in ps[x].goods):
                            fail(f"{names[x]} left a consume power ({src}) unused with a good it takes: "
                                 f"{sorted(ps[x].goods)}")
            if a == "explore":
                if ctx["seq"] and ctx["draw"]:
                    fail(f"explore ended with pickers left {ctx['seq']} and worlds {ctx['draw']}")
                bag.update(ctx["draw"])
            if a == "produce":
                for y in range(n):
                    ent = (r.bonuses.produce_windfalls if y == sel else 0) + sum(
                        1 for _, pw in powers_of(Vv, ps[y]) if pw.kind == "extra_good")
                    used = ctx["wind"].get(y, 0)
                    empty = [w for w in ps[y].worlds if Vv.kind(w) == "windfall" and w not in ps[y].goods]
                    if used > ent or (used < ent and empty):
                        fail(f"{names[y]} windfall goods used {used} of {ent}, empty windfalls {empty}")
            ctx = None

        while i < len(entries):
            who, mv = entries[i]
            if who == "draw":
                fail("stray draw")
            x = idx[who]
            p = ps[x]
            verb, _, arg = str(mv).partition(" ")
            if verb == "select":
                close_action()
                expect = next(t for t in track if t not in selectors)
                if x != expect:
                    fail(f"{who} selects but {names[expect]} is first on the track without a selection")
                if arg in selected or arg not in actions:
                    fail(f"{who} selects {arg}: not selectable")
                selected.append(arg)
                selectors.append(x)
                # gold-on-action powers: every holder, when the action is selected (project reading)
                for q in ps:
                    q.gold += sum(pw.amount for _, pw in powers_of(Vv, q) if pw.kind == "gold_on" and pw.action == arg)
                ctx = {"action": arg, "sel": x, "acted": set(), "order": order_of(x)}
                if arg == "retreat":
                    p.gold += r.bonuses.retreat_gold
                elif arg == "envoy":
                    gain_chips(p, r.bonuses.envoy_vp)
                    track.remove(x)
                    track.insert(0, x)
                elif arg == "goals":
                    p.gold += r.bonuses.goals_gold
                    k = track.index(x)
                    if k > 0:
                        track[k - 1], track[k] = track[k], track[k - 1]
                    ctx["offer"] = goal_deck[:r.bonuses.goals_draw]
                    del goal_deck[:r.bonuses.goals_draw]
                elif arg == "develop":
                    pass
                elif arg == "explore":
                    who2, d = entries[i + 1]
                    assert who2 == "draw"
                    i += 1
                    extra = sum(pw.amount for q in ps for _, pw in powers_of(Vv, q) if pw.kind == "explore_draw")
                    want = min(r.explore.draw + extra, len(bag))
                    if len(d) != want:
                        fail(f"explore draw of {len(d)}, expected {want}")
                    for w in d:
                        if w not in bag:
                            fail(f"drawn {w} not in bag")
                        bag.discard(w)
                    ctx["draw"] = set(d)
                    seq = []
                    for y in ctx["order"]:
                        seq.append(y)
                        seq += [y] * sum(pw.amount for _, pw in powers_of(Vv, ps[y]) if pw.kind == "explore_draw")
                    seq += [x] * r.bonuses.explore_picks
                    ctx["seq"] = seq
                elif arg == "settle":
                    limit = r.end.settle_colonists
                    if limit is not None and stock_col <= limit and "colonists" not in triggers:
                        triggers.append("colonists")
                    gain_col(p, r.bonuses.settle_colonists)
                    ctx["frozen"] = {y: list(ps[y].worlds) for y in range(n)}
                    ctx["settled"] = {y: 0 for y in range(n)}
                    ctx["took_col"] = set()
                elif arg == "produce":
                    p.gold += pile
                    pile = 0
                    ctx["wind"] = {}
                    for q in ps:
                        for w in q.worlds:
                            if Vv.kind(w) == "production":
                                q.goods.add(w)
                elif arg == "trade":
                    gain_chips(p, r.bonuses.trade_vp)
                    ctx["consume_left"] = {}
                    ctx["traded"] = set()
                ctx["stores"] = []
                for y in ctx["order"]:
                    for g in ps[y].goals_down + ps[y].goals_up:
                        mat = Vv.G[g].storage
                        if mat is not None and str(mat.action) == arg:
                            q = ps[y]
                            ok = (bool(q.unsettled) if mat.item == "world" else
                                  (q.gold if mat.item == "gold" else q.colonists) >= mat.amount)
                            if ok:
                                ctx["stores"].append((y, g))
                i += 1
                continue
            if ctx is None:
                fail(f"{who}: {mv} with no action under way")
            a = ctx["action"]
            if ctx.get("stores"):
                y, g = ctx["stores"].pop(0)
                if y != x:
                    fail(f"{who}: {mv}: {names[y]}'s store on {g} comes first")
                if verb == "store":
                    gid, _, wid = arg.partition(" ")
                    mat = Vv.G[gid].storage
                    if gid != g:
                        fail("store on another goal")
                    if mat.item == "gold":
                        p.gold -= mat.amount
                    elif mat.item == "colonist":
                        p.colonists -= mat.amount
                    else:
                        p.unsettled.remove(wid)
                    p.stores[g] = p.stores.get(g, 0) + 1
                    if g in p.goals_down:
                        p.goals_down.remove(g)
                        p.goals_up.append(g)
                elif verb != "pass":
                    fail(f"{who}: {mv} where a store/pass was due")
                i += 1
                continue
            # responder order: never go back to an earlier player in the action's order
            pos = ctx["order"].index(x)
            if pos < ctx.get("pos", 0):
                fail(f"{who}: {mv}: out of the action's order {[names[y] for y in ctx['order']]}")
            # players skipped between: their decision must have been pass-only
            for y in ctx["order"][ctx.get("pos", 0):pos]:
                if y not in ctx["acted"] and y != x:
                    if a == "develop" and affordable_devs(ps[y], y == ctx["sel"]):
                        fail(f"{names[y]} skipped in Develop but could buy {affordable_devs(ps[y], y == ctx['sel'])}")
                    if a == "trade" and ps[y].goods:
                        fail(f"{names[y]} skipped in Trade while holding goods")
                    if a == "develop":
                        ctx.setdefault("skip_ok", set()).add(y)
                    if a == "trade":
                        ctx["consume_left"][y] = {}
            ctx["pos"] = pos
            ctx["acted"].add(x)
            if a == "develop":
                if verb == "develop":
                    c = dev_cost(p, arg, x == ctx["sel"])
                    if devs_left.get(arg, 0) <= 0 or c > p.gold:
                        fail(f"{who} develops {arg}: cost {c}, gold {p.gold}, left {devs_left.get(arg)}")
                    if r.unique_developments and arg in p.devs:
                        fail("second copy")
                    p.gold -= c
                    p.devs.append(arg)
                    devs_left[arg] -= 1
                elif verb != "pass":
                    fail(f"{who}: {mv} in develop")
            elif a == "explore":
                if not ctx["seq"] or ctx["seq"][0] != x:
                    fail(f"{who}: {mv}: explore picker order expected {[names[y] for y in ctx['seq']]}")
                ctx["seq"].pop(0)
                if verb == "pass" and len(ctx["seq"]) < r.bonuses.explore_picks:
                    fail(f"{who} passes the compulsory bonus pick")
                if verb == "take":
                    if arg not in ctx["draw"]:
                        fail(f"{who} takes {arg} not in draw")
                    ctx["draw"].discard(arg)
                    held = len(p.worlds) - 1 + len(p.unsettled)
                    p.unsettled.append(arg)
                    if held + 1 > r.explore.world_limit:
                        nxt = entries[i + 1] if i + 1 < len(entries) else None
                        if not nxt or nxt[0] != who or not str(nxt[1]).startswith("discard "):
                            fail(f"{who} over the world limit without a discard")
                        wd = str(nxt[1]).split()[1]
                        if wd not in p.unsettled:
                            fail(f"{who} discards {wd}: not unsettled")
                        p.unsettled.remove(wd)
                        bag.add(wd)
                        i += 1
                elif verb == "pass":
                    pass
                else:
                    fail(f"{who}: {mv} in explore")
                # (order of picks inside explore is not re-checked here; the draw/limit are)
                ctx["pos"] = 0
            elif a == "settle":
                if verb == "colonists":
                    if ctx["settled"][x] or x in ctx["took_col"]:
                        fail("colonists after settling")
                    ctx["took_col"].add(x)
                    gain_col(p, r.settle.colonists)
                elif verb == "settle":
                    fw = ctx["frozen"][x]
                    extra = sum(pw.amount for _, pw in powers_of(Vv, p, fw) if pw.kind == "extra_settle")
                    if ctx["settled"][x] > extra or x in ctx["took_col"]:
                        fail(f"{who} settles too many worlds")
                    if arg not in p.unsettled:
                        fail(f"{who} settles {arg}: not held")
                    t = Vv.W[arg]
                    if t.colonists > p.colonists:
                        fail(f"{who} settles {arg}: needs {t.colonists} colonists, has {p.colonists}")
                    if str(t.kind) == "military":
                        mil = military(Vv, p, fw)
                        if mil < t.cost:
                            fail(f"{who} settles {arg}: military {mil} < {t.cost}")
                    else:
                        c = max(0, t.cost - discount(Vv, p, "settle", fw))
                        if c > p.gold:
                            fail(f"{who} settles {arg}: cost {c} > gold {p.gold}")
                        p.gold -= c
                    p.colonists -= t.colonists
                    p.unsettled.remove(arg)
                    p.worlds.append(arg)
                    if str(t.kind) == "windfall":
                        p.goods.add(arg)
                    for _, pw in powers_of(Vv, p, fw):
                        if pw.kind == "settle_reward" and (pw.world_kind is None or str(pw.world_kind) == str(t.kind)):
                            p.gold += pw.gold
                            gain_col(p, pw.colonists)
                            gain_chips(p, pw.vp)
                    ctx["settled"][x] += 1
                elif verb != "pass":
                    fail(f"{who}: {mv} in settle")
            elif a == "produce":
                if verb == "windfall":
                    t = Vv.W[arg]
                    if arg not in p.worlds or str(t.kind) != "windfall" or arg in p.goods:
                        fail(f"{who} windfall {arg}: not an empty settled windfall")
                    p.goods.add(arg)
                    ctx["wind"][x] = ctx["wind"].get(x, 0) + 1
                    ctx["pos"] = 0
                else:
                    fail(f"{who}: {mv} in produce")
            elif a == "trade":
                if x not in ctx["consume_left"]:
                    ctx["consume_left"][x] = {(src, pw, j): pw.goods for j, (src, pw) in enumerate(powers_of(Vv, p)) if pw.kind == "consume"}
                if verb == "trade":
                    if x in ctx["traded"] or arg not in p.goods:
                        fail(f"{who} trade {arg}")
                    ctx["traded"].add(x)
                    p.goods.discard(arg)
                    p.gold += r.goods[str(Vv.W[arg].color)]
                elif verb == "pass":
                    ctx["traded"].add(x)
                elif verb == "consume":
                    good, _, src = arg.partition(" with ")
                    if good not in p.goods:
                        fail(f"{who} consumes {good}: no good there")
                    col = str(Vv.W[good].color)
                    cands = [(k, k[1]) for k, left in ctx["consume_left"][x].items()
                             if left > 0 and k[1].color in (None, col)]
                    if src:
                        cands = [c for c in cands if c[0][0] == src]
                    else:  # the best: most VP, then most gold, then a colour-limited one
                        cands.sort(key=lambda c: (-c[1].vp, -c[1].gold, c[1].color is None))
                    if not cands:
                        fail(f"{who} consume {arg}: no power for it")
                    k, pw = cands[0]
                    ctx["consume_left"][x][k] -= 1
                    p.goods.discard(good)
                    p.gold += pw.gold
                    gain_chips(p, pw.vp)
                else:
                    fail(f"{who}: {mv} in trade")
            elif a == "goals":
                if verb == "keep":  # `keep g05` or `keep g05 return g09 g03` (the order under the deck)
                    kept, _, order = arg.partition(" return ")
                    rest = [g for g in ctx["offer"] if g != kept]
                    back = order.split() if order else rest
                    if kept not in ctx["offer"] or sorted(back) != sorted(rest):
                        fail(f"keep {arg}: the offer was {ctx['offer']}")
                    for q in ps:
                        q.goals_up += q.goals_down
                        q.goals_down = []
                    p.goals_down.append(kept)
                    goal_deck.extend(back)
                else:
                    fail(f"{mv} in goals")
            else:
                fail(f"{who}: {mv} after {a}")
            i += 1
        close_action()
        if len(selectors) != n:
            fail(f"{len(selectors)} selections in the round")
        # round end
        if "produce" not in selected:
            pile += r.produce.pile_gold
        if r.end.worlds is not None and any(len(q.worlds) >= r.end.worlds for q in ps):
            triggers.append("worlds")
        if r.end.developments is not None and any(dev_points(q) >= r.end.developments for q in ps):
            triggers.append("developments")
        if r.end.chips_out and stock_chips <= 0:
            triggers.append("chips")
        if triggers:
            over = True
    # final scoring
    final = []
    for q in ps:
        chips = q.chips
        wvp = sum(Vv.W[w].vp for w in q.worlds)
        dvp = sum(Vv.D[d].vp for d in q.devs)
        bonus = 0
        mil = military(Vv, q)
        for _, pw in powers_of(Vv, q):
            if pw.kind != "end_bonus":
                continue
            if pw.per == "world":
                c = sum(1 for w in q.worlds if (pw.world_kind is None or Vv.kind(w) == str(pw.world_kind))
                        and (pw.color is None or str(Vv.W[w].color) == pw.color))
            elif pw.per == "development":
                c = sum(1 for d in q.devs if Vv.D[d].large or not pw.large_only)
            elif pw.per == "military":
                c = mil
            elif pw.per == "good":
                c = len(q.goods)
            elif pw.per == "colonist":
                c = q.colonists
            bonus += pw.vp * c
        final.append({"player": q.name, "chips": chips, "worlds": wvp, "developments": dvp, "bonus": bonus,
                      "total": chips + wvp + dvp + bonus, "tie_break": q.gold + len(q.goods)})
    if goals_on:
        gsc = [0] * n
        def cnt(q, g):
            c = g.count
            if c == "world":
                return sum(1 for w in q.worlds if (g.world_kind is None or Vv.kind(w) == str(g.world_kind))
                           and (g.color is None or str(Vv.W[w].color) == g.color))
            return {"development": len(q.devs), "military": military(Vv, q), "good": len(q.goods),
                    "colonist": q.colonists, "gold": q.gold}[c]
        for o, q in enumerate(ps):
            for g, k in q.stores.items():
                gsc[o] += Vv.G[g].storage.vp * k
            for g, up in [(g, True) for g in q.goals_up] + [(g, model.goals.hidden_score == "everyone") for g in q.goals_down]:
                G = Vv.G[g]
                if G.storage is not None or G.count is None:
                    continue
                seats = range(n) if up else [o]
                cs = [cnt(z, G) for z in ps]
                for z in seats:
                    if G.scoring == "per":
                        gsc[z] += G.vp * cs[z]
                    elif cs[z] == max(cs) and cs[z] >= 1:
                        gsc[z] += G.vp
        for f, v in zip(final, gsc, strict=True):
            f["goals"] = v
            f["total"] += v
    if True:
        best = max((f["total"], f["tie_break"]) for f in final)
        win = [f for f in final if (f["total"], f["tie_break"]) == best]
        for f in final:
            f["win_share"] = (1 / len(win)) if f in win and over else 0.0
    state = {"players": {q.name: (q.gold, q.colonists, q.chips, sorted(q.goods), list(q.worlds), sorted(q.unsettled),
                                  list(q.devs)) for q in ps},
             "chips": stock_chips, "colonists": stock_col, "pile": pile, "bag": len(bag),
             "track": [names[t] for t in track], "triggers": list(dict.fromkeys(triggers)), "over": over,
             "rounds": rno}
    return final, state


