"""Limited events' card pools: sealed, draft and off-the-top, reproducible from a seed.

Terms:

* a **pool** is the list of card keys (``"4th/12"``, as the catalogue keys them; one entry per
  copy) a player builds their deck from (sealed, draft) or a match shares as its draw pile
  (off-the-top);
* a **pack** is a pile of random face-down cards (Spell Battle's "pile"), ``PACK_SIZE`` cards;
* a **source** is where the cards come from: the catalogue (:class:`CatalogueSource`, packs made
  by set and rarity with a :class:`PackComposition` per set, cards may repeat between packs as
  they do between real boosters) or the organiser's own card list (:class:`ListSource`, the
  list's copies shuffled once and dealt without replacement).

Rule sources: spell-battle-rules.txt, 6. How to make your own deck (Sealed: "three piles of 90
random face-down cards", a 30-card deck; Draft: "three piles of 15 random face-down cards", pick
one and pass left, then right, then left) and 8. Tournaments ("Approximately 50 cards should be
used as a deck for every player that will share the deck. (100 cards would be used for a two
player game.)").

Pack compositions: no public source found for how TSR's Spellfire boosters and starters were
made up (searched the shared texts and the stored web pages: Wikipedia says only that the 1st
edition starter was a double deck of 55 cards per deck in three rarities, with boosters adding
25 cards not in the starter).  So the **stated default** (:func:`default_composition`) is a
15-card pack whose rarity slots follow the set's own rarity shares in the extended catalogue
(largest remainder), e.g. a 125-card booster set of 50 C, 25 UC, 25 R, 25 VR gives 6 C, 3 UC,
3 R, 3 VR.  Sealed reads Spell Battle's "three piles of 90" as 90 cards in three piles of 30
(two packs each: ``SEALED_PACKS`` = 6); the organiser may choose other numbers.

Everything takes a ``random.Random``; the same seed and the same arguments give the same pools.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rules.cards import Card, Catalogue
from rules.decklists import Decklist
from rules.errors import RulesError
from rules.formats import DeckFormat
from rules.legality import check_deck

__all__ = [
    "DEFAULT_SETS",
    "DRAFT_PACKS",
    "OFF_THE_TOP_MAX_PER_PLAYER",
    "OFF_THE_TOP_MIN_PER_PLAYER",
    "OFF_THE_TOP_PER_PLAYER",
    "PACK_SIZE",
    "SEALED_PACKS",
    "SOURCE_TEXT",
    "CatalogueSource",
    "ListSource",
    "PackComposition",
    "PoolError",
    "build_deck",
    "default_composition",
    "draft_pools",
    "draft_simulate",
    "first_new_card",
    "off_the_top_pools",
    "pool_for_player",
    "resolve_pool",
    "sealed_pools",
]

SOURCE_TEXT = "spell-battle-rules.txt"
#: Cards in one pack (Spell Battle's draft piles; the default pack of every composition).
PACK_SIZE = 15
#: Packs in a sealed pool: 90 cards in three piles (spell-battle-rules.txt, 6. How to make your own deck, Sealed).
SEALED_PACKS = 6
#: Packs each drafter opens (spell-battle-rules.txt, 6. How to make your own deck, Draft).
DRAFT_PACKS = 3
#: Cards of an off-the-top pool per player at the table (spell-battle-rules.txt, 8. Tournaments).
OFF_THE_TOP_PER_PLAYER = 50
#: Bounds an event may set for its off-the-top cards per player (``Tournament.pool_cards_per_player``): "approximately
#: 50" (spell-battle-rules.txt, 8. Tournaments); 20 keeps a duel's pile (40 cards) playable, 150 is three times the
#: rule's figure.
OFF_THE_TOP_MIN_PER_PLAYER = 20
OFF_THE_TOP_MAX_PER_PLAYER = 150
#: The sets a catalogue pool comes from when the organiser names none: 4th Edition, the largest English set.
DEFAULT_SETS = ("4th",)
#: Rarity codes a pack never holds: the three promos (S, handed out, never in packs).
_NOT_IN_PACKS = frozenset({"S"})
MAX_PLAYERS = 1024
MAX_POOL_CARDS = 1000


class PoolError(RulesError):
    """Pools cannot be made as asked.

    ``code``: ``unknown_set`` (``params``: ``{"sets": [codes], "valid": [codes]}``), ``too_few_cards`` (the
    organiser's list is shorter than the pools need: ``{"needed": int, "available": int}``), ``bad_pool_setting``
    (``{"what": str, "value": int, "minimum": int, "maximum": int}``), ``no_pool`` (a pool file has no pool for the player: ``{"player": int}``)
    or ``bad_pool_file`` (``{"problem": str}``).
    """


@dataclass(frozen=True)
class PackComposition:
    """How one set's packs are made up: ``set_code``, ``slots`` ((rarity code, cards) pairs, in pack order),
    ``source`` (where the composition comes from, in words).  ``size`` is the sum of the slots."""

    set_code: str
    slots: tuple[tuple[str, int], ...]
    source: str

    @property
    def size(self) -> int:
        """Cards in one pack."""
        return sum(count for _, count in self.slots)

    def to_dict(self) -> dict[str, Any]:
        """``{"set": code, "size": int, "slots": {rarity: cards}, "source": str}`` (JSON-safe)."""
        return {"set": self.set_code, "size": self.size, "slots": dict(self.slots), "source": self.source}


def _pack_cards(catalogue: Catalogue, set_code: str) -> dict[str, list[Card]]:
    """The set's cards that packs hold, by rarity code (catalogue order)."""
    by_rarity: dict[str, list[Card]] = {}
    for card in catalogue:
        if card.set_code == set_code and not card.community_set and card.rarity not in _NOT_IN_PACKS:
            by_rarity.setdefault(card.rarity or "?", []).append(card)
    return by_rarity


def default_composition(catalogue: Catalogue, set_code: str, size: int = PACK_SIZE) -> PackComposition:
    """The stated default composition of a ``size``-card pack of ``set_code``: slots in proportion to the set's own
    rarity shares (largest remainder; ties go to the commoner rarity, most cards first).

    No public record of Spellfire's real booster compositions was found (module docstring), so this default says
    so in its ``source``.  Raises :class:`PoolError` ``unknown_set`` when the set has no cards for packs.
    """
    by_rarity = _pack_cards(catalogue, set_code)
    if not by_rarity:
        raise PoolError(
            "unknown_set",
            f"No cards of set {set_code} can go into packs.",
            {"sets": [set_code], "valid": valid_sets(catalogue)},
        )
    total = sum(len(cards) for cards in by_rarity.values())
    shares = {rarity: size * len(cards) / total for rarity, cards in by_rarity.items()}
    slots = {rarity: int(share) for rarity, share in shares.items()}
    order = sorted(shares, key=lambda r: (-(shares[r] - slots[r]), -len(by_rarity[r]), r))
    for rarity in order[: size - sum(slots.values())]:
        slots[rarity] += 1
    ordered = tuple(
        (rarity, slots[rarity])
        for rarity in sorted(slots, key=lambda r: (-len(by_rarity[r]), r))
        if slots[rarity]
    )
    counts = ", ".join(
        f"{len(by_rarity[r])} {r}" for r in sorted(by_rarity, key=lambda r: (-len(by_rarity[r]), r))
    )
    return PackComposition(
        set_code,
        ordered,
        f"stated default: no public record of {set_code} pack contents was found; {size} cards in the set's own "
        f"rarity shares ({counts})",
    )


def valid_sets(catalogue: Catalogue) -> list[str]:
    """Set codes packs can be made of, catalogue order."""
    seen: dict[str, None] = {}
    for card in catalogue:
        if card.set_code and not card.community_set and card.rarity not in _NOT_IN_PACKS:
            seen.setdefault(card.set_code, None)
    return list(seen)


class CatalogueSource:
    """Packs generated from the catalogue: pack *k* (0-based, counted over everything this source made) comes
    from ``sets[k % len(sets)]`` with that set's :class:`PackComposition` (``compositions`` overrides the
    default per set code).  Within a pack no printing repeats (unless a rarity has fewer cards than its slot);
    between packs cards repeat as between real packs.  Raises :class:`PoolError` ``unknown_set``."""

    def __init__(
        self,
        catalogue: Catalogue,
        sets: Sequence[str] = DEFAULT_SETS,
        *,
        compositions: dict[str, PackComposition] | None = None,
        pack_size: int = PACK_SIZE,
    ) -> None:
        valid = valid_sets(catalogue)
        by_lower = {code.lower(): code for code in valid}
        unknown = [code for code in sets if code.lower() not in by_lower]
        if unknown or not sets:
            raise PoolError(
                "unknown_set",
                f"Unknown set(s): {', '.join(unknown) or '(none given)'}; valid sets: {', '.join(valid)}.",
                {"sets": list(unknown), "valid": valid},
            )
        _check_number("pack size", pack_size, 1, MAX_POOL_CARDS)
        self.sets = tuple(by_lower[code.lower()] for code in sets)
        given = compositions or {}
        self.compositions = {
            code: given.get(code) or default_composition(catalogue, code, pack_size) for code in self.sets
        }
        self._cards = {code: _pack_cards(catalogue, code) for code in self.sets}
        self._made = 0

    def pack(self, rng: random.Random) -> list[str]:
        """The next pack: card keys, slot by slot (commonest rarity first)."""
        set_code = self.sets[self._made % len(self.sets)]
        self._made += 1
        keys: list[str] = []
        for rarity, count in self.compositions[set_code].slots:
            cards = self._cards[set_code].get(rarity, [])
            if not cards:
                continue
            picked = rng.sample(cards, min(count, len(cards)))
            picked += [rng.choice(cards) for _ in range(count - len(picked))]
            keys.extend(card.key for card in picked)
        return keys

    def take(self, count: int, rng: random.Random) -> list[str]:
        """``count`` cards: whole packs, the last one cut short."""
        keys: list[str] = []
        while len(keys) < count:
            keys.extend(self.pack(rng))
        return keys[:count]


class ListSource:
    """The organiser's own cards (one key per copy, e.g. a decklist's cards), shuffled once with ``rng`` and
    dealt from the top without replacement.  :meth:`take` raises :class:`PoolError` ``too_few_cards``."""

    def __init__(self, keys: Iterable[str], rng: random.Random, *, pack_size: int = PACK_SIZE) -> None:
        self._keys = list(keys)
        rng.shuffle(self._keys)
        self._next = 0
        self.pack_size = pack_size

    @classmethod
    def from_decklist(
        cls, decklist: Decklist, rng: random.Random, *, pack_size: int = PACK_SIZE
    ) -> ListSource:
        """A source of every card (each copy) of a list read by ``rules.decklists.read_decklist``."""
        return cls((card.key for card in decklist.cards), rng, pack_size=pack_size)

    def take(self, count: int, rng: random.Random) -> list[str]:
        """The next ``count`` cards of the shuffled list (``rng`` unused: the list was shuffled once)."""
        available = len(self._keys) - self._next
        if count > available:
            raise PoolError(
                "too_few_cards",
                f"The card list is too short: the pools need {count} more cards, {available} are left.",
                {"needed": count, "available": available},
            )
        keys = self._keys[self._next : self._next + count]
        self._next += count
        return keys

    def pack(self, rng: random.Random) -> list[str]:
        """The next ``pack_size`` cards."""
        return self.take(self.pack_size, rng)


Source = CatalogueSource | ListSource


def _check_number(what: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise PoolError(
            "bad_pool_setting",
            f"The {what} must be between {low} and {high} (got {value}).",
            {"what": what, "value": value, "minimum": low, "maximum": high},
        )


def sealed_pools(
    source: Source, rng: random.Random, *, players: int, packs: int = SEALED_PACKS
) -> list[list[str]]:
    """One pool per player (player 1 first): ``packs`` packs each, as one list of keys.

    Source: spell-battle-rules.txt, 6. How to make your own deck, Sealed.  Raises :class:`PoolError`
    (``bad_pool_setting``, ``too_few_cards``).
    """
    _check_number("number of players", players, 1, MAX_PLAYERS)
    _check_number("number of packs", packs, 1, MAX_POOL_CARDS)
    return [[key for _ in range(packs) for key in source.pack(rng)] for _ in range(players)]


def draft_pools(
    source: Source, rng: random.Random, *, players: int, packs: int = DRAFT_PACKS
) -> list[list[list[str]]]:
    """Each player's ``packs`` unopened packs (player 1 first), to be drafted left, right, left.

    Source: spell-battle-rules.txt, 6. How to make your own deck, Draft ("three piles of 15 random face-down
    cards").  Raises :class:`PoolError` (``bad_pool_setting``, ``too_few_cards``).
    """
    _check_number("number of players", players, 1, MAX_PLAYERS)
    _check_number("number of packs", packs, 1, MAX_POOL_CARDS)
    return [[source.pack(rng) for _ in range(packs)] for _ in range(players)]


def off_the_top_pools(
    source: Source,
    rng: random.Random,
    *,
    players: int,
    table_size: int = 2,
    per_player: int = OFF_THE_TOP_PER_PLAYER,
) -> list[list[str]]:
    """One shuffled shared pool per table: ``players`` seated ``table_size`` a table (the last table may be
    smaller), ``per_player`` cards for each player at it (100 cards for a duel).

    Source: spell-battle-rules.txt, 8. Tournaments ("Approximately 50 cards should be used as a deck for every
    player that will share the deck").  Raises :class:`PoolError` (``bad_pool_setting``, ``too_few_cards``).
    """
    _check_number("number of players", players, 1, MAX_PLAYERS)
    _check_number("table size", table_size, 2, 8)
    _check_number("cards per player", per_player, 1, MAX_POOL_CARDS)
    pools: list[list[str]] = []
    for first in range(0, players, table_size):
        seated = min(table_size, players - first)
        pool = source.take(seated * per_player, rng)
        rng.shuffle(pool)
        pools.append(pool)
    return pools


def pool_for_player(data: Any, player: int) -> list[str]:
    """Player ``player``'s pool (card keys) from a pools document as ``python -m rules pool`` prints it.

    An entry ``{"player": N, "cards": [...]}`` is the pool; a sealed entry with only ``"packs"`` is its packs
    put together.  A draft's packs are not a player's pool (the picks are): give them as ``"cards"``.  Raises
    :class:`PoolError` ``bad_pool_file`` for a malformed document, ``no_pool`` when the player has none.
    """
    if not isinstance(data, dict) or not isinstance(data.get("pools"), list):
        raise PoolError(
            "bad_pool_file",
            'The pool file must be a JSON object with a "pools" list.',
            {"problem": "no pools list"},
        )
    for entry in data["pools"]:
        if not isinstance(entry, dict) or entry.get("player") != player:
            continue
        if isinstance(entry.get("cards"), list):
            cards = entry["cards"]
        elif isinstance(entry.get("packs"), list) and data.get("kind") != "draft":
            cards = [key for pack in entry["packs"] if isinstance(pack, list) for key in pack]
        else:
            raise PoolError(
                "bad_pool_file",
                f"Player {player}'s pool has no \"cards\" list (a draft's packs are "
                "not a pool: give the cards picked).",
                {"problem": "no cards"},
            )
        if not all(isinstance(key, str) for key in cards):
            raise PoolError(
                "bad_pool_file",
                'Pool cards must be card keys such as "4th/12".',
                {"problem": "card not a string"},
            )
        return list(cards)
    raise PoolError("no_pool", f"The pool file has no pool for player {player}.", {"player": player})


def resolve_pool(keys: Iterable[str], catalogue: Catalogue) -> list[Card]:
    """The printings of a pool's card keys (one Card per copy), for ``rules.legality.check_deck(..., pool=)``.

    Raises :class:`PoolError` ``bad_pool_file`` naming the keys the catalogue does not have.
    """
    cards: list[Card] = []
    unknown: list[str] = []
    for key in keys:
        set_code, _, number = key.rpartition("/")
        valid = bool(set_code) and number.isdigit() and len(number) < 6
        card = catalogue.lookup_key(set_code, int(number)) if valid else None
        if card is None:
            unknown.append(key)
        else:
            cards.append(card)
    if unknown:
        raise PoolError(
            "bad_pool_file",
            f"Unknown card keys in the pool: {', '.join(unknown[:10])}.",
            {"problem": "unknown cards", "cards": unknown[:10]},
        )
    return cards


#: What the automatic pick policy looks for first: (card type, picks of it wanted), in order: the realms a 30-card
#: limited deck needs at least (4), a couple of champions, then more of both.
WANTED_PICKS = (("Realm", 4), ("Champion", 2), ("Realm", 7), ("Champion", 7))


def first_new_card(
    pack: Sequence[str],
    picked: Sequence[str],
    catalogue: Catalogue,
    wanted: Sequence[tuple[str, int]] = WANTED_PICKS,
) -> int:
    """An automatic pick policy (for simulations): the index in ``pack`` of the first card whose name the drafter
    has not picked yet (a limited deck holds one copy of a card) and whose type is still ``wanted`` (fewer of it
    picked than wanted: realms, then champions, so the picks make a deck), else the first new card, else 0.
    ``pack`` is not empty."""
    cards = [catalogue.get(key) if key in catalogue else None for key in pack]
    mine = [catalogue.get(key) for key in picked if key in catalogue]
    names = {card.name for card in mine}
    new = [index for index, card in enumerate(cards) if card is not None and card.name not in names]
    for card_type, count in wanted:
        if sum(card.card_type == card_type for card in mine) < count:
            match = next((index for index in new if cards[index].card_type == card_type), None)  # type: ignore[union-attr]
            if match is not None:
                return match
    return new[0] if new else 0


def draft_simulate(
    packs: Sequence[Sequence[Sequence[str]]],
    pick: Callable[[Sequence[str], Sequence[str]], int],
) -> list[list[str]]:
    """Draft every player's packs (as :func:`draft_pools` deals them) at one table and return each player's picks
    (player 1 first), in pick order.

    Pack round *r* (0-based) opens everyone's pack *r*; each player takes the card ``pick(pack, own picks so far)``
    (an index into the pack in hand) and passes the rest to the left (player *i* to *i* + 1) in rounds 0 and 2,
    to the right in round 1, until the packs are empty.  Source: spell-battle-rules.txt, 6. How to make your own
    deck, Draft ("pick one and pass left, then right, then left").  For simulations and tests: the event's
    recorded draft (picks by the players) is its own workflow.  Raises :class:`PoolError` ``bad_pool_setting``
    when players hold different numbers of packs.
    """
    players = len(packs)
    rounds = {len(own) for own in packs}
    if players == 0:
        return []
    if len(rounds) != 1:
        raise PoolError(
            "bad_pool_setting",
            "Every drafter must open the same number of packs.",
            {"what": "packs per player", "value": min(rounds), "minimum": max(rounds), "maximum": max(rounds)},
        )
    picks: list[list[str]] = [[] for _ in range(players)]
    for round_index in range(rounds.pop()):
        step = 1 if round_index % 2 == 0 else -1
        hands = [list(packs[player][round_index]) for player in range(players)]
        while any(hands):
            for player in range(players):
                hand = hands[player]
                if hand:
                    index = pick(hand, picks[player])
                    picks[player].append(hand.pop(index if 0 <= index < len(hand) else 0))
            hands = [hands[(player - step) % players] for player in range(players)]
    return picks


#: Violations a deck under construction may have: it is short of cards or of a type's minimum, nothing else.
_WHILE_BUILDING = frozenset({"deck_size", "type_minimum", "champion_type_minimum", "chase_minimum", "group_minimum"})


def build_deck(pool: Sequence[Card], fmt: DeckFormat) -> list[Card]:
    """A simple greedy deck of ``fmt.total`` cards from ``pool`` (one Card per copy), for simulations.

    Adds, in this order, realms up to a quarter of the deck (at least the format's minimum), champions (lowest
    level first) up to a quarter, then the rest of the pool in its order; a card goes in only when the deck with
    it breaks no rule of ``fmt`` beyond being short (size and type minimums), so the level cap, the type maximums
    and the copies rule hold.  Dungeon cards are left out.  Returns the deck's cards; it is legal
    (``rules.legality.check_deck(..., pool=pool)``) whenever the pool allows a deck this way, and shorter or
    under a minimum otherwise (the caller checks).  Source of the limits: ``fmt.source`` (for the limited
    formats, spell-battle-rules.txt, 6. How to make your own deck, scaled from the 55-card table).
    """
    quarter = max(1, fmt.total // 4)
    realm_min = next((limit.minimum for limit in fmt.type_limits if limit.card_type == "Realm"), 0)
    realms = [card for card in pool if card.card_type == "Realm"]
    champions = sorted(
        (card for card in pool if card.card_type == "Champion"),
        key=lambda card: card.level_value if card.level_value is not None else 0,
    )
    plan: list[tuple[list[Card], int]] = [
        (realms, max(realm_min, quarter)),
        (champions, quarter),
        ([card for card in pool if card.card_type not in ("Realm", "Champion", "Dungeon")], fmt.total),
        (realms + champions, fmt.total),
    ]
    deck: list[Card] = []
    used: set[int] = set()
    for candidates, wanted in plan:
        taken = 0
        for card in candidates:
            if len(deck) >= fmt.total or taken >= wanted:
                break
            if id(card) in used:
                continue
            trial = deck + [card]
            verdict = check_deck(Decklist(cards=tuple(trial)), fmt)
            if all(violation.code in _WHILE_BUILDING for violation in verdict.violations):
                deck = trial
                used.add(id(card))
                taken += 1
    return deck
