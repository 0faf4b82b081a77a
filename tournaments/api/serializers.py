"""API shapes. Input serializers validate; output serializers never expose decklists."""

from __future__ import annotations

import copy
from typing import Any
from zoneinfo import available_timezones

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rules.limited import OFF_THE_TOP_MAX_PER_PLAYER, OFF_THE_TOP_MIN_PER_PLAYER, OFF_THE_TOP_PER_PLAYER
from rules.optional_rules import MAX_OPTIONAL_RULES_TEXT, OPTIONAL_RULES
from rules.results import DECK_OUT_SETTINGS, END_OF_ROUND_PROCEDURES
from rules.pairings.elimination import TOP_CUT_SIZES
from rules.standings import TIEBREAKERS
from rules.structures import MAX_SWISS_ROUNDS, STRUCTURES, TABLE_SIZES

from tournaments.api.fields import IdField
# the result input shapes, re-exported: the views use s.<name>
from tournaments.api.result_serializers import (  # noqa: F401
    DisputeInputSerializer, GameInputSerializer, GamesField, OverrideInputSerializer, PlacementsField,
    ReasonField, ReasonSerializer, ReportInputSerializer, RequiredReasonSerializer, SeatCountsSerializer,
    SlipNumberField, StrictInputSerializer)
from tournaments.models import Match, Penalty, Registration, Round, Seat, StandingsSnapshot, Tournament
from tournaments.selectors import clock_at


class TournamentSerializer(serializers.ModelSerializer):
    organiser = serializers.CharField(source="organiser.username", read_only=True)
    co_organisers: serializers.SlugRelatedField = serializers.SlugRelatedField(
        many=True, read_only=True, slug_field="username",
        help_text="Usernames of the co-organisers (judges): they run the event with the organiser's rights")
    winner = serializers.CharField(source="winner.display_name", read_only=True, default=None, allow_null=True,
                                   help_text="The winner's name once the tournament is finished; null before")
    pool_sets = serializers.ListField(
        child=serializers.CharField(), read_only=True,
        help_text="Off-the-top: the sets the shared pools come from (empty: 4th, the default, or the organiser's "
                  "list when pool_cards_count is not 0)")
    pool_cards_count = serializers.SerializerMethodField(
        help_text="Off-the-top: cards in the organiser's own list the shared pools are dealt from (0: from sets)")

    class Meta:
        model = Tournament
        fields = ["id", "name", "date", "organiser", "status", "deck_format_id", "best_of", "structure",
                  "swiss_rounds", "top_cut", "victory_condition", "decks_locked_at", "results_version", "winner",
                  "tiebreakers", "tiebreaker_floor", "placement_points", "end_of_round", "round_minutes",
                  "random_seeding", "third_place_match", "bracket_reset", "double_round_robin", "table_size",
                  "fixed_table_size", "team_size", "late_entry_rounds", "format_version", "deck_out",
                  "random_draw_each_round",
                  "time_zone", "venue", "description", "capacity", "registration_deadline", "clock_start",
                  "check_in_required", "check_in_deadline", "check_in_closed_at", "co_organisers",
                  "pairings_as_draft", "optional_rules", "optional_rules_text", "phases", "pool_sets",
                  "pool_cards_count", "pool_cards_per_player"]
        read_only_fields = ["status", "decks_locked_at", "results_version", "check_in_closed_at", "phases",
                            "pool_sets", "pool_cards_count", "pool_cards_per_player"]

    def get_pool_cards_count(self, obj: Tournament) -> int:
        return len(obj.pool_cards or [])


class TournamentCreateSerializer(serializers.Serializer):
    """A new tournament's settings (``tournaments.services.tournament_create``). The structure is one of the
    registered ones (``rules.structures.STRUCTURE_REGISTRY``, read when the serializer is made: ``GET``
    ``python -m rules structures``); the ranges of its settings are the rules' (``TABLE_SIZES``,
    ``MAX_SWISS_ROUNDS``, ``TOP_CUT_SIZES``); the rules that tie settings together (a random draw each round is
    single elimination without a third-place match or random seeding) are the service's call to the same
    validator, ``rules.structures.validate_structure``, so the API refuses what the service and the rules
    refuse, with the service's code and message."""

    name = serializers.CharField(max_length=200)
    date = serializers.DateField()
    deck_format_id = serializers.CharField(default="55")
    best_of = serializers.ChoiceField(choices=[1, 3, 5], default=3)
    structure = serializers.ChoiceField(choices=list(STRUCTURES), default=Tournament.Structure.SWISS,
                                        help_text="A structure of `python -m rules structures`")
    swiss_rounds = serializers.IntegerField(min_value=1, max_value=MAX_SWISS_ROUNDS, default=3)
    top_cut = serializers.ChoiceField(choices=[0, *TOP_CUT_SIZES], default=0)
    random_seeding = serializers.BooleanField(default=False)
    third_place_match = serializers.BooleanField(default=False)
    bracket_reset = serializers.BooleanField(default=False)
    double_round_robin = serializers.BooleanField(default=False)
    table_size = serializers.IntegerField(min_value=TABLE_SIZES[0], max_value=TABLE_SIZES[-1], default=4,
                                          help_text="pods / table_elimination: players per table")
    fixed_table_size = serializers.BooleanField(
        default=False, help_text="pods: every table has exactly table_size players and those left over get byes "
                                 "(Spell Battle Rules, 8. Tournaments: table sizes decided ahead of time); "
                                 "false: tables of table_size and table_size - 1")
    team_size = serializers.ChoiceField(choices=[1, 2, 3], default=1, help_text="2 or 3: teams paired as units")
    late_entry_rounds = serializers.IntegerField(min_value=0, max_value=20, default=0,
                                                 help_text="Late entries accepted until this many rounds are paired")
    victory_condition = serializers.ChoiceField(
        choices=Tournament.Victory.values, required=False, allow_null=True, allow_blank=True, default=None,
        help_text="Left out: the format's (10_realms with 110-card decks, 6_realms with 55 and 75; "
                  "Spellfire Tournament Rules 2.0, victory conditions)")
    deck_out = serializers.ChoiceField(
        choices=list(DECK_OUT_SETTINGS), required=False, allow_null=True, allow_blank=True, default=None,
        help_text="What running out of cards does: reshuffle (Tournament Rules 2.0) or game_ends (the counts "
                  "decide); left out: the format's rules (game_ends for 55-br, reshuffle otherwise)")
    random_draw_each_round = serializers.BooleanField(
        default=False, help_text="single_elimination: a new random draw every round (Spell Battle Rules, 8. Tournaments)")
    tiebreakers = serializers.ChoiceField(choices=list(TIEBREAKERS), default="mtg",
                                          help_text="Tiebreaker system (GET `python -m rules tiebreakers`)")
    tiebreaker_floor = serializers.CharField(required=False, allow_blank=True, default="", max_length=16,
                                             help_text="e.g. 1/3; blank: the system's default")
    placement_points = serializers.CharField(required=False, allow_blank=True, default="", max_length=64,
                                             help_text="pods only: points for 1st, 2nd, ..., e.g. 5,3,2,1")
    end_of_round = serializers.ChoiceField(choices=list(END_OF_ROUND_PROCEDURES), default="unfinished_is_draw")
    round_minutes = serializers.IntegerField(min_value=10, max_value=240, default=50)
    time_zone = serializers.CharField(max_length=64, default="UTC",
                                      help_text="IANA time zone of the event, e.g. Europe/Paris (times on its pages)")
    venue = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    description = serializers.CharField(max_length=4000, required=False, allow_blank=True, default="")
    capacity = serializers.IntegerField(min_value=2, max_value=100000, required=False, allow_null=True, default=None,
                                        help_text="Most players; further players join the waiting list (null: none)")
    registration_deadline = serializers.DateTimeField(
        required=False, allow_null=True, default=None,
        help_text="No registration after this moment (null: until registration closes); ISO 8601, UTC without "
                  "an offset")
    clock_start = serializers.ChoiceField(
        choices=Tournament.ClockStart.values, default=Tournament.ClockStart.AT_PAIRING,
        help_text="at_pairing: each round's clock starts when it is paired; by_hand: the organiser starts it "
                  "(POST .../rounds/N/clock/ with action start)")
    check_in_required = serializers.BooleanField(
        default=False, help_text="Round 1 is not paired while an active player has not checked in (409 "
                                 "not_checked_in naming them): check them in or drop the no-shows")
    check_in_deadline = serializers.DateTimeField(
        required=False, allow_null=True, default=None,
        help_text="Check-in closes at this moment (null: when the organiser closes it); ISO 8601, UTC without an "
                  "offset")
    pairings_as_draft = serializers.BooleanField(
        default=False, help_text="Pairing a round makes a draft only the staff sees until the organiser publishes "
                                 "it (POST .../rounds/publish/)")
    optional_rules = serializers.ListField(
        child=serializers.ChoiceField(choices=list(OPTIONAL_RULES)), required=False, default=list,
        help_text="Optional rules variants in use, posted to the players (rules.optional_rules.OPTIONAL_RULES)")
    optional_rules_text = serializers.CharField(max_length=MAX_OPTIONAL_RULES_TEXT, required=False, allow_blank=True,
                                                default="", help_text="Other optional rules in use (plain text)")
    pool_sets = serializers.ListField(
        child=serializers.CharField(max_length=16), required=False, default=list, max_length=50,
        help_text="Off-the-top formats: set codes the shared pools' packs come from, in rotation, e.g. [\"4th\", "
                  "\"1st\"] (`python -m rules pool` --sets; an unknown code is a 400 pool_sets naming the valid "
                  "ones); empty: 4th")
    pool_card_list = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=settings.DECKLIST_MAX_BYTES, trim_whitespace=False,
        help_text="Off-the-top formats: the organiser's own cards (a text, .cfd or .dek list) to deal the shared "
                  "pools from instead of sets, at least 2 x pool_cards_per_player cards (400 pool_card_list)")
    pool_card_list_name = serializers.CharField(required=False, allow_blank=True, default="", max_length=200,
                                                help_text="The card list's file name (for messages)")
    pool_cards_per_player = serializers.IntegerField(
        min_value=OFF_THE_TOP_MIN_PER_PLAYER, max_value=OFF_THE_TOP_MAX_PER_PLAYER, default=OFF_THE_TOP_PER_PLAYER,
        help_text="Off-the-top formats: cards of the shared pool per player at the table (Spell Battle: about 50)")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["structure"].choices = list(STRUCTURES)  # type: ignore[attr-defined]  # the registry now

    def validate_time_zone(self, value: str) -> str:
        if value not in available_timezones():
            raise serializers.ValidationError(
                _("%(value)s is not a time zone: use an IANA name such as Europe/Paris.") % {"value": repr(value)})
        return value


class RegistrationSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="display_name", read_only=True,
                                   help_text="The player's name: a walk-in's as the organiser entered it, else the "
                                             "username")
    account = serializers.CharField(source="player.username", read_only=True, default=None, allow_null=True,
                                    help_text="The account the entry belongs to; null for an unclaimed walk-in")
    walk_in = serializers.BooleanField(source="is_walk_in", read_only=True,
                                       help_text="Registered by the organiser by name (no account at the time)")
    checked_in = serializers.BooleanField(read_only=True, help_text="Checked in before round 1")
    has_legal_deck = serializers.SerializerMethodField()

    class Meta:
        model = Registration
        fields = ["id", "player", "account", "walk_in", "registered_at", "dropped_after_round", "withdrawn",
                  "has_legal_deck", "awarded_byes", "late_entry", "team", "disqualified", "checked_in",
                  "checked_in_at", "waitlisted_at"]
        read_only_fields = fields

    def get_has_legal_deck(self, obj: Registration) -> bool:
        return obj.has_legal_deck


class CheckInInputSerializer(serializers.Serializer):
    checked_in = serializers.BooleanField(default=True, help_text="false checks the player out (organiser only)")


class WalkInInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80, help_text="The walk-in's name (no account needed)")
    late_entry_losses = serializers.BooleanField(
        default=False,
        help_text="A late entry into a running Swiss only: true joins with a loss with no opponent for each Swiss "
                  "round already paired (TOM's \"LATE\"); false (the default) joins with zero points and no "
                  "losses, paired from the next round into the bracket their points put them in")


class LateLossRemoveInputSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=1000, allow_blank=True, default="",
                                   help_text="Why the late loss is removed (logged); required")


class LateLossInputSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1, max_value=10000,
                                     help_text="The Swiss round the player lost with no opponent (they missed it)")
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="",
                                   help_text="Why (logged); optional")


class WalkInSerializer(RegistrationSerializer):
    """A walk-in's entry as its organiser sees it: with the claim code to hand over (blank once claimed)."""

    claim_code = serializers.CharField(read_only=True, help_text="Blank once an account has claimed the entry")

    class Meta(RegistrationSerializer.Meta):
        fields = [*RegistrationSerializer.Meta.fields, "claim_code"]
        read_only_fields = fields


class ClaimInputSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=32, help_text="The walk-in's claim code (dashes and spaces ignored)")


class NoShowsSerializer(serializers.Serializer):
    dropped = RegistrationSerializer(many=True, help_text="The entries withdrawn as no-shows")


class FieldsBuiltOnce:
    """A ``ModelSerializer`` whose fields are built from its model once per class, then copied for each instance.

    DRF builds a model serializer's fields again for every instance it makes (reading the model's fields, their
    choices and validators: about 0.1 ms a serializer); the answer of every result write makes one (issue 27).
    The copy is DRF's own (``copy.deepcopy``, as for declared fields), so no instance shares a bound field. Only for
    serializers whose fields depend on nothing but the class (not on ``context`` or the request)."""

    def get_fields(self) -> dict[str, serializers.Field]:
        cls = type(self)
        built = cls.__dict__.get("_fields_built_once")
        if built is None:  # a race only builds them twice
            built = super().get_fields()  # type: ignore[misc]
            cls._fields_built_once = built  # type: ignore[attr-defined]
        return copy.deepcopy(built)


class SeatSerializer(FieldsBuiltOnce, serializers.ModelSerializer):
    """One seat of a match: the seat number (1..), the player, and once the result is confirmed their
    place (1 = won; equal numbers share) and games won."""

    seat = serializers.IntegerField(source="number", read_only=True)
    player = serializers.CharField(source="registration.display_name", read_only=True)

    class Meta:
        model = Seat
        fields = ["seat", "registration", "player", "placement", "wins"]
        read_only_fields = fields


class MatchSerializer(FieldsBuiltOnce, serializers.ModelSerializer):
    """A match of any number of seats: one seat is a bye (or, with ``opponentless_loss``, a loss with no opponent:
    a late player's), two a duel, more a multiplayer table."""

    round = serializers.IntegerField(source="round.number", read_only=True)
    seats = serializers.SerializerMethodField(help_text="Every seat in seat order")
    is_bye = serializers.SerializerMethodField(help_text="One seat, scored as a win: a bye")
    multiplayer = serializers.SerializerMethodField(help_text="More than two seats")

    class Meta:
        model = Match
        fields = ["id", "round", "table", "status", "pairing_reason", "pairing_reason_code", "pairing_reason_params",
                  "seats", "draws", "is_bye", "opponentless_loss", "multiplayer", "extra_minutes"]
        read_only_fields = fields

    def _seats(self, obj: Match) -> list[Seat]:
        # seats.all() uses a prefetch (selectors.round_matches / MATCHES) when there is one; a match a result
        # service has just written carries its seats (``seat_list``)
        seats = getattr(obj, "seat_list", None)
        return sorted(obj.seats.all() if seats is None else seats, key=lambda seat: seat.number)

    @extend_schema_field(SeatSerializer(many=True))
    def get_seats(self, obj: Match) -> list[dict]:
        return list(SeatSerializer(self._seats(obj), many=True).data)

    def get_is_bye(self, obj: Match) -> bool:
        return len(self._seats(obj)) == 1 and not obj.opponentless_loss

    def get_multiplayer(self, obj: Match) -> bool:
        return len(self._seats(obj)) > 2


class TableClockSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    extra_minutes = serializers.IntegerField(help_text="The table's own time extension, in minutes")
    state = serializers.CharField(help_text="running, paused, time_up, finished, ended or not_started")
    ends_at = serializers.DateTimeField(allow_null=True)
    remaining_seconds = serializers.IntegerField(allow_null=True)


class ClockSerializer(serializers.Serializer):
    """The round clock now (``tournaments.selectors.clock_at``): ``state`` not_started, running, paused, time_up
    or ended (every table has a confirmed result, or the event is finished: ``ended_at`` says when; finished for a
    table whose result is confirmed); ``ends_at`` (while paused: the end if resumed now) and
    ``remaining_seconds`` (null before the start); ``minutes`` in all; ``extra_minutes`` added to the round;
    ``tables``: the tables with a time extension of their own, each with its clock."""

    round = serializers.IntegerField()
    state = serializers.CharField()
    started_at = serializers.DateTimeField(allow_null=True)
    ended_at = serializers.DateTimeField(allow_null=True, help_text="When the round ended (state ended); else null")
    paused = serializers.BooleanField()
    ends_at = serializers.DateTimeField(allow_null=True)
    remaining_seconds = serializers.IntegerField(allow_null=True)
    minutes = serializers.IntegerField()
    extra_minutes = serializers.IntegerField()
    tables = TableClockSerializer(many=True)


def clock_data(rnd: Round, now=None) -> dict:
    """The ``ClockSerializer`` body of ``rnd`` at ``now`` (default: now); reads ``rnd.tournament`` (select_related
    it) and the round's matches (prefetched or not)."""
    now = now or timezone.now()
    minutes = rnd.tournament.round_minutes
    over = rnd.tournament.status == Tournament.Status.FINISHED
    state = clock_at(rnd, minutes, now=now, over=over)
    tables = []
    for match in sorted((m for m in rnd.matches.all() if m.extra_minutes), key=lambda m: m.table):
        table = clock_at(rnd, minutes, now=now, match=match, over=over)
        tables.append({"table": match.table, "extra_minutes": match.extra_minutes, "state": table.state,
                       "ends_at": table.ends_at, "remaining_seconds": table.remaining_seconds})
    return {"round": rnd.number, "state": state.state, "started_at": rnd.started_at, "ended_at": state.ended_at,
            "paused": state.paused,
            "ends_at": state.ends_at, "remaining_seconds": state.remaining_seconds, "minutes": state.minutes,
            "extra_minutes": state.extra_minutes, "tables": tables}


class RoundSerializer(serializers.ModelSerializer):
    """A round with its pairings. ``seed`` (the pairing seed, which reproduces the round) is the organisers' only,
    as on the round page: present when the view's context says ``show_seed`` (the organiser or a co-organiser
    asks), left out for anyone else."""

    matches = MatchSerializer(many=True, read_only=True)
    clock = serializers.SerializerMethodField(help_text="The round clock now")
    # not read_only: the schema then does not mark it required (an output-only serializer: nothing writes it)
    seed = serializers.IntegerField(required=False, help_text="The pairing seed: the organisers' only")

    class Meta:
        model = Round
        fields = ["number", "kind", "phase", "seed", "created_at", "published_at", "clock", "matches"]

    def to_representation(self, instance: Round) -> dict:
        data = super().to_representation(instance)
        if not self.context.get("show_seed"):
            data.pop("seed", None)
        return data

    @extend_schema_field(ClockSerializer)
    def get_clock(self, obj: Round) -> dict:
        return dict(ClockSerializer(clock_data(obj)).data)


class ClockActionSerializer(serializers.Serializer):
    """A round clock action (organiser): ``start`` (or restart: a reason needed), ``pause``, ``resume``, ``extend``
    (``minutes``, 1-60, and a ``reason``)."""

    # extend needs minutes and a reason (the view's 400 ``minutes``, the service's ``reason_required``)
    schema_extra = {"oneOf": [
        # patterns, not enums: drf-spectacular would hoist an enum into the action's component
        {"properties": {"action": {"pattern": "^(start|pause|resume)$"}}},
        {"properties": {"action": {"pattern": "^extend$"}, "reason": {"minLength": 1, "pattern": r"\S"}},
         "required": ["minutes", "reason"]},
    ]}

    action = serializers.ChoiceField(choices=["start", "pause", "resume", "extend"])
    minutes = serializers.IntegerField(required=False, min_value=1, max_value=60)
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500, default="")


class TimeExtensionSerializer(serializers.Serializer):
    """A time extension for one table (organiser): ``minutes`` (1-60) and a ``reason``."""

    minutes = serializers.IntegerField(min_value=1, max_value=60)
    reason = serializers.CharField(max_length=500)


# --------------------------------------------------------------------------- result output


class OutcomeSerializer(serializers.Serializer):
    wins = serializers.ListField(child=serializers.IntegerField(), help_text="games won per seat (seat order)")
    placements = serializers.ListField(child=serializers.IntegerField(), help_text="place per seat; 1 = won")
    draws = serializers.IntegerField(help_text="drawn games")


class SubmissionSerializer(serializers.Serializer):
    """One version of a match's result (``selectors.match_submissions`` row): who submitted it and when,
    the record as stored (games with seats numbered from 1, or placements), the outcome it gives
    (penalties included), its state, the reasons, and who answered it."""

    id = serializers.IntegerField(source="submission.id")
    match = serializers.IntegerField(source="submission.match_id")
    # DRF's metaclass takes declared fields off the class, so this does not shadow Field.source at run time.
    source = serializers.CharField(source="submission.source",  # type: ignore[assignment]
                                   help_text="player, organiser, penalty or pairing")
    submitted_by = serializers.CharField(source="by")
    submitted_at = serializers.DateTimeField(source="at")
    state = serializers.CharField(help_text="pending, confirmed, disputed or superseded")
    record = serializers.JSONField(source="submission.record",
                                   help_text='{"games": [{"winners", "drawn", "mulligan_by", "unfinished", '
                                             '"deck_out", "counts"}]} or {"placements": [...]}')
    outcome = OutcomeSerializer(source="submission.outcome")
    result = serializers.CharField(help_text='The outcome as text, e.g. "alice 2-1 bob"')
    game_lines = serializers.ListField(source="games", child=serializers.CharField(),
                                       help_text="The record as text: one line per game (or the placements)")
    reason = serializers.CharField(help_text="The organiser's or the penalty's reason")
    dispute_reason = serializers.CharField()
    responded_by = serializers.CharField(help_text="Who confirmed, disputed or settled it")
    responded_at = serializers.DateTimeField(source="submission.responded_at", allow_null=True)
    supersedes = serializers.IntegerField(source="submission.supersedes_id", allow_null=True)


class PenaltyInputSerializer(serializers.Serializer):
    registration = IdField(help_text="The penalised player's registration id")
    kind = serializers.ChoiceField(choices=Penalty.Kind.values)
    reason = serializers.CharField()
    match = IdField(required=False, allow_null=True, default=None,
                                     help_text="The match a game or match loss applies to (default: the "
                                     "player's match in the latest round)")


class PenaltySerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="registration.display_name", read_only=True)
    issued_by = serializers.CharField(source="issued_by.username", read_only=True)

    class Meta:
        model = Penalty
        fields = ["id", "registration", "player", "round_number", "kind", "reason", "issued_by", "issued_at",
                  "match"]


class DayTwoSerializer(serializers.Serializer):
    """``POST .../day-two/``: start day 2 (``tournaments.services.phases.day_two_start``)."""

    cut_kind = serializers.ChoiceField(choices=["points", "record", "top"],
                                       help_text="points: at least N match points; record: at most N losses (X-N "
                                                 "or better); top: the first N of day 1's standings")
    cut_value = serializers.IntegerField(min_value=0, max_value=10_000, help_text="N")
    rounds = serializers.IntegerField(min_value=1, max_value=20, help_text="Day 2's Swiss rounds")
    reason = serializers.CharField(required=False, allow_blank=True, max_length=300, help_text="A note, logged")


class StandingsSerializer(serializers.ModelSerializer):
    class Meta:
        model = StandingsSnapshot
        fields = ["version", "computed_at", "tiebreakers", "rows"]


class StandingsResponseSerializer(serializers.Serializer):
    """``GET .../standings/``: the latest snapshot, or before the first one version 0, no rows and a null
    ``computed_at``; ``results_version`` is the tournament's (newer than ``version`` while it is recomputed)."""

    version = serializers.IntegerField(help_text="The results version these standings reflect (0: none yet)")
    computed_at = serializers.DateTimeField(allow_null=True)
    tiebreakers = serializers.CharField(allow_blank=True, help_text="The tiebreaker system; blank before the first")
    rows = serializers.ListField(child=serializers.DictField(), help_text="rules.standings.StandingRow, rank order")
    results_version = serializers.IntegerField()
    phases = serializers.ListField(
        child=serializers.DictField(), required=False,
        help_text="An event run in phases (a day 2): each phase's standings, {phase, rows} with the rows in that "
                  "phase's rank order (advanced: passed the cut into the next phase); [] for one phase")


class SharedPoolSerializer(serializers.Serializer):
    """``GET .../matches/<id>/shared-pool/``: an off-the-top match's shared pool (``MatchPool``)."""

    match = serializers.IntegerField()
    count = serializers.IntegerField(help_text="Cards in the pool: 50 per player (100 for a duel)")
    sets = serializers.ListField(child=serializers.CharField(), help_text="The sets its packs came from")
    cards = serializers.ListField(child=serializers.CharField(),
                                  help_text="Card keys (SET/NUMBER), one per copy, in the shuffled stack order")
