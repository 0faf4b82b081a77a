"""The draft of a draft event (issue 23), in the app or on paper: writes.

Terms as in ``rules.draft`` (pod, seat, pack round, pick, origin; "left" is the next seat number). In the app the
organiser seats the players and deals the packs (:func:`draft_start`), each drafter takes one card a pick from the
pack they hold on their phone (:func:`draft_pick`), and when the optional pick timer runs out the organiser may
take the pack's first card for a late seat (:func:`draft_pick_for_late`, logged). On paper the organiser enters
each player's final pool as a card list (:func:`draft_paper_pool`). Both end in ``CardPool`` rows of kind
``"draft"``, the pools the deck check reads (``decks.selectors.pool_of``: ``not_in_pool``).

Source: spell-battle-rules.txt, 6. How to make your own deck (Draft: "three piles of 15 random face-down cards ...
pick one, pass left; then right; then left again").
"""

from __future__ import annotations

import random

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rules.decklists import Decklist
from rules.draft import DEFAULT_POD_SIZE, DraftError, PodDraft, seat_pods
from rules.formats import DeckFormat, limited_kind
from rules.limited import DEFAULT_SETS, CatalogueSource, ListSource, PoolError, draft_pools

from decks.draft_selectors import pick_arrived_at
from decks.models import CardPool, Draft, DraftSeat
from decks.services import decks_recheck, read_card_list
from tournaments.catalogue import get_catalogue
from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.models import AuditEntry, Registration, Tournament
from tournaments.rule_texts import format_label
from tournaments.services.permissions import require_not_finished, require_organiser

__all__ = [
    "DRAFT_KIND",
    "MAX_PICK_SECONDS",
    "draft_paper_pool",
    "draft_pick",
    "draft_pick_for_late",
    "draft_start",
]

DRAFT_KIND = "draft"
#: The longest pick timer the organiser may set (seconds).
MAX_PICK_SECONDS = 600


def _require_open_draft_event(tournament: Tournament, actor) -> DeckFormat:
    """The tournament's format once the organiser ``actor`` may seat or enter a draft now: raises NotAllowed,
    Conflict ``finished`` / ``decks_locked``, UserError ``not_draft``."""
    require_organiser(actor, tournament)
    return _require_draft_open(tournament)


def _require_draft_open(tournament: Tournament) -> DeckFormat:
    require_not_finished(tournament)
    if tournament.decks_locked or tournament.status == Tournament.Status.RUNNING:
        raise Conflict(_("Decklists are locked: the tournament has started."), code="decks_locked")
    deck_format = DeckFormat.from_dict(tournament.deck_format)
    if limited_kind(deck_format.id) != DRAFT_KIND:
        raise UserError(
            _("A draft is run for a draft format; this tournament plays %(format)s."),
            code="not_draft",
            params={"format": format_label(deck_format)},
        )
    return deck_format


# --------------------------------------------------------------------------- seating and dealing
def draft_start(
    *,
    tournament: Tournament,
    actor,
    seed: int | None = None,
    sets: list[str] | None = None,
    pod_size: int = DEFAULT_POD_SIZE,
    pick_seconds: int = 0,
    card_list: bytes | str | None = None,
    filename: str = "",
) -> Draft:
    """Seat every registered player (not withdrawn) in pods of at most ``pod_size`` (2..8, as even as possible) and
    deal each three packs of 15, all from ``seed`` (drawn and stored when None): seating first
    (``rules.draft.seat_pods`` over the registrations in registration order), then the packs
    (``rules.limited.draft_pools``, seat by seat in seating order) from the catalogue's ``sets`` in rotation (default
    4th) or from ``card_list`` (the organiser's own cards, text/.cfd/.dek). ``pick_seconds``: the pick timer (0 =
    none, at most :data:`MAX_PICK_SECONDS`). Seating again replaces a draft nobody has picked in yet (and any draft
    pools entered on paper). Organiser only, before decklists lock.

    Raises NotAllowed, Conflict (``finished``, ``decks_locked``, ``draft_under_way``: someone has picked), UserError
    (``not_draft``, ``no_players``, ``bad_pick_seconds``, ``bad_draft_pod_size``, a pool or card list error).
    Source: spell-battle-rules.txt, 6. How to make your own deck (Draft)."""
    _require_open_draft_event(tournament, actor)
    if not 0 <= pick_seconds <= MAX_PICK_SECONDS:
        raise UserError(
            _("The pick timer must be between 0 and %(maximum)s seconds."),
            code="bad_pick_seconds",
            params={"maximum": MAX_PICK_SECONDS},
        )
    decklist = read_card_list(card_list, filename) if card_list is not None else None
    return _draft_store(
        tournament=tournament,
        actor=actor,
        seed=seed,
        sets=sets,
        pod_size=pod_size,
        pick_seconds=pick_seconds,
        decklist=decklist,
    )


@transaction.atomic
def _draft_store(
    *,
    tournament: Tournament,
    actor,
    seed: int | None,
    sets: list[str] | None,
    pod_size: int,
    pick_seconds: int,
    decklist: Decklist | None,
) -> Draft:
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    deck_format = _require_open_draft_event(tournament, actor)
    existing = Draft.objects.filter(tournament=tournament).first()
    if existing is not None and any(existing.seats.values_list("picks", flat=True)):
        raise Conflict(
            _("The draft is under way: players have picked, so it cannot be seated again."),
            code="draft_under_way",
        )
    registrations = list(
        tournament.registrations.filter(withdrawn=False, waitlisted_at__isnull=True).order_by("pk")
    )
    if not registrations:
        raise UserError(_("Nobody is registered yet: there is nobody to seat."), code="no_players")
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    rng = random.Random(seed)
    source: CatalogueSource | ListSource
    try:
        pods = seat_pods(registrations, pod_size, rng)
        if decklist is not None:
            source = ListSource.from_decklist(decklist, rng)
            used_sets: list[str] = []
        else:
            source = CatalogueSource(get_catalogue(), sets or DEFAULT_SETS)
            used_sets = list(source.sets)
        packs = draft_pools(source, rng, players=len(registrations))
    except (PoolError, DraftError) as exc:
        raise UserError.from_rules(exc) from exc
    if existing is not None:
        existing.delete()
    dropped = CardPool.objects.filter(registration__tournament=tournament, kind=DRAFT_KIND).delete()[0]
    draft = Draft.objects.create(
        tournament=tournament,
        seed=seed,
        sets=used_sets,
        pod_size=pod_size,
        pick_seconds=pick_seconds,
        started_by=actor,
    )
    seated = [
        (pod_number, seat_number, registration)
        for pod_number, pod in enumerate(pods, 1)
        for seat_number, registration in enumerate(pod, 1)
    ]
    DraftSeat.objects.bulk_create(
        DraftSeat(draft=draft, registration=registration, pod=pod_number, seat=seat_number, packs=seat_packs)
        for (pod_number, seat_number, registration), seat_packs in zip(seated, packs)
    )
    source_text = (
        f"the organiser's list of {len(decklist.cards)} cards"
        if decklist
        else "the sets " + ", ".join(used_sets)
    )
    AuditEntry.objects.create(
        tournament=tournament,
        actor=actor,
        action=AuditEntry.Action.DRAFT,
        reason_code="draft_started",
        reason=f"Draft seated: {len(registrations)} players in {len(pods)} pods, packs from {source_text}",
        reason_params={"players": len(registrations), "pods": len(pods), "source": source_text},
        before={},
        after={"players": len(registrations), "pods": len(pods), "seed": seed, "pick_seconds": pick_seconds},
    )
    if dropped:
        decks_recheck(tournament=tournament, deck_format=deck_format, actor=actor)
    return draft


# --------------------------------------------------------------------------- picks
def draft_pick(*, registration: Registration, actor, card: str) -> DraftSeat:
    """``registration``'s player takes ``card`` (a card key, ``"4th/12"``) from the pack their seat holds now.

    The pick waits until the pack has arrived (the upstream neighbour took their card); once the seat has made its
    last pick its picks become its ``CardPool`` (kind ``"draft"``). Raises NotAllowed (not the drafter: HTTP 403),
    Conflict (``no_seat``, ``pack_not_arrived``, ``draft_over``, ``decks_locked``, ``finished``: 409) or UserError
    ``not_in_pack`` (400). Source: spell-battle-rules.txt, 6. How to make your own deck (Draft)."""
    if not registration.belongs_to(actor):
        raise NotAllowed(_("Only the drafter picks from their own pack."))
    return _pick(registration=registration, actor=actor, card=str(card)[:32], late=False)


def draft_pick_for_late(*, registration: Registration, actor) -> DraftSeat:
    """The organiser takes the first card of the pack a late seat holds, once the pick timer
    (``Draft.pick_seconds``) has run out since the pack arrived (:func:`pick_arrived_at`); logged in the audit log.
    Raises NotAllowed, Conflict ``not_late`` (no timer, or time is not up), and what :func:`draft_pick` raises."""
    require_organiser(actor, registration.tournament)
    return _pick(registration=registration, actor=actor, card="", late=True)


@transaction.atomic
def _pick(*, registration: Registration, actor, card: str, late: bool) -> DraftSeat:
    tournament = Tournament.objects.select_for_update().get(pk=registration.tournament_id)
    _require_draft_open(tournament)
    seat = DraftSeat.objects.select_related("draft").filter(registration=registration).first()
    if seat is None:
        raise Conflict(
            _("This player has no seat in the draft (the organiser seats the draft)."), code="no_seat"
        )
    pod = list(DraftSeat.objects.filter(draft_id=seat.draft_id, pod=seat.pod).order_by("seat"))
    state = PodDraft([row.packs for row in pod], [row.picks for row in pod])
    index = seat.seat - 1
    seat = pod[index]
    now = timezone.now()
    turn = state.turn(index)
    if late:
        draft = Draft.objects.get(pk=seat.draft_id)
        if turn is not None and turn.ready:
            waited = now.timestamp() - pick_arrived_at(seat, pod, state, draft.started_at)
            if not draft.pick_seconds or waited < draft.pick_seconds:
                raise Conflict(_("The pick timer has not run out for this seat."), code="not_late")
            card = turn.cards[0]
    try:
        turn = state.pick(index, card)
    except DraftError as exc:
        if exc.code == "waiting":
            raise Conflict(
                _("Your next pack has not arrived yet: wait for your neighbour's pick."),
                code="pack_not_arrived",
                params=exc.params,
            ) from exc
        if exc.code == "draft_over":
            raise Conflict(_("Every pick of this seat is made."), code="draft_over") from exc
        raise UserError(
            _("That card is not in the pack you hold."), code="not_in_pack", params={"card": card}
        ) from exc
    seat.picks = state.picks[index]
    seat.pick_times = [*seat.pick_times, now.timestamp()]
    if late:
        seat.late_picks = [*seat.late_picks, len(seat.picks) - 1]
    seat.save(update_fields=["picks", "pick_times", "late_picks"])
    if state.done(index):
        draft = Draft.objects.get(pk=seat.draft_id)
        CardPool.objects.update_or_create(
            registration_id=seat.registration_id,
            defaults={
                "kind": DRAFT_KIND,
                "cards": list(seat.picks),
                "seed": draft.seed,
                "sets": draft.sets,
                "dealt_by": draft.started_by,
            },
        )
    if late:
        name = registration.display_name
        AuditEntry.objects.create(
            tournament=tournament,
            actor=actor,
            action=AuditEntry.Action.DRAFT,
            reason_code="draft_late_pick",
            reason=f"Late pick made by the organiser for {name}: pack {turn.pack_round + 1}, pick {turn.pick + 1}",
            reason_params={"player": name, "pack": turn.pack_round + 1, "pick": turn.pick + 1},
            before={"picks": len(seat.picks) - 1},
            after={"picks": len(seat.picks), "card": card},
        )
    return seat


# --------------------------------------------------------------------------- paper draft
def draft_paper_pool(
    *, registration: Registration, actor, card_list: bytes | str, filename: str = ""
) -> CardPool:
    """A paper draft: the organiser enters ``registration``'s final drafted pool as a card list (text, .cfd or
    .dek), stored as their ``CardPool`` (kind ``"draft"``, seed 0), replacing an earlier one; the decks already
    submitted are checked again. Organiser only, before decklists lock; logged.
    Raises NotAllowed, Conflict (``finished``, ``decks_locked``, ``draft_under_way``: the draft runs in the app),
    UserError (``not_draft``, ``too_large``, a card list error)."""
    tournament = Tournament.objects.get(pk=registration.tournament_id)
    _require_open_draft_event(tournament, actor)
    decklist = read_card_list(card_list, filename)
    return _paper_pool_store(registration=registration, actor=actor, decklist=decklist)


@transaction.atomic
def _paper_pool_store(*, registration: Registration, actor, decklist: Decklist) -> CardPool:
    tournament = Tournament.objects.select_for_update().get(pk=registration.tournament_id)
    deck_format = _require_open_draft_event(tournament, actor)
    if any(DraftSeat.objects.filter(draft__tournament=tournament).values_list("picks", flat=True)):
        raise Conflict(
            _("The draft is under way in the app: its picks make the pools."), code="draft_under_way"
        )
    pool, _created = CardPool.objects.update_or_create(
        registration=registration,
        defaults={
            "kind": DRAFT_KIND,
            "cards": [card.key for card in decklist.cards],
            "seed": 0,
            "sets": [],
            "dealt_by": actor,
        },
    )
    name = registration.display_name
    AuditEntry.objects.create(
        tournament=tournament,
        actor=actor,
        action=AuditEntry.Action.DRAFT,
        reason_code="draft_paper_pool",
        reason=f"Drafted pool of {len(pool.cards)} cards entered for {name} (a paper draft)",
        reason_params={"cards": len(pool.cards), "player": name},
        before={},
        after={"cards": len(pool.cards)},
    )
    decks_recheck(tournament=tournament, deck_format=deck_format, actor=actor)
    return pool
