"""Off-the-top events (issue 23): nobody registers a deck; each match of a round plays from one shared pool,
dealt when the round is paired.

Terms: a *shared pool* is the shuffled pile of about 50 cards per player a table uses as its draw pile and its
discard pile (``MatchPool``). Source: spell-battle-rules.txt, 8. Tournaments ("Tournaments can be off-the-top
...", "Approximately 50 cards should be used as a deck for every player that will share the deck. (100 cards
would be used for a two player game.)")."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.limited import DEFAULT_SETS, OFF_THE_TOP_PER_PLAYER, CatalogueSource, off_the_top_pools

from tournaments.catalogue import get_catalogue
from tournaments.models import Match, MatchPool, Round

#: The most players a shared pool is dealt for at once (``rules.limited.off_the_top_pools``'s table size).
MAX_TABLE = 8


def pool_rng(rnd: Round) -> random.Random:
    """The random source of a round's shared pools: the round's pairing seed, apart from the pairing's own draws
    (the same round, seed and tables deal the same pools)."""
    return random.Random(f"off-the-top:{rnd.seed}")


def match_pools_deal(rnd: Round, tables: Sequence[tuple[Match, int]]) -> list[MatchPool]:
    """Deal and store a shared pool for each ``(match, players)`` of ``tables`` (table order; byes left out by the
    caller): ``OFF_THE_TOP_PER_PLAYER`` cards per player (100 for a duel) from the default sets' packs
    (``rules.limited.DEFAULT_SETS``, the stated default pack composition), shuffled; reproducible from the round's
    seed (:func:`pool_rng`). Replaces a match's earlier pool. Called inside the pairing's transaction
    (``tournaments.services.pairing``); raises nothing for a well-formed catalogue."""
    rng = pool_rng(rnd)
    source = CatalogueSource(get_catalogue(), DEFAULT_SETS)
    pools = []
    for match, players in sorted(tables, key=lambda entry: entry[0].table):
        seated = max(2, min(players, MAX_TABLE))
        (cards,) = off_the_top_pools(
            source, rng, players=seated, table_size=seated, per_player=OFF_THE_TOP_PER_PLAYER
        )
        pools.append(MatchPool(match=match, cards=cards, sets=list(source.sets)))
    MatchPool.objects.filter(match__in=[match for match, _ in tables]).delete()
    return MatchPool.objects.bulk_create(pools)
