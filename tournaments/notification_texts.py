"""What each notification says, and to whom (issue 25): the happening of an event loaded from the database, its
recipients and each one's message in the active language (``tournaments.services.notifications`` sends them).

Terms: an *event* is a kind of happening (``NotificationEvent``); a *happening* is one occurrence of it, named by
its *key* ("round.paired:round=7:v=0") and described by its *payload* (JSON-safe ids); its *recipients* are user
ids; a :class:`Message` is what one recipient reads (a mail's subject and text, a push's title and body)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db.models import Prefetch
from django.urls import reverse
from django.utils.translation import gettext

from rules.legality import Violation
from tournaments.models import (
    Match,
    NotificationEvent,
    Registration,
    ResultSubmission,
    Round,
    Seat,
    Tournament,
)
from tournaments.rule_texts.terms import format_label, joined
from tournaments.rule_texts.violations import violation_text


@dataclass(frozen=True)
class Message:
    """What one recipient is told: ``subject`` (a mail's subject, a push's title), ``text`` (the words, a push's
    body), ``url`` (the absolute link to act on or read more)."""

    subject: str
    text: str
    url: str


@dataclass
class Happening:
    """One occurrence of an event: its ``key``, ``tournament_id``, ``recipients`` (user ids, in order) and
    ``render(user_id)``, the recipient's :class:`Message` in the active language."""

    event: str
    key: str
    tournament_id: int | None
    recipients: list[int]
    render: Callable[[int], Message]


# --- what each event says, to whom ------------------------------------------------------------------------------


def _url(name: str, *args: Any) -> str:
    return settings.SITE_URL + reverse(name, args=args)


def _round_title(rnd: Round, tournament: Tournament) -> str:
    return gettext("Round %(round)s of %(tournament)s") % {"round": rnd.number, "tournament": tournament.name}


def _seats(match_query: Any) -> Any:
    return match_query.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("registration__player").order_by("number"))
    )


def _score(match: Match, outcome: dict[str, Any]) -> str:
    """A duel's games won by each player ("Alice 2, Bob 1"); "" for other tables."""
    seats = list(match.seats.all())
    wins = outcome.get("wins") or []
    if len(seats) != 2 or len(wins) != 2:
        return ""
    return ", ".join(f"{seat.registration.display_name} {won}" for seat, won in zip(seats, wins, strict=True))


def happening(event: str, payload: dict[str, Any]) -> Happening | None:
    """The happening of ``event`` (a ``NotificationEvent`` value) described by ``payload``, loaded from the
    database; None when its objects are gone. A payload is the data the event was announced with
    (``tournaments.notifications.events``) and ``tournament_id``: ``round.paired`` ``{"round_id": id, "matches":
    [id, ...] (optional: only their players are told, after a swap or a re-pair; [] nobody)}``; ``round.time``
    ``{"round_id": id, "called_at": str}``; ``result.reported`` ``{"submission_id": id}``; ``result.confirmed``
    and ``result.disputed`` ``{"match_id": id}``; ``player.dropped`` ``{"registration_id": id}``;
    ``event.finished`` ``{"tournament_id": id, "stamp": str}``; ``deck.refused`` ``{"registration_id": id,
    "submission_id": id, "verdict": rules.legality.Verdict.to_dict()}``. Raises ValueError for an unknown event."""
    builder = _BUILDERS.get(event)
    if builder is None:
        raise ValueError(f"unknown notification event {event!r}")
    try:
        return builder(payload)
    except (
        Round.DoesNotExist,
        Match.DoesNotExist,
        ResultSubmission.DoesNotExist,
        Registration.DoesNotExist,
        Tournament.DoesNotExist,
    ):
        return None


def _round_paired(payload: dict[str, Any]) -> Happening:
    rnd = Round.objects.select_related("tournament").get(pk=payload["round_id"])
    tournament = rnd.tournament
    matches = _seats(Match.objects.filter(round=rnd))
    if payload.get("matches") is not None:  # a swap or a re-pair: only the tables that changed
        matches = matches.filter(pk__in=payload["matches"])
    tables: dict[int, tuple[Match, list[str]]] = {}
    for match in matches:
        seats = list(match.seats.all())
        for seat in seats:
            if seat.registration.player_id is not None:
                others = [other.registration.display_name for other in seats if other.pk != seat.pk]
                tables[seat.registration.player_id] = (match, others)
    url = _url("tournaments:round", tournament.pk, rnd.number)

    def render(user_id: int) -> Message:
        match, others = tables[user_id]
        title = _round_title(rnd, tournament)
        if others:
            text = gettext("%(round)s: you play at table %(table)s against %(opponents)s.") % {
                "round": title,
                "table": match.table,
                "opponents": joined(others),
            }
            subject = gettext("%(round)s: table %(table)s") % {"round": title, "table": match.table}
        elif match.opponentless_loss:
            text = gettext("%(round)s: you are not paired (you joined late: a loss).") % {"round": title}
            subject = title
        else:
            text = gettext("%(round)s: you have a bye (table %(table)s).") % {
                "round": title,
                "table": match.table,
            }
            subject = gettext("%(round)s: a bye") % {"round": title}
        return Message(subject=subject, text=text, url=url)

    return Happening(
        NotificationEvent.ROUND_PAIRED,
        f"round.paired:round={rnd.pk}:v={rnd.pairing_version}",
        tournament.pk,
        list(tables),
        render,
    )


def _round_time(payload: dict[str, Any]) -> Happening:
    """Time in a round: the players of the tables still playing (no confirmed result, not a bye) whose time is up
    too (a table with its own time extension plays on, ``Match.extra_minutes``)."""
    rnd = Round.objects.select_related("tournament").get(pk=payload["round_id"])
    tournament = rnd.tournament
    tables: dict[int, int] = {}
    open_matches = _seats(
        Match.objects.filter(round=rnd, extra_minutes=0).exclude(status=Match.Status.CONFIRMED)
    )
    for match in open_matches:
        seats = list(match.seats.all())
        if len(seats) < 2:
            continue
        for seat in seats:
            if seat.registration.player_id is not None:
                tables[seat.registration.player_id] = match.table
    url = _url("tournaments:round", tournament.pk, rnd.number)

    def render(user_id: int) -> Message:
        names = {"round": _round_title(rnd, tournament), "number": rnd.number, "table": tables[user_id]}
        return Message(
            subject=gettext("%(round)s: time") % names,
            text=gettext("Time in round %(number)s: finish your game at table %(table)s.") % names
            + " "
            + gettext("The end-of-round procedure of the event applies."),
            url=url,
        )

    return Happening(
        NotificationEvent.ROUND_TIME,
        f"round.time:round={rnd.pk}:at={payload.get('called_at', '')}"[:120],
        tournament.pk,
        list(tables),
        render,
    )


def _result_reported(payload: dict[str, Any]) -> Happening:
    submission = ResultSubmission.objects.select_related("match__round__tournament", "submitted_by").get(
        pk=payload["submission_id"]
    )
    match = _seats(Match.objects.filter(pk=submission.match_id)).get()
    rnd, tournament = submission.match.round, submission.match.round.tournament
    reporter = next(
        (
            s.registration.display_name
            for s in match.seats.all()
            if s.registration.player_id == submission.submitted_by_id
        ),
        submission.submitted_by.username,
    )
    recipients = (
        []
        if submission.state != ResultSubmission.State.PENDING
        else [
            s.registration.player_id
            for s in match.seats.all()
            if s.registration.player_id is not None and s.registration.player_id != submission.submitted_by_id
        ]
    )
    url = _url("tournaments:match", tournament.pk, match.pk)
    score = _score(match, submission.outcome)

    def render(user_id: int) -> Message:
        table = {"round": _round_title(rnd, tournament), "table": match.table, "player": reporter}
        text = gettext("%(player)s reported the result of table %(table)s (%(round)s).") % table
        if score:
            text += " " + gettext("Result: %(score)s.") % {"score": score}
        text += " " + gettext("Confirm it or dispute it on the match page.")
        return Message(
            subject=gettext("%(round)s, table %(table)s: confirm the result") % table, text=text, url=url
        )

    return Happening(
        NotificationEvent.RESULT_REPORTED,
        f"result.reported:submission={submission.pk}",
        tournament.pk,
        [pk for pk in recipients if pk is not None],
        render,
    )


def _result_confirmed(payload: dict[str, Any]) -> Happening:
    match = _seats(Match.objects.select_related("round__tournament").filter(pk=payload["match_id"])).get()
    rnd, tournament = match.round, match.round.tournament
    confirmed = match.submissions.filter(state=ResultSubmission.State.CONFIRMED).first()
    recipients = (
        []
        if confirmed is None
        else [s.registration.player_id for s in match.seats.all() if s.registration.player_id is not None]
    )
    score = _score(match, confirmed.outcome) if confirmed else ""
    url = _url("tournaments:match", tournament.pk, match.pk)

    def render(user_id: int) -> Message:
        table = {"round": _round_title(rnd, tournament), "table": match.table}
        text = gettext("The result of table %(table)s (%(round)s) is confirmed.") % table
        if score:
            text += " " + gettext("Result: %(score)s.") % {"score": score}
        return Message(
            subject=gettext("%(round)s, table %(table)s: result confirmed") % table, text=text, url=url
        )

    return Happening(
        NotificationEvent.RESULT_CONFIRMED,
        f"result.confirmed:submission={confirmed.pk if confirmed else 0}",
        tournament.pk,
        [pk for pk in recipients if pk is not None],
        render,
    )


def _staff(tournament: Tournament) -> list[int]:
    return [
        tournament.organiser_id,
        *tournament.co_organisers.exclude(pk=tournament.organiser_id)
        .order_by("pk")
        .values_list("pk", flat=True),
    ]


def _result_disputed(payload: dict[str, Any]) -> Happening:
    match = _seats(Match.objects.select_related("round__tournament").filter(pk=payload["match_id"])).get()
    rnd, tournament = match.round, match.round.tournament
    disputed = match.submissions.filter(state=ResultSubmission.State.DISPUTED).order_by("-pk").first()
    recipients = _staff(tournament) if match.status == Match.Status.DISPUTED else []
    players = joined([s.registration.display_name for s in match.seats.all()])
    reason = (disputed.dispute_reason if disputed else "").strip()
    url = _url("tournaments:match", tournament.pk, match.pk)

    def render(user_id: int) -> Message:
        table = {"round": _round_title(rnd, tournament), "table": match.table, "players": players}
        text = (
            gettext("The result of table %(table)s (%(round)s: %(players)s) is disputed; settle it.") % table
        )
        if reason:
            text += " " + gettext("Reason given: %(reason)s") % {"reason": reason}
        return Message(subject=gettext("%(round)s, table %(table)s: disputed") % table, text=text, url=url)

    return Happening(
        NotificationEvent.RESULT_DISPUTED,
        f"result.disputed:match={match.pk}:submission={disputed.pk if disputed else 0}",
        tournament.pk,
        recipients,
        render,
    )


def _player_dropped(payload: dict[str, Any]) -> Happening:
    registration = Registration.objects.select_related("tournament").get(pk=payload["registration_id"])
    tournament = registration.tournament
    # the player is told when the organiser dropped them (a player who dropped themselves knows)
    dropped = (registration.dropped or registration.withdrawn) and registration.removed_by_organiser
    recipients = [registration.player_id] if dropped and registration.player_id is not None else []
    url = _url("tournaments:detail", tournament.pk)

    def render(user_id: int) -> Message:
        names = {"tournament": tournament.name, "round": registration.dropped_after_round}
        if registration.dropped_after_round:
            text = (
                gettext(
                    "The organiser dropped you from %(tournament)s after round %(round)s: you will not be "
                    "paired again."
                )
                % names
            )
        else:
            text = gettext("The organiser withdrew your registration to %(tournament)s.") % names
        return Message(subject=gettext("%(tournament)s: you were dropped") % names, text=text, url=url)

    return Happening(
        NotificationEvent.PLAYER_DROPPED,
        f"player.dropped:registration={registration.pk}:after={registration.dropped_after_round}",
        tournament.pk,
        recipients,
        render,
    )


def _event_finished(payload: dict[str, Any]) -> Happening:
    tournament = Tournament.objects.select_related("winner__player").get(pk=payload["tournament_id"])
    recipients = (
        []
        if tournament.status != Tournament.Status.FINISHED
        else list(
            Registration.objects.entered()
            .filter(tournament=tournament, player__isnull=False)
            .order_by("pk")
            .values_list("player_id", flat=True)
        )
    )
    winner = tournament.winner.display_name if tournament.winner else ""
    url = _url("tournaments:standings", tournament.pk)

    def render(user_id: int) -> Message:
        names = {"tournament": tournament.name, "winner": winner}
        text = gettext("%(tournament)s is finished.") % names
        if winner:
            text += " " + gettext("The winner: %(winner)s.") % names
        text += " " + gettext("The final standings are on the standings page.")
        return Message(subject=gettext("%(tournament)s is finished") % names, text=text, url=url)

    return Happening(
        NotificationEvent.EVENT_FINISHED,
        f"event.finished:tournament={tournament.pk}:at={payload.get('stamp', '')}"[:120],
        tournament.pk,
        recipients,
        render,
    )


def _deck_refused(payload: dict[str, Any]) -> Happening:
    registration = Registration.objects.select_related("tournament").get(pk=payload["registration_id"])
    tournament = registration.tournament
    recipients = [registration.player_id] if registration.player_id is not None else []
    violations = [
        Violation(
            code=v.get("code", ""),
            params=dict(v.get("params") or {}),
            cards=tuple(v.get("cards") or ()),
            rule=v.get("rule", ""),
            message=v.get("message", ""),
        )
        for v in (payload.get("verdict") or {}).get("violations", [])
    ]
    url = _url("tournaments:detail", tournament.pk)

    def render(user_id: int) -> Message:
        fmt = format_label(tournament.deck_format)
        lines = [gettext("Your decklist for %(tournament)s is not legal:") % {"tournament": tournament.name}]
        lines += [f"- {violation_text(violation, fmt)}" for violation in violations]
        lines.append(gettext("Submit a corrected decklist on the event's page."))
        return Message(
            subject=gettext("%(tournament)s: your decklist is refused") % {"tournament": tournament.name},
            text="\n".join(lines),
            url=url,
        )

    return Happening(
        NotificationEvent.DECK_REFUSED,
        f"deck.refused:submission={payload.get('submission_id')}",
        tournament.pk,
        recipients,
        render,
    )


_BUILDERS: dict[str, Callable[[dict[str, Any]], Happening]] = {
    NotificationEvent.ROUND_PAIRED: _round_paired,
    NotificationEvent.ROUND_TIME: _round_time,
    NotificationEvent.RESULT_REPORTED: _result_reported,
    NotificationEvent.RESULT_CONFIRMED: _result_confirmed,
    NotificationEvent.RESULT_DISPUTED: _result_disputed,
    NotificationEvent.PLAYER_DROPPED: _player_dropped,
    NotificationEvent.EVENT_FINISHED: _event_finished,
    NotificationEvent.DECK_REFUSED: _deck_refused,
}
