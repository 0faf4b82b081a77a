"""The player's "your match now" panel (``/me/`` and the event page): where the player sits and the state of
their match's result, in words."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.models import Match, ResultSubmission, Seat, Tournament, person_name
from tournaments.pages.presenters.matches import join_names, score_for


@dataclass(frozen=True)
class NowPanel:
    """What the "your match now" panel says of one ``selectors.MatchNow`` (``/me/`` and the event page).

    ``event``: the ``MatchNow``; ``phase``: "upcoming", "running" or "finished"; ``line``: where the player is,
    in one line ("Round 3, table 12, against carol", "Round 3: bye this round", "Waiting for round 2 to be
    paired", "Dropped after round 2"); ``report``: the state of the match's result in words ("carol reported
    2-1: confirm or dispute", "Waiting for carol to confirm your report (2-1)", "Disputed by carol: …");
    ``act``: the player must confirm or dispute the opponent's report; ``disputed``: the report is disputed;
    ``ends_at``: the end of the round clock while the player's match is open (else None);
    ``slip``: the match has a slip to open (a table, not a bye); ``record``: the player's
    ``selectors.PlayerRecord`` in a started event (``/me/`` only; None elsewhere)."""

    event: object
    phase: str
    line: str
    report: str = ""
    act: bool = False
    disputed: bool = False
    ends_at: object = None
    slip: bool = False
    record: object = None


def _names(seats: list[Seat]) -> str:
    return join_names([s.registration.display_name for s in seats])


def now_panel(event) -> NowPanel:
    """The ``NowPanel`` of a ``tournaments.selectors.MatchNow``."""
    t, reg = event.tournament, event.registration
    phase = {Tournament.Status.RUNNING: "running", Tournament.Status.FINISHED: "finished"}.get(t.status, "upcoming")
    if phase != "running":
        return NowPanel(event=event, phase=phase, line="")
    if reg.disqualified:
        return NowPanel(event=event, phase=phase, line=_("Disqualified"))
    if event.match is None and reg.dropped:
        after = reg.dropped_after_round
        return NowPanel(event=event, phase=phase,
                        line=(_("Dropped after round %(n)s") % {"n": after} if after
                              else _("Dropped before round 1")))
    if event.round is None:
        return NowPanel(event=event, phase=phase, line=_("Waiting for round 1 to be paired"))
    if event.match is None and event.round.is_draft:
        return NowPanel(event=event, phase=phase, line=_("Round %(n)s is being paired") % {"n": event.round.number})
    if event.match is None:
        return NowPanel(event=event, phase=phase, line=_("Waiting for round %(n)s to be paired") % {"n": event.round.number + 1})
    number, match = event.round.number, event.match
    others = [s for s in event.seats if s.number != event.seat]
    if not others and match.opponentless_loss:
        return NowPanel(event=event, phase=phase, line=_("Round %(n)s: late, a loss with no opponent") % {"n": number})
    if not others:
        return NowPanel(event=event, phase=phase, line=_("Round %(n)s: bye this round") % {"n": number})
    line = _("Round %(n)s, table %(table)s, against %(names)s") % {
        "n": number, "table": match.table, "names": _names(others)}
    if match.status == Match.Status.CONFIRMED:
        report, act, disputed = _confirmed(event, others), False, False
    elif event.report is not None:
        report, act, disputed = _reported(event, others)
    elif match.status == Match.Status.DISPUTED:
        report, act, disputed = _("Disputed: the organiser will settle it"), False, True
    else:
        report, act, disputed = _("No result reported yet"), False, False
    ends_at = event.round.ends_at(t.round_minutes) if match.status != Match.Status.CONFIRMED else None
    return NowPanel(event=event, phase=phase, line=line, report=report, act=act, disputed=disputed,
                    ends_at=ends_at, slip=True)


def _confirmed(event, others: list[Seat]) -> str:
    """A confirmed match's result from the player's side: "Result confirmed: you won 2-1" (a duel), "... you
    placed 2" (a table), "Result confirmed" when the player's seat has no place."""
    mine = next((s for s in event.seats if s.number == event.seat), None)
    if mine is None or mine.placement is None:
        return _("Result confirmed")
    if len(event.seats) > 2:
        return _("Result confirmed: you placed %(place)s") % {"place": mine.placement}
    score = score_for({"wins": [s.wins or 0 for s in event.seats], "draws": event.match.draws or 0},
                      event.seat, len(event.seats))
    won = "won" if mine.placement == 1 and not any(s.placement == 1 for s in others) else (
        "drew" if mine.placement == 1 else "lost")
    report = {"won": _("Result confirmed: you won %(score)s"), "drew": _("Result confirmed: you drew %(score)s"),
              "lost": _("Result confirmed: you lost %(score)s")}[won] % {"score": score}
    return report.strip()


def _reported(event, others: list[Seat]) -> tuple[str, bool, bool]:
    """The pending or disputed report of the player's match (``event.report``) in words, with (act: the player
    must confirm or dispute it, disputed)."""
    sub = event.report
    by_seat = next((s for s in event.seats if s.registration.player_id == sub.submitted_by_id), None)
    if sub.state == ResultSubmission.State.DISPUTED:
        responder = person_name(sub.responded_by) if sub.responded_by else _("a player")
        return _("Disputed by %(name)s: the organiser will settle it") % {"name": responder}, False, True
    score = score_for(sub.outcome, by_seat.number, len(event.seats)) if by_seat else ""
    if by_seat is not None and by_seat.number == event.seat:
        if score:
            return _("Waiting for %(names)s to confirm your report (%(score)s)") % {
                "names": _names(others), "score": score}, False, False
        return _("Waiting for %(names)s to confirm your report") % {"names": _names(others)}, False, False
    by = by_seat.registration.display_name if by_seat else person_name(sub.submitted_by)
    reported = _("reported %(score)s") % {"score": score} if score else _("reported the result")
    return _("%(name)s %(reported)s: confirm or dispute") % {"name": by, "reported": reported}, True, False
