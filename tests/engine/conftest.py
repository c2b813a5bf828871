import os

from hypothesis import HealthCheck, settings

# CI explores the same examples every run (no flaky reds); locally each run explores anew.
settings.register_profile(
    "ci", derandomize=True, deadline=None, max_examples=300, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "dev", deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))
