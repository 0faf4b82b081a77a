"""API input shapes of results and of the organiser's reasons (re-exported by ``tournaments.api.serializers``):
a player's report, a dispute, the organiser's settlement, and the reason fields. What they refuse is in the
schema (``tournaments.api.schema.AutoSchema``: ``minLength``/``pattern``, ``additionalProperties``, ``oneOf``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rules.results import COUNT_ORDER

from tournaments.api.fields import BoundedJSONField, IdField
from tournaments.result_choices import read_score
from tournaments.result_input import ResultInputError, check_counts, slip_number


class SeatCountsSerializer(serializers.Serializer):
    """One player's end-of-game counts (rules.results.COUNT_ORDER), whole numbers of 0 or more, all six."""

    unrazed_realms = serializers.IntegerField(min_value=0)
    razed_realms = serializers.IntegerField(min_value=0)
    holdings = serializers.IntegerField(min_value=0)
    champions = serializers.IntegerField(min_value=0)
    champion_levels = serializers.IntegerField(min_value=0)
    draw_pile = serializers.IntegerField(min_value=0, help_text="cards left in the draw pile")


assert tuple(SeatCountsSerializer().fields) == COUNT_ORDER


class GameInputSerializer(serializers.Serializer):
    """One game (documentation of ``games``; the results service checks it). A duel: ``winner`` or
    ``mulligan_by`` as the slip's letter "a"/"b" or seat 1/2, ``drawn``, ``unfinished`` (time was
    called) or ``deck_out``, with ``counts`` (both players', keyed "a"/"b" or "1"/"2") for an unfinished
    game under decide_by_counts and any deck-out. A multiplayer table: ``winners`` (one or more seats;
    several share the win) or ``drawn``. The service refuses a field it does not know (code ``games``)."""

    refuses_unknown_fields = True

    winner = serializers.CharField(required=False, allow_null=True, help_text='"a", "b" (or seat 1, 2)')
    winners = serializers.ListField(child=serializers.IntegerField(min_value=1), required=False,
                                    help_text="winning seat numbers (1..seats)")
    drawn = serializers.BooleanField(required=False)
    mulligan_by = serializers.CharField(required=False, allow_null=True,
                                        help_text='two-draw mulligan declared by "a"/"b" (or seat 1/2)')
    unfinished = serializers.BooleanField(required=False)
    deck_out = serializers.BooleanField(required=False)
    counts = serializers.DictField(child=SeatCountsSerializer(), required=False, allow_null=True,
                                   help_text='{"a": counts, "b": counts} (or keyed by seat "1", "2")')
    first = serializers.CharField(required=False, allow_null=True,
                                  help_text='who went first: "a"/"b" (or a seat number); spellfire-tournament-rules-2.0.txt, '
                                            'the first-player draw')
    first_draws = serializers.ListField(child=serializers.DictField(child=serializers.IntegerField(min_value=0)),
                                        required=False, allow_null=True,
                                        help_text='the first-player draws in order, each {seat: card number drawn}; '
                                                  'the highest last digit goes first, the tied draw again '
                                                  '(rules.game_start.first_player)')


class ScoreInputSerializer(serializers.Serializer):
    """A duel's result as its score only (documentation of ``score``): games won by seat 1 and seat 2, and drawn
    games. The games' order is not recorded."""

    wins = serializers.ListField(child=serializers.IntegerField(min_value=0), min_length=2, max_length=2,
                                 help_text="games won by seat 1 and by seat 2, e.g. [2, 1]")
    draws = serializers.IntegerField(min_value=0, required=False, default=0, help_text="drawn games")


@extend_schema_field(ScoreInputSerializer)
class ScoreField(serializers.JSONField):
    """``score`` as sent, read by ``tournaments.result_choices.read_score`` (code ``score``); the results service
    then checks it can happen (``rules.results.check_match_score``: ``too_many_wins``, ``both_won`` ...)."""

    def to_internal_value(self, data):
        data = super().to_internal_value(data)
        try:
            return read_score(data)
        except ResultInputError as exc:
            raise _input_error(exc) from None


class StrictInputSerializer(serializers.Serializer):
    """Refuses fields it does not know (code ``unknown_field``) instead of ignoring them (the schema says
    ``additionalProperties: false``, ``tournaments.api.schema.AutoSchema``)."""

    refuses_unknown_fields = True

    def validate(self, attrs):
        if isinstance(self.initial_data, dict):
            unknown = sorted(set(self.initial_data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    _("Unknown field(s): %(fields)s; send %(known)s.") % {
                        "fields": ", ".join(unknown), "known": ", ".join(self.fields)}, code="unknown_field")
        return attrs


def _input_error(exc: ResultInputError) -> serializers.ValidationError:
    """The shared result reading's refusal (``tournaments.result_input``) as this field's error, same code."""
    return serializers.ValidationError(exc.message, code=exc.code)


class SlipNumberField(serializers.IntegerField):
    """The round or table number written on the slip (``tournaments.result_input.slip_number``, as the match
    slip reads it: code ``slip`` when it is not a whole number >= 1)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", 1)  # documented; slip_number refuses less first
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        try:
            return slip_number(data, self.field_name)
        except ResultInputError as exc:
            raise _input_error(exc) from None


@extend_schema_field(GameInputSerializer(many=True))
class GamesField(BoundedJSONField):
    """``games`` as sent: the results service turns it into the stored record and says what is wrong
    (codes ``games``, ``seat``, ``counts``, ``mulligan_limit`` ...). Counts are checked here as the match slip
    checks them (``tournaments.result_input.check_counts``): whole numbers of 0 or more. At least one game
    (the service: ``no_games``)."""

    schema_min_items = 1

    def to_internal_value(self, data):
        data = super().to_internal_value(data)
        try:
            check_counts(data)
        except ResultInputError as exc:
            raise _input_error(exc) from None
        return data


@extend_schema_field(serializers.ListField(child=serializers.IntegerField(min_value=1)))
class PlacementsField(BoundedJSONField):
    """``placements`` as sent (one place per seat in seat order); the results service checks them."""

    schema_min_items = 1


class ReportInputSerializer(StrictInputSerializer):
    """A player's report of their match, any number of seats: ``games`` (a duel with the slip's letters
    or seats; a table with ``winners``) or, at a multiplayer table, ``placements`` (seat order, 1 = won,
    equal numbers share, e.g. ``[1, 2, 3, 3]``). ``round``/``table``: as on the slip; refused if not
    this match's."""

    games = GamesField(required=False, allow_null=True)
    placements = PlacementsField(required=False, allow_null=True)
    score = ScoreField(required=False, allow_null=True,
                       help_text='a duel\'s score only, seat order: {"wins": [2, 1], "draws": 0}')
    round = SlipNumberField(required=False, allow_null=True)
    table = SlipNumberField(required=False, allow_null=True)


class ReasonField(serializers.CharField):
    """A required, non-blank ``reason`` (documented with ``minLength: 1``); missing, null or blank (spaces
    only) is a 400 with code ``reason_required``, as the services answer."""

    def __init__(self, message: Any = _("Give a reason; it is logged."), **kwargs) -> None:
        kwargs.setdefault("max_length", 2000)
        kwargs.setdefault("min_length", 1)
        super().__init__(allow_blank=False, allow_null=False, trim_whitespace=True, **kwargs)
        self.reason_message = message

    def fail(self, key, **kwargs):
        if key in ("required", "blank", "null"):
            raise serializers.ValidationError(self.reason_message, code="reason_required")
        return super().fail(key, **kwargs)


class DisputeInputSerializer(StrictInputSerializer):
    reason = ReasonField(_("Say what is wrong with the report."),
                         help_text="What is wrong with the report (kept with it)")


class OverrideInputSerializer(StrictInputSerializer):
    """The organiser's settlement: ``reason`` (logged) and either ``submission`` (pick one of the match's
    submissions, e.g. one side of a dispute) or a new result as ``games`` or ``placements``."""

    reason = ReasonField(_("Give a reason for the change; it is logged."),
                         help_text="Why (logged with the result before and after)")
    submission = IdField(required=False, allow_null=True,
                                          help_text="The id of one of this match's submissions to make the result")
    games = GamesField(required=False, allow_null=True)
    placements = PlacementsField(required=False, allow_null=True)
    score = ScoreField(required=False, allow_null=True,
                       help_text='a duel\'s score only, seat order: {"wins": [2, 1], "draws": 0}')

    # exactly one of them (the view: "not both"; the results service: "not neither")
    schema_extra = {"oneOf": [{"required": ["submission"], "properties": {"submission": {"type": "integer"}}},
                              {"required": ["games"], "properties": {"games": {"type": "array"}}},
                              {"required": ["placements"], "properties": {"placements": {"type": "array"}}},
                              {"required": ["score"], "properties": {"score": {"type": "object"}}}]}

    def validate(self, attrs):
        attrs = super().validate(attrs)
        if attrs.get("submission") is not None and (attrs.get("games") is not None
                                                    or attrs.get("placements") is not None
                                                    or attrs.get("score") is not None):
            raise serializers.ValidationError(_("Pick a submission or enter games/placements, not both."),
                                              code="submission_and_result")
        return attrs


class ReasonSerializer(serializers.Serializer):
    """A drop: the player may leave ``reason`` out; the organiser dropping a player gives one (a 400
    ``reason_required`` otherwise)."""

    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000,
                                   help_text="Required when the organiser drops a player; logged")


class RequiredReasonSerializer(serializers.Serializer):
    reason = ReasonField(help_text="Why (logged)")
