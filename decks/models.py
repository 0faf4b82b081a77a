"""Card catalogue rows and decklist submissions.

Terms: a *decklist* is the list of cards a player registers for one tournament; a
*verdict* is the result of checking it against that tournament's frozen format
(``rules.legality.check_deck``). Every readable submission is kept; the player's
registered deck is their latest legal one, so a bad upload never replaces it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class CardRecord(models.Model):
    """One printing of a card, imported from ../shared/cards/spellfire_cards.csv (for search and display)."""

    key = models.CharField(max_length=16, unique=True, help_text="SET/NUMBER as CrossFire numbers it, e.g. 3rd/54")
    set_code = models.CharField(max_length=8, db_index=True)
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=120, db_index=True)
    card_type = models.CharField(max_length=32, db_index=True)
    champion_type = models.CharField(max_length=32, blank=True)
    level = models.CharField(max_length=16, blank=True)
    level_value = models.IntegerField(null=True, blank=True)
    world = models.CharField(max_length=32, blank=True)
    is_avatar = models.BooleanField(default=False)

    class Meta:
        ordering = ["set_code", "number"]

    def __str__(self) -> str:
        return f"{self.key} {self.name}"


class DeckSubmission(models.Model):
    """One decklist a player submitted for a tournament, with the verdict it got.

    ``cards`` is the list of card keys, one entry per copy (JSON list of str);
    ``verdict`` is ``rules.legality.Verdict.to_dict()``; ``format_version`` is the
    tournament format version the verdict was checked against.
    """

    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="deck_submissions"
    )
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    submitted_at = models.DateTimeField(auto_now_add=True)
    source_format = models.CharField(max_length=16, help_text="text, cfd, dek, replacement (an approved Enter Darkness Together swap) or recheck (checked again after the organiser changed the format)")
    filename = models.CharField(max_length=255, blank=True)
    title = models.CharField(max_length=200, blank=True)
    text = models.TextField(help_text="The decklist as normalised text (one line per card with counts)")
    cards = models.JSONField(default=list)
    legal = models.BooleanField()
    verdict = models.JSONField(default=dict)
    format_version = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["-submitted_at", "-id"]

    def __str__(self) -> str:
        return f"Deck #{self.pk} ({'legal' if self.legal else 'illegal'})"


class DeckCheck(models.Model):
    """An organiser's deck check of one player in a round: who was picked, how, what was found.

    ``random_pick`` records whether the system drew the player at random (with ``seed``)."""

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE, related_name="deck_checks")
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    registration = models.ForeignKey("tournaments.Registration", on_delete=models.CASCADE, related_name="deck_checks")
    deck = models.ForeignKey(DeckSubmission, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    picked_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    picked_at = models.DateTimeField(auto_now_add=True)
    random_pick = models.BooleanField(default=False)
    seed = models.BigIntegerField(null=True, blank=True)
    findings = models.TextField(blank=True)
    penalty_note = models.TextField(blank=True)
    checked_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    checked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-picked_at", "-id"]


class DeckReplacement(models.Model):
    """A player's request to replace a card destroyed by Enter Darkness Together after the lock.

    ``timing`` is ``end_of_game`` (same card back) or ``end_of_round`` (a different card):
    spellfire-tournament-rules-2.0.txt, opening section. The organiser approves or rejects;
    an approval stores the new legal decklist as ``result_deck``, which becomes the registered
    deck when the rule says (``effective_at``): at once for the same card, and for a different
    card when the round is over (the next round is paired). Until then the old list is in force,
    and a deck check records it.
    """

    class Status(models.TextChoices):
        PENDING = "pending", "Awaiting the organiser"
        APPROVED = "approved", "Approved"
        REJECTED = "rejected", "Rejected"

    registration = models.ForeignKey("tournaments.Registration", on_delete=models.CASCADE,
                                     related_name="deck_replacements")
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    destroyed_card = models.CharField(max_length=16)
    replacement_card = models.CharField(max_length=16)
    timing = models.CharField(max_length=16)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    requested_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)
    reason = models.TextField(blank=True)
    result_deck = models.ForeignKey(DeckSubmission, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+")
    effective_at = models.DateTimeField(
        null=True, blank=True,
        help_text="When the new list became the registered deck: at approval for the same card (it comes back at "
                  "the end of the game), when the next round is paired for a different card (the end of the round)")

    class Meta:
        ordering = ["-requested_at", "-id"]


class RegisteredDeck(models.Model):
    """A player's registered deck for a tournament: their latest legal submission (``DeckSubmission``).

    One row per registration that has one; the decks app keeps ``Registration.has_legal_deck`` in step
    (``decks.services.register_deck``), so ``tournaments`` knows whether a player may start without
    knowing about decklists.
    """

    registration = models.OneToOneField(
        "tournaments.Registration", on_delete=models.CASCADE, primary_key=True, related_name="registered_deck")
    submission = models.ForeignKey(DeckSubmission, on_delete=models.PROTECT, related_name="+")
    since = models.DateTimeField(auto_now=True)

    @staticmethod
    def submission_of(registration) -> DeckSubmission | None:
        """The registered deck of ``registration``, or None (1 query unless ``registered_deck__submission``
        was selected)."""
        try:
            return registration.registered_deck.submission
        except RegisteredDeck.DoesNotExist:
            return None



class CardPool(models.Model):
    """A limited event's pool of one player (issue 23): the cards their deck must come from.

    ``cards``: card keys (``"4th/12"``), one per copy, as ``rules.limited`` deals them; ``kind``: the format's
    limited kind (``sealed``, ``pool``, ``draft``: the picks of a draft in the app, or a paper draft's pool the
    organiser entered, seed 0); ``seed`` and ``sets``: what dealt them (the same seed and sets deal the
    same pools to the same players in the same order); ``dealt_by`` / ``dealt_at``: who and when. Dealing again
    replaces the row. Source: spell-battle-rules.txt, 6. How to make your own deck (Sealed).
    """

    registration = models.OneToOneField(
        "tournaments.Registration", on_delete=models.CASCADE, primary_key=True, related_name="card_pool")
    kind = models.CharField(max_length=16)
    cards = models.JSONField(default=list)
    seed = models.BigIntegerField()
    sets = models.JSONField(default=list)
    dealt_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    dealt_at = models.DateTimeField(auto_now=True)


class Draft(models.Model):
    """A draft event's draft run in the app (issue 23): the seating, the packs as dealt and every pick.

    ``seed`` seats the players (``rules.draft.seat_pods``) and deals the packs (``rules.limited.draft_pools``) from
    ``sets`` (or the organiser's card list: ``sets`` empty); ``pod_size`` (2..8) the largest pod; ``pick_seconds``
    the optional pick timer (0: none; when it runs out the organiser may pick the first card for a late seat).
    Source: spell-battle-rules.txt, 6. How to make your own deck (Draft).
    """

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, primary_key=True, related_name="draft")
    seed = models.BigIntegerField()
    sets = models.JSONField(default=list)
    pod_size = models.PositiveSmallIntegerField(default=8)
    pick_seconds = models.PositiveIntegerField(default=0)
    started_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    started_at = models.DateTimeField(auto_now_add=True)


class DraftSeat(models.Model):
    """One drafter's seat: ``pod`` and ``seat`` (1-based), ``packs`` (their unopened packs: lists of card keys, as
    dealt), ``picks`` (the cards taken, in order) and ``pick_times`` (when each was taken, Unix seconds), and which
    picks the organiser made for a late seat (``late_picks``: 0-based pick numbers)."""

    draft = models.ForeignKey(Draft, on_delete=models.CASCADE, related_name="seats")
    registration = models.OneToOneField(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="draft_seat")
    pod = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    packs = models.JSONField(default=list)
    picks = models.JSONField(default=list)
    pick_times = models.JSONField(default=list)
    late_picks = models.JSONField(default=list)

    class Meta:
        ordering = ["pod", "seat"]
        constraints = [models.UniqueConstraint(fields=["draft", "pod", "seat"], name="draft_seat_unique")]
