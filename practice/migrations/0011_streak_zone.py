"""A streak keeps the time zone its last day was counted in (Streak.zone). A streak kept before
takes its owner's zone now: the zone its last day was most likely counted in."""

from __future__ import annotations

from typing import Any

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def zone_from_owner(apps: Any, schema_editor: Any) -> None:
    Streak = apps.get_model("practice", "Streak")
    User = apps.get_model("accounts", "User")
    owners_zone = User.objects.filter(pk=OuterRef("user_id")).values("time_zone")[:1]
    Streak.objects.update(zone=Subquery(owners_zone))


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0006_user_time_zone"),
        ("practice", "0010_kind_choices_from_the_registry"),
    ]

    operations = [
        migrations.AddField(
            model_name="streak",
            name="zone",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.RunPython(zone_from_owner, migrations.RunPython.noop),
    ]
