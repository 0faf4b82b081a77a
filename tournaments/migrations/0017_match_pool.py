# Issue 23: off-the-top events, a shared pool per match (tournaments.models.MatchPool).

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0016_round_time"),
    ]

    operations = [
        migrations.CreateModel(
            name="MatchPool",
            fields=[
                (
                    "match",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="shared_pool",
                        serialize=False,
                        to="tournaments.match",
                    ),
                ),
                ("cards", models.JSONField(default=list)),
                ("sets", models.JSONField(default=list)),
            ],
        ),
    ]
