"""REST API for the round clock (``tournaments.services.clock``): read it (anyone) and, for the organiser, start or
restart, pause, resume and extend it, and give one table a time extension. Every action is logged; bad input is a
4xx ``{code, detail, params}`` that changes nothing. A repeated request with the same ``Idempotency-Key`` is done
once."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import permissions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api import serializers as s
from tournaments.api.views import MATCHES, _found, _valid, idempotency_key
from tournaments.errors import UserError
from tournaments.models import Match, Round
from tournaments.services import clock


def _round(pk: int, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("tournament").prefetch_related("matches"),
                             tournament_id=pk, number=number)


class RoundClock(APIView):
    """GET: the round's clock now. POST (organiser): ``{"action": "start" | "pause" | "resume" | "extend",
    "minutes": 5, "reason": "..."}``; a restart and an extension need a reason. Answers the clock after."""

    # anyone reads the clock; a change needs a login (the service checks the organiser). DRF's own class, which
    # drf-spectacular knows: the schema documents the GET as open to anonymous readers.
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: s.ClockSerializer})
    def get(self, request: Request, pk: int, number: int) -> Response:
        return Response(s.ClockSerializer(s.clock_data(_round(pk, number))).data)

    @extend_schema(request=s.ClockActionSerializer, responses={200: s.ClockSerializer}, examples=[
        OpenApiExample("Pause", value={"action": "pause"}),
        OpenApiExample("Extend", value={"action": "extend", "minutes": 5, "reason": "Fire alarm"}),
    ])
    def post(self, request: Request, pk: int, number: int) -> Response:
        rnd = _round(pk, number)
        data = _valid(s.ClockActionSerializer, request)
        common = {"rnd": rnd, "actor": request.user, "reason": data["reason"],
                  "idempotency_key": idempotency_key(request)}
        if data["action"] == "start":
            clock.round_clock_start(**common)
        elif data["action"] == "pause":
            clock.round_clock_pause(**common)
        elif data["action"] == "resume":
            clock.round_clock_resume(**common)
        else:
            if "minutes" not in data:
                raise UserError(_("Say how many minutes to add (1 to %(max)s)."), code="minutes",
                                params={"max": clock.MAX_EXTENSION_MINUTES})
            clock.round_clock_extend(minutes=data["minutes"], **common)
        return Response(s.ClockSerializer(s.clock_data(_round(pk, number))).data)


class MatchTimeExtension(APIView):
    """POST (organiser): a time extension for one table, ``{"minutes": 5, "reason": "Deck check"}``. Answers the
    round's clock after (the table among its ``tables``)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.TimeExtensionSerializer, responses={200: s.ClockSerializer})
    def post(self, request: Request, pk: int) -> Response:
        match = _found(Match, pk, "match", MATCHES)
        data = _valid(s.TimeExtensionSerializer, request)
        clock.match_time_extend(match=match, actor=request.user, minutes=data["minutes"], reason=data["reason"],
                                idempotency_key=idempotency_key(request))
        rnd = match.round
        return Response(s.ClockSerializer(s.clock_data(_round(rnd.tournament_id, rnd.number))).data)
