"""Page routes (namespace ``tournaments``), split by audience, each file a list of paths under the
tournament (``t/<pk>/...``); ``tournaments.pages.access.tournament_view`` enforces the audience of
every view, so the file a route sits in says who may open it:

- ``public``: anyone (the list, a tournament, its rounds, standings, bracket, deck format, downloads);
- ``player``: a logged-in user, with their registration (register, drop, the match slip);
- ``organiser``: the tournament's organiser (create, manage, settle, penalties, pairing tools).

The deck pages (decklist editor, publication, deck checks, replacements) are ``decks.pages.urls``."""

from tournaments.pages.urls import organiser, player, public

app_name = "tournaments"

urlpatterns = public.urlpatterns + player.urlpatterns + organiser.urlpatterns
