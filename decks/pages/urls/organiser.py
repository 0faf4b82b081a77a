"""Deck forms of the organiser's manage page (``@tournament_view("organiser")``)."""

from django.urls import path, register_converter
from tournaments.pages.converters import ReplacementDecision

from decks.pages import draft_views, manage_views, pool_views, views

register_converter(ReplacementDecision, "decision")

urlpatterns = [
    path("t/<id:pk>/manage/decks/", manage_views.manage_decks, name="manage"),
    path("t/<id:pk>/manage/publish/", manage_views.manage_publish, name="publish"),
    path("t/<id:pk>/manage/deck-checks/", manage_views.manage_deck_checks, name="deck-checks"),
    path("t/<id:pk>/manage/pools/", manage_views.manage_deal_pools, name="deal-pools"),
    path("t/<id:pk>/manage/pools/print/", pool_views.pool_sheets_all, name="print-pool-sheets"),
    path("t/<id:pk>/manage/pools/export/", pool_views.pools_export, name="pools-export"),
    path("t/<id:pk>/manage/draft/", draft_views.manage_draft_start, name="draft-start"),
    path("t/<id:pk>/manage/draft/print/", draft_views.draft_seats_sheet, name="print-draft-seats"),
    path("t/<id:pk>/manage/draft/paper/", draft_views.manage_draft_paper_pool, name="draft-paper-pool"),
    path("t/<id:pk>/manage/draft/late/<id:registration_id>/", draft_views.manage_draft_late_pick,
         name="draft-late-pick"),
    path("t/<id:pk>/manage/deck-checks/<id:check_id>/", manage_views.manage_deck_check_record,
         name="deck-check-record"),
    path("t/<id:pk>/manage/registrations/<id:registration_id>/deck/", views.walk_in_deck, name="walk-in-deck"),
    path("t/<id:pk>/manage/replacements/<id:replacement_id>/<decision:decision>/", manage_views.manage_replacement,
         name="replacement-decide"),
]
