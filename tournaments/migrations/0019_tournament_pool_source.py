# Issue 23: off-the-top events, where the shared pools come from (Tournament.pool_sets, pool_cards,
# pool_cards_per_player; tournaments.services.off_the_top).

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0018_audit_action_draft"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="pool_sets",
            field=models.JSONField(
                blank=True,
                default=list,
                help_text="Off-the-top: the set codes the shared pools' packs come from, in rotation (empty: "
                "rules.limited.DEFAULT_SETS); empty when the organiser's list is used",
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="pool_cards",
            field=models.JSONField(
                blank=True,
                default=list,
                help_text="Off-the-top: the organiser's own card list, card keys (4th/12) one per copy; when not "
                "empty each match's shared pool is dealt from it at random, without replacement",
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="pool_cards_per_player",
            field=models.PositiveSmallIntegerField(
                default=50,
                help_text="Off-the-top: cards of the shared pool per player at the table (Spell Battle: about 50)",
            ),
        ),
    ]
