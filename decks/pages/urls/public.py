"""Deck pages anyone may open (``@tournament_view("public")``); a decklist stays private to its owner and
the organiser until the organiser publishes it. The decklist editor's live preview is here because it
answers htmx with a partial, never a login redirect: it refuses anyone but the tournament's players and
its organiser itself, with a 403 partial that says why."""

from django.urls import path

from decks.pages import pool_views, print_views, views

urlpatterns = [
    path("t/<id:pk>/registrations/<id:registration_id>/deck/", views.registration_deck, name="registration-deck"),
    path("t/<id:pk>/registrations/<id:registration_id>/deck/print/", print_views.deck_sheet,
         name="print-deck-sheet"),
    path("t/<id:pk>/registrations/<id:registration_id>/deck/export/", views.deck_export_view, name="deck-export"),
    path("t/<id:pk>/registrations/<id:registration_id>/pool/print/", pool_views.pool_sheet,
         name="print-pool-sheet"),
    path("t/<id:pk>/registrations/<id:registration_id>/pool/export/", pool_views.pool_export, name="pool-export"),
    path("t/<id:pk>/deck/preview/", views.deck_preview_view, name="deck-preview"),
    path("cards/suggest/", views.card_suggestions, name="card-suggestions"),
]
