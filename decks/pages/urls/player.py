"""Deck pages for a logged-in player (``@tournament_view("player")``)."""

from django.urls import path

from decks.pages import views

urlpatterns = [
    path("t/<id:pk>/deck/", views.deck, name="deck"),
    path("t/<id:pk>/deck/replacement/", views.deck_replacement, name="deck-replacement"),
]
