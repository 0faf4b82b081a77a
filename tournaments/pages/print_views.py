"""Printable pages (issue 13), each a clean sheet for A4 or Letter (``static/print.css``: no header, navigation or
buttons on paper, black on white, page breaks) with a Print button and a link back:

- the pairings of a round by table and alphabetically by player name (what venues post on the wall): public;
- the match slips of a round, one per table (``?table=N``: that table's only): the organiser's;
- the standings, every row with the tiebreakers: public.

The deck registration sheet is ``decks.pages.print_views``."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.translation import gettext

from tournaments import selectors
from tournaments.ids import parse_int
from tournaments.models import Round, Tournament
from tournaments.pages.access import tournament_view
from tournaments.pages.presenters import match_rows


def _round(request: HttpRequest, tournament: Tournament, number: int) -> Round:
    """Round ``number``: a 404 when it does not exist, or is a draft and the reader is not on the staff
    (``selectors.round_visible``)."""
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    if not selectors.round_visible(rnd, request.user, tournament):
        raise Http404(gettext("Round %(n)s is being paired.") % {"n": rnd.number})
    return rnd


@tournament_view("public")
def print_pairings_by_table(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Round ``number``'s pairings in table order: each table with its players (A and B in a duel, seats at a
    multiplayer table); the byes last, then the late players' losses with no opponent."""
    rnd = _round(request, tournament, number)
    rows = match_rows(selectors.round_matches(rnd))
    return render(request, "tournaments/print/pairings_by_table.html", {
        "t": tournament, "round": rnd, "tables": [r for r in rows if not r.is_bye],
        "byes": [r.seats[0].registration.display_name for r in rows if r.is_bye and not r.is_late_loss and r.seats],
        "late_losses": [r.seats[0].registration.display_name for r in rows if r.is_late_loss and r.seats],
    })


@tournament_view("public")
def print_pairings_by_name(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Round ``number``'s pairings by player name (``selectors.pairing_lines``): name, table, side or seat,
    opponents, or a bye."""
    rnd = _round(request, tournament, number)
    return render(request, "tournaments/print/pairings_by_name.html", {
        "t": tournament, "round": rnd, "lines": selectors.pairing_lines(rnd)})


@tournament_view("organiser")
def print_slips(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """One match slip per table of round ``number`` (byes have none; ``?table=N``: that table only): the event,
    round and table, the players, a row per game up to the best of N with the winner, each player's two-draw
    mulligan boxes (spellfire-tournament-rules-2.0.txt, Two-Draw Mulligan) and, where the end-of-game counts can
    decide a game (``decide_by_counts`` or a deck-out that ends the game), each player's unrazed and razed realms;
    a multiplayer table gets a place per player; signature lines; the table's clock; in an off-the-top event, the
    table's shared pool by card type (spell-battle-rules.txt, 8. Tournaments)."""
    rnd = _round(request, tournament, number)
    matches = selectors.round_matches(rnd)
    table = parse_int(request.GET.get("table", ""), minimum=1, maximum=32767)
    if table is not None:
        matches = matches.filter(table=table)
    now = timezone.now()
    rows = [row for row in match_rows(matches) if not row.is_bye]
    pools = selectors.shared_pools([row.match for row in rows]) if tournament.is_off_the_top else {}
    slips = [(row, selectors.clock_at(rnd, tournament.round_minutes, now=now, match=row.match),
              pools.get(row.match.pk)) for row in rows]
    return render(request, "tournaments/print/slips.html", {
        "t": tournament, "round": rnd, "slips": slips, "games": range(1, tournament.best_of + 1),
        "counts_matter": tournament.end_of_round == Tournament.EndOfRound.DECIDE_BY_COUNTS
        or tournament.deck_out == Tournament.DeckOut.GAME_ENDS,
        "one_table": table,
    })


@tournament_view("public")
def print_standings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The latest standings, every row (no pages) with the tiebreaker columns, saying after which round."""
    snapshot = selectors.latest_snapshot(tournament)
    progress = selectors.rounds_tables(tournament)
    complete = [number for number, tables, confirmed in progress if tables and confirmed == tables]
    in_progress = next(((number, tables, confirmed) for number, tables, confirmed in reversed(progress)
                        if confirmed < tables), None)
    return render(request, "tournaments/print/standings.html", {
        "t": tournament, "snapshot": snapshot, "table": snapshot.table if snapshot else [],
        "after_round": complete[-1] if complete else None, "in_progress": in_progress,
        "printed_at": timezone.now(),
    })
