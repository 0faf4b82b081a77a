"""One error taxonomy: every exception class defined under ``rules/`` is a ``rules.errors.RulesError``.

Each error is raised here the way the code raises it (through the public functions, not by
calling the constructor by hand), and must carry a stable ``code``, a plain-English ``message``
equal to ``str()`` and JSON-serialisable ``params``.  None is a ``ValueError``, ``KeyError`` or
``LookupError`` any more (each once was): callers catch rule errors by their class.
"""

from __future__ import annotations

import importlib
import inspect
import json
import pickle
import pkgutil
from collections.abc import Callable
from typing import Any

import pytest

import rules
from rules.cards import Catalogue, UnknownCard
from rules.decklists import Decklist, DecklistError, read_decklist
from rules.errors import RulesError
from rules.formats import FormatError, UnknownFormat, get_format, read_cff
from rules.history import History, HistoryError, history_from_json
from rules.draft import DraftError, pod_sizes
from rules.limited import CatalogueSource, PoolError
from rules.pairings import PairingError, pair_single_elimination
from rules.replacements import ReplacementError, apply_replacement
from rules.structures import StructureError, StructureSettings
from rules.results import ResultError, check_match_score
from rules.standings import StandingsError, compute_standings


def _exception_classes() -> dict[str, type[BaseException]]:
    """Every exception class defined (not merely imported) in a module under ``rules/``, by qualified name."""
    found: dict[str, type[BaseException]] = {}
    for info in pkgutil.walk_packages(rules.__path__, "rules."):
        if info.name == "rules.__main__":
            continue
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if inspect.isclass(obj) and issubclass(obj, BaseException) and obj.__module__ == module.__name__:
                found[f"{module.__name__}.{name}"] = obj
    return found


def _raise(call: Callable[[], Any]) -> RulesError:
    with pytest.raises(Exception) as caught:
        call()
    assert isinstance(caught.value, RulesError), f"{type(caught.value).__name__} is not a RulesError"
    return caught.value


# class -> (the builtin base it once had, a way the code raises it, the code expected)
TRIGGERS: dict[type[BaseException], tuple[type[BaseException], Callable[[Catalogue], Any], str]] = {
    UnknownCard: (LookupError, lambda cat: cat.resolve("War Prty"), "unknown_card"),
    DecklistError: (ValueError, lambda cat: read_decklist("", cat), "empty"),
    UnknownFormat: (KeyError, lambda cat: get_format("60"), "unknown_format"),
    FormatError: (ValueError, lambda cat: read_cff("just some text", cat), "unreadable"),
    HistoryError: (ValueError, lambda cat: history_from_json({"rounds": []}), "missing_field"),
    PairingError: (ValueError, lambda cat: pair_single_elimination(["a"], []), None),
    ReplacementError: (
        ValueError,
        lambda cat: apply_replacement(Decklist(cards=()), next(iter(cat)), next(iter(cat))),
        "not_in_deck",
    ),
    ResultError: (ValueError, lambda cat: check_match_score((3, 0), 0, 3), None),
    StandingsError: (ValueError, lambda cat: compute_standings(History((), ()), "elo"), "unknown_tiebreakers"),
    StructureError: (ValueError, lambda cat: StructureSettings(structure="ladder"), None),
    PoolError: (ValueError, lambda cat: CatalogueSource(cat, ["5th"]), "unknown_set"),
    DraftError: (ValueError, lambda cat: pod_sizes(8, 1), "bad_draft_pod_size"),
}


def test_every_exception_class_under_rules_is_a_rules_error() -> None:
    classes = _exception_classes()
    assert "rules.errors.RulesError" in classes
    strays = [name for name, cls in classes.items() if not issubclass(cls, RulesError)]
    assert strays == [], f"derive these from rules.errors.RulesError: {strays}"


def test_every_exception_class_is_raised_in_this_test() -> None:
    """A new error class must get a trigger in ``TRIGGERS`` (so its shape is checked below)."""
    classes = {cls for cls in _exception_classes().values() if cls is not RulesError}
    assert classes == set(TRIGGERS)


def test_no_rules_error_is_a_value_error_or_a_lookup_error() -> None:
    """``except ValueError`` / ``except KeyError`` meant for a builtin must not swallow a rule error."""
    classes = _exception_classes()
    builtin = [name for name, cls in classes.items() if issubclass(cls, (ValueError, KeyError, LookupError))]
    assert builtin == []


@pytest.mark.parametrize("cls", list(TRIGGERS), ids=lambda cls: cls.__name__)
def test_error_shape(cls: type[RulesError], catalogue: Catalogue) -> None:
    old_base, trigger, code = TRIGGERS[cls]
    err = _raise(lambda: trigger(catalogue))
    assert type(err) is cls
    assert not isinstance(err, old_base)
    assert isinstance(err.code, str) and err.code
    if code is not None:
        assert err.code == code
    assert isinstance(err.message, str) and err.message
    assert str(err) == err.message
    assert isinstance(err.params, dict)
    json.dumps(err.params)
    assert err.to_json() == {"code": err.code, "message": err.message, "params": err.params}
    again = pickle.loads(pickle.dumps(err))
    assert type(again) is cls and again.to_json() == err.to_json() and str(again) == str(err)


def test_specific_params() -> None:
    unknown = _raise(lambda: get_format("60"))
    assert unknown.params == {"format_id": "60", "valid_ids": ["55", "75", "110", "55-br", "75-modern", "110-modern",
                                                          "30-sealed", "30-draft", "40-pool", "off-the-top"]}
    assert isinstance(unknown, UnknownFormat) and unknown.format_id == "60"
    problems = FormatError("bad_value", ["One.", "Two."])
    assert (problems.code, problems.message, problems.params) == ("bad_value", "One. Two.", {"problems": ["One.", "Two."]})
    assert problems.problems == ["One.", "Two."]
    card = UnknownCard("War Prty", ["War Party"])
    assert card.params == {"query": "War Prty", "suggestions": ["War Party"]}
    assert str(card) == 'No card matches "War Prty"; did you mean: War Party?'


def test_both_constructor_styles_are_kept() -> None:
    """Keyword params (StandingsError, HistoryError, ResultError, PairingError) and a params dict (the others)."""
    kw = StandingsError("bad_option", "The floor must be between 0 and 1.", option="floor", value="2")
    assert kw.params == {"option": "floor", "value": "2"}
    as_dict = DecklistError("too_large", "Too large.", {"max_bytes": 10})
    assert as_dict.params == {"max_bytes": 10}
    assert ReplacementError("not_in_deck", "Not there.").params == {}
    base = RulesError("some_code", "Do this.")
    assert (base.code, base.message, base.params, str(base), base.args) == ("some_code", "Do this.", {}, "Do this.",
                                                                            ("Do this.",))
