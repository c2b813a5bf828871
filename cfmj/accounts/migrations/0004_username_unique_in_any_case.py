import django.db.models.functions.text
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0003_mark_legacy_username_clashes'),
    ]

    operations = [
        migrations.AddConstraint(
            model_name='user',
            constraint=models.UniqueConstraint(django.db.models.functions.text.Upper('username'), condition=models.Q(('legacy_username_clash', False)), name='username_unique_in_any_case', violation_error_message='A user with that username already exists.'),
        ),
    ]
