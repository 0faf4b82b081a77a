"""The deck registration sheet (issue 13): a player's decklist on one printable page (``static/print.css``), grouped
by card type as on the deck page, with the player, event, format, date, totals and signature lines. Who may open it
follows the decklist's privacy (``decks.selectors.can_view_decklist``, as ``decks.pages.views.registration_deck``):
its owner and the organiser always, anyone once the organiser has published it."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext
from rules.deck_export import group_by_type

from decks.models import RegisteredDeck
from decks.selectors import can_view_decklist, exportable_submission, submission_decklist
from tournaments.models import Registration, Tournament
from tournaments.pages.access import tournament_view


@tournament_view("public")
def deck_sheet(request: HttpRequest, tournament: Tournament, registration_id: int) -> HttpResponse:
    """The registered deck (for its owner and the organiser, the latest submission when none is registered yet) as a
    deck registration sheet: ``groups`` ``[{"card_type", "count", "cards": [(card, copies), ...]}]`` in the card
    type order of ``rules.deck_export.CARD_TYPE_ORDER``, the total of cards and champion levels. A 403 for anyone
    the decklist is private to."""
    registration = get_object_or_404(Registration.objects.select_related("player", "tournament"),
                                     pk=registration_id, tournament=tournament)
    if not can_view_decklist(request.user, registration):
        raise PermissionDenied(gettext("Decklists are private to their owner and the organiser."))
    submission = exportable_submission(request.user, registration)
    groups: list[dict] = []
    levels = total = dungeon = 0
    if submission is not None:
        decklist = submission_decklist(submission)
        for card_type, entries in group_by_type(decklist.cards):
            count = sum(copies for _, copies in entries)
            groups.append({"card_type": card_type, "count": count, "cards": entries})
            if card_type == "Dungeon":
                dungeon += count
            else:
                total += count
        levels = (submission.verdict or {}).get("champion_levels", 0)
    return render(request, "decks/print/deck_sheet.html", {
        "t": tournament, "registration": registration, "submission": submission, "groups": groups,
        "total": total, "dungeon": dungeon, "levels": levels,
        "registered": submission is not None and RegisteredDeck.submission_of(registration) == submission,
    })
