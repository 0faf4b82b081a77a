"""The organiser services live in small modules by topic; the old import paths still give the same functions
(pages, the API and selectors import them from ``tournaments.services.tournaments`` and ``.rounds``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournaments import services
from tournaments.services import entries, lifecycle, pairing, pairing_setup, round_changes, rounds, staff
from tournaments.services import tournaments as tournaments_module

SERVICES = Path(services.__file__).parent


@pytest.mark.parametrize("name, home", [
    ("late_entry_open", entries), ("player_drop", entries), ("player_register", entries),
    ("player_reinstate", entries), ("waitlist_position", entries), ("waitlist_promote", entries),
    ("tournament_open_registration", lifecycle), ("tournament_close_registration", lifecycle),
    ("tournament_start", lifecycle), ("tournament_reopen", lifecycle),
    ("co_organiser_add", staff), ("co_organiser_remove", staff),
])
def test_the_tournaments_module_still_gives_each_service_it_gave(name, home):
    assert getattr(tournaments_module, name) is getattr(home, name)


@pytest.mark.parametrize("name, home", [
    ("round_pair_next", pairing), ("next_step", pairing), ("FINISHED_TEXTS", pairing), ("BYE_REASON", pairing),
    ("tournament_finish", lifecycle), ("round_swap_players", round_changes), ("round_repair", round_changes),
    ("forbidden_pair_set", pairing_setup), ("forbidden_pair_remove", pairing_setup),
    ("byes_award", pairing_setup), ("registration_team_set", pairing_setup),
])
def test_the_rounds_module_still_gives_each_service_it_gave(name, home):
    assert getattr(rounds, name) is getattr(home, name)


def test_the_package_exports_the_same_services():
    for name in ("player_drop", "co_organiser_add", "co_organiser_remove", "player_register",
                 "tournament_close_registration", "tournament_create", "tournament_open_registration",
                 "tournament_start", "tournament_update", "round_pair_next", "tournament_finish",
                 "tournament_format_set", "penalty_issue", "result_confirm", "result_dispute", "result_report",
                 "result_settle", "standings_recompute"):
        assert callable(getattr(services, name)), name


SPLIT = ("tournaments", "lifecycle", "entries", "staff", "rounds", "pairing", "round_changes", "pairing_setup",
         "organiser")


def test_the_split_modules_stay_small_and_no_service_module_is_over_500_lines():
    lines = {p.stem: len(p.read_text().splitlines()) for p in SERVICES.glob("*.py")}
    assert not {name: lines[name] for name in SPLIT if lines[name] > 400}
    assert not {name: n for name, n in lines.items() if n > 500}
