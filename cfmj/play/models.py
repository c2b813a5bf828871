"""A hand a learner plays against three bots: everything needed to rebuild it exactly, and no more.

The server holds the game: its seed and shuffled wall, the table's rules, the dealer, the bots'
level and every action of all four seats in order. The engine's `Game` is rebuilt from these on
each request (play.tables.rebuild); `version` goes up with every change, so a stale tab or a
double click is refused instead of acting twice."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

LEARNER_SEAT = 0


class Table(models.Model):
    """A table where up to four people play a match together, bots in the empty seats. Its hands
    are Game rows (Game.table); its seats are Seat rows. Everything a hand needs (rules, bots'
    level, coach) is copied to each hand when it is dealt."""

    class Status(models.TextChoices):
        GATHERING = "gathering", "Waiting for players"
        PLAYING = "playing", "Playing"
        CLOSED = "closed", "Closed"

    class Kind(models.TextChoices):
        PRACTICE = "practice", "Practice table: the coach helps"
        GAME = "game", "Game table: no coach"

    code = models.CharField(max_length=12, unique=True)  # to join by; see tables.CODE_ALPHABET
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="hosted_tables"
    )
    house_rules = models.JSONField(default=list)
    base = models.PositiveSmallIntegerField(default=25)
    skill_level = models.PositiveSmallIntegerField(default=0)
    bot_level = models.CharField(max_length=20)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.PRACTICE)
    call_seconds = models.PositiveSmallIntegerField(default=8)  # every person's window on a discard
    turn_seconds = models.PositiveSmallIntegerField(null=True, blank=True)  # the turn clock, if any
    joining_open = models.BooleanField(default=True)
    # Its seats are arranged from outside (a class's table time): its host deals the next hand but
    # neither removes people, nor passes the role on, nor opens seats to strangers.
    seats_managed = models.BooleanField(default=False)
    # Table talk: the latest set phrases said ({"seat", "say", "at"}), newest last (seating.TALK).
    talk = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.GATHERING)
    version = models.PositiveIntegerField(default=0)  # up with every change of seats or hands
    # Said at every seat (a class's table: "your teacher can watch"); set by whoever opened it.
    notice = models.CharField(max_length=200, blank=True, default="")
    # Paused ("Paused by your teacher"; "" when not): no action is taken and no deadline runs. The
    # seconds the hand's choice had left when paused, given back on resume (table_run.py).
    paused_note = models.CharField(max_length=80, blank=True, default="")
    paused_left = models.FloatField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"table {self.code} ({self.status})"


class Seat(models.Model):
    """One of a table's four seats: a person's (user), or a bot's (user null). A person marked
    away has a bot playing for them until they act again; one who left keeps no seat."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()  # 0-3, the engine's seat
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="table_seats"
    )
    # The name shown once the account is gone: "a former player".
    former = models.BooleanField(default=False)
    away = models.BooleanField(default=False)
    joined_at = models.DateTimeField(auto_now_add=True)
    # A word to this seat alone (a teacher's set phrase or short note: table_run.seat_word_send),
    # who it is from, and when: shown at this seat only, never to the others.
    word = models.CharField(max_length=200, blank=True, default="")
    word_from = models.CharField(max_length=80, blank=True, default="")
    word_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_seat_per_number"),
            models.UniqueConstraint(
                fields=["table", "user"], condition=models.Q(user__isnull=False), name="one_seat_per_person"
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.number} of {self.table_id}"


class Game(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", "In progress"
        OVER = "over", "Over"

    class Mode(models.TextChoices):
        PRACTICE = "practice", "Practice"
        TEST = "test", "Test"

    class Coach(models.TextChoices):
        ON_REQUEST = "on_request", "Hints on request"
        AFTER = "after", "Show after I choose"
        OFF = "off", "Off"

    # The learner of a hand alone against the bots; null for a hand at a table, whose people are
    # its table's seats (deleting one account must not take the hands the others played).
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="play_games"
    )
    # A visitor's hand alone (no owner, no table): the visitor id of their session
    # (cfmj.accounts.learners). Moved to the account when they sign up or log in
    # (services.visitor_hands_claim), and purged with their other rows when never claimed
    # (cfmj.site.services.visitor_rows_purge). "" for every other hand.
    visitor = models.CharField(max_length=64, blank=True, default="")
    # A secret 128-bit number as decimal text (too big for a BigIntegerField): the wall and the
    # bots' choices follow from it, so a guessable seed would tell every tile to come.
    seed = models.CharField(max_length=40)
    # The shuffled set in dealing order (the engine's HandStarted.wall): kept so that the rebuild
    # does not depend on how a later engine shuffles a seed.
    wall = models.JSONField()
    house_rules = models.JSONField(default=list)  # RULES §4 numbers, as RuleSet.make takes them
    base = models.PositiveSmallIntegerField(default=25)
    skill_level = models.PositiveSmallIntegerField(default=0)
    dealer = models.PositiveSmallIntegerField(default=0)
    bot_level = models.CharField(max_length=20)  # cfmj.engine.coach.LEVELS
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.PRACTICE)
    coach = models.CharField(max_length=12, choices=Coach.choices, default=Coach.ON_REQUEST)
    actions = models.JSONField(default=list)  # every seat's actions in order, as action_to_dict
    version = models.PositiveIntegerField(default=0)
    # How many of the rebuilt game's events there were before the learner's last action: the
    # moves listed on the table are the ones from there on.
    moves_from = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    result = models.JSONField(null=True, blank=True)  # HandResult.to_dict() without its events
    # Tiles the learner still needed for Mah Jongg when the hand ended (0 for a win); null while
    # playing, or for a dead hand that could no longer win.
    final_distance = models.PositiveSmallIntegerField(null=True, blank=True)
    # A match: the hand before this one (the deal passed right from it) and this hand's number.
    previous = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="next_hand"
    )
    hand_number = models.PositiveSmallIntegerField(default=1)
    # Why each bot made the moves the table lists, in words about public tiles only: keyed by the
    # index of the first event the bot's action made (moves.since reads it).
    bot_whys = models.JSONField(default=dict, blank=True)
    # Set when the learner shares the review: anyone with the link may read the finished hand.
    share_token = models.CharField(max_length=32, blank=True, default="", db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # When the hand ended (set once, with the result): what homework counts by, unchanged by a
    # later switch of the coach or a share of the review.
    finished_at = models.DateTimeField(null=True, blank=True)
    # A hand at a table (null for a hand alone against the bots): the seats in Seat rows.
    table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.CASCADE, related_name="hands")
    # When the choice now due runs out (a call window, or a person's time to act): the next
    # request or a task then lets the discard go or has a bot act. Null when nothing is timed.
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)

    class Meta:
        indexes = [
            models.Index(fields=["owner", "status", "-updated_at"]),
            # Visitors' hands only (a few, and gone once claimed): one visitor's, and the site's
            # dealt today (the bounds in services._room_for_a_hand).
            models.Index(
                fields=["visitor", "status", "-updated_at"],
                condition=~Q(visitor=""),
                name="play_visitor_hands",
            ),
            models.Index(fields=["created_at"], condition=~Q(visitor=""), name="play_visitor_hands_dealt"),
        ]
        constraints = [
            # A visitor's hand is theirs alone: no account owns it and it is at no table.
            models.CheckConstraint(
                condition=Q(visitor="") | Q(owner__isnull=True, table__isnull=True),
                name="play_visitor_hand_alone",
            )
        ]

    def __str__(self) -> str:
        whose = self.owner_id if self.owner_id is not None else f"visitor {self.visitor[:8]}"
        return f"game {self.pk} of {whose} ({self.status})"

    @property
    def seed_number(self) -> int:
        """The seed as the engine takes it."""
        return int(self.seed)

    @property
    def coached(self) -> bool:
        """Does the coach speak during play: a hint when asked, and a dangerous discard held back
        (caution.py)? In a practice hand with the coach on: a test hand is the learner's own play,
        and the coach off says nothing. (A rule mistake, a Mah Jongg that does not win or a call
        that kills the hand, is held back in every hand: that is the rules, not advice.)"""
        return self.mode == self.Mode.PRACTICE and self.coach != self.Coach.OFF


class Decision(models.Model):
    """One choice the learner made in a hand, marked by the engine's advice when it was made: what
    the review, the dashboard and the coach's "show after I choose" read. `index` is the position
    of the learner's action in Game.actions, so an undo removes the decisions from there on."""

    class Kind(models.TextChoices):
        PASS = "pass", "Charleston pass"
        STOP_VOTE = "stop_vote", "Stop vote"
        COURTESY_ASK = "courtesy_ask", "Courtesy count"
        COURTESY_PASS = "courtesy_pass", "Courtesy pass"
        DISCARD = "discard", "Discard"
        CALL = "call", "Call or let go"
        EXCHANGE = "exchange", "Joker exchange"
        MAH_JONGG = "mah_jongg", "Mah Jongg"

    class Mark(models.TextChoices):
        BEST = "best", "Best"
        GOOD = "good", "Good"
        WEAK = "weak", "Weak"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="decisions")
    index = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(default=LEARNER_SEAT)  # whose choice (a table has several)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    chosen = models.CharField(max_length=200)  # the learner's choice in words
    mark = models.CharField(max_length=10, choices=Mark.choices)
    preferred = models.CharField(max_length=200, blank=True, default="")  # the advice's choice in words
    why = models.TextField(blank=True, default="")  # the advice's reason, in plain words
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "index"]
        constraints = [models.UniqueConstraint(fields=["game", "index"], name="one_decision_per_action")]

    def __str__(self) -> str:
        return f"{self.kind} at {self.index} of game {self.game_id}: {self.mark}"
