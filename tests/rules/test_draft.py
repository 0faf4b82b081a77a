"""A draft's pods, seats and passing (rules/draft.py).

Source: spell-battle-rules.txt, 6. How to make your own deck (Draft: "three piles of 15 random face-down cards ...
pick one, pass left; then right; then left again").
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.cards import Catalogue
from rules.draft import (
    LEFT,
    DraftError,
    PodDraft,
    direction,
    pack_holder,
    pack_origin,
    pod_sizes,
    run_draft,
    seat_pods,
)
from rules.limited import CatalogueSource, draft_pools


def _packs(seats: int, rounds: int = 3, size: int = 15) -> list[list[list[str]]]:
    """Packs whose keys say where they come from: seat s, round r, card c is ``"s{s}/r{r}c{c}"``."""
    return [[[f"s{s}/r{r}c{c}" for c in range(size)] for r in range(rounds)] for s in range(seats)]


def test_packs_pass_left_then_right_then_left() -> None:
    assert [direction(p) for p in range(3)] == [LEFT, -LEFT, LEFT]
    # 8 seats: at pick 2 of pack 1 (left) seat 3 holds seat 1's pack; of pack 2 (right), seat 5's.
    assert pack_origin(3, 0, 2, 8) == 1
    assert pack_origin(3, 1, 2, 8) == 5
    assert pack_origin(0, 0, 1, 8) == 7  # seat 1 receives from the last seat: the pod is a circle
    assert all(
        pack_holder(pack_origin(s, p, k, 8), p, k, 8) == s
        for s in range(8)
        for p in range(3)
        for k in range(15)
    )


def test_pods_are_as_even_as_possible_and_never_over_the_size() -> None:
    assert pod_sizes(8) == [8]
    assert pod_sizes(10) == [5, 5]
    assert pod_sizes(17) == [6, 6, 5]
    assert pod_sizes(9, 4) == [3, 3, 3]
    assert pod_sizes(3, 8) == [3]
    with pytest.raises(DraftError) as error:
        pod_sizes(8, 9)
    assert error.value.code == "bad_draft_pod_size"


def test_seating_is_reproducible_from_the_seed() -> None:
    players = [f"p{n}" for n in range(20)]
    first = seat_pods(players, 8, random.Random(4))
    assert first == seat_pods(players, 8, random.Random(4))
    assert [len(pod) for pod in first] == [7, 7, 6]
    assert sorted(p for pod in first for p in pod) == sorted(players)
    assert first != seat_pods(players, 8, random.Random(5))


def test_eight_seats_three_packs_of_fifteen_end_with_45_cards_each_and_every_card_taken(
    catalogue: Catalogue,
) -> None:
    packs = draft_pools(CatalogueSource(catalogue, ["4th"]), random.Random(23), players=8)
    rng = random.Random(1)
    pools = run_draft(packs, lambda _seat, turn: rng.choice(turn.cards))
    assert [len(pool) for pool in pools] == [45] * 8
    dealt = Counter(key for seat in packs for pack in seat for key in pack)
    assert Counter(key for pool in pools for key in pool) == dealt


def test_the_same_seed_deals_the_same_packs_and_the_same_choices_make_the_same_pools(
    catalogue: Catalogue,
) -> None:
    def pools(seed: int) -> list[list[str]]:
        packs = draft_pools(CatalogueSource(catalogue, ["4th"]), random.Random(seed), players=4)
        rng = random.Random(seed)
        return run_draft(packs, lambda _seat, turn: rng.choice(turn.cards))

    assert pools(7) == pools(7)
    assert pools(7) != pools(8)


def test_each_pick_comes_from_the_neighbours_pack_in_the_rounds_direction() -> None:
    pools = run_draft(_packs(8))  # everyone takes the first card left in the pack they hold
    seat = 3
    # pack 1 passes left: pick k comes from seat (3 - k) mod 8's pack; pack 2 right: from seat (3 + k) mod 8's
    assert [key.split("/")[0] for key in pools[seat][:15]] == [f"s{(seat - k) % 8}" for k in range(15)]
    assert [key.split("/")[0] for key in pools[seat][15:30]] == [f"s{(seat + k) % 8}" for k in range(15)]
    assert [key.split("/")[0] for key in pools[seat][30:]] == [f"s{(seat - k) % 8}" for k in range(15)]


def test_a_pick_waits_for_the_neighbours_pick() -> None:
    draft = PodDraft(_packs(3, rounds=1, size=4))
    draft.pick(0, "s0/r0c0")
    turn = draft.turn(0)
    assert turn is not None and not turn.ready  # seat 1 gets seat 3's pack once seat 3 has picked from it
    with pytest.raises(DraftError) as error:
        draft.pick(0, "s2/r0c1")
    assert error.value.code == "waiting"
    draft.pick(2, "s2/r0c0")
    turn = draft.turn(0)
    assert turn is not None and turn.ready and turn.cards == ("s2/r0c1", "s2/r0c2", "s2/r0c3")


def test_a_card_not_in_the_pack_held_is_refused_and_a_finished_seat_picks_no_more() -> None:
    draft = PodDraft(_packs(2, rounds=1, size=1))
    with pytest.raises(DraftError) as error:
        draft.pick(0, "s1/r0c0")
    assert error.value.code == "not_in_pack"
    draft.pick(0, "s0/r0c0")
    assert draft.done(0) and draft.turn(0) is None
    with pytest.raises(DraftError) as error:
        draft.pick(0, "s0/r0c0")
    assert error.value.code == "draft_over"


def test_a_seat_may_open_its_next_pack_before_the_others_finish_the_round() -> None:
    draft = PodDraft(_packs(2, rounds=2, size=1))
    draft.pick(0, "s0/r0c0")
    turn = draft.turn(0)
    assert turn is not None and turn.ready and turn.pack_round == 1 and turn.cards == ("s0/r1c0",)


def test_uneven_packs_are_refused() -> None:
    with pytest.raises(DraftError) as error:
        PodDraft([[["a", "b"]], [["c"]]])
    assert error.value.code == "bad_packs"
