"""The confidence intervals the studies report: Wilson's for a proportion, the normal one for a
mean. Pure Python."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

Z95 = 1.959964


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (0-1 bounds)."""
    if n <= 0:
        raise ValueError("The interval needs at least one trial.")
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal 95% interval (mean ± z·sd/√n; sd is 0 for one value)."""
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half
