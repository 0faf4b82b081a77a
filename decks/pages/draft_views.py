"""The draft's pages (issue 23): the drafter's "Your pick" page on their phone (the pack they hold, one button per
card: one tap records the pick), polled with htmx until the next pack arrives; and the organiser's forms on the
manage page's Decks tab (seat the draft, take a late seat's pick, enter a paper draft's pool).

Each view calls one service (``decks.draft_services``) and reads through ``decks.draft_selectors``."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST
from rules.draft import DEFAULT_POD_SIZE

from decks.draft_selectors import draft_progress, seat_state
from decks.draft_services import draft_paper_pool, draft_pick, draft_pick_for_late, draft_start
from decks.uploads import upload_refusal
from tournaments.errors import NotAllowed, UserError
from tournaments.ids import parse_id, parse_int
from tournaments.models import Registration, Tournament
from tournaments.pages.access import tournament_view
from tournaments.pages.actions import attempt, back_to


def _pick_context(tournament: Tournament, registration: Registration) -> dict:
    state = seat_state(registration)
    return {
        "t": tournament,
        "registration": registration,
        "state": state,
        "poll": settings.LIVE_POLL_SECONDS,
        "live": bool(state and not state.done and not state.ready),
    }


@tournament_view("player")
def draft_pick_page(
    request: HttpRequest, tournament: Tournament, registration: Registration | None
) -> HttpResponse:
    """The drafter's "Your pick" page: GET shows the pack their seat holds (or that they wait for it, polled);
    POST ``card`` (a card key) records the pick at once and shows the next pack (an htmx POST gets the fragment
    back; a refused pick is a message with its 4xx status)."""
    if registration is None:
        messages.error(request, gettext("Register for the tournament first."))
        return redirect("tournaments:detail", pk=tournament.pk)
    status = 200
    if request.method == "POST":
        try:
            draft_pick(registration=registration, actor=request.user, card=request.POST.get("card", ""))
        except NotAllowed as exc:
            raise PermissionDenied(exc.message) from exc
        except UserError as exc:
            messages.error(request, exc.message)
            status = exc.status
        else:
            if not request.headers.get("HX-Request"):
                return redirect("decks:draft", pk=tournament.pk)
    context = _pick_context(tournament, registration)
    if request.headers.get("HX-Request"):
        return render(request, "decks/fragments/draft_pick.html", context, status=status)
    return render(request, "decks/draft.html", context, status=status)


@tournament_view("player")
def draft_pick_live(
    request: HttpRequest, tournament: Tournament, registration: Registration | None
) -> HttpResponse:
    """htmx: the "Your pick" fragment again (polled while the seat waits for its next pack)."""
    if registration is None:
        raise PermissionDenied(gettext("Register for the tournament first."))
    return render(request, "decks/fragments/draft_pick.html", _pick_context(tournament, registration))


@tournament_view("organiser")
@require_POST
def manage_draft_start(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Seat the draft and deal its packs: sets (codes, comma-separated) or the organiser's card list, pod size, pick
    timer (seconds, blank or 0: none) and an optional seed."""
    raw = {name: request.POST.get(name, "").strip() for name in ("seed", "pod_size", "pick_seconds")}
    seed = parse_int(raw["seed"], maximum=2**31 - 1) if raw["seed"] else None
    pod_size = parse_int(raw["pod_size"], maximum=99) if raw["pod_size"] else DEFAULT_POD_SIZE
    pick_seconds = parse_int(raw["pick_seconds"], maximum=100_000) if raw["pick_seconds"] else 0
    if (raw["seed"] and seed is None) or pod_size is None or pick_seconds is None:
        messages.error(request, gettext("Enter whole numbers of 0 or more."))
        return back_to(request, tournament, "decks:manage")
    sets = [code.strip() for code in request.POST.get("sets", "").split(",") if code.strip()][:20] or None
    card_list = request.POST.get("card_list", "").strip() or None
    attempt(
        request,
        lambda: draft_start(
            tournament=tournament,
            actor=request.user,
            seed=seed,
            sets=sets,
            pod_size=pod_size,
            pick_seconds=pick_seconds,
            card_list=card_list,
        ),
        gettext("The draft is seated and its packs dealt."),
    )
    return back_to(request, tournament, "decks:manage")


@tournament_view("organiser")
@require_POST
def manage_draft_late_pick(
    request: HttpRequest, tournament: Tournament, registration_id: int
) -> HttpResponse:
    """Take the first card of a late seat's pack (the pick timer ran out); logged."""
    registration = get_object_or_404(Registration, pk=registration_id, tournament=tournament)
    attempt(
        request,
        lambda: draft_pick_for_late(registration=registration, actor=request.user),
        gettext("Late pick made: the first card of the pack."),
    )
    return back_to(request, tournament, "decks:manage")


@tournament_view("organiser")
@require_POST
def manage_draft_paper_pool(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """A paper draft: one player's final pool, pasted or uploaded (text, .cfd or .dek)."""
    refusal = upload_refusal(request)
    if refusal:
        messages.error(request, refusal)
        return back_to(request, tournament, "decks:manage")
    registration = get_object_or_404(
        Registration, pk=parse_id(request.POST.get("registration", "")) or 0, tournament=tournament
    )
    upload = request.FILES.get("file")
    data: bytes | str = upload.read() if upload else request.POST.get("card_list", "")
    filename = upload.name if upload else ""
    attempt(
        request,
        lambda: draft_paper_pool(
            registration=registration, actor=request.user, card_list=data, filename=filename or ""
        ),
        gettext("Pool entered for %(player)s.") % {"player": registration.display_name},
    )
    return back_to(request, tournament, "decks:manage")


@tournament_view("organiser")
def draft_seats_sheet(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The draft's seating on one printable page: each pod's seats in order (``draft_progress``)."""
    return render(
        request, "decks/print/draft_seats.html", {"t": tournament, "draft_pods": draft_progress(tournament)}
    )
