"""Deck pages for a logged-in player (``@tournament_view("player")``). The live preview answers htmx with a
partial, so it refuses anyone but the tournament's players and organiser itself (a 403 partial)."""

from django.urls import path

from decks.pages import views

urlpatterns = [
    path("t/<int:pk>/deck/", views.deck, name="deck"),
    path("t/<int:pk>/deck/preview/", views.deck_preview_view, name="deck-preview"),
    path("t/<int:pk>/deck/replacement/", views.deck_replacement, name="deck-replacement"),
]
