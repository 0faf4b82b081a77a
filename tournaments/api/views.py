"""REST API views: validate, call one service, serialise. Same permissions as the pages
(the services check who may act)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import selectors, services
from tournaments.api import serializers as s
from tournaments.errors import NotAllowed, UserError
from tournaments.models import Match, Registration, ResultReport, Round, Tournament
from tournaments.services.penalties import penalties_of
from tournaments.services.permissions import is_tournament_organiser
from tournaments.services.tables import TableResult


class TournamentListCreate(generics.ListAPIView):
    """GET: every tournament. POST: create one (organisers only)."""

    serializer_class = s.TournamentSerializer
    queryset = selectors.tournament_list()
    filterset_fields = ["status", "deck_format_id", "structure"]

    @extend_schema(request=s.TournamentCreateSerializer, responses={201: s.TournamentSerializer})
    def post(self, request):
        data = s.TournamentCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        tournament = services.tournament_create(actor=request.user, **data.validated_data)
        return Response(s.TournamentSerializer(tournament).data, status=status.HTTP_201_CREATED)


class TournamentDetail(generics.RetrieveAPIView):
    serializer_class = s.TournamentSerializer
    queryset = selectors.tournament_list()


class TournamentAction(APIView):
    """POST /tournaments/<id>/<action>/: open-registration, close-registration, start (organiser only)."""

    permission_classes = [permissions.IsAuthenticated]
    actions = {
        "open-registration": services.tournament_open_registration,
        "close-registration": services.tournament_close_registration,
        "start": services.tournament_start,
    }

    @extend_schema(request=None, responses={200: s.TournamentSerializer})
    def post(self, request, pk: int, action: str):
        tournament = get_object_or_404(Tournament, pk=pk)
        if action not in self.actions:
            return Response({"code": "unknown_action", "detail": f"Unknown action {action!r}."}, status=404)
        tournament = self.actions[action](tournament=tournament, actor=request.user)
        return Response(s.TournamentSerializer(tournament).data)


class RegistrationListCreate(generics.ListAPIView):
    """GET: the tournament's players. POST: register yourself."""

    serializer_class = s.RegistrationSerializer

    def get_queryset(self):
        return Registration.objects.filter(tournament_id=self.kwargs["pk"]).select_related("player")

    @extend_schema(request=None, responses={201: s.RegistrationSerializer})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        registration = services.player_register(tournament=tournament, actor=request.user)
        return Response(s.RegistrationSerializer(registration).data, status=status.HTTP_201_CREATED)


class RegistrationDrop(APIView):
    """POST: drop a player (the player, or the organiser with a reason)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.ReasonSerializer, responses={200: s.RegistrationSerializer})
    def post(self, request, pk: int, registration_id: int):
        registration = get_object_or_404(Registration, pk=registration_id, tournament_id=pk)
        data = s.ReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        registration = services.player_drop(registration=registration, actor=request.user,
                                            reason=data.validated_data["reason"])
        return Response(s.RegistrationSerializer(registration).data)


class RoundListCreate(generics.ListAPIView):
    """GET: every round with its pairings. POST: pair the next round (organiser only)."""

    serializer_class = s.RoundSerializer
    pagination_class = None

    def get_queryset(self):
        return Round.objects.filter(tournament_id=self.kwargs["pk"]).prefetch_related(
            "matches__player_a__player", "matches__player_b__player", "matches__seats__registration__player"
        )

    @extend_schema(request=None, responses={201: s.RoundSerializer, 200: s.TournamentSerializer})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        rnd = services.round_pair_next(tournament=tournament, actor=request.user)
        if rnd is None:
            tournament.refresh_from_db()
            return Response(s.TournamentSerializer(tournament).data, status=status.HTTP_200_OK)
        return Response(s.RoundSerializer(rnd).data, status=status.HTTP_201_CREATED)


class RoundDetail(generics.RetrieveAPIView):
    serializer_class = s.RoundSerializer

    def get_object(self):
        return get_object_or_404(
            Round.objects.prefetch_related("matches__player_a__player", "matches__player_b__player",
                                           "matches__seats__registration__player"),
            tournament_id=self.kwargs["pk"], number=self.kwargs["number"],
        )


class MatchDetail(generics.RetrieveAPIView):
    serializer_class = s.MatchSerializer
    queryset = Match.objects.select_related("round", "player_a__player", "player_b__player").prefetch_related(
        "seats__registration__player")


class MatchReportCreate(APIView):
    """POST: report the match game by game (a player at the table)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.ResultInputSerializer, responses={201: s.ResultReportSerializer})
    def post(self, request, pk: int):
        match = get_object_or_404(Match, pk=pk)
        _refuse_table(match, "table-reports")
        data = s.ResultInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        report = services.result_report(match=match, actor=request.user, games=data.validated_data["games"],
                                        round_number=data.validated_data.get("round"),
                                        table=data.validated_data.get("table"))
        return Response(s.ResultReportSerializer(report).data, status=status.HTTP_201_CREATED)


class ReportConfirm(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: s.MatchSerializer})
    def post(self, request, pk: int):
        report = get_object_or_404(ResultReport, pk=pk)
        if TableResult.from_json(report.games) is not None:  # a multiplayer table's report
            return TableReportConfirm().post(request, pk)
        match = services.result_confirm(report=report, actor=request.user)
        return Response(s.MatchSerializer(match).data)


class ReportDispute(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.DisputeInputSerializer, responses={200: s.MatchSerializer})
    def post(self, request, pk: int):
        report = get_object_or_404(ResultReport, pk=pk)
        if TableResult.from_json(report.games) is not None:  # a multiplayer table's report
            return TableReportDispute().post(request, pk)
        data = s.DisputeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        match = services.result_dispute(report=report, actor=request.user, reason=data.validated_data["reason"])
        return Response(s.MatchSerializer(match).data)


class MatchOverride(APIView):
    """POST: the organiser enters, corrects or settles a result (reason required; logged)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.OverrideInputSerializer, responses={200: s.MatchSerializer})
    def post(self, request, pk: int):
        match = get_object_or_404(Match, pk=pk)
        _refuse_table(match, "table-override")
        data = s.OverrideInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.result_override(match=match, actor=request.user, games=data.validated_data["games"],
                                 reason=data.validated_data["reason"])
        match.refresh_from_db()
        return Response(s.MatchSerializer(match).data)


class PenaltyListCreate(APIView):
    """GET: the tournament's penalties. POST: issue one (``registration``, ``kind``, ``reason``, optional
    ``match``). Organiser only; every penalty is in the audit log."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: s.PenaltySerializer(many=True)})
    def get(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        if not is_tournament_organiser(request.user, tournament):
            raise NotAllowed("Only the tournament's organiser sees its penalties.")
        return Response(s.PenaltySerializer(penalties_of(tournament), many=True).data)

    @extend_schema(request=s.PenaltyInputSerializer, responses={201: s.PenaltySerializer})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        if not is_tournament_organiser(request.user, tournament):
            raise NotAllowed("Only the tournament's organiser may issue penalties.")
        data = s.PenaltyInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        registration = Registration.objects.filter(pk=data.validated_data["registration"]).first()
        if registration is None:
            raise UserError(f"There is no registration {data.validated_data['registration']}.",
                            code="not_a_player")
        match = None
        if data.validated_data["match"] is not None:
            match = Match.objects.filter(pk=data.validated_data["match"]).first()
            if match is None:
                raise UserError(f"There is no match {data.validated_data['match']}.", code="wrong_match")
        penalty = services.penalty_issue(tournament=tournament, actor=request.user, registration=registration,
                                         kind=data.validated_data["kind"], reason=data.validated_data["reason"],
                                         match=match)
        return Response(s.PenaltySerializer(penalty).data, status=status.HTTP_201_CREATED)


class Standings(APIView):
    """GET: the latest standings snapshot and the results version it reflects."""

    @extend_schema(responses={200: s.StandingsSerializer, 304: None})
    def get(self, request, pk: int):
        etag = selectors.standings_etag(pk)
        if etag is not None and f'"{etag}"' in request.headers.get("If-None-Match", ""):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": f'"{etag}"'})
        tournament = get_object_or_404(Tournament, pk=pk)
        snapshot = selectors.latest_snapshot(tournament)
        body = s.StandingsSerializer(snapshot).data if snapshot else {"version": 0, "rows": []}
        body = {**body, "results_version": tournament.results_version}
        return Response(body, headers={"ETag": f'"{etag}"'})


# --------------------------------------------------------------------------- multiplayer tables


class NotFound(UserError):
    status = 404


def _refuse_table(match: Match, endpoint: str) -> None:
    """The duel endpoints refuse a multiplayer table (its result is placements, not games of a duel)."""
    if match.multiplayer:
        raise UserError(f"Table {match.table} is a multiplayer table: use /api/v1/matches/{match.pk}/{endpoint}/.",
                        code="multiplayer", params={"match": match.pk})


def _found(model, pk: int, what: str):
    obj = model.objects.filter(pk=pk).first()
    if obj is None:
        raise NotFound(f"There is no {what} {pk}.", code="not_found", params={what: pk})
    return obj


def _body(request, allowed: tuple[str, ...]) -> dict:
    """The request body as a dict of the ``allowed`` keys only (anything else is a 400 naming it)."""
    data = request.data
    if not isinstance(data, dict):
        raise UserError("Send a JSON object.", code="body")
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise UserError(f"Unknown field(s): {', '.join(unknown)}; send {', '.join(allowed)}.",
                        code="unknown_field", params={"fields": unknown})
    return {key: data[key] for key in allowed if key in data}


def _slip_number(body: dict, key: str) -> int | None:
    value = body.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
        raise UserError(f"{key!r} must be a whole number of 1 or more (the {key} on your slip).", code="slip",
                        params={"field": key})
    return value


class MatchTableReportCreate(APIView):
    """POST: a player at a multiplayer table reports its result: ``{"placements": [1, 2, 3, 3]}`` (seat
    order; 1 = won, equal numbers share) or ``{"games": [{"winners": [1]}, {"winners": [2, 3]},
    {"drawn": true}]}``; optional ``round``/``table`` must be this table's. Another player confirms."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.TableResultInputSerializer, responses={201: s.TableReportSerializer})
    def post(self, request, pk: int):
        match = _found(Match, pk, "match")
        body = _body(request, ("placements", "games", "round", "table"))
        report = services.table_result_report(
            match=match, actor=request.user, placements=body.get("placements"), games=body.get("games"),
            round_number=_slip_number(body, "round"), table=_slip_number(body, "table"))
        return Response(s.TableReportSerializer(report).data, status=status.HTTP_201_CREATED)


class TableReportConfirm(APIView):
    """POST: another player at the table confirms a pending table report."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: s.MatchSerializer})
    def post(self, request, pk: int):
        report = _found(ResultReport, pk, "report")
        match = services.table_result_confirm(report=report, actor=request.user)
        return Response(s.MatchSerializer(match).data)


class TableReportDispute(APIView):
    """POST: another player at the table disputes a pending table report (``reason``); the organiser settles it."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.DisputeInputSerializer, responses={200: s.MatchSerializer})
    def post(self, request, pk: int):
        report = _found(ResultReport, pk, "report")
        reason = _body(request, ("reason",)).get("reason", "")
        if not isinstance(reason, str):
            raise UserError("'reason' must be text.", code="reason_required")
        match = services.table_result_dispute(report=report, actor=request.user, reason=reason)
        return Response(s.MatchSerializer(match).data)


class MatchTableOverride(APIView):
    """POST: the organiser enters, corrects or settles a multiplayer table's result: ``placements`` or
    ``games`` and ``reason`` (logged with the result before and after)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.TableOverrideInputSerializer, responses={200: s.MatchSerializer})
    def post(self, request, pk: int):
        match = _found(Match, pk, "match")
        body = _body(request, ("placements", "games", "reason"))
        reason = body.get("reason", "")
        if not isinstance(reason, str):
            raise UserError("'reason' must be text.", code="reason_required")
        services.table_result_override(match=match, actor=request.user, reason=reason,
                                       placements=body.get("placements"), games=body.get("games"))
        match = MatchDetail.queryset.get(pk=match.pk)
        return Response(s.MatchSerializer(match).data)
