"""Deck pages anyone may open (``@tournament_view("public")``); a decklist stays private to its owner and
the organiser until the organiser publishes it."""

from django.urls import path

from decks.pages import views

urlpatterns = [
    path("t/<int:pk>/registrations/<int:registration_id>/deck/", views.registration_deck, name="registration-deck"),
    path("t/<int:pk>/registrations/<int:registration_id>/deck/export/", views.deck_export_view, name="deck-export"),
    path("cards/suggest/", views.card_suggestions, name="card-suggestions"),
]
