"""Server-rendered deck pages: the decklist editor and its htmx partials, decklist downloads,
publication, deck checks and Enter Darkness Together replacements. Routes in ``decks.pages.urls`` (by audience)."""
