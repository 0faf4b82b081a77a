"""A draft's pods, seats and the passing of packs, as pure functions (no Django).

Terms:

* a **pod** is a table of drafters passing packs among themselves (up to :data:`MAX_POD_SIZE`); the organiser
  picks the size, and a draft of more players is split into pods as even as possible (:func:`pod_sizes`);
* a **seat** is a drafter's place in their pod: 0-based here (the pages show it 1-based); "left" is the next
  seat number (seat ``s`` passes to ``s + 1``, the last seat to the first), "right" the previous one;
* a **pack round** ``p`` (0-based) is the opening of every seat's pack ``p``; a **pick** ``k`` (0-based) is the
  ``k``-th card taken in that round; a pack of ``m`` cards gives ``m`` picks per round, so each drafter ends
  with ``rounds x m`` cards (3 x 15 = 45);
* the **origin** of a pack is the seat that opened it; at pick ``k`` of round ``p`` seat ``s`` holds the pack
  opened by ``(s - k * direction(p)) mod n`` (:func:`pack_origin`).

Rule source: spell-battle-rules.txt, 6. How to make your own deck (Draft: "three piles of 15 random face-down
cards ... pick one, pass left; then right; then left again").

A seat's pack has **arrived** when the seat that held it before (its upstream neighbour) has taken its card;
a seat may run ahead into its own next pack, which depends on nobody.  Everything is reproducible: the seating
takes a ``random.Random``; the packs come from ``rules.limited.draft_pools``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from rules.errors import RulesError

__all__ = [
    "DEFAULT_POD_SIZE",
    "LEFT",
    "MAX_POD_SIZE",
    "MIN_POD_SIZE",
    "RIGHT",
    "DraftError",
    "PodDraft",
    "Turn",
    "direction",
    "pack_holder",
    "pack_origin",
    "pod_sizes",
    "run_draft",
    "seat_pods",
]

#: Pods hold up to 8 drafters (issue 23: "a draft is seated in pods of up to 8").
MAX_POD_SIZE = 8
MIN_POD_SIZE = 2
DEFAULT_POD_SIZE = 8
#: Passing to the next seat number, and to the previous one.
LEFT, RIGHT = 1, -1

T = TypeVar("T")


class DraftError(RulesError):
    """A draft cannot be seated or a pick cannot be made.

    ``code``: ``bad_draft_pod_size`` (``{"value": int, "minimum": int, "maximum": int}``), ``bad_packs`` (the packs are
    not one list of equal-sized packs per seat: ``{"problem": str}``), ``waiting`` (the seat's pack has not
    arrived: ``{"seat": int, "pack": int, "pick": int}``, 1-based), ``not_in_pack`` (``{"card": str}``) or
    ``draft_over`` (the seat has made every pick: ``{"seat": int}``).
    """


def direction(pack_round: int) -> int:
    """:data:`LEFT` for pack rounds 0, 2, 4, ..., :data:`RIGHT` for 1, 3, ...: left, then right, then left again
    (spell-battle-rules.txt, 6. How to make your own deck, Draft)."""
    return LEFT if pack_round % 2 == 0 else RIGHT


def pack_origin(seat: int, pack_round: int, pick: int, seats: int) -> int:
    """The seat (0-based) that opened the pack ``seat`` holds at ``pick`` (0-based) of ``pack_round`` in a pod of
    ``seats``.  Example: 8 seats, round 0 (left), pick 1: seat 3 holds seat 2's pack."""
    return (seat - pick * direction(pack_round)) % seats


def pack_holder(origin: int, pack_round: int, pick: int, seats: int) -> int:
    """The seat that holds ``origin``'s pack at ``pick`` of ``pack_round`` (the inverse of :func:`pack_origin`)."""
    return (origin + pick * direction(pack_round)) % seats


def pod_sizes(players: int, pod_size: int = DEFAULT_POD_SIZE) -> list[int]:
    """The sizes of the pods ``players`` drafters sit in: as few pods of at most ``pod_size`` as will hold them,
    as even as possible (the larger first): 10 players by 8 give ``[5, 5]``, 17 give ``[6, 6, 5]``.

    Raises :class:`DraftError` ``bad_draft_pod_size`` outside 2..8."""
    if not MIN_POD_SIZE <= pod_size <= MAX_POD_SIZE:
        raise DraftError(
            "bad_draft_pod_size",
            f"A pod seats {MIN_POD_SIZE} to {MAX_POD_SIZE} players (got {pod_size}).",
            {"value": pod_size, "minimum": MIN_POD_SIZE, "maximum": MAX_POD_SIZE},
        )
    if players <= 0:
        return []
    count = -(-players // pod_size)
    base, extra = divmod(players, count)
    return [base + 1] * extra + [base] * (count - extra)


def seat_pods(players: Sequence[T], pod_size: int, rng: random.Random) -> list[list[T]]:
    """``players`` shuffled with ``rng`` and seated in pods (:func:`pod_sizes`); each pod lists its seats in order.
    The same ``rng`` state gives the same seating."""
    shuffled = list(players)
    rng.shuffle(shuffled)
    pods: list[list[T]] = []
    start = 0
    for size in pod_sizes(len(shuffled), pod_size):
        pods.append(shuffled[start : start + size])
        start += size
    return pods


@dataclass(frozen=True)
class Turn:
    """Where a seat is: ``pack_round`` and ``pick`` (0-based), ``origin`` (the seat whose pack it is), ``ready``
    (the pack has arrived) and, when ready, the pack's ``cards`` left (card keys, in the pack's order)."""

    pack_round: int
    pick: int
    origin: int
    ready: bool
    cards: tuple[str, ...] = ()


class PodDraft:
    """One pod's draft: ``packs[seat][round]`` the packs as dealt (card keys), ``picks[seat]`` the cards each seat
    took so far, in order.  Raises :class:`DraftError` ``bad_packs`` when the packs are not equal-sized lists.

    Source: spell-battle-rules.txt, 6. How to make your own deck (Draft)."""

    def __init__(
        self, packs: Sequence[Sequence[Sequence[str]]], picks: Sequence[Sequence[str]] | None = None
    ) -> None:
        self.seats = len(packs)
        rounds = {len(seat_packs) for seat_packs in packs}
        sizes = {len(pack) for seat_packs in packs for pack in seat_packs}
        if not self.seats or len(rounds) != 1 or len(sizes) != 1 or 0 in sizes or 0 in rounds:
            raise DraftError(
                "bad_packs",
                "Every seat needs the same number of equal, non-empty packs.",
                {"problem": "uneven packs"},
            )
        self.packs = [[list(pack) for pack in seat_packs] for seat_packs in packs]
        self.rounds = rounds.pop()
        self.pack_size = sizes.pop()
        self.picks = [list(seat_picks) for seat_picks in (picks or [[] for _ in range(self.seats)])]
        if len(self.picks) != self.seats:
            raise DraftError("bad_packs", "One list of picks per seat.", {"problem": "picks per seat"})

    @property
    def total_picks(self) -> int:
        """Cards each seat ends with: rounds x pack size."""
        return self.rounds * self.pack_size

    def done(self, seat: int | None = None) -> bool:
        """True when ``seat`` (or, given none, every seat) has made every pick."""
        seats = range(self.seats) if seat is None else [seat]
        return all(len(self.picks[s]) >= self.total_picks for s in seats)

    def turn(self, seat: int) -> Turn | None:
        """Where ``seat`` is now (:class:`Turn`), or None once it has made every pick."""
        made = len(self.picks[seat])
        if made >= self.total_picks:
            return None
        pack_round, pick = divmod(made, self.pack_size)
        origin = pack_origin(seat, pack_round, pick, self.seats)
        if pick > 0:
            upstream = pack_holder(origin, pack_round, pick - 1, self.seats)
            if len(self.picks[upstream]) < pack_round * self.pack_size + pick:
                return Turn(pack_round, pick, origin, ready=False)
        cards = list(self.packs[origin][pack_round])
        for earlier in range(pick):
            cards.remove(
                self.picks[pack_holder(origin, pack_round, earlier, self.seats)][
                    pack_round * self.pack_size + earlier
                ]
            )
        return Turn(pack_round, pick, origin, ready=True, cards=tuple(cards))

    def pick(self, seat: int, card: str) -> Turn:
        """``seat`` takes ``card`` from the pack it holds; returns the turn it was taken in.

        Raises :class:`DraftError` ``draft_over``, ``waiting`` (the pack has not arrived) or ``not_in_pack``."""
        turn = self.turn(seat)
        if turn is None:
            raise DraftError("draft_over", f"Seat {seat + 1} has made every pick.", {"seat": seat + 1})
        if not turn.ready:
            raise DraftError(
                "waiting",
                f"Seat {seat + 1}'s pack {turn.pack_round + 1}, pick {turn.pick + 1} has not arrived yet.",
                {"seat": seat + 1, "pack": turn.pack_round + 1, "pick": turn.pick + 1},
            )
        if card not in turn.cards:
            raise DraftError(
                "not_in_pack", f"{card} is not in the pack seat {seat + 1} holds.", {"card": card}
            )
        self.picks[seat].append(card)
        return turn


def _first_card(_seat: int, turn: Turn) -> str:
    return turn.cards[0]


def run_draft(
    packs: Sequence[Sequence[Sequence[str]]], choose: Callable[[int, Turn], str] | None = None
) -> list[list[str]]:
    """Play a pod's whole draft: each ready seat in turn takes ``choose(seat, turn)`` (default: the pack's first
    card) until every seat has made every pick; returns each seat's picks (its pool).  For tests, simulations
    and the CLI; raises what :meth:`PodDraft.pick` raises for a bad choice."""
    draft = PodDraft(packs)
    chooser = choose or _first_card
    while not draft.done():
        for seat in range(draft.seats):
            turn = draft.turn(seat)
            if turn is not None and turn.ready:
                draft.pick(seat, chooser(seat, turn))
    return draft.picks
