# A visitor's hand against the bots: Game.visitor (their session's visitor id), kept apart from any
# account's or table's hand by a check, with two partial indexes for the bounds on visitors' hands.

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("play", "0010_table_seats_managed"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="visitor",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.AddIndex(
            model_name="game",
            index=models.Index(
                condition=models.Q(("visitor", ""), _negated=True),
                fields=["visitor", "status", "-updated_at"],
                name="play_visitor_hands",
            ),
        ),
        migrations.AddIndex(
            model_name="game",
            index=models.Index(
                condition=models.Q(("visitor", ""), _negated=True),
                fields=["created_at"],
                name="play_visitor_hands_dealt",
            ),
        ),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("visitor", ""),
                    models.Q(("owner__isnull", True), ("table__isnull", True)),
                    _connector="OR",
                ),
                name="play_visitor_hand_alone",
            ),
        ),
    ]
