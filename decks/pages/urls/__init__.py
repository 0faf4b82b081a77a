"""Deck page routes (namespace ``decks``), under the tournament like every page and split by audience
like ``tournaments.pages.urls`` (the same ``tournaments.pages.access.tournament_view`` enforces it):

- ``public``: a registration's decklist and its download (the decklist's own privacy rules apply:
  the owner and the organiser, or anyone once published), card suggestions;
- ``player``: the decklist editor, its live preview, asking for a replacement;
- ``organiser``: decklist publication, deck checks, deciding replacements."""

from decks.pages.urls import organiser, player, public

app_name = "decks"

urlpatterns = public.urlpatterns + player.urlpatterns + organiser.urlpatterns
