import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    """The class's maker becomes its owner (one per class); co-teachers come by invitation; accounts a
    teacher makes are recorded as managed; joining can be closed; a removed student is marked; deleting
    an account no longer has to wait for classes, homework or sessions it made."""

    dependencies = [
        ("classes", "0002_assignment_table"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RenameField(model_name="classroom", old_name="created_by", new_name="owner"),
        migrations.AlterField(
            model_name="classroom",
            name="owner",
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL,
                                    related_name="+", to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(model_name="classroom", name="joining_open", field=models.BooleanField(default=True)),
        migrations.AddField(model_name="membership", name="removed", field=models.BooleanField(default=False)),
        migrations.AlterField(
            model_name="assignment",
            name="created_by",
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL,
                                    related_name="+", to=settings.AUTH_USER_MODEL),
        ),
        migrations.AlterField(
            model_name="classsession",
            name="started_by",
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL,
                                    related_name="+", to=settings.AUTH_USER_MODEL),
        ),
        migrations.CreateModel(
            name="CoteacherInvite",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("status", models.CharField(choices=[("pending", "Waiting for an answer"), ("accepted", "Accepted"),
                                                     ("declined", "Declined"), ("withdrawn", "Withdrawn")],
                                            default="pending", max_length=10)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("answered_at", models.DateTimeField(blank=True, null=True)),
                ("classroom", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="invites",
                                                to="classes.classroom")),
                ("invited_by", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL,
                                                 related_name="+", to=settings.AUTH_USER_MODEL)),
                ("invitee", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                              related_name="class_invites", to=settings.AUTH_USER_MODEL)),
            ],
            options={
                "ordering": ["-created_at", "-pk"],
                "constraints": [models.UniqueConstraint(condition=models.Q(("status", "pending")),
                                                        fields=("classroom", "invitee"),
                                                        name="one_open_invite_per_teacher")],
            },
        ),
        migrations.CreateModel(
            name="ManagedAccount",
            fields=[
                ("user", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True,
                                              related_name="managed_account", serialize=False,
                                              to=settings.AUTH_USER_MODEL)),
                ("made_at", models.DateTimeField(auto_now_add=True)),
                ("classroom", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                                related_name="managed_accounts", to="classes.classroom")),
                ("made_by", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL,
                                              related_name="+", to=settings.AUTH_USER_MODEL)),
            ],
        ),
    ]
