"""Deck submission: read, check against the tournament's frozen format, store.

The reading and the verdict are ``rules.decklists`` and ``rules.legality``; this module
handles who may submit, the lock, and keeping the registered (latest legal) deck.
"""

from __future__ import annotations

import random
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy
from rules.cards import Catalogue, UnknownCard
from rules.decklists import Decklist, DecklistError, read_decklist
from rules.formats import DeckFormat, limited_kind
from rules.legality import Verdict, Violation, check_deck
from rules.limited import DEFAULT_SETS, SEALED_PACKS, CatalogueSource, ListSource, PoolError, sealed_pools
from rules.replacements import END_OF_GAME, ReplacementError, apply_replacement, replacement_timing

from decks.models import CardPool, CardRecord, DeckCheck, DeckReplacement, DeckSubmission, RegisteredDeck
from decks.selectors import pool_of
from tournaments.catalogue import get_catalogue
from tournaments.errors import Conflict, NotAllowed, Text, UserError
from tournaments.models import AuditEntry, Registration, Seat, Tournament
from tournaments.notifications import events
from tournaments.rule_texts import format_label, violation_text
from tournaments.services.deck_status import registration_deck_status_set
from tournaments.services.impartiality import require_not_own_entry
from tournaments.services.permissions import is_tournament_organiser, require_not_finished, require_organiser

#: A whole number with the reader's thousands separator ("1,048,576"; "1.048.576" in pt-br), rendered on reading.
grouped_number = lazy(lambda number: number_format(number, force_grouping=True), str)


class ViolationText:
    """A deck-legality violation's text in the reader's language, rendered on reading (a part of a
    :class:`~tournaments.errors.Text`): ``tournaments.rule_texts.violation_text`` naming ``deck_format`` as the
    reader knows it (a built-in format's name translated; in English the rule's own message)."""

    def __init__(self, violation: Violation, deck_format: DeckFormat) -> None:
        self.violation, self.deck_format = violation, deck_format

    def __str__(self) -> str:
        return violation_text(self.violation, format_label(self.deck_format))


def deck_submit(*, registration: Registration, actor, data: bytes | str, filename: str = "") -> DeckSubmission:
    """Read and check a decklist for ``registration`` and store it with its verdict.

    ``data``: pasted text or an uploaded .cfd / text file (bytes, at most
    settings.DECKLIST_MAX_BYTES). A legal deck becomes the registered deck; an illegal one
    is stored with its verdict but leaves the registered deck in place.
    A late entrant may submit after the start until they are first paired. The organiser submits
    for a walk-in whose entry no account has claimed yet (``Registration.player`` None:
    ``tournaments.services.check_in``); once claimed, the player does.
    The reading and the check run before any transaction (on SQLite a transaction holds the write lock from its
    start: a 1 MB list of unknown cards read inside one kept every other writer waiting, issue 21); who may
    submit and the tournament's state are checked before the reading and again under the lock, where the deck
    is stored (checked again if the organiser changed the format meanwhile).
    Raises NotAllowed (not the player), Conflict (decks locked; the tournament finished), UserError (unreadable,
    empty, too large, unknown cards; ``off_the_top``: the event has no decks) — in which case nothing is stored.
    """
    registration = Registration.objects.select_related("tournament").get(pk=registration.pk)
    tournament = registration.tournament
    _require_may_submit(registration, tournament, actor)
    size = len(data.encode("utf-8") if isinstance(data, str) else data)
    if size > settings.DECKLIST_MAX_BYTES:
        raise UserError(_("The decklist is %(size)s bytes; the limit is %(limit)s."), code="too_large",
                        params={"size": grouped_number(size), "limit": grouped_number(settings.DECKLIST_MAX_BYTES)})
    try:
        decklist = read_decklist(data, get_catalogue(), filename=filename)
    except DecklistError as exc:
        raise UserError.from_rules(exc) from exc
    deck_format = DeckFormat.from_dict(tournament.deck_format)
    verdict = check_deck(decklist, deck_format, pool=pool_of(registration, deck_format))
    return _deck_store(registration=registration, actor=actor, decklist=decklist, verdict=verdict,
                       checked_against=tournament.format_version, filename=filename)


@transaction.atomic
def _deck_store(*, registration: Registration, actor, decklist: Decklist, verdict: Verdict, checked_against: int,
                filename: str) -> DeckSubmission:
    """Store a decklist read and checked (``deck_submit``) under the registration's lock, once who may submit and
    the tournament's state still allow it; ``checked_against``: the format version of ``verdict``."""
    registration = Registration.objects.select_for_update(of=("self",)).get(pk=registration.pk)
    tournament = Tournament.objects.get(pk=registration.tournament_id)
    _require_may_submit(registration, tournament, actor)
    if tournament.format_version != checked_against:  # the organiser changed the format meanwhile
        deck_format = DeckFormat.from_dict(tournament.deck_format)
        verdict = check_deck(decklist, deck_format, pool=pool_of(registration, deck_format))
    submission = DeckSubmission.objects.create(
        registration=registration,
        submitted_by=actor,
        source_format=decklist.source_format,
        filename=filename[:255],
        title=decklist.title[:200],
        text=decklist.to_text(),
        cards=[card.key for card in decklist.cards],
        legal=verdict.legal,
        verdict=verdict.to_dict(),
        format_version=tournament.format_version,
    )
    if verdict.legal:
        register_deck(registration, submission)
    else:
        events.announce(events.DECK_REFUSED, tournament.pk, registration_id=registration.pk,
                        submission_id=submission.pk, verdict=submission.verdict)
    return submission


def _require_may_submit(registration: Registration, tournament: Tournament, actor) -> None:
    """Raise NotAllowed unless ``actor`` is the player (or the organiser, for an unclaimed walk-in), Conflict
    ``finished`` on a finished tournament, ``decks_locked`` once the tournament started (a late entrant: once first paired), ``withdrawn``;
    UserError ``off_the_top`` in an off-the-top event (no decks)."""
    walk_in_by_organiser = registration.player_id is None and is_tournament_organiser(actor, tournament)
    if not registration.belongs_to(actor) and not walk_in_by_organiser:
        raise NotAllowed(_("Only the player may submit their own decklist (the organiser enters an unclaimed "
                           "walk-in's)."))
    require_not_finished(tournament)
    if tournament.is_off_the_top:  # spell-battle-rules.txt, 8. Tournaments: the match's shared pool is the deck
        raise UserError(_("This event plays off the top: each match plays from a shared pool, so there is no deck to "
                          "register."), code="off_the_top")
    late_and_unpaired = (registration.late_entry and tournament.status == Tournament.Status.RUNNING
                         and not _has_been_paired(registration))
    if (tournament.decks_locked or tournament.status in (Tournament.Status.RUNNING, Tournament.Status.FINISHED)) \
            and not late_and_unpaired:
        raise Conflict(_("Decklists are locked: the tournament has started."), code="decks_locked")
    if registration.withdrawn:
        raise Conflict(_("You have withdrawn from this tournament."), code="withdrawn")


def register_deck(registration: Registration, submission: DeckSubmission | None) -> None:
    """Make ``submission`` the registered deck of ``registration`` (None: it has none) and keep
    ``Registration.has_legal_deck`` in step (through ``tournaments.services.deck_status``)."""
    if submission is None:
        RegisteredDeck.objects.filter(registration=registration).delete()
    else:
        RegisteredDeck.objects.update_or_create(registration=registration, defaults={"submission": submission})
    registration_deck_status_set(registration=registration, legal=submission is not None)


def _has_been_paired(registration: Registration) -> bool:
    """True once a late entrant sits at a table (or has a bye): their decklist is locked from then on. An opponentless
    loss (a round they missed, ``Match.opponentless_loss``) is no table: it locks nothing."""
    return Seat.objects.filter(registration=registration, match__opponentless_loss=False).exists()


def cards_import(*, cards_dir: Path | None = None) -> int:
    """Load the catalogue CSVs into CardRecord rows (insert or update by key); returns the row count."""
    catalogue = Catalogue.load(cards_dir or Path(settings.SPELLFIRE_CARDS_DIR))
    rows = [
        CardRecord(
            key=c.key, set_code=c.set_code, number=c.number, name=c.name, card_type=c.card_type,
            champion_type=c.champion_type, level=c.level, level_value=c.level_value, world=c.world,
            is_avatar=c.is_avatar,
        )
        for c in catalogue
    ]
    with transaction.atomic():
        CardRecord.objects.bulk_create(
            rows, batch_size=500, update_conflicts=True, unique_fields=["key"],
            update_fields=["set_code", "number", "name", "card_type", "champion_type", "level",
                           "level_value", "world", "is_avatar"],
        )
    return CardRecord.objects.count()


@transaction.atomic
def decklists_publish(*, tournament: Tournament, actor, scope: str) -> Tournament:
    """Publish decklists ("all" or "top_cut") or make them private again ("none"). Organiser only.

    Published lists appear on the public tournament page; until then only the owner and the
    organiser see a decklist. Allowed on a finished tournament (lists are published once an event is over; it
    changes no result). Raises NotAllowed, UserError for an unknown scope.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    require_organiser(actor, tournament)
    if scope not in Tournament.Publication.values:
        raise UserError(_("Publish 'all', 'top_cut' or 'none', not '%(scope)s'."), code="scope", params={"scope": scope})
    tournament.decklists_published = scope
    tournament.save(update_fields=["decklists_published"])
    return tournament


@transaction.atomic
def deck_checks_pick(*, tournament: Tournament, actor, registrations: list[Registration] | None = None,
                     count: int = 0, seed: int | None = None) -> list:
    """Pick players for a deck check in the current round: the given ``registrations``, or ``count``
    active players drawn at random (reproducible from ``seed``, which is stored). Organiser only.

    Each check records the deck the player has registered at that moment. Raises NotAllowed,
    UserError when nobody is picked or more are asked for than there are active players.
    """
    require_organiser(actor, tournament)
    require_not_finished(tournament)
    round_number = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
    random_pick = not registrations
    if not registrations:
        active = list(tournament.registrations.filter(withdrawn=False, dropped_after_round__isnull=True)
                      .order_by("pk"))
        if not 1 <= count <= len(active):
            raise UserError(ngettext_lazy("Pick between 1 and %(count)s player for a deck check.",
                                          "Pick between 1 and %(count)s players for a deck check.", "count"),
                            code="count", params={"count": len(active)})
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        registrations = random.Random(seed).sample(active, count)
    else:
        seed = None
        if any(r.tournament_id != tournament.pk for r in registrations):
            raise UserError(_("Every player picked must be registered for this tournament."), code="not_registered")
    return [
        DeckCheck.objects.create(tournament=tournament, round_number=round_number, registration=r,
                                 deck=RegisteredDeck.submission_of(r),
                                 picked_by=actor, random_pick=random_pick, seed=seed)
        for r in registrations
    ]


@transaction.atomic
def deck_check_record(*, check, actor, findings: str, penalty_note: str = ""):
    """Record what a deck check found (and an optional penalty note). Organiser only; findings required."""
    require_organiser(actor, check.tournament)
    require_not_finished(check.tournament)
    if not findings.strip():
        raise UserError(_("Write down what the deck check found (for example 'deck matches the registered "
                          "list')."), code="findings_required")
    check.findings, check.penalty_note = findings.strip(), penalty_note.strip()
    check.checked_by, check.checked_at = actor, timezone.now()
    check.save(update_fields=["findings", "penalty_note", "checked_by", "checked_at"])
    return check


def _registered_decklist(submission: DeckSubmission):
    catalogue = get_catalogue()
    return Decklist(cards=tuple(catalogue.get(key) for key in submission.cards), title=submission.title,
                    source_format=submission.source_format)


def _resolve(text: str, what):
    """The card ``text`` names; UserError ``unknown_card`` (``what``, a lazy "Destroyed card:", then the rule's
    text in the reader's language; params: the rule's query and suggestions) when none does."""
    try:
        return get_catalogue().resolve(text)
    except UnknownCard as exc:
        raise UserError(Text(what, " ", UserError.from_rules(exc).text), code="unknown_card",
                        params=exc.params) from exc


@transaction.atomic
def deck_replacement_request(*, registration: Registration, actor, destroyed: str, replacement: str):
    """The player asks to replace a card Enter Darkness Together destroyed (after the lock).

    ``destroyed``/``replacement``: card keys or names. Raises NotAllowed (not the player),
    Conflict (decks not locked yet: just submit a new list), UserError (unknown card, card
    not in the registered deck).
    """
    registration = Registration.objects.select_related("tournament", "registered_deck__submission").get(pk=registration.pk)
    if not registration.belongs_to(actor):
        raise NotAllowed(_("Only the player may ask to replace a card in their own deck."))
    tournament = registration.tournament
    require_not_finished(tournament)
    if not tournament.decks_locked:
        raise Conflict(_("Decklists are not locked yet: submit a new decklist instead."), code="not_locked")
    registered = RegisteredDeck.submission_of(registration)
    if registered is None:
        raise Conflict(_("You have no registered deck."), code="no_deck")
    destroyed_card = _resolve(destroyed, _("Destroyed card:"))
    replacement_card = _resolve(replacement, _("Replacement card:"))
    try:
        apply_replacement(_registered_decklist(registered), destroyed_card, replacement_card)
    except ReplacementError as exc:
        raise UserError.from_rules(exc) from exc
    round_number = tournament.rounds.order_by("-number").values_list("number", flat=True).first()
    return DeckReplacement.objects.create(
        registration=registration, round_number=round_number, destroyed_card=destroyed_card.key,
        replacement_card=replacement_card.key, timing=replacement_timing(destroyed_card, replacement_card),
    )


@transaction.atomic
def deck_replacement_decide(*, replacement, actor, approve: bool, reason: str = ""):
    """The organiser approves or rejects a replacement; logged (who, when, why, before and after).

    An approval checks the new list against the tournament's format; an illegal result is
    refused (UserError ``illegal_after_replacement`` naming the violations in the reader's language) and
    nothing changes. Raises NotAllowed (``own_entry``: staff deciding their own request), Conflict (already decided, no registered deck), UserError (a
    rejection without a reason).
    """
    replacement = DeckReplacement.objects.select_for_update().get(pk=replacement.pk)
    registration = Registration.objects.select_related("tournament", "registered_deck__submission").get(pk=replacement.registration_id)
    tournament = registration.tournament
    require_organiser(actor, tournament)
    require_not_finished(tournament)
    require_not_own_entry(actor, registration, action="deck_replacement_decide")
    if replacement.status != DeckReplacement.Status.PENDING:
        raise Conflict(_("This request has already been decided."), code="decided")
    if not approve and not reason.strip():
        raise UserError(_("Say why the replacement is rejected."), code="reason_required")
    registered = RegisteredDeck.submission_of(registration)
    if registered is None:
        raise Conflict(_("%(name)s has no registered deck."), code="no_deck",
                       params={"name": registration.display_name})
    before = {"deck": registered.pk, "card": replacement.destroyed_card}
    after_deck = registered.pk
    if approve:
        catalogue = get_catalogue()
        decklist = apply_replacement(_registered_decklist(registered),
                                     catalogue.get(replacement.destroyed_card),
                                     catalogue.get(replacement.replacement_card))
        deck_format = DeckFormat.from_dict(tournament.deck_format)
        verdict = check_deck(decklist, deck_format, pool=pool_of(registration, deck_format))
        if not verdict.legal:
            # each violation is a sentence of its own, in the reader's language
            sentences = [part for v in verdict.violations for part in (" ", ViolationText(v, deck_format))]
            raise UserError(Text(_("The deck would not be legal after the replacement:"), *sentences),
                            code="illegal_after_replacement")
        submission = DeckSubmission.objects.create(
            registration=registration, submitted_by=registration.player or actor, source_format="replacement",
            title=registered.title, text=decklist.to_text(), cards=[c.key for c in decklist.cards],
            legal=True, verdict=verdict.to_dict(), format_version=tournament.format_version,
        )
        replacement.result_deck = submission
        if replacement.timing == END_OF_GAME:  # the same card: back in the deck at the end of the game
            register_deck(registration, submission)
            replacement.effective_at = timezone.now()
            after_deck = submission.pk
    replacement.status = DeckReplacement.Status.APPROVED if approve else DeckReplacement.Status.REJECTED
    replacement.decided_by, replacement.decided_at, replacement.reason = actor, timezone.now(), reason.strip()
    replacement.save(update_fields=["status", "decided_by", "decided_at", "reason", "result_deck", "effective_at"])
    AuditEntry.objects.create(
        tournament=tournament, actor=actor, action=AuditEntry.Action.DECK_REPLACEMENT,
        reason=reason.strip() or "Approved (Enter Darkness Together)",
        reason_code="" if reason.strip() else "replacement_approved",
        before={**before, "player": registration.display_name},
        after={"deck": after_deck, "card": replacement.replacement_card if approve else
               replacement.destroyed_card, "status": replacement.status, "timing": replacement.timing,
               "in force": "now" if replacement.effective_at else (
                   "when the next round is paired" if approve else "no change")},
    )
    return replacement


def replacements_take_effect(*, tournament: Tournament, number: int, actor) -> list[DeckReplacement]:
    """Round ``number`` was paired, so earlier rounds are over: every approved replacement of a different card
    requested before it becomes the registered deck (spellfire-tournament-rules-2.0.txt, opening section:
    a different card at the end of the round). Logged. Returns the replacements put into force."""
    # of=("self",): the registration's player is a nullable join (a walk-in has none), which PostgreSQL cannot lock
    waiting = list(DeckReplacement.objects.select_for_update(of=("self",))
                   .select_related("registration__player", "result_deck")
                   .filter(registration__tournament=tournament, status=DeckReplacement.Status.APPROVED,
                           effective_at__isnull=True, result_deck__isnull=False)
                   .exclude(round_number__gte=number))
    now = timezone.now()
    for replacement in waiting:
        registration = replacement.registration
        before = RegisteredDeck.submission_of(registration)
        register_deck(registration, replacement.result_deck)
        replacement.effective_at = now
        replacement.save(update_fields=["effective_at"])
        AuditEntry.objects.create(
            tournament=tournament, actor=actor, action=AuditEntry.Action.DECK_REPLACEMENT,
            reason=f"Enter Darkness Together: the replacement takes effect at the end of round {number - 1}",
            reason_code="replacement_in_force", reason_params={"round": number - 1},
            before={"player": registration.display_name, "deck": before.pk if before else None},
            after={"player": registration.display_name, "deck": replacement.result_deck_id,
                   "card": replacement.replacement_card},
        )
    return waiting


def decks_recheck(*, tournament: Tournament, deck_format: DeckFormat, actor) -> None:
    """Check each player's deck again after the organiser changed the tournament's format.

    The deck checked is the registered one, or (a player with none) their latest submission;
    the verdict is stored as a new ``recheck`` submission recording the new format version, and
    a deck that is no longer legal stops being the registered deck. Runs inside the format
    change's transaction (``decks.receivers``, on ``tournaments.signals.format_changed``).
    """
    catalogue = get_catalogue()
    registrations = (Registration.objects.select_for_update(of=("self",))
                     .filter(tournament=tournament, withdrawn=False))
    for registration in registrations:
        latest = (RegisteredDeck.submission_of(registration)
                  or registration.deck_submissions.order_by("-submitted_at", "-id").first())
        if latest is None:
            continue
        decklist = Decklist(cards=tuple(catalogue.get(key) for key in latest.cards), title=latest.title)
        verdict = check_deck(decklist, deck_format, pool=pool_of(registration, deck_format))
        recheck = DeckSubmission.objects.create(
            registration=registration, submitted_by=actor, source_format="recheck", filename=latest.filename,
            title=latest.title, text=latest.text, cards=list(latest.cards), legal=verdict.legal,
            verdict=verdict.to_dict(), format_version=tournament.format_version,
        )
        register_deck(registration, recheck if verdict.legal else None)
        if not verdict.legal:  # the player hears why their deck no longer stands
            events.announce(events.DECK_REFUSED, tournament.pk, registration_id=registration.pk,
                            submission_id=recheck.pk, verdict=recheck.verdict)


# --------------------------------------------------------------------------- limited events (issue 23)
#: The limited kinds the organiser can deal here (a draft's picks are not recorded yet).
DEALT_KINDS = ("sealed", "pool")


def pools_deal(*, tournament: Tournament, actor, seed: int | None = None, sets: list[str] | None = None,
               packs: int | None = None, card_list: bytes | str | None = None, filename: str = "") -> list[CardPool]:
    """Deal every registered player (not withdrawn, registration order) a sealed pool of ``packs`` packs of 15
    (default ``rules.limited.SEALED_PACKS``: 90 cards), reproducible from ``seed`` (drawn and stored when None):
    from the catalogue, the ``sets`` in rotation (default ``rules.limited.DEFAULT_SETS``), or, with
    ``card_list`` (the organiser's own cards: a text, .cfd or .dek list, at most settings.DECKLIST_MAX_BYTES),
    from that list shuffled once and dealt without replacement. Replaces earlier pools (the audit log says so,
    with the seed), then checks the decks already submitted again (``decks_recheck``). Organiser only, before
    decklists lock; the list is read before the write lock is taken. Raises NotAllowed, Conflict (``finished``,
    ``decks_locked``), UserError ``not_limited`` (not a sealed or pool format), ``no_players``, a decklist error
    (``too_large``, ``unknown_cards``, ...) or a pool error (``unknown_set``, ``too_few_cards``,
    ``bad_pool_setting``). Source: spell-battle-rules.txt, 6. How to make your own deck (Sealed)."""
    _require_may_deal(tournament, actor)
    decklist = read_card_list(card_list, filename) if card_list is not None else None
    return _pools_store(tournament=tournament, actor=actor, seed=seed, sets=sets, packs=packs, decklist=decklist)



def read_card_list(card_list: bytes | str, filename: str = "") -> Decklist:
    """The organiser's own cards (a text, .cfd or .dek list, at most ``settings.DECKLIST_MAX_BYTES``) read against
    the catalogue, for dealing sealed pools or draft packs from them. Raises UserError ``too_large`` or a decklist
    error (``unknown_cards``, ...)."""
    size = len(card_list.encode("utf-8") if isinstance(card_list, str) else card_list)
    if size > settings.DECKLIST_MAX_BYTES:
        raise UserError(_("The card list is %(size)s bytes; the limit is %(limit)s."), code="too_large",
                        params={"size": grouped_number(size), "limit": grouped_number(settings.DECKLIST_MAX_BYTES)})
    try:
        return read_decklist(card_list, get_catalogue(), filename=filename)
    except DecklistError as exc:
        raise UserError.from_rules(exc) from exc

def _require_may_deal(tournament: Tournament, actor) -> DeckFormat:
    """The tournament's format once ``actor`` may deal its pools now (see :func:`pools_deal`'s errors)."""
    require_organiser(actor, tournament)
    require_not_finished(tournament)
    if tournament.decks_locked or tournament.status == Tournament.Status.RUNNING:
        raise Conflict(_("Decklists are locked: the tournament has started."), code="decks_locked")
    deck_format = DeckFormat.from_dict(tournament.deck_format)
    if limited_kind(deck_format.id) not in DEALT_KINDS:
        raise UserError(_("Pools are dealt for a sealed or pool format; this tournament plays %(format)s."),
                        code="not_limited", params={"format": format_label(deck_format)})
    return deck_format


@transaction.atomic
def _pools_store(*, tournament: Tournament, actor, seed: int | None, sets: list[str] | None, packs: int | None,
                 decklist: Decklist | None) -> list[CardPool]:
    """Deal and store the pools under the tournament's lock (:func:`pools_deal`)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    deck_format = _require_may_deal(tournament, actor)
    kind = limited_kind(deck_format.id)
    registrations = list(tournament.registrations.filter(withdrawn=False).order_by("pk"))
    if not registrations:
        raise UserError(_("Nobody is registered yet: there is nobody to deal a pool to."), code="no_players")
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    rng = random.Random(seed)
    source: CatalogueSource | ListSource
    try:
        if decklist is not None:
            source = ListSource.from_decklist(decklist, rng)
            used_sets: list[str] = []
        else:
            source = CatalogueSource(get_catalogue(), sets or DEFAULT_SETS)
            used_sets = list(source.sets)
        pools = sealed_pools(source, rng, players=len(registrations), packs=packs or SEALED_PACKS)
    except PoolError as exc:
        raise UserError.from_rules(exc) from exc
    replaced = CardPool.objects.filter(registration__tournament=tournament).count()
    dealt = []
    for registration, cards in zip(registrations, pools):
        pool, _created = CardPool.objects.update_or_create(
            registration=registration,
            defaults={"kind": kind, "cards": cards, "seed": seed, "sets": used_sets, "dealt_by": actor})
        dealt.append(pool)
    params: dict[str, int | str]
    if decklist is not None:
        code, params = "pools_dealt_from_list", {"players": len(dealt), "cards": len(decklist.cards)}
        reason = f"Card pools dealt to {len(dealt)} players from the organiser's list of {len(decklist.cards)} cards"
    else:
        code, params = "pools_dealt", {"players": len(dealt), "sets": ", ".join(used_sets)}
        reason = f"Card pools dealt to {len(dealt)} players from the sets {params['sets']}"
    AuditEntry.objects.create(
        tournament=tournament, actor=actor, action=AuditEntry.Action.POOLS_DEALT, reason=reason,
        reason_code=code, reason_params=params,
        before={"players": replaced}, after={"players": len(dealt), "seed": seed},
    )
    decks_recheck(tournament=tournament, deck_format=deck_format, actor=actor)
    return dealt
