"""Deck page routes (namespace ``decks``), under the tournament like every page: the decklist editor
and its htmx partials, a registration's decklist and its download, replacements, and the
organiser's publication and deck-check forms. Included before ``tournaments.pages.urls`` (whose
``t/<pk>/manage/<action>/`` would otherwise catch ``manage/publish/`` and ``manage/deck-checks/``)."""

from django.urls import path

from decks.pages import manage_views, views

app_name = "decks"

urlpatterns = [
    # player (and anyone, for a published list)
    path("t/<int:pk>/deck/", views.deck, name="deck"),
    path("t/<int:pk>/deck/preview/", views.deck_preview_view, name="deck-preview"),
    path("t/<int:pk>/deck/replacement/", views.deck_replacement, name="deck-replacement"),
    path("t/<int:pk>/registrations/<int:registration_id>/deck/", views.registration_deck, name="registration-deck"),
    path("t/<int:pk>/registrations/<int:registration_id>/deck/export/", views.deck_export_view, name="deck-export"),
    path("cards/suggest/", views.card_suggestions, name="card-suggestions"),
    # organiser
    path("t/<int:pk>/manage/publish/", manage_views.manage_publish, name="publish"),
    path("t/<int:pk>/manage/deck-checks/", manage_views.manage_deck_checks, name="deck-checks"),
    path("t/<int:pk>/manage/deck-checks/<int:check_id>/", manage_views.manage_deck_check_record,
         name="deck-check-record"),
    path("t/<int:pk>/manage/replacements/<int:replacement_id>/<str:decision>/", manage_views.manage_replacement,
         name="replacement-decide"),
]
