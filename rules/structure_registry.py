"""One registry of tournament structures: name, description, rule source, settings, pairing and placings.

Everything that needs to know which structures exist reads ``STRUCTURE_REGISTRY``
(the model is Tabbycat's table of draw managers, ``DRAW_MANAGER_CLASSES``):
``rules.structures.next_round`` (which function pairs the next round),
``StructureSettings`` and the Django service (one validator,
``validate_structure``), ``python -m rules structures`` (the list) and
``python -m rules pair --system NAME`` (``cli_systems``, ``structure_for_cli``),
and the Django layer (the choices of the tournament's ``structure``, its form
and serializer).  Adding a structure is one ``register_structure(StructureSpec(...))``.

The built-in structures are registered by ``rules.structures`` (their pairing
functions live there); import the registry through ``rules.structures`` (which
re-exports every name of this module) so that they are present.

The settings a structure may read (``STRUCTURE_OPTIONS``) and their common rules:

``swiss_rounds``
    None (no limit: the command line pairs one more round whenever asked) or a
    whole number; 1 to ``MAX_SWISS_ROUNDS`` (20) for a structure that reads it
    (a Swiss or pods phase), 0 or more otherwise (ignored).
``top_cut``
    0 (none) or a top cut of 4, 8, 16 or 32 players (Magic Tournament Rules 10.4).
``table_size``
    Players per multiplayer table, ``TABLE_SIZES`` (3 to 6) whatever the structure:
    spell-battle-rules.txt, "8. Tournaments" (two-, three- or four-player matches;
    a table of two is a duel) and "7. Teams" (four- and six-player games); the pods
    pairing (``rules.pairings.pods``) seats 3 to 6.  A structure without tables
    ignores it.
``fixed_table_size``
    True or false: every table of a Swiss-style multiplayer round has exactly
    ``table_size`` players and those left over get byes, instead of tables of
    ``table_size`` and ``table_size - 1`` (spell-battle-rules.txt, "8. Tournaments":
    "It should be decided ahead of time how many people will be in each game").
    Refused by a structure that does not read it (only ``pods`` does: the tables of
    an elimination shrink as players are eliminated).
``third_place_match``, ``random_seeding``, ``bracket_reset``, ``double_round_robin``, ``random_draw_each_round``
    True or false.  A structure ignores the ones it does not read, except
    ``random_draw_each_round``, which replaces the pairing itself and is refused by a
    structure that does not read it (only ``single_elimination`` does, without a top
    cut, a third-place match or random seeding: spell-battle-rules.txt, "8. Tournaments",
    every round a new random draw).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, overload

from rules.errors import RulesError
from rules.history import History
from rules.pairings import Pairing
from rules.pairings.elimination import TOP_CUT_SIZES
from rules.standings.placings import Placing, final_placings

if TYPE_CHECKING:
    from rules.structures import Finished, StructureSettings

__all__ = [
    "MAX_SWISS_ROUNDS",
    "STRUCTURES",
    "STRUCTURE_OPTIONS",
    "STRUCTURE_REGISTRY",
    "TABLE_SIZES",
    "StructureError",
    "StructureSpec",
    "cli_systems",
    "get_structure",
    "register_structure",
    "structure_for_cli",
    "unregister_structure",
    "validate_structure",
]

#: The settings of ``StructureSettings`` a structure may read (``StructureSpec.options``), as the organiser sets them.
STRUCTURE_OPTIONS = ("swiss_rounds", "top_cut", "third_place_match", "random_seeding", "random_draw_each_round",
                     "bracket_reset", "double_round_robin", "table_size", "fixed_table_size")
#: Players per multiplayer table (spell-battle-rules.txt, "8. Tournaments" and "7. Teams").
TABLE_SIZES = range(3, 7)
#: The most Swiss (or pods) rounds an event plans.
MAX_SWISS_ROUNDS = 20
#: Settings refused (not ignored) by a structure that does not read them: they replace the pairing itself.
_REFUSED_UNLESS_READ = ("random_draw_each_round", "fixed_table_size")

#: ``pair(settings, history, rng, number)``: the next round's (kind, pairing), or ``Finished``.
PairFunction = Callable[["StructureSettings", History, random.Random, int], "tuple[str, Pairing] | Finished"]


class StructureError(RulesError):
    """Event settings that cannot be used: ``code`` names the problem, ``params`` the details
    (always ``field``), ``str()`` says what to fix."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(code, message, params)


@dataclass(frozen=True)
class StructureSpec:
    """A named tournament structure.

    ``name``: the id (``StructureSettings.structure``; stored by the Django layer,
    at most 24 characters, no spaces); ``description``: one line, shown by
    ``python -m rules structures`` after the name (and by the Django layer when it
    has no translated label); ``source``: the rules text it follows (file of
    ../shared/rules-texts and section, or the document); ``pair``:
    ``pair(settings, history, rng, number) -> (kind, Pairing) | Finished`` (``kind``
    one of ``rules.structures.ROUND_KINDS``; ``number`` the round to pair; raise
    ``PairingError`` "bracket_complete"/"round_robin_complete" or return
    ``Finished`` when the event is over); ``options``: the settings of
    ``STRUCTURE_OPTIONS`` it reads; ``check``: further rules on the settings
    (``check(values)`` with every name of ``STRUCTURE_OPTIONS``; raises
    ``StructureError`` naming the ``field``); ``placings``:
    ``placings(history, settings) -> list[Placing]`` (default
    ``rules.standings.placings.final_placings``: by how far each player went in the
    elimination rounds, then by standings).

    What the structure is like, for the callers that plan around it:
    ``swiss_phase``: it plays Swiss-style rounds first (``swiss_rounds``), then an
    optional top cut; late entrants may join those rounds.  ``bracket``: it is an
    elimination bracket from round 1 (seeded in seeding order, or at random).
    ``multiplayer``: it seats tables of ``table_size`` (ranked with the ``pods``
    tiebreaker system; no teams).  ``cli_name``: its ``python -m rules pair
    --system`` name (None: not on the command line); two structures may share one
    when one is ``multiplayer`` (chosen by the table size); ``cli_size_flag``: the
    flag that gives its ``table_size`` there (``--pod-size``, ``--table-size``).
    """

    name: str
    description: str
    source: str
    pair: PairFunction
    options: frozenset[str] = frozenset()
    check: Callable[[Mapping[str, Any]], None] | None = None
    placings: Callable[[History, StructureSettings], list[Placing]] = final_placings
    swiss_phase: bool = False
    bracket: bool = False
    multiplayer: bool = False
    cli_name: str | None = None
    cli_size_flag: str | None = None

    def __post_init__(self) -> None:
        if (not isinstance(self.name, str) or not self.name or len(self.name) > 24
                or any(c.isspace() for c in self.name)):
            raise ValueError(f"A structure needs a name of 1 to 24 characters without spaces, not {self.name!r}.")
        unknown = sorted(set(self.options) - set(STRUCTURE_OPTIONS))
        if unknown:
            raise ValueError(f"The {self.name} structure reads unknown settings {unknown}; "
                             f"the settings are {', '.join(STRUCTURE_OPTIONS)}.")
        if self.cli_name is not None and (not self.cli_name or any(c.isspace() for c in self.cli_name)):
            raise ValueError(f"The {self.name} structure needs a command-line name without spaces.")


#: The registered structures by name, in listing order.  Change it only through
#: ``register_structure``/``unregister_structure``.
STRUCTURE_REGISTRY: dict[str, StructureSpec] = {}


class _Names(Sequence[str]):
    """A read-only, always current tuple-like view of the names in ``STRUCTURE_REGISTRY``."""

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return tuple(STRUCTURE_REGISTRY)[index]

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(STRUCTURE_REGISTRY))

    def __len__(self) -> int:
        return len(STRUCTURE_REGISTRY)

    def __contains__(self, name: object) -> bool:
        return name in STRUCTURE_REGISTRY

    def __eq__(self, other: object) -> bool:
        return tuple(self) == (tuple(other) if isinstance(other, Sequence) and not isinstance(other, str) else other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


#: The names of the registered structures (a live, tuple-like view of ``STRUCTURE_REGISTRY``).
STRUCTURES: Sequence[str] = _Names()


def register_structure(spec: StructureSpec) -> StructureSpec:
    """Add ``spec`` to ``STRUCTURE_REGISTRY`` (listed last) and return it.

    Raises ``ValueError`` (a programming error, not a user's: no ``RulesError`` code) when a
    structure of that name is registered already (``unregister_structure`` it first to replace
    it), or when its ``cli_name`` is taken by a structure it cannot share it with (both, or
    neither, ``multiplayer``).
    """
    if spec.name in STRUCTURE_REGISTRY:
        raise ValueError(f"A structure named {spec.name!r} is registered already; choose another name.")
    if spec.cli_name is not None:
        for other in STRUCTURE_REGISTRY.values():
            if other.cli_name == spec.cli_name and other.multiplayer == spec.multiplayer:
                raise ValueError(f"The command-line name {spec.cli_name!r} is taken by the {other.name} "
                                 "structure; choose another.")
    STRUCTURE_REGISTRY[spec.name] = spec
    return spec


def unregister_structure(name: str) -> StructureSpec:
    """Remove the structure named ``name`` from ``STRUCTURE_REGISTRY`` and return it
    (``StructureError("unknown_structure")`` if there is none)."""
    spec = get_structure(name)
    del STRUCTURE_REGISTRY[name]
    return spec


def get_structure(name: str) -> StructureSpec:
    """The registered structure named ``name``.

    Raises ``StructureError("unknown_structure")`` (params ``field`` "structure", ``value``,
    ``valid``: the registered names), whose message lists the valid names.
    """
    spec = STRUCTURE_REGISTRY.get(name) if isinstance(name, str) else None
    if spec is None:
        raise StructureError("unknown_structure", f"structure must be one of {', '.join(STRUCTURE_REGISTRY)}, "
                             f"not {name!r}.", field="structure", value=str(name), valid=list(STRUCTURE_REGISTRY))
    return spec


def cli_systems() -> tuple[str, ...]:
    """The ``python -m rules pair --system`` names, in registry order, each once."""
    return tuple(dict.fromkeys(s.cli_name for s in STRUCTURE_REGISTRY.values() if s.cli_name is not None))


def structure_for_cli(system: str, table_size: int = 2) -> StructureSpec:
    """The structure ``python -m rules pair --system SYSTEM`` plays.

    When two structures share the name (``single-elimination``: duels, or by tables with
    ``--table-size N``), ``table_size`` 2 chooses the one of duels and any other the
    ``multiplayer`` one.  Raises ``StructureError("unknown_structure")`` for a name no
    structure carries.
    """
    specs = [s for s in STRUCTURE_REGISTRY.values() if s.cli_name == system]
    if not specs:
        raise StructureError("unknown_structure", f"--system must be one of {', '.join(cli_systems())}, "
                             f"not {system!r}.", field="structure", value=system, valid=list(cli_systems()))
    if len(specs) == 1:
        return specs[0]
    return next((s for s in specs if s.multiplayer == (table_size != 2)), specs[0])


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def validate_structure(structure: str, *, swiss_rounds: int | None = 3, top_cut: int = 0,
                       third_place_match: bool = False, random_seeding: bool = False,
                       random_draw_each_round: bool = False, bracket_reset: bool = False,
                       double_round_robin: bool = False, table_size: int = 4,
                       fixed_table_size: bool = False) -> StructureSpec:
    """Check a structure and its settings (module docstring) and return its ``StructureSpec``.

    The one validator of the organiser's structure settings: ``StructureSettings``
    (the command line and the pairing) and the Django service, form and serializer
    call it.  Raises ``StructureError`` (``params["field"]`` names the setting):
    "unknown_structure" (``field`` structure; ``valid`` lists the names) or
    "bad_setting" (a value out of range, a setting the structure refuses, or the
    structure's own ``check``).
    """
    spec = get_structure(structure)

    def bad(name: str, why: str) -> StructureError:
        return StructureError("bad_setting", f"{name} {why}", field=name)

    if swiss_rounds is not None and (not _is_int(swiss_rounds) or swiss_rounds < 0):
        raise bad("swiss_rounds", f"must be a whole number of 0 or more (or None), not {swiss_rounds!r}.")
    if "swiss_rounds" in spec.options and swiss_rounds is not None and not 1 <= swiss_rounds <= MAX_SWISS_ROUNDS:
        raise bad("swiss_rounds", f"must be 1 to {MAX_SWISS_ROUNDS} rounds for {structure} (or None: no limit), "
                  f"not {swiss_rounds!r}.")
    if not _is_int(top_cut) or (top_cut != 0 and top_cut not in TOP_CUT_SIZES):
        raise bad("top_cut", f"is 0 (no cut) or a top cut of 4, 8, 16 or 32 players, not {top_cut!r}.")
    values: dict[str, Any] = {
        "swiss_rounds": swiss_rounds, "top_cut": top_cut, "third_place_match": third_place_match,
        "random_seeding": random_seeding, "random_draw_each_round": random_draw_each_round,
        "bracket_reset": bracket_reset, "double_round_robin": double_round_robin, "table_size": table_size,
        "fixed_table_size": fixed_table_size,
    }
    for name in ("third_place_match", "random_seeding", "bracket_reset", "double_round_robin",
                 "random_draw_each_round", "fixed_table_size"):
        if not isinstance(values[name], bool):
            raise bad(name, "must be true or false.")
    if not _is_int(table_size) or table_size not in TABLE_SIZES:
        raise bad("table_size", f"must be {TABLE_SIZES[0]} to {TABLE_SIZES[-1]} players per table "
                  "(Spell Battle Rules, 8. Tournaments and 7. Teams; a table of two is a duel), "
                  f"not {table_size!r}.")
    for name in _REFUSED_UNLESS_READ:
        if values[name] and name not in spec.options:
            raise bad(name, f"is not an option of the {structure} structure.")
    if spec.check is not None:
        spec.check(values)
    return spec
