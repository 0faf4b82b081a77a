"""Deck submission API: the owner submits and reads their decklist; the organiser reads it."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import permissions, serializers, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView
from rules.rule_documents import titled

from decks.models import CardPool, DeckSubmission, RegisteredDeck
from decks.selectors import can_view_decklist, deck_export, exportable_submission
from decks.services import deck_submit, grouped_number, pools_deal
from decks.uploads import UploadTooLarge, upload_refusal
from tournaments.api.parsers import BoundedJSONParser
from tournaments.errors import NotAllowed, UserError
from tournaments.ids import ID_MAX, parse_id
from tournaments.models import Registration, Tournament
from tournaments.services.permissions import is_tournament_organiser


def _titled(value: Any) -> Any:
    """``value`` (a stored verdict) with every rules text named by its title, never its file name."""
    if isinstance(value, str):
        return titled(value)
    if isinstance(value, list):
        return [_titled(v) for v in value]
    if isinstance(value, dict):
        return {k: _titled(v) for k, v in value.items()}
    return value


@extend_schema_field(OpenApiTypes.OBJECT)
class VerdictField(serializers.JSONField):
    """The stored verdict (``rules.legality.Verdict.to_dict()``) as people read it: each violation's ``rule`` and
    ``message`` name the rules text by its title and section ("Spellfire Tournament Rules 2.0, 55-Card Deck
    (Standard)"), never its file name (``rules.rule_documents.titled``)."""

    def to_representation(self, value: Any) -> Any:
        return _titled(super().to_representation(value))


class DeckSubmissionSerializer(serializers.ModelSerializer):
    verdict = VerdictField(read_only=True)

    class Meta:
        model = DeckSubmission
        fields = ["id", "submitted_at", "source_format", "filename", "title", "text", "cards", "legal", "verdict",
                  "format_version"]


class RegistrationDeckSerializer(serializers.Serializer):
    """``GET .../deck/``: the registered deck and the latest submission (each null when there is none;
    others than the owner and the organiser see the registered deck as ``latest`` too)."""

    registered = DeckSubmissionSerializer(allow_null=True, help_text="The deck the player is registered with")
    latest = DeckSubmissionSerializer(allow_null=True, help_text="The latest submission, legal or not")


class DeckInputSerializer(serializers.Serializer):
    text = serializers.CharField(required=False, allow_blank=False, trim_whitespace=False)
    file = serializers.FileField(required=False)

    def validate(self, attrs):
        if bool(attrs.get("text")) == bool(attrs.get("file")):
            raise serializers.ValidationError(
                _("Send either 'text' (a pasted decklist) or 'file' (.cfd, .dek or text)."))
        return attrs


class DeckTextSerializer(serializers.Serializer):
    """A decklist as JSON (documentation of ``DeckInputSerializer``): the pasted ``text``."""

    text = serializers.CharField(allow_blank=False, trim_whitespace=False,
                                 help_text="A pasted decklist (one card a line, e.g. '2x War Party')")


@extend_schema_field(OpenApiTypes.BINARY)
class DeckFileField(serializers.FileField):
    """A decklist file part (documented as binary)."""


class DeckUploadSerializer(serializers.Serializer):
    """A decklist as multipart (documentation of ``DeckInputSerializer``): exactly one of ``text`` and ``file``."""

    text = serializers.CharField(required=False, allow_blank=False, trim_whitespace=False)
    file = DeckFileField(required=False, help_text="A .cfd, .dek or text file")
    schema_extra = {"oneOf": [{"required": ["text"]}, {"required": ["file"]}]}


class RegistrationDeck(APIView):
    """GET: the registered deck and the latest submission. POST: submit a decklist (the player only)."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    parser_classes = [BoundedJSONParser, MultiPartParser, FormParser]

    def initial(self, request, *args, **kwargs):
        # Refuse an oversized body before anything (authentication's CSRF check included) reads it.
        if request.method == "POST":
            refusal = upload_refusal(request._request)
            if refusal:
                raise UploadTooLarge(refusal)
        super().initial(request, *args, **kwargs)

    def _registration(self, request, pk: int, registration_id: int) -> Registration:
        return get_object_or_404(Registration.objects.select_related("tournament"), pk=registration_id,
                                 tournament_id=pk)

    @extend_schema(responses={200: RegistrationDeckSerializer})
    def get(self, request, pk: int, registration_id: int):
        registration = self._registration(request, pk, registration_id)
        if not can_view_decklist(request.user, registration):
            raise NotAllowed(_("Decklists are private to their owner and the organiser."))
        private_view = registration.belongs_to(request.user) or is_tournament_organiser(
            request.user, registration.tournament)
        registered = RegisteredDeck.submission_of(registration)
        latest = registration.deck_submissions.first() if private_view else registered
        return Response({
            "registered": DeckSubmissionSerializer(registered).data if registered else None,
            "latest": DeckSubmissionSerializer(latest).data if latest else None,
        })

    @extend_schema(request={"application/json": DeckTextSerializer, "multipart/form-data": DeckUploadSerializer},
                   responses={
        201: DeckSubmissionSerializer,
        400: OpenApiResponse(description="Unreadable (binary, malformed), empty, or unknown cards: "
                                         "{code, detail, params}; nothing is stored"),
        403: OpenApiResponse(description="Not the player"),
        409: OpenApiResponse(description="Decklists are locked"),
        413: OpenApiResponse(description="Too large: over 1 MB, or over 1,000 cards (code too_large); "
                                         "the registered deck is unchanged"),
    })
    def post(self, request, pk: int, registration_id: int):
        registration = self._registration(request, pk, registration_id)
        data = DeckInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        upload = data.validated_data.get("file")
        if upload is not None:
            if upload.size > settings.DECKLIST_MAX_BYTES:
                raise UploadTooLarge(_("The file is %(size)s bytes; the limit is %(limit)s."), params={
                    "size": grouped_number(upload.size), "limit": grouped_number(settings.DECKLIST_MAX_BYTES)})
            content, filename = upload.read(), upload.name
        else:
            content, filename = data.validated_data["text"], ""
        try:
            submission = deck_submit(registration=registration, actor=request.user, data=content, filename=filename)
        except UserError as exc:
            if exc.code == "too_large" and exc.status == 400:  # over 2 MB or over 1,000 cards: 413 like the page
                raise UploadTooLarge(exc.text, params=exc.params) from exc
            raise
        return Response(DeckSubmissionSerializer(submission).data, status=status.HTTP_201_CREATED)


class RegistrationDeckExport(APIView):
    """Download a decklist as plain text or a CrossFire .cfd file.

    Same privacy as reading the deck: the owner and the organiser, or anyone once the
    organiser has published the list. Exports the registered deck (the owner and the
    organiser: the latest submission when nothing is registered, or ``submission``)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="Export a decklist",
        parameters=[
            OpenApiParameter("as", OpenApiTypes.STR, enum=["text", "cfd"], default="text",
                             description="text: one '2x War Party (3rd/54)' line per card; cfd: a CrossFire deck file"),
            OpenApiParameter("submission", {"type": "integer", "minimum": 1, "maximum": ID_MAX}, required=False,
                             description="A submission id (owner and organiser only); default the registered deck"),
        ],
        responses={(200, "text/plain"): OpenApiResponse(OpenApiTypes.STR, description="The decklist as text"),
                   (200, "application/x-crossfire-deck"): OpenApiResponse(OpenApiTypes.STR,
                                                                          description="A CrossFire .cfd file")},
    )
    def get(self, request, pk: int, registration_id: int):
        registration = get_object_or_404(Registration.objects.select_related("tournament", "registered_deck__submission"),
                                         pk=registration_id, tournament_id=pk)
        if not can_view_decklist(request.user, registration):
            raise NotAllowed(_("Decklists are private to their owner and the organiser."))
        as_ = request.query_params.get("as", "text")
        if as_ not in ("text", "cfd"):
            raise UserError(_("Export as 'text' or 'cfd'."), code="export_format", params={"as": as_})
        raw_id = request.query_params.get("submission")
        submission_id = None
        if raw_id:
            submission_id = parse_id(raw_id)
            if submission_id is None:
                raise UserError(_("'submission' must be a submission id."), code="invalid")
        submission = exportable_submission(request.user, registration, submission_id)
        if submission is None:
            raise Http404(_("No decklist to export."))
        return export_response(submission, as_)


def export_response(submission: DeckSubmission, as_: str) -> HttpResponse:
    """The export as a download (Content-Disposition: attachment)."""
    content, content_type, filename = deck_export(submission, as_)
    response = HttpResponse(content.encode("utf-8"), content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# --------------------------------------------------------------------------- limited events (issue 23)
class CardPoolSerializer(serializers.ModelSerializer):
    """A player's dealt pool: card keys (``"4th/12"``, one per copy), the kind, seed and sets that dealt it."""

    registration = serializers.IntegerField(source="registration_id", read_only=True)

    class Meta:
        model = CardPool
        fields = ["registration", "kind", "cards", "seed", "sets", "dealt_at"]


class DealPoolsSerializer(serializers.Serializer):
    """``POST .../pools/deal/``: the sets the packs come from (default 4th) and an optional seed (a random one,
    stored, when left out)."""

    sets = serializers.ListField(child=serializers.CharField(max_length=8), required=False, max_length=20,
                                 help_text="Set codes (e.g. ['4th', 'DL']), packs in rotation")
    seed = serializers.IntegerField(required=False, min_value=0, max_value=2**31 - 1)
    packs = serializers.IntegerField(required=False, min_value=1, max_value=20, help_text="Packs of 15 per player")
    card_list = serializers.CharField(required=False, allow_blank=False, trim_whitespace=False,
                                      help_text="The organiser's own cards as a decklist text (one card a line, "
                                                "'10x War Party'): dealt from instead of the catalogue's sets")


class TournamentPoolsDeal(APIView):
    """POST: deal every registered player a sealed pool (organiser only; a sealed or pool format, before the
    decklists lock). Decks already submitted are checked again against the new pools."""

    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [BoundedJSONParser]

    @extend_schema(request=DealPoolsSerializer, responses={
        201: CardPoolSerializer(many=True),
        400: OpenApiResponse(description="Not a limited format, nobody registered, an unknown set: {code, detail}"),
        403: OpenApiResponse(description="Not the organiser"),
        409: OpenApiResponse(description="Decklists are locked or the tournament finished"),
    })
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        data = DealPoolsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        pools = pools_deal(tournament=tournament, actor=request.user, seed=data.validated_data.get("seed"),
                           sets=data.validated_data.get("sets"), packs=data.validated_data.get("packs"),
                           card_list=data.validated_data.get("card_list"))
        return Response(CardPoolSerializer(pools, many=True).data, status=status.HTTP_201_CREATED)


class RegistrationPool(APIView):
    """GET: a player's dealt pool (the player and the organiser only); 404 before it is dealt."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: CardPoolSerializer, 403: OpenApiResponse(description="Not the player or the "
                                                                                          "organiser")})
    def get(self, request, pk: int, registration_id: int):
        registration = get_object_or_404(Registration.objects.select_related("tournament"), pk=registration_id,
                                         tournament_id=pk)
        if not (registration.belongs_to(request.user)
                or is_tournament_organiser(request.user, registration.tournament)):
            raise NotAllowed(_("A pool is private to its player and the organiser."))
        pool = get_object_or_404(CardPool, registration=registration)
        return Response(CardPoolSerializer(pool).data)
