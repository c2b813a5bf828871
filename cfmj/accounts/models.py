from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    class Role(models.TextChoices):
        LEARNER = "learner", "Learner"
        TEACHER = "teacher", "Teacher"

    role = models.CharField(max_length=10, choices=Role.choices, default=Role.LEARNER)
    large_print = models.BooleanField(default=False, help_text="Show tiles and text larger.")

    @property
    def is_teacher(self) -> bool:
        return bool(self.role == self.Role.TEACHER)
