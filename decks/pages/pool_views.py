"""Pool sheets and pool exports of a limited event (issue 23): each player's dealt pool as a printable checklist by
card type (``static/print.css``, one player a page), and as CSV or JSON.

A pool is private to its player and the organiser (as ``decks.api.views.RegistrationPool``): the player reads their
own sheet and export (``registrations/<id>/pool/...``, a 403 for anyone else), the organiser every player's on one
sheet and in one file (``manage/pools/...``)."""

from __future__ import annotations

import io
import json

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext

from decks.selectors import POOL_CSV_COLUMNS, pool_csv_rows, pool_document, pool_sheets
from tournaments.models import Registration, Tournament
from tournaments.pages.access import tournament_view
from tournaments.pages.csv_export import csv_writer
from tournaments.roles import is_tournament_organiser


def _own_registration(request: HttpRequest, tournament: Tournament, registration_id: int) -> Registration:
    """The registration whose pool is asked for: a 404 when it is not this tournament's, a 403 unless the reader
    is its player or the organiser."""
    registration = get_object_or_404(
        Registration.objects.select_related("player"), pk=registration_id, tournament=tournament
    )
    if not (registration.belongs_to(request.user) or is_tournament_organiser(request.user, tournament)):
        raise PermissionDenied(gettext("A pool is private to its player and the organiser."))
    return registration


def _sheet_page(
    request: HttpRequest, tournament: Tournament, sheets: list[dict], *, own: bool
) -> HttpResponse:
    return render(request, "decks/print/pool_sheets.html", {"t": tournament, "sheets": sheets, "own": own})


@tournament_view("public")
def pool_sheet(request: HttpRequest, tournament: Tournament, registration_id: int) -> HttpResponse:
    """A player's pool sheet: the pool as a checklist by card type (a box per copy to tick while building), the
    player, event, kind, seed and sets. The player and the organiser only (403); a 404 before it is dealt."""
    registration = _own_registration(request, tournament, registration_id)
    sheets = pool_sheets(tournament, registration)
    if not sheets:
        raise Http404(gettext("No pool has been dealt to this player yet."))
    return _sheet_page(request, tournament, sheets, own=True)


@tournament_view("organiser")
def pool_sheets_all(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Every player's pool sheet, one player a printed page, registration order (organiser only)."""
    return _sheet_page(request, tournament, pool_sheets(tournament), own=False)


def _export(tournament: Tournament, sheets: list[dict], as_: str, name: str) -> HttpResponse:
    """``as_`` ``csv`` (:data:`decks.selectors.POOL_CSV_COLUMNS`, cells escaped against formulas) or ``json``
    (:func:`decks.selectors.pool_document`); anything else a 400."""
    if as_ == "json":
        response = HttpResponse(
            json.dumps(pool_document(tournament, sheets), indent=1), content_type="application/json"
        )
    elif as_ == "csv":
        stream = io.StringIO()
        writer = csv_writer(stream)
        writer.writerow(POOL_CSV_COLUMNS)
        for row in pool_csv_rows(sheets):
            writer.writerow(row)
        response = HttpResponse(stream.getvalue().encode("utf-8"), content_type="text/csv; charset=utf-8")
    else:
        return HttpResponseBadRequest(
            gettext("Export as 'csv' or 'json'."), content_type="text/plain; charset=utf-8"
        )
    response["Content-Disposition"] = f'attachment; filename="tournament-{tournament.pk}-{name}.{as_}"'
    return response


@tournament_view("public")
def pool_export(request: HttpRequest, tournament: Tournament, registration_id: int) -> HttpResponse:
    """A player's pool as ``?as=csv`` (default) or ``?as=json``: the player and the organiser only (403)."""
    registration = _own_registration(request, tournament, registration_id)
    return _export(
        tournament,
        pool_sheets(tournament, registration),
        request.GET.get("as", "csv"),
        f"pool-{registration.pk}",
    )


@tournament_view("organiser")
def pools_export(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Every player's pool as ``?as=csv`` (default) or ``?as=json`` (organiser only)."""
    return _export(tournament, pool_sheets(tournament), request.GET.get("as", "csv"), "pools")
