"""API shapes. Input serializers validate; output serializers never expose decklists."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rules.results import COUNT_ORDER, END_OF_ROUND_PROCEDURES
from rules.standings import TIEBREAKERS

from tournaments.models import (
    Match,
    MatchSeat,
    Penalty,
    Registration,
    ResultReport,
    Round,
    StandingsSnapshot,
    Tournament,
)


class TournamentSerializer(serializers.ModelSerializer):
    organiser = serializers.CharField(source="organiser.username", read_only=True)
    winner = serializers.CharField(source="winner.display_name", read_only=True, default=None)

    class Meta:
        model = Tournament
        fields = ["id", "name", "date", "organiser", "status", "deck_format_id", "best_of", "structure",
                  "swiss_rounds", "top_cut", "victory_condition", "decks_locked_at", "results_version", "winner",
                  "tiebreakers", "tiebreaker_floor", "placement_points", "end_of_round", "round_minutes",
                  "random_seeding", "third_place_match", "bracket_reset", "double_round_robin", "table_size",
                  "team_size", "late_entry_rounds", "format_version"]
        read_only_fields = ["status", "decks_locked_at", "results_version"]


class TournamentCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    date = serializers.DateField()
    deck_format_id = serializers.CharField(default="55")
    best_of = serializers.ChoiceField(choices=[1, 3, 5], default=3)
    structure = serializers.ChoiceField(choices=Tournament.Structure.values, default=Tournament.Structure.SWISS)
    swiss_rounds = serializers.IntegerField(min_value=1, max_value=20, default=3)
    top_cut = serializers.ChoiceField(choices=[0, 4, 8, 16, 32], default=0)
    random_seeding = serializers.BooleanField(default=False)
    third_place_match = serializers.BooleanField(default=False)
    bracket_reset = serializers.BooleanField(default=False)
    double_round_robin = serializers.BooleanField(default=False)
    table_size = serializers.IntegerField(min_value=3, max_value=6, default=4,
                                          help_text="pods / table_elimination: players per table")
    team_size = serializers.ChoiceField(choices=[1, 2, 3], default=1, help_text="2 or 3: teams paired as units")
    late_entry_rounds = serializers.IntegerField(min_value=0, max_value=20, default=0,
                                                 help_text="Late entries accepted until this many rounds are paired")
    victory_condition = serializers.ChoiceField(choices=Tournament.Victory.values,
                                                default=Tournament.Victory.SIX_REALMS)
    tiebreakers = serializers.ChoiceField(choices=list(TIEBREAKERS), default="mtg",
                                          help_text="Tiebreaker system (GET `python -m rules tiebreakers`)")
    tiebreaker_floor = serializers.CharField(required=False, allow_blank=True, default="", max_length=16,
                                             help_text="e.g. 1/3; blank: the system's default")
    placement_points = serializers.CharField(required=False, allow_blank=True, default="", max_length=64,
                                             help_text="pods only: points for 1st, 2nd, ..., e.g. 5,3,2,1")
    end_of_round = serializers.ChoiceField(choices=list(END_OF_ROUND_PROCEDURES), default="unfinished_is_draw")
    round_minutes = serializers.IntegerField(min_value=10, max_value=240, default=50)


class RegistrationSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.username", read_only=True)
    has_legal_deck = serializers.SerializerMethodField()

    class Meta:
        model = Registration
        fields = ["id", "player", "registered_at", "dropped_after_round", "withdrawn", "has_legal_deck",
                  "awarded_byes", "late_entry", "team", "disqualified"]
        read_only_fields = fields

    def get_has_legal_deck(self, obj: Registration) -> bool:
        return obj.deck_id is not None


class MatchSeatSerializer(serializers.ModelSerializer):
    """One seat at a multiplayer table: the player, and once confirmed their place (1 = won) and games won."""

    player = serializers.CharField(source="registration.display_name", read_only=True)

    class Meta:
        model = MatchSeat
        fields = ["seat", "registration", "player", "placement", "wins"]
        read_only_fields = fields


class MatchSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number", read_only=True)
    player_a = serializers.CharField(source="player_a.display_name", read_only=True)
    player_b = serializers.CharField(source="player_b.display_name", read_only=True, default=None)
    is_bye = serializers.BooleanField(read_only=True)
    seats = serializers.SerializerMethodField(
        help_text="Multiplayer tables: every seat in seat order (player_a is seat 1, player_b empty); [] for a duel")

    class Meta:
        model = Match
        fields = ["id", "round", "table", "player_a", "player_b", "is_bye", "status", "wins_a", "wins_b",
                  "draws", "games", "pairing_reason", "multiplayer", "seats"]

    @extend_schema_field(MatchSeatSerializer(many=True))
    def get_seats(self, obj: Match) -> list[dict]:
        if not obj.multiplayer:
            return []
        seats = sorted(obj.seats.all(), key=lambda seat: seat.seat)
        return MatchSeatSerializer(seats, many=True).data


class RoundSerializer(serializers.ModelSerializer):
    matches = MatchSerializer(many=True, read_only=True)

    class Meta:
        model = Round
        fields = ["number", "kind", "seed", "created_at", "matches"]


class SeatCountsSerializer(serializers.Serializer):
    """One player's end-of-game counts (rules.results.COUNT_ORDER), whole numbers of 0 or more, all six."""

    unrazed_realms = serializers.IntegerField(min_value=0)
    razed_realms = serializers.IntegerField(min_value=0)
    holdings = serializers.IntegerField(min_value=0)
    champions = serializers.IntegerField(min_value=0)
    champion_levels = serializers.IntegerField(min_value=0)
    draw_pile = serializers.IntegerField(min_value=0, help_text="cards left in the draw pile")


assert tuple(SeatCountsSerializer().fields) == COUNT_ORDER


class CountsSerializer(serializers.Serializer):
    a = SeatCountsSerializer()
    b = SeatCountsSerializer()


class GameSerializer(serializers.Serializer):
    """One game: a winner, a draw, a two-draw mulligan (by 'a' or 'b'), unfinished when time was called,
    or a deck-out; ``counts`` (both players') decide an unfinished game under decide_by_counts and
    any deck-out."""

    winner = serializers.ChoiceField(choices=["a", "b"], allow_null=True, required=False, default=None)
    drawn = serializers.BooleanField(required=False, default=False)
    mulligan_by = serializers.ChoiceField(choices=["a", "b"], allow_null=True, required=False, default=None)
    unfinished = serializers.BooleanField(required=False, default=False)
    deck_out = serializers.BooleanField(required=False, default=False)
    counts = CountsSerializer(required=False, allow_null=True, default=None)


class ResultInputSerializer(serializers.Serializer):
    games = GameSerializer(many=True, allow_empty=False)
    round = serializers.IntegerField(required=False, min_value=1,
                                     help_text="The round on your slip; refused if it is not this match's")
    table = serializers.IntegerField(required=False, min_value=1,
                                     help_text="The table on your slip; refused if it is not this match's")


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


class TableGameInputSerializer(serializers.Serializer):
    """One game at a multiplayer table: the winning seat(s) (several: a shared win) or a drawn game."""

    winners = serializers.ListField(child=serializers.IntegerField(min_value=1), required=False,
                                    help_text="seat numbers, 1 to the number of seats")
    drawn = serializers.BooleanField(required=False, default=False)


class TableResultInputSerializer(serializers.Serializer):
    """A multiplayer table's result: ``placements`` (seat order; 1 = won, equal numbers share) or ``games``."""

    placements = serializers.ListField(child=serializers.IntegerField(min_value=1), required=False,
                                       help_text="one place per seat, in seat order, e.g. [1, 2, 3, 3]")
    games = TableGameInputSerializer(many=True, required=False)
    round = serializers.IntegerField(required=False, min_value=1,
                                     help_text="The round on your slip; refused if it is not this table's")
    table = serializers.IntegerField(required=False, min_value=1,
                                     help_text="The table on your slip; refused if it is not this table's")


class TableOverrideInputSerializer(serializers.Serializer):
    placements = serializers.ListField(child=serializers.IntegerField(min_value=1), required=False)
    games = TableGameInputSerializer(many=True, required=False)
    reason = serializers.CharField()


class TableReportSerializer(serializers.ModelSerializer):
    """A player's report of a multiplayer table: each seat's place and games won, drawn games, the games."""

    reported_by = serializers.CharField(source="reported_by.username", read_only=True)
    placements = serializers.SerializerMethodField()
    wins = serializers.SerializerMethodField()
    games = serializers.SerializerMethodField()

    class Meta:
        model = ResultReport
        fields = ["id", "match", "reported_by", "reported_at", "status", "dispute_reason", "placements", "wins",
                  "draws", "games"]

    def get_placements(self, obj: ResultReport) -> list[int]:
        return list(obj.games.get("placements", [])) if isinstance(obj.games, dict) else []

    def get_wins(self, obj: ResultReport) -> list[int]:
        return list(obj.games.get("wins", [])) if isinstance(obj.games, dict) else []

    @extend_schema_field(TableGameInputSerializer(many=True, allow_null=True))
    def get_games(self, obj: ResultReport) -> list[dict] | None:
        return obj.games.get("games") if isinstance(obj.games, dict) else None


class PenaltyInputSerializer(serializers.Serializer):
    registration = serializers.IntegerField(help_text="The penalised player's registration id")
    kind = serializers.ChoiceField(choices=Penalty.Kind.values)
    reason = serializers.CharField()
    match = serializers.IntegerField(required=False, allow_null=True, default=None,
                                     help_text="The match a game or match loss applies to (default: the "
                                     "player's match in the latest round)")


class PenaltySerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="registration.display_name", read_only=True)
    issued_by = serializers.CharField(source="issued_by.username", read_only=True)

    class Meta:
        model = Penalty
        fields = ["id", "registration", "player", "round_number", "kind", "reason", "issued_by", "issued_at",
                  "match"]


class StandingsSerializer(serializers.ModelSerializer):
    class Meta:
        model = StandingsSnapshot
        fields = ["version", "computed_at", "tiebreakers", "rows"]
