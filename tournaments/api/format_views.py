"""REST API for a tournament's deck format: read it (anyone), change it (the organiser, before the lock)."""

from __future__ import annotations

import json

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_field
from rest_framework import permissions, serializers
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import services
from tournaments.api.fields import BoundedJSONField
from tournaments.api.parsers import BoundedJSONParser, loads_bounded
from tournaments.errors import UserError
from tournaments.models import Tournament
from tournaments.services.formats import MAX_CFF_BYTES


class FormatSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="Format version; every verdict records the version it was checked against")
    locked = serializers.BooleanField(help_text="True once decklists are locked: the format cannot change any more")
    format = serializers.JSONField(help_text="rules.formats.DeckFormat.to_dict()")


@extend_schema_field(OpenApiTypes.BINARY)
class UploadField(serializers.FileField):
    """A file part of a multipart body (documented as binary)."""


class FormatChangeSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500, help_text="Why the format changes (logged)")
    base = serializers.CharField(required=False, allow_blank=True, help_text="Start from this built-in format id")
    file = UploadField(required=False, help_text="Start from this CrossFire .cff format file (multipart only)")
    changes = BoundedJSONField(
        required=False,
        help_text="rules.formats.amend_format changes: name, total, min_total, champion_level_cap, free_avatars, "
                  "max_dungeon_cards, max_copies, type_limits {type: {minimum, maximum, max_copies}}, ban, unban, "
                  "restrict {card: copies}, unrestrict, sets [codes] or null",
    )

    def validate_file(self, upload):
        if upload is not None and upload.size > MAX_CFF_BYTES:
            raise serializers.ValidationError(
                gettext("The file is %(size)s bytes; a CrossFire .cff file is a few kilobytes (at most %(limit)s "
                        "KB).") % {"size": upload.size, "limit": MAX_CFF_BYTES // 1024})
        return upload

    def validate_changes(self, value):
        if isinstance(value, str):
            try:
                value = loads_bounded(value)
            except json.JSONDecodeError as exc:
                raise serializers.ValidationError(
                    gettext("changes is not valid JSON (%(error)s).") % {"error": exc}) from exc
        if value is not None and not isinstance(value, dict):
            raise serializers.ValidationError(gettext("changes must be a JSON object."))
        return value


class FormatChangeJSONSerializer(FormatChangeSerializer):
    """A format change as JSON (documentation only: a file is sent as multipart). At least one of ``base`` (a
    built-in format id) and ``changes`` (not empty); otherwise a 400 ``nothing_to_do``."""

    file = None  # type: ignore[assignment]
    schema_extra = {"anyOf": [{"required": ["base"], "properties": {"base": {"minLength": 1}}},
                              {"required": ["changes"], "properties": {"changes": {"type": "object",
                                                                                   "minProperties": 1}}}]}


class FormatChangeUploadSerializer(FormatChangeSerializer):
    """A format change as multipart (documentation only): at least one of ``base``, ``file`` and ``changes``."""

    schema_extra = {"anyOf": [{"required": ["base"], "properties": {"base": {"minLength": 1}}},
                              {"required": ["file"]},
                              {"required": ["changes"]}]}


def _payload(tournament: Tournament) -> dict:
    return {"version": tournament.format_version, "locked": tournament.decks_locked,
            "format": tournament.deck_format}


class TournamentFormat(APIView):
    """GET: the tournament's deck format and its version. POST: the organiser changes it (logged)."""

    parser_classes = [BoundedJSONParser, MultiPartParser, FormParser]

    def get_permissions(self):
        if self.request.method == "POST":
            return [permissions.IsAuthenticated()]
        return [permissions.AllowAny()]

    @extend_schema(responses={200: FormatSerializer})
    def get(self, request, pk: int):
        return Response(_payload(get_object_or_404(Tournament, pk=pk)))

    @extend_schema(
        request={"application/json": FormatChangeJSONSerializer, "multipart/form-data": FormatChangeUploadSerializer},
        responses={200: FormatSerializer},
        examples=[OpenApiExample("Ban a card and lower the level cap", value={
            "reason": "Local club rules", "changes": {"champion_level_cap": 80, "ban": ["War Party"]}})],
    )
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        data = FormatChangeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        upload = data.validated_data.get("file")
        if not (data.validated_data.get("base") or upload or data.validated_data.get("changes")):
            raise UserError(gettext_lazy("Send base (a built-in format id), file (a .cff) or changes."),
                            code="nothing_to_do")
        tournament = services.tournament_format_set(
            tournament=tournament, actor=request.user, reason=data.validated_data["reason"],
            base=data.validated_data.get("base") or None,
            cff=upload.read() if upload else None, filename=upload.name if upload else "",
            changes=data.validated_data.get("changes"),
        )
        return Response(_payload(tournament))
