from __future__ import annotations

from typing import Any, ClassVar

from django.contrib.auth.models import AbstractUser
from django.contrib.auth.models import UserManager as DjangoUserManager
from django.db import models
from django.db.models import Q
from django.db.models.functions import Upper

from cfmj.core.usernames import username_normalise


class UserManager(DjangoUserManager["User"]):
    def get_by_natural_key(self, username: Any) -> User:
        """The account a typed name means (log-in, createsuperuser): the exact spelling first, else
        the one account with that name in another case or width. Two old accounts that differ only
        in case (kept from before names were compared without case) are each reached by their exact
        spelling; any other spelling of them matches no one."""
        name = username_normalise(str(username or ""))
        exact = self.filter(username=name).first()
        if exact is not None:
            return exact
        matches = list(self.filter(username__iexact=name)[:2])
        if len(matches) != 1:
            raise self.model.DoesNotExist(f"No single account is called {name!r}.")
        return matches[0]


class User(AbstractUser):
    class Role(models.TextChoices):
        LEARNER = "learner", "Learner"
        TEACHER = "teacher", "Teacher"

    role = models.CharField(max_length=10, choices=Role.choices, default=Role.LEARNER)
    large_print = models.BooleanField(default=False, help_text="Show tiles and text larger.")
    # Set only by migration 0003 on accounts whose name matched an older account's in another case
    # (made before names were compared without case): they keep their name, and the unique
    # constraint below leaves them out. Every account made since is covered by it.
    legacy_username_clash = models.BooleanField(default=False, editable=False)
    # When the owner asked for the account to be deleted: a task deletes it once this time has
    # passed; logging in (or "Keep my account") before then clears it.
    deletion_due_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # Asked with the deletion of a teacher's account that would leave accounts made for a class
    # with no teacher: they are deleted with it (cfmj.site.services.account_delete_now). Cleared
    # with deletion_due_at.
    deletion_takes_class_accounts = models.BooleanField(default=False)
    # Where the learner's day turns (an IANA name, cfmj.core.days): the daily set, reviews and the
    # streak count by it. "" until the browser says or the owner chooses: midnight UTC till then.
    time_zone = models.CharField(max_length=64, blank=True, default="")
    # The name a teacher sees beside the username ("Zoë Müller"): set by the student, or by the
    # teacher for a managed account. "" when not given: pages then show the username.
    real_name = models.CharField(max_length=80, blank=True, default="")
    # The hash of the account's recovery code (cfmj/accounts/recovery.py), and when it was made: ""
    # and None for none (an account a teacher made for a class, or one made before codes were).
    recovery_code = models.CharField(max_length=128, blank=True, default="", editable=False)
    recovery_code_made_at = models.DateTimeField(null=True, blank=True, editable=False)

    objects: ClassVar[UserManager] = UserManager()

    class Meta(AbstractUser.Meta):
        constraints = [
            models.UniqueConstraint(
                Upper("username"),
                condition=Q(legacy_username_clash=False),
                name="username_unique_in_any_case",
                violation_error_message="A user with that username already exists.",
            )
        ]

    @property
    def shown_name(self) -> str:
        """The real name when there is one, else the username (what a teacher's pages show)."""
        return self.real_name or self.username

    @property
    def is_teacher(self) -> bool:
        return bool(self.role == self.Role.TEACHER)
