"""Deck submission API: the owner submits and reads their decklist; the organiser reads it."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.models import DeckSubmission
from decks.selectors import can_view_decklist
from decks.services import deck_submit
from tournaments.errors import NotAllowed, UserError
from tournaments.models import Registration
from tournaments.services.permissions import is_tournament_organiser


class DeckSubmissionSerializer(serializers.ModelSerializer):
    class Meta:
        model = DeckSubmission
        fields = ["id", "submitted_at", "source_format", "filename", "title", "text", "cards", "legal", "verdict",
                  "format_version"]


class DeckInputSerializer(serializers.Serializer):
    text = serializers.CharField(required=False, allow_blank=False, trim_whitespace=False)
    file = serializers.FileField(required=False)

    def validate(self, attrs):
        if bool(attrs.get("text")) == bool(attrs.get("file")):
            raise serializers.ValidationError("Send either 'text' (a pasted decklist) or 'file' (.cfd, .dek or text).")
        return attrs


class RegistrationDeck(APIView):
    """GET: the registered deck and the latest submission. POST: submit a decklist (the player only)."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    parser_classes = [JSONParser, MultiPartParser, FormParser]

    def _registration(self, request, pk: int, registration_id: int) -> Registration:
        return get_object_or_404(Registration.objects.select_related("tournament"), pk=registration_id,
                                 tournament_id=pk)

    @extend_schema(responses={200: DeckSubmissionSerializer})
    def get(self, request, pk: int, registration_id: int):
        registration = self._registration(request, pk, registration_id)
        if not can_view_decklist(request.user, registration):
            raise NotAllowed("Decklists are private to their owner and the organiser.")
        private_view = request.user.pk == registration.player_id or is_tournament_organiser(
            request.user, registration.tournament)
        latest = registration.deck_submissions.first() if private_view else registration.deck
        return Response({
            "registered": DeckSubmissionSerializer(registration.deck).data if registration.deck else None,
            "latest": DeckSubmissionSerializer(latest).data if latest else None,
        })

    @extend_schema(request=DeckInputSerializer, responses={201: DeckSubmissionSerializer})
    def post(self, request, pk: int, registration_id: int):
        registration = self._registration(request, pk, registration_id)
        data = DeckInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        upload = data.validated_data.get("file")
        if upload is not None:
            from django.conf import settings

            if upload.size > settings.DECKLIST_MAX_BYTES:
                raise UserError(f"The file is {upload.size:,} bytes; the limit is "
                                f"{settings.DECKLIST_MAX_BYTES:,}.", code="too_large")
            content, filename = upload.read(), upload.name
        else:
            content, filename = data.validated_data["text"], ""
        submission = deck_submit(registration=registration, actor=request.user, data=content, filename=filename)
        return Response(DeckSubmissionSerializer(submission).data, status=status.HTTP_201_CREATED)
