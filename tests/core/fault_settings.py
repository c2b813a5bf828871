"""Settings for the fault tests' worker: the project's own, with a stale batch re-queued after
seconds instead of minutes (practice.tasks.refill_pools)."""

from cfmj.settings import *  # noqa: F403

PRACTICE_STALE_BATCH_SECONDS = 6
