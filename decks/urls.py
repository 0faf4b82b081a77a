"""Deck page routes: the editor's live preview and card suggestions, decklist downloads."""

from django.urls import path

from decks import views

app_name = "decks"

urlpatterns = [
    path("t/<int:pk>/deck/preview/", views.deck_preview_view, name="deck-preview"),
    path("t/<int:pk>/registrations/<int:registration_id>/deck/export/", views.deck_export_view, name="deck-export"),
    path("cards/suggest/", views.card_suggestions, name="card-suggestions"),
]
