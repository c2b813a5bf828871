"""Classes a teacher runs: who is in them, the homework set, and live class sessions.

Nothing here owns a learner's progress: attempts and lesson progress stay on the learner's
account, so leaving or being removed from a class, or a class being archived, loses nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.db.models import Q

from cfmj.engine import drills
from cfmj.play.models import Game, Table
from lessons.models import Lesson
from practice.models import Puzzle

if TYPE_CHECKING:
    from cfmj.classes.homework_kinds import HomeworkKind


class Classroom(models.Model):
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    code = models.CharField(max_length=8, unique=True)  # what students type to join (the owner may change it)
    joining_open = models.BooleanField(default=True)  # the owner can close joining by code or link
    house_rules = models.JSONField(default=list)  # RULES §4 numbers the class plays with
    skill_level = models.PositiveSmallIntegerField(default=0)
    # The one teacher who archives, invites and removes co-teachers, changes the code and hands the
    # class over. None only once an owner's account is deleted with no co-teacher to take it (the
    # class is archived then).
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    archived_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def archived(self) -> bool:
        return self.archived_at is not None


class MembershipQuerySet(models.QuerySet["Membership"]):
    """Who is in a class: `.active()` (not left nor removed), `.students()`, `.teachers()`, and
    `.removed()` (students a teacher took out); they chain."""

    def active(self) -> MembershipQuerySet:
        return self.filter(left_at__isnull=True)

    def students(self) -> MembershipQuerySet:
        return self.filter(role=Membership.Role.STUDENT)

    def teachers(self) -> MembershipQuerySet:
        return self.filter(role=Membership.Role.TEACHER)

    def removed(self) -> MembershipQuerySet:
        return self.students().filter(left_at__isnull=False, removed=True)


def active_member(role: str | None = None, *, through: str = "memberships") -> Q:
    """The same as Membership.objects.active() (with the role, if given), seen from a model that
    reaches memberships `through` a relation ("memberships", "classroom__memberships"): one Q,
    so that a filter reads the conditions on one and the same membership."""
    conditions: dict[str, object] = {f"{through}__left_at__isnull": True}
    if role is not None:
        conditions[f"{through}__role"] = role
    return Q(**conditions)


class Membership(models.Model):
    class Role(models.TextChoices):
        TEACHER = "teacher", "Teacher"
        STUDENT = "student", "Student"

    objects = MembershipQuerySet.as_manager()

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices)
    joined_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)  # left or removed: kept, not deleted
    # Removed by a teacher (not left by choice): the join code no longer brings them back; only a
    # teacher adding them again does.
    removed = models.BooleanField(default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["classroom", "user"], name="one_membership_per_class")]

    def __str__(self) -> str:
        return f"{self.user} {self.role} in {self.classroom}"

    @property
    def active(self) -> bool:
        return self.left_at is None


class CoteacherInvite(models.Model):
    """The owner asks another teacher to teach the class with them; nothing changes for the invitee
    until they accept."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for an answer"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        WITHDRAWN = "withdrawn", "Withdrawn"

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="invites")
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="class_invites"
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["classroom", "invitee"],
                condition=Q(status="pending"),
                name="one_open_invite_per_teacher",
            )
        ]

    def __str__(self) -> str:
        return f"{self.invitee} invited to {self.classroom} ({self.status})"


class ManagedAccount(models.Model):
    """An account a teacher made for a student (no e-mail of their own): the class's teachers may set
    its password and export or delete it. A self-registered account never has one of these."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, primary_key=True, on_delete=models.CASCADE, related_name="managed_account"
    )
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="managed_accounts")
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    made_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.user} (made for {self.classroom})"


def homework_kind_choices() -> list[tuple[str, str]]:
    """Every registered kind of homework with its label, read when asked: Assignment.kind's
    `choices` (a callable stays out of Django's migrations, so a new kind needs none)."""
    from cfmj.classes.homework_kinds import kind_choices  # noqa: PLC0415 - the definitions read this module

    return kind_choices()


HOMEWORK_NAME_MAX = 80


class Assignment(models.Model):
    # The names the kinds built in are stored under; each kind's definition, and the registry of
    # them all, is cfmj.classes.homework_kinds.
    class Kind(models.TextChoices):
        LESSON = "lesson", "A lesson"
        DRILLS = "drills", "Drill puzzles"
        FIXED = "fixed", "A fixed set of puzzles"
        PLAY = "play", "Hands to play"
        DEAL = "deal", "The class's deal"

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    # The teacher's name for it ("Week 3: winds"), shown instead of the title made from what it is.
    name = models.CharField(max_length=HOMEWORK_NAME_MAX, blank=True, default="")
    kind = models.CharField(max_length=10, choices=homework_kind_choices)
    lesson = models.ForeignKey(Lesson, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    drill_kind = models.CharField(max_length=20, choices=drills.kind_choices, blank=True)
    count = models.PositiveSmallIntegerField(default=0)  # drill puzzles to answer, or hands to play
    band = models.PositiveSmallIntegerField(default=2)  # their difficulty
    # The class's table when the homework was set (practice.tables key; for hands to play,
    # play.stats.table_key): changing the class's rules later does not change homework already
    # set, nor undo answers already given.
    table = models.CharField(max_length=20, blank=True, default="")
    # Hands to play: which of the student's finished hands count, practice or test ("" otherwise).
    play_mode = models.CharField(max_length=10, choices=Game.Mode.choices, blank=True, default="")
    puzzles = models.ManyToManyField(Puzzle, through="AssignmentPuzzle", related_name="+")
    # Set for these students only; none: for the whole class (those who join later too).
    students = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="homework_set_for")
    due = models.DateField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["due", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind="lesson", lesson__isnull=False) | ~Q(kind="lesson"),
                name="lesson_assignment_has_lesson",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.classroom}: {self.title}"

    @property
    def homework_kind(self) -> HomeworkKind:
        """The definition of its kind (cfmj.classes.homework_kinds)."""
        from cfmj.classes.homework_kinds import kind_of  # noqa: PLC0415 - the definitions read this module

        return kind_of(self)

    @property
    def title(self) -> str:
        """Its name, or else what it is (`described`)."""
        return self.name or self.described

    @property
    def described(self) -> str:
        """What it is, in the site's words ("10 × Winning hand? (difficulty 1)")."""
        return self.homework_kind.title(self)


class AssignmentPuzzle(models.Model):
    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="entries")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.PROTECT, related_name="+")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["position"]
        constraints = [models.UniqueConstraint(fields=["assignment", "position"], name="one_puzzle_per_slot")]


class ClassSession(models.Model):
    """One puzzle on the projector: students answer on their own devices, the teacher reveals."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="sessions")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.PROTECT, related_name="+")
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    started_at = models.DateTimeField(auto_now_add=True)
    revealed_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]


class SessionAnswer(models.Model):
    session = models.ForeignKey(ClassSession, on_delete=models.CASCADE, related_name="answers")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # The one-time id of the token the answer came with (practice.serving): a change of answer is
    # served with the id it replaces, so a token counts once (empty for answers kept without one).
    token = models.UUIDField(null=True, blank=True, unique=True)
    response = models.JSONField()
    correct = models.BooleanField()
    score = models.FloatField()
    answered_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["session", "user"], name="one_answer_per_student")]


class TableTime(models.Model):
    """The class at the tables: the teacher picks who is present, the site seats them at tables of
    four with the class's rules (bots in the seats left over, spread over the tables), the teacher
    may move people, then starts play. Each table is a play Table (ClassTable); play knows no
    class, so everything about the class's tables is kept here."""

    class Status(models.TextChoices):
        ARRANGING = "arranging", "Tables being arranged"
        PLAYING = "playing", "Playing"
        ENDED = "ended", "Ended"

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="table_times")
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ARRANGING)
    kind = models.CharField(max_length=10, choices=Table.Kind.choices, default=Table.Kind.PRACTICE)
    bot_level = models.CharField(max_length=20)
    call_seconds = models.PositiveSmallIntegerField(default=8)
    turn_seconds = models.PositiveSmallIntegerField(null=True, blank=True)
    # While arranging: each table's people as user ids in seat order (None: a bot's seat).
    plan = models.JSONField(default=list, blank=True)
    paused_at = models.DateTimeField(null=True, blank=True)
    # Up with every change the class's pages show (seated, paused, a table added, ended): the
    # class's topic on the push channel says the sum over its table times (table_live.py).
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["classroom"], condition=~Q(status="ended"), name="one_table_time_at_once"
            )
        ]

    def __str__(self) -> str:
        return f"table time of {self.classroom} ({self.status})"


class ClassTable(models.Model):
    """One of the class's tables in a table time: a play Table, numbered for the room."""

    table_time = models.ForeignKey(TableTime, on_delete=models.CASCADE, related_name="tables")
    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="class_table")
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["table_time", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table_time", "number"], name="one_class_table_per_number")
        ]

    def __str__(self) -> str:
        return f"table {self.number} of {self.table_time}"


class ClassDeal(models.Model):
    """One wall every student of the class plays alone against three bots (the same deal): the same
    seed, dealer, rules and bots for each, so a class of any size plays the same hand without
    tables of four. Its seed is as secret as a hand's (Game.seed): until the teacher closes the
    deal, no review, share link, download or board shows anything of it (cfmj.play.holds).
    Set as homework, it belongs to that homework (and goes with it)."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="deals")
    seed = models.CharField(max_length=40)  # a secret 128-bit number as decimal text
    dealer = models.PositiveSmallIntegerField()
    house_rules = models.JSONField(default=list)  # the class's, when the deal was started
    base = models.PositiveSmallIntegerField(default=25)
    skill_level = models.PositiveSmallIntegerField(default=0)
    bot_level = models.CharField(max_length=20)  # cfmj.engine.coach.LEVELS
    mode = models.CharField(max_length=10, choices=Game.Mode.choices, default=Game.Mode.TEST)
    assignment = models.OneToOneField(
        Assignment, null=True, blank=True, on_delete=models.CASCADE, related_name="deal"
    )
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    started_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at", "-pk"]

    def __str__(self) -> str:
        return f"deal {self.pk} of {self.classroom_id} ({'closed' if self.closed else 'open'})"

    @property
    def closed(self) -> bool:
        return self.closed_at is not None


class DealHand(models.Model):
    """A student's hand of a class's deal: their own Game (owner = the student), one per student."""

    deal = models.ForeignKey(ClassDeal, on_delete=models.CASCADE, related_name="hands")
    student = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="+")
    started_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["deal", "started_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["deal", "student"], name="one_hand_per_deal")]

    def __str__(self) -> str:
        return f"{self.student_id}'s hand of deal {self.deal_id}"
