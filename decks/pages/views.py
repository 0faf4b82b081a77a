"""Deck pages for players: the decklist editor (``/t/<id>/deck/``) with its live verdict preview and
card suggestions (htmx partials), a registration's decklist, decklist downloads, and asking to
replace a card destroyed by Enter Darkness Together. The upload guards it shares with the deck API are
``decks.uploads``.

The preview reads and checks a decklist exactly as ``decks.services.deck_submit`` does
(``decks.selectors.deck_preview``) and stores nothing.
"""

from __future__ import annotations


from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django.utils.translation import gettext, ngettext
from rules.deck_export import CARD_TYPE_ORDER, group_by_type
from rules.decklists import DecklistError

from decks.models import DraftSeat, RegisteredDeck
from decks.pages.forms import DeckForm
from decks.selectors import (
    can_view_decklist,
    card_search_grouped,
    decklist_text,
    deck_export,
    deck_preview,
    exportable_submission,
    pool_sheet,
    submissions_for,
)
from decks.services import deck_replacement_request, deck_submit
from decks.uploads import limit_megabytes, upload_refusal
from tournaments.errors import NotAllowed, UserError
from tournaments.ids import parse_id
from tournaments.models import Registration, Tournament
from tournaments.pages.access import tournament_view
from tournaments.pages.actions import attempt
from tournaments.rule_texts import error_text, format_label
from tournaments.services.permissions import is_tournament_organiser

#: How many cards the editor's suggestion list shows.
SUGGESTIONS = 12


#: HTTP status of the deck page when a submission is refused, by error code (other refusals,
#: such as unknown cards, re-show the form with 200 as before).
ERROR_STATUS = {"too_large": 413, "unreadable": 400, "empty": 400}


def error_status(exc: UserError) -> int:
    return ERROR_STATUS.get(exc.code, 200)


# --------------------------------------------------------------------------- preview
def preview_context(tournament: Tournament, data: bytes | str, filename: str = "",
                    registration: Registration | None = None) -> dict:
    """Context for ``decks/fragments/deck_preview.html``: the deck grouped by card type with counts and limits,
    champion levels and the cap, every violation with its rule, every warning (never an error); or ``preview_error`` (with the
    unknown lines and suggestions) when the decklist cannot be read. Never stores anything."""
    if isinstance(data, str) and not data.strip():
        return {"preview_empty": True}
    try:
        decklist, verdict, fmt = deck_preview(tournament, data, filename, registration)
    except DecklistError as exc:
        if exc.code == "unknown_cards":  # a heading: the lines and their suggestions are listed under it
            count = len(exc.params.get("unknown") or ())
            message = ngettext("%(count)s card line could not be matched to a card:",
                               "%(count)s card lines could not be matched to a card:", count) % {"count": count}
        else:
            message = error_text(exc)  # the reader's language, from the rule's code and params
        return {"preview_error": message, "preview_unknown": exc.params.get("unknown", [])[:50]}
    grouped = dict(group_by_type(decklist.cards))
    types = list(grouped)
    for limit in fmt.type_limits:  # types the format requires but the deck lacks
        if limit.minimum > 0 and limit.card_type not in grouped:
            types.append(limit.card_type)
    types.sort(key=lambda t: CARD_TYPE_ORDER.index(t) if t in CARD_TYPE_ORDER else len(CARD_TYPE_ORDER))
    groups = []
    for card_type in types:
        entries = grouped.get(card_type, [])
        count = sum(copies for _, copies in entries)
        limit = fmt.limit_for(card_type)
        within = limit is None or (count >= limit.minimum and (limit.maximum is None or count <= limit.maximum))
        if card_type == "Dungeon":
            limit_text = gettext("at most %(max)s, outside the deck size") % {"max": fmt.max_dungeon_cards}
            within = count <= fmt.max_dungeon_cards
        else:
            limit_text = _range_text(limit)
        groups.append({
            "card_type": card_type, "count": count, "limit": limit_text, "within": within,
            "cards": [{"card": card, "copies": copies, "line": f"{copies}x {card.name} ({card.key})",
                       "level": card.champion_level if card.is_champion else None} for card, copies in entries],
        })
    champion_types = _champion_types(decklist, fmt)
    min_total = getattr(fmt, "min_total", None)
    expected = f"{min_total}–{fmt.total}" if min_total is not None and min_total < fmt.total else str(fmt.total)
    return {"preview": {
        "legal": verdict.legal, "total": verdict.total_cards, "expected_total": expected,
        "total_ok": (min_total if min_total is not None else fmt.total) <= verdict.total_cards <= fmt.total,
        "champion_types": champion_types,
        "levels": verdict.champion_levels, "level_cap": fmt.champion_level_cap, "free_avatars": fmt.free_avatars,
        "format_name": format_label(fmt), "groups": groups, "violations": verdict.violations,
        "warnings": verdict.warnings,
        "title": decklist.title,
    }}


def _range_text(limit) -> str:
    """A type limit in the active language: "no limit", "at least 8", "any number" or "8–15"."""
    if limit is None:
        return gettext("no limit")
    if limit.maximum is None:
        return gettext("at least %(minimum)s") % {"minimum": limit.minimum} if limit.minimum else \
            gettext("any number")
    return f"{limit.minimum}–{limit.maximum}"


def _champion_types(decklist, fmt) -> list[dict]:
    """Champions per champion type with the format's limit (formats from CrossFire .cff files limit them)."""
    counts: dict[str, int] = {}
    for card in decklist.cards:
        if card.is_champion and card.champion_type:
            counts[card.champion_type] = counts.get(card.champion_type, 0) + 1
    limits = {limit.card_type: limit for limit in getattr(fmt, "champion_type_limits", ())}
    rows = []
    for champion_type in sorted(set(counts) | {t for t, lim in limits.items() if lim.minimum > 0}):
        count, limit = counts.get(champion_type, 0), limits.get(champion_type)
        within = limit is None or (count >= limit.minimum and (limit.maximum is None or count <= limit.maximum))
        rows.append({"champion_type": champion_type, "count": count, "within": within,
                     "limit": _range_text(limit) if limit is not None else ""})
    return rows


def _preview_response(request: HttpRequest, context: dict, status: int = 200) -> HttpResponse:
    return render(request, "decks/fragments/deck_preview.html", context, status=status)


@tournament_view("public")
@require_POST
def deck_preview_view(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """htmx: the verdict for the editor's text (``text``), as a partial. Saves nothing.

    The registered player and the organiser only. An htmx partial answers a refusal with a partial
    (a 403 that says why), not a redirect to the login page, so the audience is public and the view
    says who may check; bad input gets a friendly partial too."""
    user = request.user
    if not user.is_authenticated:
        return _preview_response(request, {"preview_error": gettext("Log in to check a decklist.")}, 403)
    registered = tournament.registrations.filter(player=user).exists()
    if not registered and not is_tournament_organiser(user, tournament):
        return _preview_response(request, {"preview_error": gettext(
            "Only the tournament's players and its organiser may check decklists here.")}, 403)
    refusal = upload_refusal(request)
    if refusal:
        return _preview_response(request, {"preview_error": refusal}, 413)
    try:
        text = request.POST.get("text", "")
    except RequestDataTooBig:
        return _preview_response(request, {"preview_error": gettext("The decklist is too large to check.")}, 413)
    if len(text.encode("utf-8", "surrogatepass")) > settings.DECKLIST_MAX_BYTES:
        return _preview_response(request, {"preview_error": gettext(
            "The decklist is larger than %(limit)s MB.") % {"limit": limit_megabytes()}}, 413)
    mine = tournament.registrations.filter(player=user).first()  # a limited event checks it against their pool
    return _preview_response(request, {"t": tournament, **preview_context(tournament, text, registration=mine)})


# --------------------------------------------------------------------------- card suggestions
@require_GET
def card_suggestions(request: HttpRequest) -> HttpResponse:
    """htmx: up to 12 cards matching ``q`` (and optionally ``card_type``) for the decklist editor."""
    return render(request, "decks/fragments/card_suggestions.html", suggestion_context(request.GET))


def suggestion_context(params) -> dict:
    """``q`` (normalised, at most 100 characters), ``cards`` (``decks.selectors.CardGroup``: each card once, its
    other printings grouped under it), ``too_short`` (fewer than two characters)."""
    q = " ".join((params.get("q") or "").split())[:100]
    if len(q) < 2:
        return {"q": q, "cards": [], "too_short": bool(q)}
    return {"q": q, "cards": card_search_grouped(q=q, card_type=(params.get("card_type") or "")[:32], limit=SUGGESTIONS)}


# --------------------------------------------------------------------------- export
@tournament_view("public")
@require_GET
def deck_export_view(request: HttpRequest, tournament: Tournament, registration_id: int) -> HttpResponse:
    """Download a decklist as text (``?as=text``) or CrossFire .cfd (``?as=cfd``); the same
    privacy as reading it (owner and organiser, or anyone once published)."""
    registration = get_object_or_404(Registration.objects.select_related("tournament", "registered_deck__submission"),
                                     pk=registration_id, tournament=tournament)
    if not can_view_decklist(request.user, registration):
        raise PermissionDenied(gettext("Decklists are private to their owner and the organiser."))
    as_ = request.GET.get("as", "text")
    if as_ not in ("text", "cfd"):
        return HttpResponseBadRequest(gettext("Export as 'text' or 'cfd'."), content_type="text/plain; charset=utf-8")
    raw_id = request.GET.get("submission") or ""
    submission_id = parse_id(raw_id) if raw_id else None
    if raw_id and submission_id is None:
        return HttpResponseBadRequest(gettext("'submission' must be a submission id."),
                                      content_type="text/plain; charset=utf-8")
    submission = exportable_submission(request.user, registration, submission_id)
    if submission is None:
        raise Http404(gettext("No decklist to export."))
    content, content_type, filename = deck_export(submission, as_)
    response = HttpResponse(content.encode("utf-8"), content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# --------------------------------------------------------------------------- the decklist page
@tournament_view("player")
def deck(request: HttpRequest, tournament: Tournament, registration: Registration | None) -> HttpResponse:
    """The player's decklist page: submit (paste or upload) and see the verdict at once.

    The same form also searches cards (``action=search``) and checks without saving
    (``action=preview``), so the editor works without JavaScript; with it, htmx does both
    live (``deck_preview_view``, ``card_suggestions``). Refused uploads (too large, binary, ...)
    are form errors with a 4xx status and never touch the registered deck."""
    if registration is None:
        messages.error(request, gettext("Register for the tournament first."))
        return redirect("tournaments:detail", pk=tournament.pk)
    return _deck_editor(request, tournament, registration, reverse("decks:deck", args=[tournament.pk]))


@tournament_view("organiser")
def walk_in_deck(request: HttpRequest, tournament: Tournament, registration_id: int) -> HttpResponse:
    """The organiser enters a walk-in's decklist: the player's editor, form, service and verdict, for an entry
    no account has claimed yet (``Registration.player`` None); a 404 for any other entry (its player submits
    their own)."""
    registration = get_object_or_404(Registration, pk=registration_id, tournament=tournament, player__isnull=True)
    return _deck_editor(request, tournament, registration,
                        reverse("decks:walk-in-deck", args=[tournament.pk, registration.pk]))


def _deck_editor(request: HttpRequest, tournament: Tournament, registration: Registration, here: str
                 ) -> HttpResponse:
    """The decklist editor for ``registration`` (GET and POST); ``here`` is its URL, where a submit returns."""
    extra: dict = {"search": suggestion_context(request.GET)} if request.GET.get("q") else {}
    if request.method == "POST":
        refusal = upload_refusal(request)  # before anything reads the body
        if refusal:
            return _deck_page(request, tournament, registration, DeckForm(), status=413,
                              extra={"upload_error": refusal})
        try:
            form = DeckForm(request.POST, request.FILES)
            action = request.POST.get("action", "submit")
        except RequestDataTooBig:
            return _deck_page(request, tournament, registration, DeckForm(), status=413, extra={
                "upload_error": gettext("The decklist is too large to read; a decklist is at most a few kilobytes.")})
        if action == "search":
            return _deck_page(request, tournament, registration, DeckForm(initial={"text": request.POST.get("text", "")}),
                              extra={"search": suggestion_context(request.POST)})
    else:  # the editor opens with the latest decklist: fixing one card means editing one line
        form, action = DeckForm(initial={"text": decklist_text(registration)}), ""
    if action == "preview" and form.is_valid():
        upload = form.cleaned_data.get("file")
        data = upload.read() if upload is not None else form.cleaned_data["text"]
        extra.update(preview_context(tournament, data, upload.name if upload is not None else "", registration))
        return _deck_page(request, tournament, registration, DeckForm(initial={"text": request.POST.get("text", "")}),
                          extra=extra)
    if action == "submit" and form.is_valid():
        upload = form.cleaned_data.get("file")
        if upload is not None:
            data, filename = upload.read(), upload.name
        else:
            data, filename = form.cleaned_data["text"], ""
        try:
            submission = deck_submit(registration=registration, actor=request.user, data=data, filename=filename)
        except NotAllowed as exc:
            raise PermissionDenied(exc.message) from exc
        except UserError as exc:
            form.add_error(None, exc.message)
            return _deck_page(request, tournament, registration, form, status=error_status(exc), extra=extra)
        else:
            mine = registration.belongs_to(request.user)
            name = {"name": registration.display_name}
            if submission.legal:  # a refusal is a red alert, never a green success
                messages.success(request, gettext("Your deck is legal and registered.") if mine
                                 else gettext("The deck of %(name)s is legal and registered.") % name)
            else:
                messages.error(request, gettext("Your deck is not legal: see why below. Your registered deck is "
                                                "unchanged.") if mine
                               else gettext("The deck of %(name)s is not legal: see why below. The registered deck "
                                            "is unchanged.") % name)
            return redirect(here)
    file_errors = form.errors.as_data().get("file", []) if form.is_bound else []
    status = 413 if any(e.code == "too_large" for e in file_errors) else 400 if file_errors else 200
    return _deck_page(request, tournament, registration, form, status=status, extra=extra)


def _deck_page(request, tournament, registration, form=None, *, status: int = 200, extra: dict | None = None
               ) -> HttpResponse:
    organiser = is_tournament_organiser(request.user, tournament)
    private_view = registration.belongs_to(request.user) or organiser
    # the organiser edits an unclaimed walk-in's decklist as its owner would (until the lock)
    editor = registration.belongs_to(request.user) or (
        organiser and registration.player_id is None and not tournament.decks_locked)
    if private_view:
        submissions = submissions_for(registration)
        latest = submissions[0] if submissions else None
    else:  # a published list: the registered deck only, never the player's earlier attempts
        latest = RegisteredDeck.submission_of(registration)
    return render(request, "decks/deck.html", {
        "t": tournament, "registration": registration, "form": form, "latest": latest,
        "registered": RegisteredDeck.submission_of(registration), "owner": editor,
        "replacements": registration.deck_replacements.all() if private_view else [],
        "pool": pool_sheet(registration) if private_view else None,
        "drafting": registration.belongs_to(request.user) and DraftSeat.objects.filter(
            registration=registration).exists(),
        **(extra or {}),
    }, status=status)


@tournament_view("player")
@require_POST
def deck_replacement(request: HttpRequest, tournament: Tournament, registration: Registration | None) -> HttpResponse:
    """After the lock: ask to replace a card destroyed by Enter Darkness Together."""
    if registration is None:
        raise PermissionDenied(gettext("You are not registered for this tournament."))
    attempt(request, lambda: deck_replacement_request(
        registration=registration, actor=request.user, destroyed=request.POST.get("destroyed", ""),
        replacement=request.POST.get("replacement", "")),
        gettext("Replacement requested: the organiser will approve it."))
    return redirect("decks:deck", pk=tournament.pk)


@tournament_view("public")
def registration_deck(request: HttpRequest, tournament: Tournament, registration_id: int) -> HttpResponse:
    """A player's decklist as the organiser (or the owner) sees it; private to everyone else (or, once
    the organiser publishes it, public)."""
    registration = get_object_or_404(Registration.objects.select_related("player", "tournament"),
                                     pk=registration_id, tournament=tournament)
    if not can_view_decklist(request.user, registration):
        raise PermissionDenied(gettext("Decklists are private to their owner and the organiser."))
    return _deck_page(request, tournament, registration)
