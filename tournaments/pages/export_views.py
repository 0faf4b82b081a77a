"""Downloads anyone may take: standings, pairings and the full match history as CSV, and the history
as the JSON of ``python -m rules standings`` (ARCHITECTURE.md, "Stable command-line interface"),
so an event can be re-scored anywhere.

Every CSV takes ``?lang=en|pt-br|fr``: the header row in that language (``csv_export.header_row``); without it
the headers are the English column keys, as scripts expect (and the texts of the rows -- the pairings' reasons,
the history's results and games, the placings ("3rd-4th"), the round kinds ("swiss") and the match statuses --
are in that language too, else in English whatever the browser's language). Another ``lang`` is a 400 naming the
valid ones. The standings page links each export with its own language (``?lang=`` of the page)."""

from __future__ import annotations

import json

from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils import translation
from rules.history import history_to_json

from tournaments import selectors
from tournaments.adapters import history_for
from tournaments.models import Match, ResultSubmission, Seat, Tournament
from tournaments.pages.access import tournament_view
from tournaments.pages.csv_export import CsvWriter, csv_language, csv_writer, header_row
from tournaments.pages.labels import system_columns
from tournaments.pages.presenters.standings import placing_text
from tournaments.rule_texts import pairing_reason_text
from tournaments.presentation import describe_record, outcome_text
from tournaments.services.scoring import Outcome

PLACING_COLUMNS = ["placing", "placing_band"]
#: The standings columns before the tiebreakers of the event's system (``labels.system_columns``).
STANDINGS_COLUMNS = ["rank", "player", "name", "points", "wins", "losses", "draws"]


def _bad_language() -> HttpResponse:
    return HttpResponseBadRequest("lang must be one of: en, pt-br, fr (or leave it out for the English column keys).",
                                  content_type="text/plain; charset=utf-8")


def _csv_response(tournament: Tournament, what: str) -> tuple[HttpResponse, CsvWriter]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tournament-{tournament.pk}-{what}.csv"'
    return response, csv_writer(response)


@tournament_view("public")
def standings_csv(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The latest standings snapshot, one row per player in the snapshot's order: rank, player, name, points,
    W-L-D, then the columns of the event's tiebreaker system in tiebreak order (``rules.standings.SYSTEMS``: the
    Buchholz columns for a Buchholz event, OMW%, GW%, OGW% for mtg), then any other key of the rows (sorted).

    After an elimination phase the rows are in final placing order and the first two columns are
    ``placing`` (1-based, shared inside a band) and ``placing_band`` ("3rd-4th"; with ``lang``, in that language:
    "3º–4º"); ``rank`` stays the Swiss rank. An event with a day 2 has ``placing``, ``placing_band`` and ``phase``
    (the last day the player played) too; each day's own standings are on the page and in the API, not here."""
    try:
        language = csv_language(request.GET.get("lang"))
    except ValueError:
        return _bad_language()
    snapshot = selectors.latest_snapshot(tournament)
    rows = snapshot.rows if snapshot is not None else []
    version = snapshot.version if snapshot is not None else ""
    lead = PLACING_COLUMNS if snapshot is not None and snapshot.has_placings else []
    system = system_columns(snapshot.tiebreakers if snapshot is not None else tournament.tiebreakers)
    columns = lead + STANDINGS_COLUMNS + [c.key for c in system]
    extra = sorted({key for row in rows for key in row} - set(columns) - {"dropped", "by_phase"})
    response, writer = _csv_response(tournament, "standings")
    writer.writerow(header_row(columns + extra + ["dropped", "results_version"], language,
                               {c.key: c.heading for c in system}))
    for row in rows:
        cells = [row.get(c, "") for c in columns + extra]
        if lead and language is not None:
            with translation.override(language):
                cells[1] = placing_text(cells[1])
        writer.writerow(cells + [int(bool(row.get("dropped"))), version])
    return response


def _matches(tournament: Tournament, user) -> list[tuple[Match, ResultSubmission | None]]:
    """Every match ``user`` may see (a draft round's for the staff only: ``selectors.visible_matches``) in round
    and table order with its seats (``seat_list``), each with its confirmed submission (None before): 3 queries."""
    matches = selectors.visible_matches(tournament, user).select_related("round").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("registration__player").order_by("number")),
        Prefetch("submissions", queryset=ResultSubmission.objects.filter(state=ResultSubmission.State.CONFIRMED),
                 to_attr="confirmed_list"),
    ).order_by("round__number", "table")
    rows: list[tuple[Match, ResultSubmission | None]] = []
    for m in matches:
        m.seat_list = list(m.seats.all())
        rows.append((m, m.confirmed_list[0] if m.confirmed_list else None))
    return rows


def _seats(m: Match) -> str:
    """The players in seat order, joined by " / " (one name: a bye)."""
    return " / ".join(s.registration.display_name for s in m.seat_list)


def _kind(m: Match, language: str | None) -> str:
    """The round's kind: the stored key ("swiss") without a language, else its name in ``language``."""
    if language is None:
        return m.round.kind
    with translation.override(language):
        return str(m.round.get_kind_display())


def _status(m: Match, language: str | None) -> str:
    """The match's status: the stored key ("confirmed") without a language, else its name in ``language``."""
    if language is None:
        return m.status
    with translation.override(language):
        return str(m.get_status_display())


def _reason(m: Match, language: str | None) -> str:
    """Why the match's players were paired: the stored English sentence without a language, else in
    ``language`` (``rule_texts.pairing_reason_text``)."""
    if language is None:
        return m.pairing_reason
    with translation.override(language):
        return pairing_reason_text(m.pairing_reason_code, m.pairing_reason_params, m.pairing_reason)


@tournament_view("public")
def pairings_csv(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Every round's pairings: round, kind, table, the number of seats and the players in seat order
    (joined by " / "; one seat is a bye, ``bye`` 1, or a loss with no opponent, ``late_loss`` 1: a late player's),
    and why they were paired (in English, or in the ``lang`` given, as the round's kind)."""
    try:
        language = csv_language(request.GET.get("lang"))
    except ValueError:
        return _bad_language()
    response, writer = _csv_response(tournament, "pairings")
    writer.writerow(header_row(["round", "kind", "table", "seat_count", "seats", "bye", "late_loss", "reason"],
                               language))
    for m, _confirmed in _matches(tournament, request.user):
        writer.writerow([m.round.number, _kind(m, language), m.table, len(m.seat_list), _seats(m),
                         int(len(m.seat_list) == 1 and not m.opponentless_loss), int(m.opponentless_loss),
                         _reason(m, language)])
    return response


@tournament_view("public")
def history_csv(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Every match with its seats and result: status, the result as text ("alice 2-1 bob"), games won and
    placements per seat in seat order (space-separated), drawn games, the confirmed record's games as text
    (one "Game n: ..." per game, mulligans and counts included, joined by " | ") and as JSON. The texts are
    English without ``lang`` (whatever the browser's language: scripts read them), else in that language."""
    try:
        language = csv_language(request.GET.get("lang"))
    except ValueError:
        return _bad_language()
    response, writer = _csv_response(tournament, "history")
    writer.writerow(header_row(["round", "kind", "table", "seat_count", "seats", "status", "result", "wins",
                                "placements", "draws", "games", "record"], language))
    for m, confirmed in _matches(tournament, request.user):
        seats = m.seat_list
        if confirmed is not None:
            names = {s.number: s.registration.display_name for s in seats}
            with translation.override(language or "en"):  # English rows unless a lang is asked for
                result = outcome_text(seats, Outcome.from_json(confirmed.outcome))
                games = " | ".join(describe_record(confirmed.record, names))
            record = json.dumps(confirmed.record)
        else:
            result = games = record = ""
        writer.writerow([m.round.number, _kind(m, language), m.table, len(seats), _seats(m), _status(m, language),
                         result,
                         " ".join("" if s.wins is None else str(s.wins) for s in seats).strip(),
                         " ".join("" if s.placement is None else str(s.placement) for s in seats).strip(),
                         "" if m.draws is None else m.draws, games, record])
    return response


@tournament_view("public")
def history_json(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The confirmed history as ``python -m rules standings`` reads it (player ids = registration ids)."""
    response = HttpResponse(json.dumps(history_to_json(history_for(tournament)), ensure_ascii=False, indent=1),
                            content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tournament-{tournament.pk}-history.json"'
    return response
