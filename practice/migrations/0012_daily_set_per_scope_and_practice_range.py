"""Today's five are one set per day for each place in the course (DailySet.scope, "" the full range),
and an account may choose to practise everything ahead of its lessons (PracticeRange)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("practice", "0011_streak_zone"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="PracticeRange",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("everything", models.BooleanField(default=False)),
                ("chosen_at", models.DateTimeField(auto_now=True)),
            ],
        ),
        migrations.AddField(
            model_name="dailyset",
            name="scope",
            field=models.CharField(blank=True, default="", max_length=16),
        ),
        migrations.AlterField(
            model_name="dailyset",
            name="day",
            field=models.DateField(),
        ),
        migrations.AddConstraint(
            model_name="dailyset",
            constraint=models.UniqueConstraint(
                fields=("day", "scope"), name="one_daily_set_per_day_and_scope"
            ),
        ),
        migrations.AddField(
            model_name="practicerange",
            name="user",
            field=models.OneToOneField(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="practice_range",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
    ]
