"""Off-the-top events (issue 23): nobody registers a deck; each match of a round plays from one shared pool,
dealt when the round is paired.

Terms: a *shared pool* is the shuffled pile of about 50 cards per player a table uses as its draw pile and its
discard pile (``MatchPool``). Source: spell-battle-rules.txt, 8. Tournaments ("Tournaments can be off-the-top
...", "Approximately 50 cards should be used as a deck for every player that will share the deck. (100 cards
would be used for a two player game.)").

Where the cards come from is the organiser's choice (the event's *pool settings*, stored on ``Tournament``):
``pool_sets`` (set codes; the packs come from them in rotation, ``rules.limited.CatalogueSource``; empty: the
default ``rules.limited.DEFAULT_SETS``), or ``pool_cards`` (the organiser's own card list, one card key per copy;
when not empty each match's pool is dealt from it at random, without replacement within the match), and
``pool_cards_per_player`` (``MIN_PER_PLAYER`` to ``MAX_PER_PLAYER``, default 50)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from rules.decklists import DecklistError, read_decklist
from rules.limited import (
    DEFAULT_SETS,
    OFF_THE_TOP_MAX_PER_PLAYER,
    OFF_THE_TOP_MIN_PER_PLAYER,
    OFF_THE_TOP_PER_PLAYER,
    CatalogueSource,
    ListSource,
    PoolError,
    off_the_top_pools,
    resolve_pool,
    valid_sets,
)

from tournaments.catalogue import get_catalogue
from tournaments.errors import UserError
from tournaments.models import Match, MatchPool, Round

#: The most players a shared pool is dealt for at once (``rules.limited.off_the_top_pools``'s table size).
MAX_TABLE = 8
#: Bounds of ``Tournament.pool_cards_per_player`` (``rules.limited``, with their source).
MIN_PER_PLAYER = OFF_THE_TOP_MIN_PER_PLAYER
MAX_PER_PLAYER = OFF_THE_TOP_MAX_PER_PLAYER
#: The pool settings of an event (``pool_settings_checked``), as ``Tournament`` stores them.
POOL_FIELDS = ("pool_sets", "pool_cards", "pool_cards_per_player")

grouped_number = lazy(lambda number: number_format(number, force_grouping=True), str)


def pool_rng(rnd: Round) -> random.Random:
    """The random source of a round's shared pools: the round's pairing seed, apart from the pairing's own draws
    (the same round, seed and tables deal the same pools)."""
    return random.Random(f"off-the-top:{rnd.seed}")


def pool_sets_parsed(value: str | Sequence[str] | None) -> list[str]:
    """Set codes from ``"4th, 1st"`` (commas or spaces) or a list of codes; blanks dropped, order kept."""
    if value is None:
        return []
    parts = value.replace(",", " ").split() if isinstance(value, str) else [str(code) for code in value]
    return [code.strip() for code in parts if code.strip()]


def pool_settings_checked(
    *,
    is_off_the_top: bool,
    pool_sets: str | Sequence[str] | None = None,
    pool_card_list: bytes | str | None = None,
    pool_card_list_name: str = "",
    pool_cards: Sequence[str] | None = None,
    pool_cards_per_player: int | None = OFF_THE_TOP_PER_PLAYER,
) -> dict[str, Any]:
    """An event's off-the-top pool settings checked and normalised: ``{"pool_sets": [codes as the catalogue
    spells them], "pool_cards": [card keys, one per copy], "pool_cards_per_player": int}``.

    ``pool_sets``: codes (``"4th, 1st"`` or a list), each a set of the catalogue's packs
    (``rules.limited.valid_sets``); empty: the default ``DEFAULT_SETS``. ``pool_card_list``: the organiser's own
    cards, a text, .cfd or .dek list (``rules.decklists.read_decklist``, at most settings.DECKLIST_MAX_BYTES;
    ``pool_card_list_name`` its file name, for messages); when given it replaces ``pool_cards`` (already-stored
    card keys, checked against the catalogue; ``[]``: deal from the sets). Sets and a list together are refused
    (``pool_sets``). The list must hold a duel's pool: at least 2 × ``pool_cards_per_player`` cards (a
    larger table gets at most the whole list). ``pool_cards_per_player``: ``MIN_PER_PLAYER`` to ``MAX_PER_PLAYER``
    (None: 50). Only an off-the-top event (``is_off_the_top``) takes other than the defaults.

    Raises UserError with ``code`` ``pool_sets`` (an unknown set: ``params["valid"]`` lists the sets),
    ``pool_card_list`` (an unreadable list, unknown cards, too large, too short) or ``pool_cards_per_player``
    (out of bounds), or ``not_off_the_top``. Source: spell-battle-rules.txt, 8. Tournaments."""
    per_player = OFF_THE_TOP_PER_PLAYER if pool_cards_per_player is None else pool_cards_per_player
    if (
        isinstance(per_player, bool)
        or not isinstance(per_player, int)
        or not (MIN_PER_PLAYER <= per_player <= MAX_PER_PLAYER)
    ):
        raise UserError(
            _(
                "The cards per player of a shared pool are between %(low)s and %(high)s (Spell Battle: "
                "about 50)."
            ),
            code="pool_cards_per_player",
            params={"low": MIN_PER_PLAYER, "high": MAX_PER_PLAYER, "value": str(per_player)},
        )
    codes = pool_sets_parsed(pool_sets)
    if not is_off_the_top and (codes or pool_card_list or pool_cards or per_player != OFF_THE_TOP_PER_PLAYER):
        raise UserError(_("Shared pool settings are for an off-the-top format only."), code="not_off_the_top")
    catalogue = get_catalogue()
    sets: list[str] = []
    if codes:
        try:
            sets = list(CatalogueSource(catalogue, codes).sets)
        except PoolError as exc:
            valid = valid_sets(catalogue)
            raise UserError(
                _("Unknown set code(s): %(sets)s. The catalogue's sets are: %(valid)s."),
                code="pool_sets",
                params={"sets": ", ".join(exc.params.get("sets") or codes), "valid": ", ".join(valid)},
            ) from exc
    cards = list(pool_cards or [])
    if pool_card_list:
        size = len(pool_card_list.encode("utf-8") if isinstance(pool_card_list, str) else pool_card_list)
        if size > settings.DECKLIST_MAX_BYTES:
            raise UserError(
                _("The card list is %(size)s bytes; the limit is %(limit)s."),
                code="pool_card_list",
                params={"size": grouped_number(size), "limit": grouped_number(settings.DECKLIST_MAX_BYTES)},
            )
        try:
            decklist = read_decklist(pool_card_list, catalogue, filename=pool_card_list_name)
        except DecklistError as exc:
            raise UserError.from_rules(exc, code="pool_card_list") from exc
        cards = [card.key for card in decklist.cards]
    elif cards:
        try:
            resolve_pool(cards, catalogue)
        except PoolError as exc:
            raise UserError.from_rules(exc, code="pool_card_list") from exc
    if cards and sets:
        raise UserError(
            _(
                "Choose the sets or your own card list, not both (to deal from the sets again, forget "
                "the list)."
            ),
            code="pool_sets",
        )
    if cards:
        if len(cards) < 2 * per_player:
            raise UserError(
                _(
                    "Your card list has %(count)s cards; a duel's shared pool needs %(needed)s "
                    "(%(per_player)s per player)."
                ),
                code="pool_card_list",
                params={"count": len(cards), "needed": 2 * per_player, "per_player": per_player},
            )
    return {"pool_sets": sets, "pool_cards": cards, "pool_cards_per_player": per_player}


def match_pools_deal(rnd: Round, tables: Sequence[tuple[Match, int]]) -> list[MatchPool]:
    """Deal and store a shared pool for each ``(match, players)`` of ``tables`` (table order; byes left out by the
    caller): the event's ``pool_cards_per_player`` cards per player (default 50: 100 for a duel), shuffled,
    reproducible from the round's seed (:func:`pool_rng`). From the organiser's list (``Tournament.pool_cards``)
    when it has one: each match gets the list shuffled and dealt without replacement (a table needing more than
    the list gets the whole list), ``MatchPool.sets`` empty; else from the packs of ``Tournament.pool_sets`` (empty:
    ``rules.limited.DEFAULT_SETS``, the stated default pack composition). Replaces a match's earlier pool. Called
    inside the pairing's transaction (``tournaments.services.pairing``); raises nothing for settings
    :func:`pool_settings_checked` accepted."""
    tournament = rnd.tournament
    per_player = tournament.pool_cards_per_player or OFF_THE_TOP_PER_PLAYER
    own = list(tournament.pool_cards or [])
    rng = pool_rng(rnd)
    source = None if own else CatalogueSource(get_catalogue(), tournament.pool_sets or DEFAULT_SETS)
    pools = []
    for match, players in sorted(tables, key=lambda entry: entry[0].table):
        seated = max(2, min(players, MAX_TABLE))
        if source is None:
            wanted = min(seated * per_player, len(own))
            cards = ListSource(own, rng).take(wanted, rng)  # a fresh shuffle of the list: no copy twice
            rng.shuffle(cards)
            pools.append(MatchPool(match=match, cards=cards, sets=[]))
        else:
            (cards,) = off_the_top_pools(
                source, rng, players=seated, table_size=seated, per_player=per_player
            )
            pools.append(MatchPool(match=match, cards=cards, sets=list(source.sets)))
    MatchPool.objects.filter(match__in=[match for match, _ in tables]).delete()
    return MatchPool.objects.bulk_create(pools)
