"""Before usernames were compared without case, "Alice" could sign up beside "alice". Such
accounts keep their names (each logs in by its exact spelling): every one but the oldest of a
group is marked, so that the case-insensitive unique constraint of 0004 holds for every other
account and can be created whatever the data. It groups names by the database's own UPPER(), the
expression the constraint indexes, so the two always agree."""

from django.db import migrations
from django.db.models import Count
from django.db.models.functions import Upper


def mark(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    clashing = (
        User.objects.annotate(key=Upper("username"))
        .values("key")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
        .values_list("key", flat=True)
    )
    for key in list(clashing):
        ids = list(
            User.objects.annotate(key=Upper("username")).filter(key=key).order_by("pk").values_list("pk", flat=True)
        )
        User.objects.filter(pk__in=ids[1:]).update(legacy_username_clash=True)


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0002_legacy_username_clash_and_manager'),
    ]

    operations = [
        migrations.RunPython(mark, migrations.RunPython.noop),
    ]
