"""Deck pages for a logged-in player (``@tournament_view("player")``)."""

from django.urls import path

from decks.pages import draft_views, views

urlpatterns = [
    path("t/<id:pk>/deck/", views.deck, name="deck"),
    path("t/<id:pk>/deck/replacement/", views.deck_replacement, name="deck-replacement"),
    path("t/<id:pk>/draft/", draft_views.draft_pick_page, name="draft"),
    path("t/<id:pk>/draft/live/", draft_views.draft_pick_live, name="draft-live"),
]
