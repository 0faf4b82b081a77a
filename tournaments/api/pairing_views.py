"""REST API for the organiser's pairing tools: forbidden pairs, byes at registration, teams, and
changes to the latest round (swap two players, pair again). Every write needs a reason and is logged;
bad input is a 4xx with ``{code, detail, params}`` and changes nothing."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api import serializers as s
from tournaments.api.views import idempotency_key
from tournaments.api.fields import IdField
from tournaments.errors import UserError
from tournaments.models import ForbiddenPair, Registration, Tournament
from tournaments.services import rounds as pairing
from tournaments.services.permissions import require_organiser
from tournaments.services.phases import day_two_start


class ForbiddenPairSerializer(serializers.ModelSerializer):
    class Meta:
        model = ForbiddenPair
        fields = ["id", "player_a", "player_b", "until_round", "reason", "created_at"]
        read_only_fields = ["id", "created_at"]


class ForbiddenPairCreateSerializer(serializers.Serializer):
    player_a = IdField(help_text="Registration id")
    player_b = IdField(help_text="Registration id")
    until_round = IdField(required=False, allow_null=True,
                                           help_text="Kept apart in rounds 1..until_round; null: always")
    reason = serializers.CharField(max_length=500)


class ReasonOnlySerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500)


class ByesSerializer(serializers.Serializer):
    rounds = serializers.IntegerField(min_value=0, max_value=20, help_text="Byes in rounds 1..rounds (0 removes)")
    reason = serializers.CharField(max_length=500)


class TeamSerializer(serializers.Serializer):
    team = serializers.CharField(max_length=80, allow_blank=True)


class ByesResultSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    awarded_byes = serializers.IntegerField()


class TeamResultSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    team = serializers.CharField(allow_blank=True)


class RoundResultSerializer(serializers.Serializer):
    round = serializers.IntegerField(help_text="The round's number")


class RepairResultSerializer(RoundResultSerializer):
    seed = serializers.IntegerField(help_text="The seed of the new pairing")


class SwapSerializer(serializers.Serializer):
    first = IdField(help_text="Registration id")
    second = IdField(help_text="Registration id")
    reason = serializers.CharField(max_length=500)


class RepairSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500)
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=2**62)


def _registration(tournament: Tournament, pk: int) -> Registration:
    registration = Registration.objects.filter(pk=pk, tournament=tournament).select_related("player").first()
    if registration is None:
        raise UserError(gettext_lazy("Registration %(registration)s is not part of this tournament."),
                        code="not_registered", params={"registration": pk})
    return registration


def _valid(serializer_class, request):
    data = serializer_class(data=request.data)
    data.is_valid(raise_exception=True)
    return data.validated_data


class ForbiddenPairs(APIView):
    """GET (organiser): the forbidden pairs. POST (organiser): keep two players apart (logged). A registration id
    that is not this tournament's is a 400 ``not_registered``."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: ForbiddenPairSerializer(many=True)})
    def get(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        require_organiser(request.user, tournament)
        return Response(ForbiddenPairSerializer(tournament.forbidden_pairs.all(), many=True).data)

    @extend_schema(request=ForbiddenPairCreateSerializer, responses={201: ForbiddenPairSerializer})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        require_organiser(request.user, tournament)
        data = _valid(ForbiddenPairCreateSerializer, request)
        pair = pairing.forbidden_pair_set(
            tournament=tournament, actor=request.user, first=_registration(tournament, data["player_a"]),
            second=_registration(tournament, data["player_b"]), reason=data["reason"],
            until_round=data.get("until_round"), idempotency_key=idempotency_key(request))
        return Response(ForbiddenPairSerializer(pair).data, status=status.HTTP_201_CREATED)


class ForbiddenPairDelete(APIView):
    """POST (organiser): remove a forbidden pair, with a reason (logged)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ReasonOnlySerializer, responses={204: None})
    def post(self, request, pk: int, pair_id: int):
        pair = get_object_or_404(ForbiddenPair, pk=pair_id, tournament_id=pk)
        data = _valid(ReasonOnlySerializer, request)
        pairing.forbidden_pair_remove(pair=pair, actor=request.user, reason=data["reason"],
                                      idempotency_key=idempotency_key(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class RegistrationByes(APIView):
    """POST (organiser): byes at registration for rounds 1..N (Swiss, before round 1; logged)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ByesSerializer, responses={200: ByesResultSerializer})
    def post(self, request, pk: int, registration_id: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        data = _valid(ByesSerializer, request)
        registration = pairing.byes_award(registration=_registration(tournament, registration_id),
                                          actor=request.user, rounds=data["rounds"], reason=data["reason"],
                                          idempotency_key=idempotency_key(request))
        return Response({"registration": registration.pk, "awarded_byes": registration.awarded_byes})


class RegistrationTeam(APIView):
    """POST (organiser): put a player in a team (team events, before the start; otherwise a 400
    ``not_team_event``)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=TeamSerializer, responses={200: TeamResultSerializer})
    def post(self, request, pk: int, registration_id: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        data = _valid(TeamSerializer, request)
        registration = pairing.registration_team_set(registration=_registration(tournament, registration_id),
                                                     actor=request.user, team=data["team"])
        return Response({"registration": registration.pk, "team": registration.team})


class RoundSwap(APIView):
    """POST (organiser): swap two players between tables of the latest round, before any report (logged). A
    registration id that is not this tournament's is a 400 ``not_registered``."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=SwapSerializer, responses={200: RoundResultSerializer})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        require_organiser(request.user, tournament)
        data = _valid(SwapSerializer, request)
        rnd = pairing.round_swap_players(tournament=tournament, actor=request.user,
                                         first=_registration(tournament, data["first"]),
                                         second=_registration(tournament, data["second"]), reason=data["reason"],
                                         idempotency_key=idempotency_key(request))
        return Response({"round": rnd.number})


class RoundRepair(APIView):
    """POST (organiser): pair the latest round again, before any report (logged with both pairings)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=RepairSerializer, responses={200: RepairResultSerializer})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        data = _valid(RepairSerializer, request)
        rnd = pairing.round_repair(tournament=tournament, actor=request.user, reason=data["reason"],
                                   seed=data.get("seed"), idempotency_key=idempotency_key(request))
        return Response({"round": rnd.number, "seed": rnd.seed})


class PublishResultSerializer(RoundResultSerializer):
    published_at = serializers.DateTimeField(help_text="When the round was published")


class RoundPublish(APIView):
    """POST (organiser): publish the latest round's draft pairings (``pairings_as_draft``; logged): players and
    the public see it from now on. 409 ``already_published`` or ``no_round``."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: PublishResultSerializer})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        rnd = pairing.round_publish(tournament=tournament, actor=request.user,
                                    idempotency_key=idempotency_key(request))
        return Response({"round": rnd.number, "published_at": rnd.published_at})


class DayTwoStart(APIView):
    """POST (organiser): start day 2 (``tournaments.services.phases.day_two_start``): ``rounds`` more Swiss rounds
    for the players who pass the cut after day 1. 409 while day 1 is not over (``day_one_running``,
    ``results_missing``) or once started (``day_two_started``); 400 ``too_few_advance`` for a cut fewer than two
    pass. Answers the tournament, its ``phases`` set."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.DayTwoSerializer, responses={200: s.TournamentSerializer})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        data = _valid(s.DayTwoSerializer, request)
        tournament = day_two_start(tournament=tournament, actor=request.user, cut_kind=data["cut_kind"],
                                   cut_value=data["cut_value"], rounds=data["rounds"],
                                   reason=data.get("reason", ""), idempotency_key=idempotency_key(request))
        return Response(s.TournamentSerializer(tournament).data)
