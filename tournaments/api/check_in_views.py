"""API of check-in, the no-shows, walk-ins and claims (``tournaments.services.check_in``): the same permission
checks as the pages (the services decide who may act)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api import serializers as s
from tournaments.api.views import _valid, idempotency_key
from tournaments.models import Match, Registration, Tournament
from tournaments.services.check_in import (
    check_in_close,
    no_shows_drop,
    registration_check_in,
    walk_in_claim,
    walk_in_register,
)
from tournaments.services.late_losses import late_loss_record, late_loss_remove


class RegistrationCheckIn(APIView):
    """POST: check a player in before round 1 is paired: the player themself, or the organiser (anyone; with
    ``{"checked_in": false}`` checks them out; logged). 409 ``check_in_closed`` once round 1 is paired."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.CheckInInputSerializer, responses={200: s.RegistrationSerializer})
    def post(self, request, pk: int, registration_id: int):
        registration = get_object_or_404(Registration, pk=registration_id, tournament_id=pk)
        data = _valid(s.CheckInInputSerializer, request)
        registration = registration_check_in(registration=registration, actor=request.user,
                                             checked_in=data["checked_in"], idempotency_key=idempotency_key(request))
        return Response(s.RegistrationSerializer(registration).data)


class CheckInClose(APIView):
    """POST (organiser): close check-in now, before round 1 is paired (logged): players can no longer check
    themselves in, and the no-shows can be dropped. 409 ``check_in_closed`` once round 1 is paired."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: s.TournamentSerializer})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        tournament = check_in_close(tournament=tournament, actor=request.user, idempotency_key=idempotency_key(request))
        return Response(s.TournamentSerializer(tournament).data)


class NoShowsDrop(APIView):
    """POST (organiser): withdraw every active player who has not checked in, in one step once check-in is closed
    and before round 1 is paired; each logged with the reason "no-show". 409 ``check_in_open`` while check-in is
    open, unless ``?close=1`` (close it first, logged)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: s.NoShowsSerializer})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        dropped = no_shows_drop(tournament=tournament, actor=request.user,
                                close=request.query_params.get("close") in ("1", "true"),
                                idempotency_key=idempotency_key(request))
        return Response(s.NoShowsSerializer({"dropped": dropped}).data)


class WalkInCreate(APIView):
    """POST (organiser): register a walk-in by ``name`` (no account): checked in, answered with its claim code.
    As a late entry into a running Swiss, ``late_entry_losses`` (default false: zero points, no losses) gives them
    a loss with no opponent for each Swiss round already paired."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.WalkInInputSerializer, responses={201: s.WalkInSerializer})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        data = _valid(s.WalkInInputSerializer, request)
        registration = walk_in_register(tournament=tournament, actor=request.user, name=data["name"],
                                        late_entry_losses=data["late_entry_losses"],
                                        idempotency_key=idempotency_key(request))
        return Response(s.WalkInSerializer(registration).data, status=status.HTTP_201_CREATED)


class WalkInClaim(APIView):
    """POST: a logged-in user with no entry in the tournament claims a walk-in's entry with its ``code``; the
    entry becomes theirs (logged). A wrong or spent code is a 400 ``wrong_code``; too many a 409
    ``too_many_attempts``."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.ClaimInputSerializer, responses={200: s.RegistrationSerializer})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        data = _valid(s.ClaimInputSerializer, request)
        registration = walk_in_claim(tournament=tournament, actor=request.user, code=data["code"])
        return Response(s.RegistrationSerializer(registration).data)


class RegistrationLateLoss(APIView):
    """POST (organiser): record a loss with no opponent for the player in Swiss ``round`` (they were not there
    when it was paired: TOM's "LATE"); logged, the standings recomputed. 409 ``already_in_round`` when the player
    has a match in that round (a late arrival there is a match loss penalty), ``not_swiss``, ``not_active``,
    ``not_running``; 400 ``no_round``."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.LateLossInputSerializer, responses={201: s.MatchSerializer})
    def post(self, request, pk: int, registration_id: int):
        registration = get_object_or_404(Registration, pk=registration_id, tournament_id=pk)
        data = _valid(s.LateLossInputSerializer, request)
        match = late_loss_record(registration=registration, actor=request.user, round_number=data["round"],
                                 reason=data["reason"], idempotency_key=idempotency_key(request))
        return Response(s.MatchSerializer(match).data, status=status.HTTP_201_CREATED)


class LateLossRemove(APIView):
    """POST (organiser): remove a loss with no opponent recorded by mistake (``reason`` required; logged); answers
    the player's registration. 409 ``not_a_late_loss`` for a table or a bye."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.LateLossRemoveInputSerializer, responses={200: s.RegistrationSerializer})
    def post(self, request, pk: int):
        match = get_object_or_404(Match, pk=pk)
        data = _valid(s.LateLossRemoveInputSerializer, request)
        registration = late_loss_remove(match=match, actor=request.user, reason=data["reason"],
                                        idempotency_key=idempotency_key(request))
        return Response(s.RegistrationSerializer(registration).data)
