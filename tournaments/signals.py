"""Signals other apps listen to, so that ``tournaments`` never imports them (``decks`` sits on top).

``format_changed``: the organiser changed a tournament's deck format (a new ``format_version``).
Sent inside the format service's transaction, after the new format and its audit entry are
stored, with ``tournament`` (locked, already saved), ``deck_format`` (the new
``rules.formats.DeckFormat``) and ``actor`` (the organiser). A receiver's writes belong to the
same transaction: if it raises, the format change is rolled back with it. ``decks`` checks every
registered deck again here.

``standings_stale``: a tournament's results version went up (a result was confirmed, a player
left the standings, a round was paired again) and the transaction that did it has committed.
Sent with ``tournament_id``. ``tournaments.tasks`` answers by queueing the standings job, so the
services never import the tasks that call them.

``round_paired``: the organiser paired round ``number`` of a tournament, so every earlier round is
over (all its results are confirmed). Sent inside the pairing's transaction with ``tournament``,
``number`` and ``actor``. ``decks`` puts approved Enter Darkness Together replacements of a
different card into force here (spellfire-tournament-rules-2.0.txt: a different card "at the end
of the round").

``round_clock_running``: a round's clock runs towards a (new) end: started (at pairing, at publication, by hand),
restarted, resumed or extended (issue 25, ``round.time``). Sent on commit, by ``tournaments.services.clock``, with
``round_id`` and ``ends_at`` (an aware datetime). ``tournaments.tasks`` answers by scheduling
``call_round_time`` at that end; the task checks the round's state then, so an end that moved makes the earlier
task harmless.
"""

from django.dispatch import Signal

format_changed = Signal()
standings_stale = Signal()
round_paired = Signal()
round_clock_running = Signal()
