"""Hand-scored New Frontiers games: transcripts written by a tester from RULINGS.md, each game's
final scores worked out by hand before it was replayed (data/handscored/ARITHMETIC.md). Together
they cover every action and its selector bonus, settling by gold and by military, the world limit
with discard, windfalls, the Produce pile, trade then consume, envoys, three end triggers, the
gold+goods tie-break, a shared win, the goals option and a storage mat; T7–T14 (a second
check) add exact military, stacked discounts, two triggers in one round, 5 players with a changed
price, the development trigger with large developments' bonuses, stacked powers, both storage
mats, and the player's choice of consume power. T15–T20 (a third check, 2026-12-03) add powers
from the moment a development is bought, develop cost not below 0, two worlds in one Settle
(the first world's powers only from the next action), the settle trigger at exactly 4 with the
round played out and the colonist stock below 0, moving up one place with Galaxy goals, the
discard of an unsettled world only, and Produce/consume details; their stocks, supplies and
the bag are checked too (HAND_STATE). T21–T22 (a fourth check, 2026-12-04) add an envoy from the
middle of the track reordering the same round's later action, a non-selector's gold-on-develop and
extra explore pick, a Produce bonus refilling a traded windfall home world, a written pass for a
skipped second settle, and two players reaching the development trigger in one round for a shared
win; T23 plays the rules.action_order: from_selector option with a non-selector's discard over the
world limit. T24–T28 (a fifth check, 2026-12-04, written before reading the engine) add a windfall
world's extra settle counting from the next Settle, a settle reward not paying for its own world,
d01 bought and used in one round by two holders, a three-way tie split by gold + goods into a
shared win, the Treasury mat and a goal revealed at the end, the colonist trigger at 5 players,
and a tie broken by goods alone. T29 (a sixth check, 2026-12-04, hand-scored before replaying) plays
base.yaml exactly as shipped, with no `set:`: the default stocks, start gold and compensation,
draw and colonist trigger. T30–T34 (a seventh check, 2026-12-06, hand-scored before replaying; the
arithmetic is in each file's header comment) add a total tie broken by gold + goods with the chip
stock run out at exactly 0, large developments' bonuses counting the home world, a changed good
price, the world limit with every held world settled, gold_on powers paying a non-selector, and
goals flipped by a later keep and revealed at the end. T35–T39 (an eighth check, 2026-12-06) add a
player with two large developments (d15 counting d16 as one tile, d16 skipping an unsettled military
world), the colonist trigger under home_from_stock: false, the default world limit of 8 passed by an
extra pick, a goal deck too short for a full draw with a 'most' goal nobody scores,
from_selector with 5 players after an envoy in the same round; T40–T41 the development and worlds
triggers at their default 11 and 8, the latter with two extra_settle powers (three worlds in one
Settle). T45–T48 (a tenth check, h236, 2026-12-06, hand-scored before replaying, the arithmetic in
each file's header) add a bag that runs short of the draw and then empty, the powers no shipped tile
has (end bonuses per colonist, per military and per large development, a settle reward for military
worlds only, gold on Envoys, an extra good of one color), two 'most' goals tied with Galaxy goals
selected by the player already first, and Galaxy goals selected with the goal deck empty. T49–T51 (an
eleventh check, h258, 2026-12-07, hand-scored before replaying, the arithmetic in each file's header)
add the chips and worlds triggers in one round, the colonist and development triggers in one round
with a tie shared on both levels under a world limit of 1 (a new world discarded, and an older
unsettled one), and goals.hidden_score: owner with a mat stored on twice and a goal flipped. T52 (a twelfth check, h264,
2026-12-07, hand-scored before replaying) changes every selector bonus that is an (option) at once (two
explore bonus picks, two produce bonus windfalls, two settle colonists, two gold off a development, two
VP chips for Trade and Envoys), with home worlds fixed, a compensation list of its own, Settle's
colonists 3, a Produce pile of 2 a round, a large development counting 3 and the chips trigger off
while the chip stock goes below 0."""

from __future__ import annotations

from pathlib import Path

import pytest

from playtest.errors import IllegalActionError, TranscriptError
from playtest.games.newfrontiers.transcript import replay

from .helpers import DATA, ROOT

HAND = {
    # transcript: (end triggers, [(player, total, gold + goods, win share), ...])
    "t1_2p": (["chips"], [("Ann", 10, 3, 1.0), ("Ben", 9, 7, 0.0)]),
    "t2_3p": (["colonists"], [("Ann", 1, 3, 0.0), ("Ben", 1, 4, 0.0), ("Cat", 4, 6, 1.0)]),
    "t3_4p": (["worlds"], [("Ann", 12, 3, 0.0), ("Ben", 10, 3, 0.0), ("Cat", 12, 6, 1.0), ("Dan", 7, 8, 0.0)]),
    "t4_goals_3p": (["chips"], [("Ann", 7, 2, 0.0), ("Ben", 10, 3, 1.0), ("Cat", 6, 6, 0.0)]),
    "t5_goals_storage_2p": (["chips"], [("Ann", 3, 3, 1.0), ("Ben", 1, 6, 0.0)]),
    "t6_shared_win": (["chips"], [("Ann", 1, 3, 0.5), ("Ben", 1, 3, 0.5)]),
    "t7_a_2p": (["chips"], [("Ann", 10, 11, 1.0), ("Ben", 10, 8, 0.0)]),
    "t8_b_3p": (["worlds", "chips"], [("Ann", 8, 4, 0.0), ("Ben", 7, 9, 0.0), ("Cat", 8, 8, 1.0)]),
    "t9_c_4p_goals": (["colonists"], [("Ann", 8, 3, 0.5), ("Ben", 4, 6, 0.0), ("Cat", 8, 3, 0.5), ("Dan", 5, 5, 0.0)]),
    "t10_d_5p": (["chips"], [("Ann", 5, 2, 1.0), ("Ben", 1, 3, 0.0), ("Cat", 3, 7, 0.0), ("Dan", 4, 7, 0.0),
                             ("Eve", 2, 2, 0.0)]),
    "t11_g1_dev_trigger": (["developments"], [("Ann", 11, 21, 1.0), ("Ben", 7, 21, 0.0)]),
    "t12_p_powers": (["worlds"], [("Ann", 7, 19, 0.0), ("Ben", 10, 21, 1.0)]),
    "t13_h1_goals_2p": (["chips"], [("Ann", 5, 6, 1.0), ("Ben", 2, 9, 0.0)]),
    "t14_x1_consume_order": (["chips"], [("Ann", 5, 8, 1.0), ("Ben", 1, 13, 0.0)]),
    "t15_n1_powers_when_bought": (["chips"], [("Ann", 5, 14, 0.0), ("Ben", 7, 6, 1.0)]),
    "t16_n2_two_world_settle": (["chips"], [("Ann", 7, 15, 0.0), ("Ben", 7, 22, 1.0)]),
    "t17_n3_4p_settle_trigger": (["colonists"], [("Ann", 4, 1, 1.0), ("Ben", 2, 2, 0.0), ("Cat", 3, 5, 0.0),
                                                 ("Dan", 2, 2, 0.0)]),
    "t18_n4_goals_move_up": (["chips"], [("Ann", 7, 2, 1.0), ("Ben", 6, 1, 0.0), ("Cat", 6, 3, 0.0)]),
    "t19_n5_world_limit_discard": (["worlds"], [("Ann", 3, 9, 0.0), ("Ben", 3, 11, 1.0)]),
    "t20_n7_produce_consume": (["chips"], [("Ann", 6, 14, 0.0), ("Ben", 8, 20, 1.0)]),
    # T21: Ann 5 chips + h1 1 + w17 1 + w01 1 + d01 1 = 9 (gold 0, no goods); Ben 2 + w26 2 + d03 1 + d05 1
    # = 6 (gold 7); Cat 2 + w09 2 + d13 3 + d11 2 = 9 (gold 4 + h3's good = 5: wins the tie); Dan w13 2 +
    # d07 1 + d09 2 = 5 (gold 9)
    "t21_q1_envoy_mid_round": (["chips"], [("Ann", 9, 0, 0.0), ("Ben", 6, 7, 0.0), ("Cat", 9, 5, 1.0),
                                           ("Dan", 5, 9, 0.0)]),
    # T22: Ann w36 1 + w17 1 + d02 1 + d15 3 + d15's bonus 1 x 2 developments = 8 (gold 3 + h5, w17 goods =
    # 5); Ben 1 chip + w27 1 + d03 1 + d16 3 + d16's bonus 2 x 1 military world = 8 (gold 4 + h2 = 5):
    # shared; Cat 1 chip + w20 2 + d14 1 + d07 1 = 5 (gold 11 + h4, w20 = 13)
    "t22_q2_shared_dev_trigger": (["developments"], [("Ann", 8, 5, 0.5), ("Ben", 8, 5, 0.5), ("Cat", 5, 13, 0.0)]),
    # T23: Ann 2 chips (trade bonus, h1 consume) + h1 1 + w11 3 + d10 2 = 8 (gold 4, no goods); Ben 2 chips
    # (w10 consume, 2 VP) + w10 2 + d04 1 = 5 (gold 5); Cat 1 chip (envoy) + w25 1 + d09 2 = 4 (gold 6 + h2)
    "t23_q3_from_selector": (["chips"], [("Ann", 8, 4, 1.0), ("Ben", 5, 5, 0.0), ("Cat", 4, 7, 0.0)]),
    # T24-T28: a fifth check (ARITHMETIC.md), written before reading the engine
    "t24_r1_prospector_two_settles": (["chips"], [("Ann", 11, 5, 1.0), ("Ben", 8, 19, 0.0)]),
    "t25_r2_4p_explore_limit_shared": (["chips"], [("Ann", 4, 7, 0.5), ("Ben", 4, 7, 0.5), ("Cat", 4, 6, 0.0),
                                                   ("Dan", 3, 7, 0.0)]),
    "t26_r3_goals_3p_treasury": (["chips"], [("Ann", 11, 1, 0.0), ("Ben", 14, 0, 1.0), ("Cat", 10, 0, 0.0)]),
    "t27_r4_5p_settle_trigger": (["colonists"], [("Ann", 2, 3, 0.0), ("Ben", 4, 6, 0.0), ("Cat", 4, 6, 0.0),
                                                 ("Dan", 7, 2, 1.0), ("Eve", 5, 8, 0.0)]),
    "t28_r5_dev_trigger_goods_tiebreak": (["developments"], [("Ann", 8, 6, 0.0), ("Ben", 8, 7, 1.0)]),
    # T29: base.yaml as shipped (no set:). Ann 5 chips (trade bonus R7; h1 consumes R3 and R7; w10 consumes
    # her green good for 2 in R7) + h1 1 + w01 1 + w10 2 + d03 1 = 10 (gold 2, no goods); Ben 2 chips (trade
    # bonus R3, envoy R5) + w17 1 + w05 1 + w18 1 + w21 2 + d01 1 + d07 1 = 9 (unsettled w26 scores
    # nothing; gold 1 + goods on w17, w18, w05 = 4)
    "t29_s1_2p_pure_defaults": (["colonists"], [("Ann", 10, 2, 1.0), ("Ben", 9, 4, 0.0)]),
    # T30-T34: a seventh check (2026-12-06, h183), hand-scored from RULINGS.md before replaying
    # (each file's header comment has the arithmetic). T30: a 10-10 tie broken by gold + goods, the
    # chip stock run out at exactly 0 by a Trade bonus, d17 counting the production home world.
    "t30_u1_tie_chips": (["chips"], [("Ann", 10, 4, 0.0), ("Ben", 10, 5, 1.0)]),
    # T31: d18 counting the windfall home world and its goods; d11's second settle skipped
    "t31_u2_3p_worlds_trigger": (["worlds"], [("Ann", 6, 8, 0.0), ("Ben", 15, 5, 1.0), ("Cat", 7, 7, 0.0)]),
    # T32: green at 5 gold (set:), the colonist trigger at a stock of -1; Ann and Dan tie for third
    "t32_u3_4p_colonists_green5": (["colonists"], [("Ann", 6, 2, 0.0), ("Ben", 12, 6, 1.0), ("Cat", 8, 3, 0.0),
                                                   ("Dan", 6, 2, 0.0)]),
    # T33: over the limit with every held world settled, only the new world can be discarded
    "t33_u4_full_limit_gold_on": (["developments"], [("Ann", 12, 6, 1.0), ("Ben", 9, 14, 0.0)]),
    # T34: goals; Warlord flipped by a later keep, Stockpile revealed at the end, both scoring for all
    "t34_u5_goals_3p_chips": (["chips"], [("Ann", 6, 3, 1.0), ("Ben", 5, 0, 0.0), ("Cat", 2, 4, 0.0)]),
    # T35-T39: an eighth check (2026-12-06, h209), hand-scored from RULINGS.md before replaying (the
    # arithmetic in each file's header). T35: d15 counts d16 as one development; d16 skips an
    # unsettled military world
    "t35_v1_two_large_bonuses": (["developments"], [("Ann", 12, 4, 1.0), ("Ben", 4, 14, 0.0)]),
    # T36: home_from_stock false: the first Settle (stock 6) goes on, the second (stock 1) ends the game
    "t36_v2_home_not_from_stock": (["colonists"], [("Ann", 2, 3, 1.0), ("Ben", 1, 7, 0.0), ("Cat", 1, 8, 0.0)]),
    # T37: the default world limit 8, passed by an extra pick in the middle of Ann's picks
    "t37_v3_limit8_extra_picks": (["chips"], [("Ann", 7, 15, 1.0), ("Ben", 4, 20, 0.0)]),
    # T38: a goal deck of four: the third draw takes the two left; 'most military' at 0 pays nobody
    "t38_v4_goals_small_deck": (["chips"], [("Ann", 5, 3, 1.0), ("Ben", 1, 7, 0.0), ("Cat", 4, 5, 0.0)]),
    # T39: from_selector with 5 players after a same-round envoy; a four-way tie at 3
    "t39_v5_5p_from_selector": (["chips"], [("Ann", 3, 1, 0.0), ("Ben", 3, 2, 0.0), ("Cat", 6, 2, 1.0),
                                            ("Dan", 3, 4, 0.0), ("Eve", 3, 1, 0.0)]),
    # T40: the development trigger at its default 11, reached exactly in round 7 (10 after round 6)
    "t40_v6_dev_trigger_11": (["developments"], [("Ann", 24, 12, 1.0), ("Ben", 7, 40, 0.0)]),
    # T41: the worlds trigger at its default 8 (home included) via two d11 copies (three settles)
    "t41_v7_worlds_trigger_8": (["worlds"], [("Ann", 13, 44, 1.0), ("Ben", 5, 41, 0.0)]),
    # T42 (a ninth check, h226, 2026-12-06, arithmetic in the file's header): a deck of five goals; the
    # first draw's returns split between the second and third draws, the second's go into the third
    "t42_w1_goals_split_return": (["chips"], [("Ann", 3, 9, 0.0), ("Ben", 7, 9, 1.0)]),
    # T43: 3 players; Cat's two returns both go into Ann's later draw, written against the order drawn
    "t43_w2_goals_3p_same_draw_order": (["chips"], [("Ann", 1, 8, 0.0), ("Ben", 2, 4, 0.0), ("Cat", 5, 13, 1.0)]),
    # T44: 4 players; Ann's split return puts g06 into Dan's draw; d01 free for Ann (bonus and h4)
    "t44_w3_goals_4p_split_develop": (["chips"], [("Ann", 2, 8, 0.0), ("Ben", 3, 3, 1.0), ("Cat", 2, 6, 0.0),
                                                  ("Dan", 2, 4, 0.0)]),
    # T45-T48 (a tenth check, h236, 2026-12-06, arithmetic in each file's header). T45: a bag of 8 and a
    # draw of 3: draws of 3, 3, then the last 2; the picks the draw runs out before are skipped
    "t45_y1_short_bag": (["chips"], [("Ann", 6, 4, 0.0), ("Ben", 7, 5, 1.0), ("Cat", 5, 13, 0.0)]),
    # T46: Ann x3 1 + its 3 per large development (itself) + x2's 1 per military (2); Ben x1's 1 per
    # colonist (2); x4 pays for Ann's military world, x5 on Ben's Envoys, x6 only onto a brown windfall
    "t46_y2_rare_powers": (["colonists"], [("Ann", 10, 19, 1.0), ("Ben", 6, 30, 0.0)]),
    # T47: Hoarder tied by Ann and Ben, Population Boom (face down at the end) by Ben and Cat: 3 each
    "t47_y3_goals_most_ties": (["chips"], [("Ann", 7, 4, 0.0), ("Ben", 10, 4, 1.0), ("Cat", 8, 4, 0.0)]),
    # T48: the deck drawn empty; Ben's last Galaxy goals draws nothing; Expansionist tied 1-1
    "t48_y4_goals_empty_deck": (["colonists"], [("Ann", 7, 6, 0.0), ("Ben", 8, 7, 1.0)]),
    # T49: the chips and the worlds triggers in one round; a total tie broken by gold + goods
    "t49_z1_chips_worlds_one_round": (["worlds", "chips"], [("Ann", 4, 3, 0.0), ("Ben", 4, 9, 1.0)]),
    # T50: the colonist trigger at Settle's selection and the development trigger in one round; a tie
    # on both levels shared
    "t50_z2_limit1_colonists_devs_shared": (["colonists", "developments"],
                                            [("Ann", 3, 3, 0.5), ("Ben", 3, 3, 0.5), ("Cat", 2, 7, 0.0)]),
    # T51: hidden_score owner: Ann's face-down Hoarder pays nobody (Ben has the most gold)
    "t51_z3_goals_owner_storage_twice": (["developments"], [("Ann", 10, 1, 0.0), ("Ben", 9, 3, 0.0),
                                                            ("Cat", 13, 1, 1.0)]),
    # T52: every selector bonus an option changes (explore 2 picks, produce 2 windfalls, settle 2
    # colonists, develop 2 off, trade and envoy 2 chips), pile 2, large counting 3, chips trigger off
    "t52_h1_option_bonuses": (["developments"], [("Ann", 14, 9, 1.0), ("Ben", 11, 12, 0.0)]),
}

HAND_STATE = {
    # transcript: ({player: (gold, colonists in supply, VP chips)}, chip stock, colonist stock, Produce pile,
    #              worlds in the bag, turn-order track at the end)
    "t15_n1_powers_when_bought": ({"Ann": (14, 2, 2), "Ben": (6, 2, 4)}, 0, 16, 3, 36, ["Ben", "Ann"]),
    "t16_n2_two_world_settle": ({"Ann": (14, 6, 1), "Ben": (19, 1, 1)}, 0, 9, 2, 34, ["Ann", "Ben"]),
    "t17_n3_4p_settle_trigger": ({"Ann": (1, 5, 2), "Ben": (2, 5, 1), "Cat": (5, 2, 0), "Dan": (2, 0, 1)},
                                 44, -3, 1, 40, ["Ann", "Ben", "Cat", "Dan"]),
    "t18_n4_goals_move_up": ({"Ann": (2, 0, 1), "Ben": (1, 0, 1), "Cat": (3, 0, 1)}, 0, 31, 2, 40,
                             ["Cat", "Ann", "Ben"]),
    "t19_n5_world_limit_discard": ({"Ann": (8, 0, 0), "Ben": (11, 2, 0)}, 24, 16, 2, 36, ["Ann", "Ben"]),
    "t20_n7_produce_consume": ({"Ann": (14, 5, 3), "Ben": (18, 2, 3)}, 0, 12, 0, 37, ["Ann", "Ben"]),
    # T21: chips 8 - 9 = -1; colonists 40 - 17 = 23 (R2 1+2+2+2, R3 1+2, R4 1+2+2+2); bag 40 - 8 + 2
    "t21_q1_envoy_mid_round": ({"Ann": (0, 1, 5), "Ben": (7, 3, 2), "Cat": (4, 4, 2), "Dan": (9, 4, 0)},
                               -1, 23, 0, 34, ["Ann", "Ben", "Cat", "Dan"]),
    # T22: chips 36 - 2; colonists 34 - 3 - 3 = 28, then R1 1 + 1 (d02), R2 1 + 1 (d02) + 2 + 2 -> 20
    "t22_q2_shared_dev_trigger": ({"Ann": (3, 2, 0), "Ben": (4, 2, 1), "Cat": (11, 3, 1)}, 34, 20, 0, 36,
                                  ["Ben", "Ann", "Cat"]),
    # T23: chips 3 - 5 = -2; colonists 34 - 3 = 31, then 1 + 2 + 2, 1 + 2 -> 23; pile 1 (round 3 had no
    # Produce); bag 40 - 7 + 4, then - 7 + 1 (w05) + 3 = 34; Cat's envoy puts her first
    "t23_q3_from_selector": ({"Ann": (4, 0, 2), "Ben": (5, 2, 2), "Cat": (6, 2, 1)}, -2, 23, 1, 34,
                             ["Cat", "Ann", "Ben"]),
    "t24_r1_prospector_two_settles": ({"Ann": (4, 4, 3), "Ben": (18, 3, 3)}, -2, 9, 0, 34, ["Ann", "Ben"]),
    "t25_r2_4p_explore_limit_shared": ({"Ann": (7, 2, 1), "Ben": (7, 1, 1), "Cat": (6, 2, 2), "Dan": (7, 1, 0)},
                                       0, 30, 1, 34, ["Cat", "Ann", "Ben", "Dan"]),
    # T26: no world taken: bag 40; Ben's 4 stored gold are off his supply
    "t26_r3_goals_3p_treasury": ({"Ann": (1, 0, 2), "Ben": (0, 0, 1), "Cat": (0, 0, 3)}, 0, 31, 0, 40,
                                 ["Cat", "Ann", "Ben"]),
    "t27_r4_5p_settle_trigger": ({"Ann": (2, 2, 0), "Ben": (5, 1, 0), "Cat": (6, 2, 1), "Dan": (2, 1, 3),
                                  "Eve": (8, 1, 1)}, 55, -7, 0, 34, ["Dan", "Ann", "Ben", "Cat", "Eve"]),
    "t28_r5_dev_trigger_goods_tiebreak": ({"Ann": (6, 0, 1), "Ben": (6, 0, 0)}, 23, 22, 0, 40, ["Ann", "Ben"]),
    # T29: chips 24 - 7 = 17; colonists 22 -1-2-2 | -1 | - | -1-2 | -1-2 | -1-2 | -1-2 = 4 at R8's Settle
    # (the trigger), then -1-2-2 = -1; pile 1, 2, taken (R3), 1, 2, taken (R6), 1, 2; bag 40 - 3 - 4 = 33
    "t29_s1_2p_pure_defaults": ({"Ann": (2, 12, 5), "Ben": (1, 5, 2)}, 17, -1, 2, 33, ["Ben", "Ann"]),
    # T30: colonists 22 -3 (R2) -3 (R3) -3 (R5) = 13; pile 1, 2, taken, 1, 2, 3; bag 40 - 3 - 3 + 2 (w17, w18)
    "t30_u1_tie_chips": ({"Ann": (4, 2, 0), "Ben": (5, 4, 4)}, 0, 13, 3, 36, ["Ben", "Ann"]),
    # T31: colonists 31 -7 (R1) -2 (R2: Ann's bonus and d02) -2 (R3) -4 (R4) = 16; bag 40 - 5 - 5
    "t31_u2_3p_worlds_trigger": ({"Ann": (4, 4, 0), "Ben": (2, 2, 0), "Cat": (6, 2, 2)}, 58, 16, 0, 30,
                                 ["Cat", "Ann", "Ben"]),
    # T32: chips 48 - 8; colonists 8 -1 -2 -2 -2 -2 (R2) -1 (R3) = -2
    "t32_u3_4p_colonists_green5": ({"Ann": (2, 1, 2), "Ben": (6, 1, 4), "Cat": (3, 1, 2), "Dan": (1, 1, 0)},
                                   40, -2, 0, 35, ["Cat", "Ann", "Ben", "Dan"]),
    # T33: colonists 22 -3 -3 -1 = 15; bag 40 - 3 - 2 + 1 - 3 + 3 = 36
    "t33_u4_full_limit_gold_on": ({"Ann": (6, 2, 1), "Ben": (14, 1, 0)}, 19, 15, 3, 36, ["Ann", "Ben"]),
    "t34_u5_goals_3p_chips": ({"Ann": (3, 0, 0), "Ben": (0, 0, 3), "Cat": (3, 0, 0)}, 0, 31, 1, 40,
                              ["Ann", "Ben", "Cat"]),
    # T35: colonists 22 -1 -2 (R2) -1 -2 (R3) = 16; bag 40 - 7 + 4 - 7 + 4 = 34; pile 1, 2, 3
    "t35_v1_two_large_bonuses": ({"Ann": (4, 2, 0), "Ben": (14, 2, 0)}, 24, 16, 3, 34, ["Ann", "Ben"]),
    # T36: a stock of 6 (home colonists not from it): -1 -2 -2 (R1) -1 -2 -2 (R2) = -4
    "t36_v2_home_not_from_stock": ({"Ann": (3, 6, 1), "Ben": (7, 2, 1), "Cat": (8, 2, 1)}, 33, -4, 1, 40,
                                   ["Cat", "Ann", "Ben"]),
    # T37: bag 40 - 9 + 4 - 10 + 4 - 10 + 4 + 1 (w22) = 24; colonists 22 -1 -2 (R3) -1 -2 (R4) = 16
    "t37_v3_limit8_extra_picks": ({"Ann": (15, 1, 1), "Ben": (20, 2, 1)}, 0, 16, 3, 24, ["Ann", "Ben"]),
    "t38_v4_goals_small_deck": ({"Ann": (3, 0, 2), "Ben": (7, 0, 0), "Cat": (4, 0, 1)}, 0, 31, 2, 40,
                                ["Ann", "Ben", "Cat"]),
    "t39_v5_5p_from_selector": ({"Ann": (0, 3, 1), "Ben": (1, 2, 2), "Cat": (1, 2, 2), "Dan": (3, 2, 0),
                                 "Eve": (0, 2, 0)}, 0, 38, 0, 34, ["Cat", "Ann", "Ben", "Dan", "Eve"]),
    "t40_v6_dev_trigger_11": ({"Ann": (12, 0, 0), "Ben": (40, 0, 0)}, 24, 22, 7, 40, ["Ann", "Ben"]),
    # T41: colonists 42 -1 (R3) -1 (R4) -1 (R5) = 39; five explores of 3 worlds each and the discard back
    "t41_v7_worlds_trigger_8": ({"Ann": (39, 3, 0), "Ben": (41, 9, 0)}, 24, 39, 5, 25, ["Ann", "Ben"]),
    # T42: colonists 24 - 2 homes; pile 1, 2, 3, taken by Ann's Produce in round 4
    "t42_w1_goals_split_return": ({"Ann": (8, 0, 1), "Ben": (9, 0, 3)}, 0, 22, 0, 40, ["Ben", "Ann"]),
    # T43: chips 3 - 4 = -1; colonists 34 - 3 homes; Produce in rounds 1 and 2, not 3
    "t43_w2_goals_3p_same_draw_order": ({"Ann": (7, 0, 1), "Ben": (4, 0, 1), "Cat": (13, 0, 2)}, -1, 31, 1, 40,
                                        ["Cat", "Ann", "Ben"]),
    # T44: colonists 44 - 4 homes - 1 (Cat's bonus) - 6; Produce in round 1 only
    "t44_w3_goals_4p_split_develop": ({"Ann": (8, 0, 0), "Ben": (3, 2, 2), "Cat": (6, 3, 1), "Dan": (4, 2, 1)},
                                      0, 33, 1, 40, ["Ben", "Dan", "Ann", "Cat"]),
    # T45: colonists 31 -5 (R1) -3 (R2) -1 (R4); every world taken, none back: the bag ends empty
    "t45_y1_short_bag": ({"Ann": (1, 1, 2), "Ben": (4, 1, 2), "Cat": (11, 1, 2)}, 0, 22, 0, 0,
                         ["Ben", "Cat", "Ann"]),
    # T46: colonists 10 -3 (R2) -3 (R3) = 4 at R6's Settle, then -3; pile 1, 2, 3, 4, taken (R5), 1
    "t46_y2_rare_powers": ({"Ann": (19, 4, 3), "Ben": (29, 2, 2)}, 1, 1, 1, 37, ["Ben", "Ann"]),
    "t47_y3_goals_most_ties": ({"Ann": (4, 1, 1), "Ben": (4, 2, 2), "Cat": (3, 2, 3)}, 0, 26, 2, 40,
                               ["Ben", "Cat", "Ann"]),
    # T48: Ben's Galaxy goals in R4 (nothing drawn) still moves him first
    "t48_y4_goals_empty_deck": ({"Ann": (5, 3, 1), "Ben": (6, 2, 1)}, 22, -1, 3, 40, ["Ben", "Ann"]),
    "t49_z1_chips_worlds_one_round": ({"Ann": (3, 2, 1), "Ben": (9, 2, 3)}, 0, 15, 3, 37, ["Ben", "Ann"]),
    # T50: a stock of 5 (home colonists not from it): -1 -2 -2 (R1) -1 -2 (R2) = -3; Cat holds w05
    "t50_z2_limit1_colonists_devs_shared": ({"Ann": (3, 2, 0), "Ben": (3, 2, 0), "Cat": (6, 2, 0)}, 36, -3, 2, 37,
                                            ["Ann", "Ben", "Cat"]),
    # T51: Ann's 4 stored gold are off her supply; Galaxy goals moved Ben up, then Ann back up
    "t51_z3_goals_owner_storage_twice": ({"Ann": (1, 0, 1), "Ben": (3, 0, 2), "Cat": (1, 0, 0)}, 33, 31, 1, 40,
                                         ["Ann", "Ben", "Cat"]),
    # T52: chips 4 - 10 = -6 with chips_out off; colonists 22 -2-3 -2-3 -2-3 = 7; pile 2 (R1), taken,
    # 2, 4, taken, 2; bag 40 - 5 + 1
    "t52_h1_option_bonuses": ({"Ann": (8, 5, 6), "Ben": (11, 7, 4)}, -6, 7, 2, 36, ["Ben", "Ann"]),
}


@pytest.mark.parametrize("name", sorted(HAND))
def test_a_hand_scored_game_replays_to_its_hand_scores(name):
    out = replay(DATA / "handscored" / f"{name}.yaml")
    triggers, scores = HAND[name]
    assert out.complete and list(out.triggers) == triggers
    assert [(f["player"], f["total"], f["tie_break"], f["win_share"]) for f in out.final] == scores


@pytest.mark.parametrize("name", sorted(HAND_STATE))
def test_a_hand_scored_game_ends_with_its_hand_counted_stocks_and_supplies(name):
    out = replay(DATA / "handscored" / f"{name}.yaml")
    s = out.state
    players, chips, colonists, pile, bag, track = HAND_STATE[name]
    assert {out.players[i]: (p.gold, p.colonists, p.chips) for i, p in enumerate(s.players)} == players
    assert (s.chips, s.colonist_stock, s.pile, len(s.bag)) == (chips, colonists, pile, bag)
    assert [out.players[x] for x in s.track] == track


def _changed(name: str, old: str, new: str, tmp_path, variant: str, absolute: str) -> Path:
    """Hand-scored transcript `name` with one move line replaced, written to tmp_path with its
    variant path (`variant`, relative to the transcript) made absolute."""
    text = (DATA / "handscored" / f"{name}.yaml").read_text()
    assert old in text
    path = tmp_path / f"{name}_changed.yaml"
    path.write_text(text.replace(old, new).replace(variant, absolute))
    return path


def _variant_absolute(name: str, old: str, new: str, tmp_path) -> Path:
    """`_changed` for a transcript on a shipped variant."""
    return _changed(name, old, new, tmp_path, "../../../../variants/", f"{ROOT}/variants/")


def test_the_first_worlds_military_does_not_count_for_the_second_world_of_one_settle(tmp_path):
    """T16: Ann's w25 (+1 military), settled first with d11's extra settle, does not let her
    settle w27 (military 2) second in the same action (RULINGS: the first world's permanent
    powers count only from the next action); she settles it in the next Settle."""
    path = _variant_absolute("t16_n2_two_world_settle", "- Ann: settle w01", "- Ann: settle w27", tmp_path)
    with pytest.raises(IllegalActionError, match="w27 needs military 2, Ann has 1"):
        replay(path)


def test_over_the_world_limit_only_an_unsettled_world_is_discarded(tmp_path):
    """T19: over the limit Ann must discard one of her unsettled worlds, not the settled w01."""
    path = _variant_absolute("t19_n5_world_limit_discard", "- Ann: discard w17", "- Ann: discard w01", tmp_path)
    with pytest.raises(IllegalActionError, match=r"w01 is not a choice here \(legal: discard w17, discard w18\)"):
        replay(path)


def test_over_the_world_limit_with_every_held_world_settled_only_the_new_world_goes(tmp_path):
    """T33: Ben's w21 and w33 are settled, so taking w27 over the limit of 2 leaves only w27 to
    discard (RULINGS: the player discards one of their unsettled worlds)."""
    path = _variant_absolute("t33_u4_full_limit_gold_on", "- Ben: discard w27", "- Ben: discard w21", tmp_path)
    with pytest.raises(IllegalActionError, match=r"w21 is not a choice here \(legal: discard w27\)"):
        replay(path)


def test_military_short_of_a_worlds_cost_cannot_settle_it(tmp_path):
    """T30: Ben's military is 3 (d03 2 + w27 1); w29 needs 4 (RULINGS: strength >= cost)."""
    path = _variant_absolute("t30_u1_tie_chips", "- Ann: settle w06\n    - Ben: colonists",
                             "- Ann: settle w06\n    - Ben: settle w29", tmp_path)
    with pytest.raises(IllegalActionError, match="w29 needs military 4, Ben has 3"):
        replay(path)


def test_the_explore_bonus_pick_cannot_be_declined(tmp_path):
    """T30: the selector's extra pick is the bonus, never declined (RULINGS: 'but not the bonus')."""
    path = _variant_absolute("t30_u1_tie_chips", "- Ben: take w17", "- Ben: pass", tmp_path)
    with pytest.raises(IllegalActionError, match="Ben must take a world from the draw now"):
        replay(path)


def _goals_deck5_changed(name: str, old: str, new: str, tmp_path) -> Path:
    """`_changed` for a transcript on ../goals_deck5.yaml."""
    return _changed(name, old, new, tmp_path, "variant: ../goals_deck5.yaml", f"variant: {DATA / 'goals_deck5.yaml'}")


def test_a_return_order_split_between_two_later_draws_decides_who_draws_which(tmp_path):
    """T42: Ann returns g08 then g06 under g10 g04, so Ben's draw is g10 g04 g08 and he keeps g08;
    returned the other way round, g06 comes up in Ben's draw and g08 waits for the third (the seed:
    the two go back 任意の順番, in any order), so his keep g08 is refused."""
    path = _goals_deck5_changed("t42_w1_goals_split_return", "keep g05 return g08 g06", "keep g05 return g06 g08",
                                tmp_path)
    with pytest.raises(IllegalActionError, match=r"keep one of the goals drawn now \(legal: keep g10, keep g04, keep g06\)"):
        replay(path)


@pytest.mark.parametrize("bad", ["keep g08 return g04 g04", "keep g08 return g04", "keep g08 return g08 g04",
                                 "keep g08 return g04 g10 g06"])
def test_a_keep_must_return_each_goal_not_kept_once(bad, tmp_path):
    """T42: Ben draws g10 g04 g08 and keeps g08: the two others go back, each once (RULINGS: keep one,
    return two); a goal twice, too few, the kept one or an undrawn one is refused."""
    path = _goals_deck5_changed("t42_w1_goals_split_return", "keep g08 return g04 g10", bad, tmp_path)
    with pytest.raises(IllegalActionError, match="the goals returned are the ones not kept, g10 and g04"):
        replay(path)


@pytest.mark.parametrize("order", ["keep g05 return g04 g08", "keep g05"])
def test_goals_returned_into_one_later_draw_play_the_same_game_in_either_order(order, tmp_path):
    """T43: Cat's g08 and g04 both go into Ann's next draw (the deck holds g06 above them), so writing
    them in the order drawn, or leaving the order out, plays the same game as the hand-scored one."""
    path = _goals_deck5_changed("t43_w2_goals_3p_same_draw_order", "keep g05 return g08 g04", order, tmp_path)
    out, hand = replay(path), replay(DATA / "handscored" / "t43_w2_goals_3p_same_draw_order.yaml")
    assert out.final == hand.final
    assert [(p.gold, p.goals_down, p.goals_up) for p in out.state.players] == [
        (p.gold, p.goals_down, p.goals_up) for p in hand.state.players]
    assert out.state.goal_deck == hand.state.goal_deck


def test_a_split_return_written_the_other_way_round_refuses_the_next_keep(tmp_path):
    """T44: Ann's g06 g05 puts g06 into Dan's draw (g04 g10 g06); as g05 g06, Dan draws g04 g10 g05
    and his keep g06 is refused."""
    path = _goals_deck5_changed("t44_w3_goals_4p_split_develop", "keep g08 return g06 g05", "keep g08 return g05 g06",
                                tmp_path)
    with pytest.raises(IllegalActionError, match=r"Dan must keep one of the goals drawn now \(legal: keep g04, keep g10, keep g05\)"):
        replay(path)


def _data_changed(name: str, variant: str, old: str, new: str, tmp_path) -> Path:
    """`_changed` for a transcript on a variant in tests/newfrontiers/data (`variant`, its file name)."""
    return _changed(name, old, new, tmp_path, f"variant: ../{variant}", f"variant: {DATA / variant}")


def test_a_draw_from_a_bag_shorter_than_the_draw_is_the_whole_bag(tmp_path):
    """T45: in round 3 the bag holds only w10 and w13, so the draw of 3 is those two (and a third
    world listed is one Ann holds)."""
    path = _data_changed("t45_y1_short_bag", "bag8.yaml", "draw: [w10, w13]", "draw: [w10, w13, w05]", tmp_path)
    with pytest.raises(TranscriptError, match="the rules draw 2 worlds here"):
        replay(path)


def test_an_extra_good_of_one_color_goes_only_onto_a_windfall_world_of_that_color(tmp_path):
    """T46: Ben's x6 gives a brown good; his empty windfall worlds are w18 (brown) and h4 (yellow)."""
    path = _data_changed("t46_y2_rare_powers", "rare_powers.yaml", "- Ben: windfall w18", "- Ben: windfall h4",
                         tmp_path)
    with pytest.raises(IllegalActionError, match=r"h4 is not a choice here \(legal: windfall w18\)"):
        replay(path)
