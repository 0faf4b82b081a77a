"""REST API views: validate with the endpoint's input serializer, call one service, answer with its
output serializer. Same permissions as the pages (the services check who may act); every error is a
4xx ``{code, detail, params}`` (``tournaments.api.errors``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import generics, permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import selectors, services
from tournaments.api import serializers as s
from tournaments.api.errors import NotFound
from tournaments.errors import NotAllowed, UserError
from tournaments.models import Match, Registration, ResultSubmission, Round, Seat, Tournament
from tournaments.services.penalties import penalties_of, public_penalty_reason
from tournaments.services.permissions import is_tournament_organiser
from tournaments.services.results import seat_number_of, seats_of
from tournaments.services.entries import player_reinstate
from tournaments.services.lifecycle import tournament_reopen

SEATS = Prefetch("seats", queryset=Seat.objects.select_related("registration__player").order_by("number"))
MATCHES = Match.objects.select_related("round").prefetch_related(SEATS)


#: The 404 of each kind of object ``_found`` looks up, by ``what`` (the params key is ``what`` too).
_NOT_FOUND: dict[str, Any] = {
    "match": _("There is no match %(match)s."),
    "report": _("There is no report %(report)s."),
    "shared_pool": _("Match %(match)s has no shared pool: only an off-the-top event's matches have one."),
}


def _found(model, pk: int, what: str, queryset=None):
    """The object or a 404 ``{"code": "not_found", ...}`` naming it; ``what``: a key of ``_NOT_FOUND``."""
    obj = (queryset if queryset is not None else model.objects).filter(pk=pk).first()
    if obj is None:
        raise NotFound(_NOT_FOUND[what], params={what: pk})
    return obj


def _valid(serializer_class, request) -> dict:
    data = serializer_class(data=request.data)
    data.is_valid(raise_exception=True)
    return data.validated_data


def idempotency_key(request) -> str:
    """The ``Idempotency-Key`` header: a repeated request with the same key is done once and answers the
    first result (``tournaments.services.idempotency``)."""
    return request.headers.get("Idempotency-Key", "")


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


class TournamentServiceAction(APIView):
    """Base of the organiser's tournament actions: POST (no body) calls ``service``; answers the tournament."""

    permission_classes = [permissions.IsAuthenticated]
    # Set by each subclass: a tournaments.services function(tournament=, actor=) -> Tournament.
    service: Callable[..., Tournament]

    @extend_schema(request=None, responses={200: s.TournamentSerializer})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        tournament = type(self).service(tournament=tournament, actor=request.user)
        return Response(s.TournamentSerializer(tournament).data)


class TournamentOpenRegistration(TournamentServiceAction):
    """POST (organiser): open registration."""

    service = staticmethod(services.tournament_open_registration)


class TournamentCloseRegistration(TournamentServiceAction):
    """POST (organiser): close registration."""

    service = staticmethod(services.tournament_close_registration)


class TournamentStart(TournamentServiceAction):
    """POST (organiser): start the tournament (locks decklists)."""

    service = staticmethod(services.tournament_start)


class TournamentFinish(APIView):
    """POST (organiser or co-organiser): finish a tournament whose structure is complete and whose results are all
    confirmed (logged). 409 while tables are unfinished (``results_missing``) or rounds remain (``rounds_remain``).
    An ``Idempotency-Key`` header makes a repeat answer the first result."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: s.TournamentSerializer})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        tournament = services.tournament_finish(tournament=tournament, actor=request.user,
                                                idempotency_key=idempotency_key(request))
        return Response(s.TournamentSerializer(tournament).data)


class RegistrationListCreate(generics.ListAPIView):
    """GET: the tournament's players. POST: register yourself."""

    serializer_class = s.RegistrationSerializer

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Registration.objects.none()
        return Registration.objects.filter(tournament_id=self.kwargs["pk"]).select_related("player")

    @extend_schema(request=None, responses={201: s.RegistrationSerializer})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        registration = services.player_register(tournament=tournament, actor=request.user)
        return Response(s.RegistrationSerializer(registration).data, status=status.HTTP_201_CREATED)


class RegistrationDrop(APIView):
    """POST: drop a player (the player, or the organiser with a reason: without one a 400 ``reason_required``)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.ReasonSerializer, responses={200: s.RegistrationSerializer})
    def post(self, request, pk: int, registration_id: int):
        registration = get_object_or_404(Registration, pk=registration_id, tournament_id=pk)
        data = s.ReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        registration = services.player_drop(registration=registration, actor=request.user,
                                            reason=data.validated_data["reason"],
                                            idempotency_key=idempotency_key(request))
        return Response(s.RegistrationSerializer(registration).data)


class RegistrationReinstate(APIView):
    """POST (organiser): lift a drop, withdrawal or disqualification, with a ``reason`` (logged)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.RequiredReasonSerializer, responses={200: s.RegistrationSerializer})
    def post(self, request, pk: int, registration_id: int):
        registration = get_object_or_404(Registration, pk=registration_id, tournament_id=pk)
        data = _valid(s.RequiredReasonSerializer, request)
        registration = player_reinstate(registration=registration, actor=request.user, reason=data["reason"],
                                        idempotency_key=idempotency_key(request))
        return Response(s.RegistrationSerializer(registration).data)


class TournamentReopen(APIView):
    """POST (organiser): reopen a finished tournament, with a ``reason`` (logged). A finished tournament
    refuses every other write with a 409 (code ``finished``)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.RequiredReasonSerializer, responses={200: s.TournamentSerializer})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        data = _valid(s.RequiredReasonSerializer, request)
        tournament = tournament_reopen(tournament=tournament, actor=request.user, reason=data["reason"],
                                       idempotency_key=idempotency_key(request))
        return Response(s.TournamentSerializer(tournament).data)


class RoundListCreate(generics.ListAPIView):
    """GET: every round with its pairings. POST: pair the next round (organiser only)."""

    serializer_class = s.RoundSerializer
    pagination_class = None

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Round.objects.none()
        rounds = selectors.visible_rounds_of(self.kwargs["pk"], self.request.user)  # a draft is the staff's only
        return rounds.select_related("tournament").prefetch_related(
            Prefetch("matches", queryset=MATCHES.order_by("table")))

    def get_serializer_context(self) -> dict:
        return {**super().get_serializer_context(), "show_seed": _shows_seed(self.request, self.kwargs.get("pk"))}

    @extend_schema(request=None, responses={201: s.RoundSerializer})
    def post(self, request, pk: int):
        """Pair the next round. After the last round: 409 with code ``complete`` (POST .../finish/ then)."""
        tournament = get_object_or_404(Tournament, pk=pk)
        rnd = services.round_pair_next(tournament=tournament, actor=request.user)
        rnd = Round.objects.select_related("tournament").prefetch_related(
            Prefetch("matches", queryset=MATCHES.order_by("table"))).get(pk=rnd.pk)
        return Response(s.RoundSerializer(rnd, context=self.get_serializer_context()).data,
                        status=status.HTTP_201_CREATED)


def _shows_seed(request, pk: int | None) -> bool:
    """True when ``request``'s user runs tournament ``pk`` (organiser, co-organiser, admin): the rounds they read
    carry the pairing seed, as the round page shows it only to them."""
    if request is None or pk is None or not request.user.is_authenticated:
        return False
    tournament = Tournament.objects.filter(pk=pk).first()
    return tournament is not None and is_tournament_organiser(request.user, tournament)


class RoundDetail(generics.RetrieveAPIView):
    """GET: a round with its pairings (``seed`` for the organisers only)."""

    serializer_class = s.RoundSerializer

    def get_serializer_context(self) -> dict:
        return {**super().get_serializer_context(), "show_seed": _shows_seed(self.request, self.kwargs.get("pk"))}

    def get_object(self):
        rnd = get_object_or_404(
            Round.objects.select_related("tournament").prefetch_related(
                Prefetch("matches", queryset=MATCHES.order_by("table"))),
            tournament_id=self.kwargs["pk"], number=self.kwargs["number"],
        )
        if not selectors.round_visible(rnd, self.request.user):
            raise NotFound(_("Round %(round)s is being paired."), code="round_draft", params={"round": rnd.number})
        return rnd


class MatchDetail(generics.RetrieveAPIView):
    """GET: a match with its seats (one: a bye; two: a duel; more: a multiplayer table). A draft round's match
    is a 404 for anyone but the staff."""

    serializer_class = s.MatchSerializer
    queryset = MATCHES

    def get_object(self):
        match = super().get_object()
        _require_visible(match, self.request.user)
        return match


def _require_visible(match: Match, user) -> None:
    """A 404 (``not_found``, as for a match that does not exist) when ``match``'s round is a draft ``user`` may
    not see (``selectors.round_visible``)."""
    if not selectors.round_visible(match.round, user):
        raise NotFound(_NOT_FOUND["match"], params={"match": match.pk})


# --------------------------------------------------------------------------- results, any number of seats


class ResultView(APIView):
    """The result endpoints: every error is exactly ``{code, detail, params}``."""

    permission_classes = [permissions.IsAuthenticated]
    field_errors_at_top_level = False


def _submission_row(submission: ResultSubmission) -> dict:
    """The row of a submission a service has just written: its match (locked by the service) carries its seats,
    the submitter is the request's user, so no query (``selectors.submission_row``)."""
    return selectors.submission_row(submission, seats_of(submission.match))


class MatchReportCreate(ResultView):
    """POST: a player at the table reports its result, for any number of seats: ``games`` (a duel: the
    slip's letters or seats; a table: winning seats) or ``placements`` (a multiplayer table, seat order).
    The same outcome as another player's earlier report confirms it; a different one is a dispute."""

    @extend_schema(request=s.ReportInputSerializer, responses={201: s.SubmissionSerializer}, examples=[
        OpenApiExample("A duel, best of 3", value={"games": [{"winner": "a"}, {"mulligan_by": "b"}, {"winner": "b"},
                                                            {"winner": "a"}], "round": 1, "table": 1}),
        OpenApiExample("A duel's score only", value={"score": {"wins": [2, 1], "draws": 0}, "round": 1, "table": 1}),
        OpenApiExample("A table by placements", value={"placements": [1, 2, 3, 3]}),
        OpenApiExample("A table game by game", value={"games": [{"winners": [1]}, {"winners": [2, 3]},
                                                                {"drawn": True}]}),
    ])
    def post(self, request, pk: int):
        try:
            data = _valid(s.ReportInputSerializer, request)
        except Exception:
            _found(Match, pk, "match")  # a missing match is a 404 before bad input is a 400
            raise
        try:  # the service reads the match once, locked by id (issue 27: no lookup before it)
            submission = services.result_report(
                match=Match(pk=pk), actor=request.user, games=data.get("games"), placements=data.get("placements"),
                score=data.get("score"), round_number=data.get("round"), table=data.get("table"))
        except Match.DoesNotExist:
            raise NotFound(_NOT_FOUND["match"], params={"match": pk}) from None
        return Response(s.SubmissionSerializer(_submission_row(submission)).data, status=status.HTTP_201_CREATED)


class ReportConfirm(ResultView):
    """POST: another player at the table confirms a pending report; it becomes the result."""

    @extend_schema(request=None, responses={200: s.MatchSerializer})
    def post(self, request, pk: int):
        try:  # the service locks the report's match through the report's id (issue 27: no lookup before it)
            match = services.result_confirm(submission=ResultSubmission(pk=pk), actor=request.user)
        except ResultSubmission.DoesNotExist:
            raise NotFound(_NOT_FOUND["report"], params={"report": pk}) from None
        # the match as the service left it (locked and saved, its seats loaded and scored): no query
        return Response(s.MatchSerializer(match).data)


class ReportDispute(ResultView):
    """POST: another player at the table disputes a pending report, saying why (``reason``, kept with the
    report); the organiser settles the match."""

    @extend_schema(request=s.DisputeInputSerializer, responses={200: s.MatchSerializer})
    def post(self, request, pk: int):
        submission = _found(ResultSubmission, pk, "report")
        data = _valid(s.DisputeInputSerializer, request)
        match = services.result_dispute(submission=submission, actor=request.user, reason=data["reason"])
        return Response(s.MatchSerializer(MATCHES.get(pk=match.pk)).data)


class MatchOverride(ResultView):
    """POST (organiser): settle a dispute or enter or correct a result, with a ``reason`` (logged with the
    result before and after): pick one of the match's ``submission``s, or enter ``games``/``placements``."""

    @extend_schema(request=s.OverrideInputSerializer, responses={200: s.MatchSerializer}, examples=[
        OpenApiExample("Pick a submission", value={"submission": 12, "reason": "Judge ruling: the slip is right"}),
        OpenApiExample("Enter the games", value={"games": [{"winner": "a"}, {"winner": "a"}],
                                                 "reason": "Entered from the paper slip"}),
    ])
    def post(self, request, pk: int):
        match = _found(Match, pk, "match")
        data = _valid(s.OverrideInputSerializer, request)
        submission = None
        if data.get("submission") is not None:
            submission = ResultSubmission.objects.filter(pk=data["submission"]).first()
            if submission is None or submission.match_id != match.pk:
                raise UserError(_("Submission %(submission)s is not one of this match's."),
                                code="wrong_submission", params={"submission": data["submission"]})
        services.result_settle(match=match, actor=request.user, reason=data["reason"], submission=submission,
                               games=data.get("games"), placements=data.get("placements"),
                               score=data.get("score"), idempotency_key=idempotency_key(request))
        return Response(s.MatchSerializer(MATCHES.get(pk=match.pk)).data)


class MatchSubmissions(ResultView):
    """GET: every submission of the match's result, newest first, with its record game by game (the
    organiser and the players at the table; others 403). The players see a penalty submission's reason
    as "game loss (penalty)" or "match loss (penalty)"; only the organiser sees the penalty's reason."""

    pagination_class = None

    @extend_schema(responses={200: s.SubmissionSerializer(many=True)})
    def get(self, request, pk: int):
        match = _found(Match, pk, "match", MATCHES)
        _require_visible(match, request.user)
        organiser = is_tournament_organiser(request.user, match.round.tournament)
        if seat_number_of(match, request.user) is None and not organiser:
            raise NotAllowed(_("Only the organiser and the players at this table see its submissions."),
                             code="not_at_table")
        rows = selectors.match_submissions(match)
        if not organiser:  # penalties are the organiser's: the players see "game loss (penalty)" at most
            rows = [{**row, "reason": public_penalty_reason(row["reason"])}
                    if row["submission"].source == ResultSubmission.Source.PENALTY else row for row in rows]
        return Response(s.SubmissionSerializer(rows, many=True).data)


class MatchSharedPool(ResultView):
    """GET: an off-the-top match's shared pool (issue 23): ``{"match", "count", "sets", "cards"}``, the card keys in
    their shuffled stack order (the organiser and the players at the table; others 403 ``not_at_table``); a 404
    ``no_shared_pool`` when the match has none (not an off-the-top event, a bye). Source: spell-battle-rules.txt,
    8. Tournaments."""

    @extend_schema(responses={200: s.SharedPoolSerializer})
    def get(self, request, pk: int):
        match = _found(Match, pk, "match", MATCHES)
        _require_visible(match, request.user)
        if seat_number_of(match, request.user) is None and not is_tournament_organiser(
                request.user, match.round.tournament):
            raise NotAllowed(_("Only the organiser and the players at this table see its shared pool."),
                             code="not_at_table")
        pool = selectors.shared_pools([match]).get(match.pk)
        if pool is None:
            raise NotFound(_NOT_FOUND["shared_pool"], code="no_shared_pool", params={"match": match.pk})
        return Response(s.SharedPoolSerializer({"match": match.pk, **pool}).data)


class PenaltyListCreate(APIView):
    """GET: the tournament's penalties. POST: issue one (``registration``, ``kind``, ``reason``, optional
    ``match``). Organiser only; every penalty is in the audit log. A ``registration`` that does not exist is a
    400 ``not_a_player``, a ``match`` a 400 ``wrong_match``."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: s.PenaltySerializer(many=True)})
    def get(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        if not is_tournament_organiser(request.user, tournament):
            raise NotAllowed(_("Only the tournament's organiser sees its penalties."))
        return Response(s.PenaltySerializer(penalties_of(tournament), many=True).data)

    @extend_schema(request=s.PenaltyInputSerializer, responses={201: s.PenaltySerializer})
    def post(self, request, pk: int):
        tournament = get_object_or_404(Tournament, pk=pk)
        if not is_tournament_organiser(request.user, tournament):
            raise NotAllowed(_("Only the tournament's organiser may issue penalties."))
        data = s.PenaltyInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        registration = Registration.objects.filter(pk=data.validated_data["registration"]).first()
        if registration is None:
            raise UserError(_("There is no registration %(registration)s."), code="not_a_player",
                            params={"registration": data.validated_data["registration"]})
        match = None
        if data.validated_data["match"] is not None:
            match = Match.objects.filter(pk=data.validated_data["match"]).first()
            if match is None:
                raise UserError(_("There is no match %(match)s."), code="wrong_match",
                                params={"match": data.validated_data["match"]})
        penalty = services.penalty_issue(tournament=tournament, actor=request.user, registration=registration,
                                         kind=data.validated_data["kind"], reason=data.validated_data["reason"],
                                         match=match, idempotency_key=idempotency_key(request))
        return Response(s.PenaltySerializer(penalty).data, status=status.HTTP_201_CREATED)


class Standings(APIView):
    """GET: the latest standings snapshot and the results version it reflects."""

    @extend_schema(responses={200: s.StandingsResponseSerializer, 304: None})
    def get(self, request, pk: int):
        etag = selectors.standings_etag(pk)
        if etag is not None and f'"{etag}"' in request.headers.get("If-None-Match", ""):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": f'"{etag}"'})
        tournament = get_object_or_404(Tournament, pk=pk)
        snapshot = selectors.latest_snapshot(tournament)
        body = (s.StandingsSerializer(snapshot).data if snapshot else
                {"version": 0, "computed_at": None, "tiebreakers": tournament.tiebreakers, "rows": []})
        body = {**body, "results_version": tournament.results_version,
                "phases": selectors.phase_tables(snapshot.rows) if snapshot else []}
        return Response(body, headers={"ETag": f'"{etag}"'})
