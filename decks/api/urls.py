"""Deck API routes (a player's decklist, its download, the card search), served under /api/v1/.

``config.urls`` joins them with ``tournaments.api.urls`` into the one ``api`` namespace, so
their names (``api:registration-deck``, ``api:registration-deck-export``, ``api:cards``) stay."""

from django.urls import path

from decks.api.cards import CardList
from decks.api.draft import RegistrationDraftPick, RegistrationDraftSeat, TournamentDraft
from decks.api.views import RegistrationDeck, RegistrationDeckExport, RegistrationPool, TournamentPoolsDeal

urlpatterns = [
    path("tournaments/<id:pk>/registrations/<id:registration_id>/deck/", RegistrationDeck.as_view(),
         name="registration-deck"),
    path("tournaments/<id:pk>/registrations/<id:registration_id>/deck/export/", RegistrationDeckExport.as_view(),
         name="registration-deck-export"),
    path("tournaments/<id:pk>/pools/deal/", TournamentPoolsDeal.as_view(), name="tournament-pools-deal"),
    path("tournaments/<id:pk>/registrations/<id:registration_id>/pool/", RegistrationPool.as_view(),
         name="registration-pool"),
    path("tournaments/<id:pk>/draft/", TournamentDraft.as_view(), name="tournament-draft"),
    path("tournaments/<id:pk>/registrations/<id:registration_id>/draft/", RegistrationDraftSeat.as_view(),
         name="registration-draft"),
    path("tournaments/<id:pk>/registrations/<id:registration_id>/draft/pick/", RegistrationDraftPick.as_view(),
         name="registration-draft-pick"),
    path("cards/", CardList.as_view(), name="cards"),
]
