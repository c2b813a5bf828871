"""The practice page: every drill with what it practises and the lesson that teaches it (the home
page's guide, lessons.selectors.drill_guide), the learner's level in it, and whether their lessons
have opened it yet (practice.reach); the drills open to them first."""

from __future__ import annotations

from dataclasses import dataclass

from cfmj.accounts.learners import Learner
from lessons.selectors import DrillGuide, drill_guide
from practice.reach import Opening, Reach
from practice.selectors import SkillSummary, skill_summaries


@dataclass(frozen=True)
class PracticeDrill:
    """One drill on the practice page. `opening`: the lesson that opens it, while the learner's
    lessons keep it closed; `ahead`: open only because they chose to practise everything."""

    guide: DrillGuide
    skill: SkillSummary
    opening: Opening | None
    ahead: bool


def practice_drills(learner: Learner, reach: Reach) -> list[PracticeDrill]:
    """Every drill kind: those open to the learner first, in the site's order, then the rest in
    the order their lessons come."""
    skills = {skill.kind: skill for skill in skill_summaries(learner)}
    rows = [
        PracticeDrill(guide, skills[guide.kind], reach.closed.get(guide.kind), guide.kind in reach.ahead)
        for guide in drill_guide()
    ]
    return sorted(rows, key=lambda row: (row.opening is not None, row.opening.number if row.opening else 0))
