"""API shapes. Input serializers validate; output serializers never expose decklists."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.models import Match, Registration, ResultReport, Round, StandingsSnapshot, Tournament


class TournamentSerializer(serializers.ModelSerializer):
    organiser = serializers.CharField(source="organiser.username", read_only=True)
    winner = serializers.CharField(source="winner.display_name", read_only=True, default=None)

    class Meta:
        model = Tournament
        fields = ["id", "name", "date", "organiser", "status", "deck_format_id", "best_of", "structure",
                  "swiss_rounds", "top_cut", "victory_condition", "decks_locked_at", "results_version", "winner"]
        read_only_fields = ["status", "decks_locked_at", "results_version"]


class TournamentCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    date = serializers.DateField()
    deck_format_id = serializers.CharField(default="55")
    best_of = serializers.ChoiceField(choices=[1, 3, 5], default=3)
    structure = serializers.ChoiceField(choices=Tournament.Structure.values, default=Tournament.Structure.SWISS)
    swiss_rounds = serializers.IntegerField(min_value=1, max_value=20, default=3)
    top_cut = serializers.ChoiceField(choices=[0, 4, 8], default=0)
    victory_condition = serializers.ChoiceField(choices=Tournament.Victory.values,
                                                default=Tournament.Victory.SIX_REALMS)


class RegistrationSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.username", read_only=True)
    has_legal_deck = serializers.SerializerMethodField()

    class Meta:
        model = Registration
        fields = ["id", "player", "registered_at", "dropped_after_round", "withdrawn", "has_legal_deck"]

    def get_has_legal_deck(self, obj: Registration) -> bool:
        return obj.deck_id is not None


class MatchSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number", read_only=True)
    player_a = serializers.CharField(source="player_a.display_name", read_only=True)
    player_b = serializers.CharField(source="player_b.display_name", read_only=True, default=None)
    is_bye = serializers.BooleanField(read_only=True)

    class Meta:
        model = Match
        fields = ["id", "round", "table", "player_a", "player_b", "is_bye", "status", "wins_a", "wins_b",
                  "draws", "games", "pairing_reason"]


class RoundSerializer(serializers.ModelSerializer):
    matches = MatchSerializer(many=True, read_only=True)

    class Meta:
        model = Round
        fields = ["number", "kind", "seed", "created_at", "matches"]


class GameSerializer(serializers.Serializer):
    winner = serializers.ChoiceField(choices=["a", "b"], allow_null=True, required=False, default=None)
    drawn = serializers.BooleanField(required=False, default=False)
    mulligan_by = serializers.ChoiceField(choices=["a", "b"], allow_null=True, required=False, default=None)


class ResultInputSerializer(serializers.Serializer):
    games = GameSerializer(many=True, allow_empty=False)


class OverrideInputSerializer(ResultInputSerializer):
    reason = serializers.CharField()


class DisputeInputSerializer(serializers.Serializer):
    reason = serializers.CharField()


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class ResultReportSerializer(serializers.ModelSerializer):
    reported_by = serializers.CharField(source="reported_by.username", read_only=True)

    class Meta:
        model = ResultReport
        fields = ["id", "match", "reported_by", "reported_at", "games", "wins_a", "wins_b", "draws", "status",
                  "dispute_reason"]


class StandingsSerializer(serializers.ModelSerializer):
    class Meta:
        model = StandingsSnapshot
        fields = ["version", "computed_at", "tiebreakers", "rows"]
