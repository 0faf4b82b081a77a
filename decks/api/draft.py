"""The draft's API (issue 23): the draft's state (every seat for the organiser; the pods' progress and their own seat
for a player of the event), one seat's state, and a pick (the drafter's own seat only).

Errors as everywhere in the API (``{code, detail, params}``): a pick out of turn is 409 ``pack_not_arrived``,
another's seat 403, a card not in the pack 400 ``not_in_pack``."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.draft_selectors import draft_of, draft_progress, seat_state
from decks.draft_services import draft_pick
from tournaments.api.parsers import BoundedJSONParser
from tournaments.errors import NotAllowed
from tournaments.models import Registration, Tournament
from tournaments.services.permissions import is_tournament_organiser


class DraftSeatSerializer(serializers.Serializer):
    """A seat now (``decks.draft_selectors.SeatState``): numbers 1-based; ``cards`` (the pack held, when ``ready``)
    and ``picks`` (card keys) only for the drafter and the organiser."""

    registration = serializers.IntegerField()
    player = serializers.CharField()
    pod = serializers.IntegerField()
    seat = serializers.IntegerField()
    pack = serializers.IntegerField()
    pick = serializers.IntegerField()
    packs = serializers.IntegerField()
    pack_size = serializers.IntegerField()
    ready = serializers.BooleanField(help_text="The pack has arrived (the neighbour picked)")
    done = serializers.BooleanField(help_text="Every pick is made: the picks are the pool")
    made = serializers.IntegerField()
    total = serializers.IntegerField()
    passing = serializers.ChoiceField(choices=["left", "right"])
    seconds_left = serializers.IntegerField(allow_null=True, help_text="Of the pick timer; null without one")
    late = serializers.BooleanField()
    cards = serializers.ListField(child=serializers.CharField(), required=False)
    picks = serializers.ListField(child=serializers.CharField(), required=False)


class DraftSerializer(serializers.Serializer):
    """``GET .../draft/``: the seed, pod size and pick timer, each pod's seats, and the asker's own seat."""

    seed = serializers.IntegerField()
    pod_size = serializers.IntegerField()
    pick_seconds = serializers.IntegerField()
    pods = serializers.ListField(child=serializers.ListField(child=DraftSeatSerializer()))
    mine = DraftSeatSerializer(allow_null=True)


class DraftPickSerializer(serializers.Serializer):
    """``POST .../draft/pick/``: the card taken, as its key."""

    card = serializers.CharField(max_length=32, help_text="A card key of the pack held, e.g. '4th/12'")


class TournamentDraft(APIView):
    """GET: the draft's state. The organiser sees every seat with its pack and picks; a player of the event sees the
    pods' progress and their own seat's pack. 404 before the draft is seated (or for a paper draft)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        responses={200: DraftSerializer, 403: OpenApiResponse(description="Not a player or the organiser")}
    )
    def get(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        organiser = is_tournament_organiser(request.user, tournament)
        mine = tournament.registrations.filter(player=request.user).first()
        if not organiser and mine is None:
            raise NotAllowed(_("The draft is shown to its players and the organiser."))
        draft = draft_of(tournament)
        if draft is None:
            raise Http404
        own = seat_state(mine) if mine is not None else None
        return Response(
            {
                "seed": draft.seed,
                "pod_size": draft.pod_size,
                "pick_seconds": draft.pick_seconds,
                "pods": [
                    [seat.to_dict(with_cards=organiser) for seat in pod] for pod in draft_progress(tournament)
                ],
                "mine": own.to_dict() if own else None,
            }
        )


class RegistrationDraftSeat(APIView):
    """GET: one seat now, with its pack and picks (the drafter and the organiser only); 404 without a seat."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: DraftSeatSerializer, 403: OpenApiResponse(description="Not the drafter")})
    def get(self, request, pk: int, registration_id: int):
        registration = get_object_or_404(
            Registration.objects.select_related("tournament"), pk=registration_id, tournament_id=pk
        )
        if not (
            registration.belongs_to(request.user)
            or is_tournament_organiser(request.user, registration.tournament)
        ):
            raise NotAllowed(_("A seat's pack is private to its drafter and the organiser."))
        state = seat_state(registration)
        if state is None:
            raise Http404
        return Response(state.to_dict())


class RegistrationDraftPick(APIView):
    """POST: take a card from the pack this seat holds (the drafter only). 201 with the seat's state after it."""

    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [BoundedJSONParser]

    @extend_schema(
        request=DraftPickSerializer,
        responses={
            201: DraftSeatSerializer,
            400: OpenApiResponse(description="The card is not in the pack held: {code: not_in_pack, detail}"),
            403: OpenApiResponse(description="Not the drafter's own seat"),
            409: OpenApiResponse(
                description="The pack has not arrived (pack_not_arrived), every pick is made "
                "(draft_over), no seat, decklists locked"
            ),
        },
    )
    def post(self, request, pk: int, registration_id: int):
        registration = get_object_or_404(
            Registration.objects.select_related("tournament"), pk=registration_id, tournament_id=pk
        )
        data = DraftPickSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        draft_pick(registration=registration, actor=request.user, card=data.validated_data["card"])
        state = seat_state(registration)
        return Response(state.to_dict() if state else {}, status=status.HTTP_201_CREATED)
