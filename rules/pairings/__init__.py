"""Pairings: who plays whom in the next round.

Terms
-----
table
    One match of the round to be played: ``Table(number, players, reason,
    reason_code, reason_params)``; ``players`` in seat order, ``reason`` a
    plain-English explanation of why these players meet (for judges and
    players); ``reason_code`` + ``reason_params`` the same explanation as data
    (a code and a dict of JSON values: every number, seed, stage and name the
    sentence says), so a caller can say it in another language (the codes:
    ``REASON_CODES``).
bye
    A player who has no opponent this round (a 2-0 match win in Swiss,
    Magic Tournament Rules, Appendix C; an automatic advance in a bracket).
pairing
    ``Pairing(round, tables, byes, seed, bye_reasons, notes)``: the next round.
    ``seed`` is the random seed used, when the caller wants it stored for audit;
    ``bye_reasons`` one sentence per bye (same order as ``byes``), and
    ``bye_reason_codes`` / ``bye_reason_params`` the same as data; ``notes``
    how the round was computed (e.g. which graph the Swiss matching used).
    ``to_json()`` keeps the stable shape of ARCHITECTURE.md (no new keys).

Systems (every function is pure: same inputs, same output; randomness only
from a caller's ``random.Random``):

* Swiss for duels: ``swiss.pair_swiss`` (PAIRINGS.md §1.1, §1.4, §6.3);
* single elimination: ``elimination.pair_single_elimination`` (standard or
  random seeding, optional third-place match), ``elimination.top_cut``
  (top 4/8/16/32 by Swiss rank, MTR 10.4) and
  ``elimination.pair_table_elimination`` (multiplayer tables, each table's
  winner advances) (PAIRINGS.md §3.1);
* double elimination: ``double_elimination.pair_double_elimination``
  (PAIRINGS.md §3.2);
* round robin: ``round_robin.berger_rounds`` / ``pair_round_robin`` (FIDE
  C.05 Annex 1 Berger tables, PAIRINGS.md §3.3);
* multiplayer pods: ``pods.pair_pods`` (PAIRINGS.md §3.4);
* teams: ``teams`` (a thin layer: pair team ids with any system above, then
  expand to board tables).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.errors import RulesError

__all__ = [
    "REASON_CODES",
    "Table",
    "Pairing",
    "PairingError",
    "pair_swiss",
    "pair_single_elimination",
    "bracket_winner",
    "seed_order",
    "top_cut",
    "pair_table_elimination",
    "pair_double_elimination",
    "pair_round_robin",
    "berger_rounds",
    "pair_pods",
    "pod_sizes",
]


#: Every ``reason_code`` a pairing writes (tables and byes), with the keys of its ``reason_params``
#: (optional ones in brackets). A test checks every algorithm writes one of these.
REASON_CODES: dict[str, str] = {
    # Swiss (swiss.py): "rematch" is {"met": times met before, "players": players paired, "rematches": in the
    # round}; "odd": players on the higher score when odd (else each unplayed opponent there is needed
    # elsewhere); "floated_again": the player paired down last round too
    "swiss_same_points": "points, [rematch]",
    "swiss_paired_down": "from, to, [odd], [floated_again], [rematch]",
    "bye_awarded": "round",
    "swiss_bye": "player, points, rank",
    "swiss_bye_repeat": "player, points, byes_before",
    "bye_no_opponent": "",
    # single elimination and elimination by tables (elimination.py); "stage" as the bracket pages read it
    "bracket": "stage=main, seeds",
    "third_place": "stage=third, seeds",
    "elimination_table": "stage=main, size, final, seeds",
    "random_draw": "stage=main",
    "random_draw_bye": "",
    # double elimination (double_elimination.py); "bracket_round" the round within the section
    "winners_bracket": "stage=winners, bracket_round, final, seeds",
    "losers_bracket": "stage=losers, bracket_round, [from_winners_round, swap=flipped|halves_swapped], seeds",
    "grand_final": "stage=grand, bracket_round=1, seeds",
    "grand_final_reset": "stage=grand, bracket_round=2, seeds",
    # round robin (round_robin.py)
    "round_robin": "berger_round, second_cycle, pairing_numbers",
    "round_robin_bye": "",
    # pods (pods.py): "points" of the pod best first; "short": the pod is smaller because "players" do not fill
    # pods of "full"
    "pod": "size, points, [short: {players, full}], repeats",
    "pod_bye": "players, min, max",
    # pods of a fixed size (pods.py, fixed_size): "seated" of "players" fill tables of exactly "size"
    "fixed_table_bye": "players, seated, size",
    # teams (teams.py): the teams and the team pairing's own reason
    "teams": "teams, [table: {code, params}]",
}


@dataclass(frozen=True)
class Table:
    """A table of the next round: its number (1..), player ids in seat order, and why they meet (in English and
    as ``reason_code`` + ``reason_params``, see ``REASON_CODES``)."""

    number: int
    players: tuple[str, ...]
    reason: str = ""
    reason_code: str = ""
    reason_params: Mapping[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class Pairing:
    """The next round: its number, its tables (in table order), the players with a bye, the seed used."""

    round: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...]
    seed: int | None = None
    bye_reasons: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    bye_reason_codes: tuple[str, ...] = ()
    bye_reason_params: tuple[Mapping[str, Any], ...] = field(default=(), hash=False)

    def to_json(self) -> dict[str, Any]:
        """``{"round": int, "pairings": [{"table", "players", "reason"}], "byes": [id]}`` (ARCHITECTURE.md)."""
        return {
            "round": self.round,
            "pairings": [
                {"table": t.number, "players": list(t.players), "reason": t.reason} for t in self.tables
            ],
            "byes": list(self.byes),
        }


class PairingError(RulesError):
    """The round cannot be paired as asked.

    ``code`` names the problem, ``params`` holds the details, ``str()`` says what to do.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(code, message, params)


from rules.pairings.elimination import (  # noqa: E402
    bracket_winner,
    pair_single_elimination,
    pair_table_elimination,
    seed_order,
    top_cut,
)
from rules.pairings.swiss import pair_swiss  # noqa: E402
from rules.pairings.double_elimination import pair_double_elimination  # noqa: E402
from rules.pairings.round_robin import berger_rounds, pair_round_robin  # noqa: E402
from rules.pairings.pods import pair_pods, pod_sizes  # noqa: E402
