# Issue 23: the draft run in the app (pods, seats, packs as dealt, picks).

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0002_card_pool"),
        ("tournaments", "0017_match_pool"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Draft",
            fields=[
                (
                    "tournament",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="draft",
                        serialize=False,
                        to="tournaments.tournament",
                    ),
                ),
                ("seed", models.BigIntegerField()),
                ("sets", models.JSONField(default=list)),
                ("pod_size", models.PositiveSmallIntegerField(default=8)),
                ("pick_seconds", models.PositiveIntegerField(default=0)),
                ("started_at", models.DateTimeField(auto_now_add=True)),
                (
                    "started_by",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
        ),
        migrations.CreateModel(
            name="DraftSeat",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("pod", models.PositiveSmallIntegerField()),
                ("seat", models.PositiveSmallIntegerField()),
                ("packs", models.JSONField(default=list)),
                ("picks", models.JSONField(default=list)),
                ("pick_times", models.JSONField(default=list)),
                ("late_picks", models.JSONField(default=list)),
                (
                    "draft",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="seats", to="decks.draft"
                    ),
                ),
                (
                    "registration",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="draft_seat",
                        to="tournaments.registration",
                    ),
                ),
            ],
            options={
                "ordering": ["pod", "seat"],
                "constraints": [
                    models.UniqueConstraint(fields=("draft", "pod", "seat"), name="draft_seat_unique")
                ],
            },
        ),
    ]
