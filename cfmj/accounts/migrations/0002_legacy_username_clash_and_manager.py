import cfmj.accounts.models
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0001_initial'),
        ('auth', '0012_alter_user_first_name_max_length'),
    ]

    operations = [
        migrations.AlterModelManagers(
            name='user',
            managers=[
                ('objects', cfmj.accounts.models.UserManager()),
            ],
        ),
        migrations.AddField(
            model_name='user',
            name='legacy_username_clash',
            field=models.BooleanField(default=False, editable=False),
        ),
    ]
