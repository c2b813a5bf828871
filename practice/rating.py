"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2012), one game at a time.

A learner and a puzzle are the two players of each attempt: solving it is a win for the
learner and a loss for the puzzle. Ratings use the familiar scale (1500 for a newcomer); the
deviation says how sure we are (350: not at all), the volatility how erratic the results are.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
TAU = 0.5  # how fast volatility may change
MIN_DEVIATION = 45.0  # never quite certain: ratings keep moving with new results
EPSILON = 1e-6


@dataclass(frozen=True)
class Rating:
    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def expected(player: Rating, opponent: Rating) -> float:
    """The chance `player` beats `opponent` (e.g. that a learner solves a puzzle)."""
    mu, mu_j, phi_j = (
        (player.rating - DEFAULT_RATING) / SCALE,
        (opponent.rating - DEFAULT_RATING) / SCALE,
        opponent.deviation / SCALE,
    )
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, results: list[tuple[Rating, float]]) -> Rating:
    """The player's rating after one rating period of `results` (opponent, score 0..1)."""
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        return Rating(player.rating, min(math.sqrt(phi**2 + sigma**2) * SCALE, DEFAULT_DEVIATION), sigma)
    v_inverse = 0.0
    delta_sum = 0.0
    for opponent, score in results:
        mu_j = (opponent.rating - DEFAULT_RATING) / SCALE
        g = _g(opponent.deviation / SCALE)
        e = 1 / (1 + math.exp(-g * (mu - mu_j)))
        v_inverse += g * g * e * (1 - e)
        delta_sum += g * (score - e)
    v = 1 / v_inverse
    delta = v * delta_sum
    sigma = _new_volatility(sigma, phi, v, delta)
    phi_star = math.sqrt(phi**2 + sigma**2)
    phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    mu = mu + phi**2 * delta_sum
    return Rating(mu * SCALE + DEFAULT_RATING, max(phi * SCALE, MIN_DEVIATION), sigma)


def _new_volatility(sigma: float, phi: float, v: float, delta: float) -> float:
    """Step 5 of the paper: the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / TAU**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(100):
        if abs(big_b - big_a) <= EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)
