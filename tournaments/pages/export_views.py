"""Downloads anyone may take: standings, pairings and the full match history as CSV, and the history
as the JSON of ``python -m rules standings`` (ARCHITECTURE.md, "Stable command-line interface"),
so an event can be re-scored anywhere."""

from __future__ import annotations

import csv
import json

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from rules.history import history_to_json

from tournaments import selectors
from tournaments.adapters import history_for
from tournaments.models import Match, Tournament

STANDINGS_COLUMNS = ["rank", "player", "name", "points", "wins", "losses", "draws", "omwp", "gwp", "ogwp"]


def _csv_response(tournament: Tournament, what: str) -> tuple[HttpResponse, csv.writer]:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tournament-{tournament.pk}-{what}.csv"'
    return response, csv.writer(response)


def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """The latest standings snapshot, one row per player in rank order (every tiebreaker column)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    snapshot = selectors.latest_snapshot(tournament)
    rows = snapshot.rows if snapshot else []
    extra = sorted({key for row in rows for key in row} - set(STANDINGS_COLUMNS) - {"dropped"})
    response, writer = _csv_response(tournament, "standings")
    writer.writerow(STANDINGS_COLUMNS + extra + ["dropped", "results_version"])
    for row in rows:
        writer.writerow([row.get(c, "") for c in STANDINGS_COLUMNS + extra]
                        + [int(bool(row.get("dropped"))), snapshot.version])
    return response


def _matches(tournament: Tournament):
    return (Match.objects.filter(round__tournament=tournament)
            .select_related("round", "player_a__player", "player_b__player")
            .prefetch_related("seats__registration__player").order_by("round__number", "table"))


def _sides(m: Match) -> tuple[str, str]:
    """The player_a / player_b columns: a duel's two players, "BYE", or a multiplayer table's seats."""
    if m.multiplayer:
        seats = sorted(m.seats.all(), key=lambda s: s.seat)
        return " / ".join(s.registration.display_name for s in seats), ""
    return m.player_a.display_name, m.player_b.display_name if m.player_b else "BYE"


def _table_result(m: Match) -> str:
    """Placements of a confirmed multiplayer table in seat order, e.g. "1 2 3 3" ("" otherwise)."""
    if not m.multiplayer:
        return ""
    seats = sorted(m.seats.all(), key=lambda s: s.seat)
    return " ".join("" if s.placement is None else str(s.placement) for s in seats).strip()


def pairings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Every round's pairings: round, kind, table, the two players (or BYE; a multiplayer table's seats in
    seat order, joined by " / ", in player_a) and why they were paired."""
    tournament = get_object_or_404(Tournament, pk=pk)
    response, writer = _csv_response(tournament, "pairings")
    writer.writerow(["round", "kind", "table", "player_a", "player_b", "reason"])
    for m in _matches(tournament):
        writer.writerow([m.round.number, m.round.kind, m.table, *_sides(m), m.pairing_reason])
    return response


def history_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Every match with its status, score and games (JSON of the confirmed games, mulligans included);
    a multiplayer table lists its seats in player_a and their placements in seat order."""
    tournament = get_object_or_404(Tournament, pk=pk)
    response, writer = _csv_response(tournament, "history")
    writer.writerow(["round", "kind", "table", "player_a", "player_b", "status", "wins_a", "wins_b", "draws",
                     "games", "placements"])
    for m in _matches(tournament):
        writer.writerow([m.round.number, m.round.kind, m.table, *_sides(m), m.status,
                         "" if m.wins_a is None else m.wins_a, "" if m.wins_b is None else m.wins_b,
                         "" if m.draws is None else m.draws, json.dumps(m.games), _table_result(m)])
    return response


def history_json(request: HttpRequest, pk: int) -> HttpResponse:
    """The confirmed history as ``python -m rules standings`` reads it (player ids = registration ids)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    response = HttpResponse(json.dumps(history_to_json(history_for(tournament)), ensure_ascii=False, indent=1),
                            content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tournament-{pk}-history.json"'
    return response
