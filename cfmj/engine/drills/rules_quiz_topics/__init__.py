"""The topics of the "Quick rules" drill (rules_quiz), one module per family of rules.

Each topic is a function `(rng, band) -> Quiz`; rules_quiz maps focuses to them, words the choices
and grades. No rule is written down here: every right choice is read off the engine (tiles.py,
blocks.py, scoring.py, check() under a RuleSet) or off what the game model does on a table set up
for the question (tables.py).

    quiz            the Quiz a topic returns, and the choices topics share (tiles, seats, numbers)
    tables          games set up for a question: a table in play, a Charleston run, a wall game
    tiles           RULES §1: the tiles, the dragons' suits, how many of each, our notation
    blocks          RULES §2.1: blocks and the jokers in them
    payout          RULES §3: who pays whom
    house_rules     RULES §4: the three house rules
    skill_levels    RULES §5: the five skill levels
    seats_and_deal  RULES §6: seats, directions, the deal
    charleston      RULES §6: the Charleston, blind passes, the courtesy pass, jokers kept
    calls           RULES §6: calling a discard, the turn after a call, the dead joker
    joker_exchange  RULES §6: taking a joker from an exposure
    endings         RULES §3, §6: dead hands and wall games
"""
