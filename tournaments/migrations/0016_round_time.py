# Issue 25 (one notification system): the round's time call (Round.time_called_at) and its notification event.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0015_audit_action_pools_dealt"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="time_called_at",
            field=models.DateTimeField(
                blank=True,
                help_text="When the round's time was last called (round.time announced, "
                "tournaments.services.clock.round_time_call); a later end (an extension, a restart) is called again",
                null=True,
            ),
        ),
        migrations.AlterField(
            model_name="notification",
            name="event",
            field=models.CharField(
                choices=[
                    ("round.paired", "Your table in a new round"),
                    ("round.time", "Time called in your round"),
                    ("result.reported", "A result to confirm or dispute"),
                    ("result.confirmed", "Your result confirmed"),
                    ("result.disputed", "A disputed result (staff)"),
                    ("player.dropped", "You were dropped"),
                    ("event.finished", "An event you played finished"),
                    ("deck.refused", "Your decklist refused"),
                ],
                max_length=32,
            ),
        ),
    ]
