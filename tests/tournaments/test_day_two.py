"""Day 2 (issue 24, items 3 and 5): the organiser starts it after day 1 with a cut by record; day 2 pairs only the
players who pass; the standings show each day and the final placings, through the service, the API, the pages and
the CLI (``tournaments.services.phases``, ``rules.standings.phases``).

Source: the Play! Pokémon Tournament Rules Handbook, day 2 advancement (the players at the published record after
day 1 play day 2, carrying their points; the others keep their day-1 standing) and TOM's final standings (every
day-2 player above every day-1 player), as docs/rules.md ("Phases") reads them.

The event, by hand: six players, two day-1 rounds, seat 1 wins every duel 2-0 (``settle_round``). Round 1 makes
three winners (W) and three losers (L); one winner, Dora, drops after round 1 (a drop before the cut, at 1-0).
Round 2 pairs the two other winners together and the three losers (one gets the bye, the other two play): after day
1, one player is 2-0, three are 1-1 (a winner, a loser with the bye, a loser who won), one is 0-2, Dora 1-0
dropped. The cut "X-1 or better" lets the 2-0 and the three 1-1 players into day 2 (four players); Dora does not
pass (she dropped before the cut), nor the 0-2 player. Final placings: the four day-2 players 1st to 4th, then
Dora 5th (3 points) and the 0-2 player 6th (0 points), their day-1 standing frozen.
"""

from __future__ import annotations

import io
import json

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from rules.__main__ import main
from rules.history import history_to_json
from tests.conftest import make_event
from tournaments import services
from tournaments.adapters import history_for
from tournaments.errors import Conflict, NotAllowed, UserError
from tournaments.models import AuditEntry, Match, Registration, Round, Tournament
from tournaments.selectors import latest_snapshot, phase_tables
from tournaments.services.phases import day_two_players, day_two_start

pytestmark = pytest.mark.django_db


def settle_round(rnd: Round, organiser) -> list[tuple[Registration, Registration]]:
    """The organiser enters every open duel: seat 1 wins 2-0. Returns (winner, loser) per table."""
    results = []
    for match in rnd.matches.filter(status=Match.Status.PENDING).order_by("table"):
        seats = list(match.seats.select_related("registration").order_by("number"))
        services.result_settle(
            match=match, actor=organiser, games=[{"winner": "a"}] * 2, reason="result slip"
        )
        results.append((seats[0].registration, seats[1].registration))
    return results


@pytest.fixture
def day_one(organiser, django_capture_on_commit_callbacks):
    """Day 1 played (module docstring). Returns (tournament, roles): roles name the registrations by their day-1
    record: "2-0", "1-1" (three), "0-2", "dropped" (Dora)."""
    t, _ = make_event(organiser, 6, structure="swiss", swiss_rounds=2)
    with django_capture_on_commit_callbacks(execute=True):
        one = services.round_pair_next(tournament=t, actor=organiser, seed=1)
        first = settle_round(one, organiser)
        dora = first[-1][0]
        services.player_drop(registration=dora, actor=organiser, reason="left after round 1")
        two = services.round_pair_next(tournament=t, actor=organiser, seed=2)
        second = settle_round(two, organiser)
    winners = {w.pk for w, _ in first}
    top = next(w for w, _ in second if w.pk in winners)
    bottom = next(loser for _, loser in second if loser.pk not in winners)
    middle = [r for r in t.registrations.all() if r.pk not in (top.pk, bottom.pk, dora.pk)]
    return Tournament.objects.get(pk=t.pk), {"2-0": top, "1-1": middle, "0-2": bottom, "dropped": dora}


def start(t: Tournament, organiser, django_capture_on_commit_callbacks, **kwargs) -> Tournament:
    with django_capture_on_commit_callbacks(execute=True):
        return day_two_start(
            tournament=t, actor=organiser, **({"cut_kind": "record", "cut_value": 1, "rounds": 1} | kwargs)
        )


def test_day_two_takes_the_players_at_x_1_or_better_and_not_the_one_who_dropped_before_the_cut(
    day_one, organiser, django_capture_on_commit_callbacks
):
    t, roles = day_one
    t = start(t, organiser, django_capture_on_commit_callbacks)
    assert t.phases == [{"rounds": 2}, {"rounds": 1, "cut": {"record": "x-1"}}]
    expected = {str(roles["2-0"].pk)} | {str(r.pk) for r in roles["1-1"]}
    assert set(day_two_players(t)) == expected
    with django_capture_on_commit_callbacks(execute=True):
        three = services.round_pair_next(tournament=t, actor=organiser, seed=3)
    assert three.phase == 2 and three.kind == Round.Kind.SWISS
    seated = {str(pk) for pk in three.matches.values_list("seats__registration", flat=True)}
    assert seated == expected  # four players, two tables, no bye: only the day-2 players are paired


def test_final_placings_put_day_two_above_day_one_with_a_drop_after_the_cut(
    day_one, organiser, django_capture_on_commit_callbacks
):
    t, roles = day_one
    t = start(t, organiser, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        three = services.round_pair_next(tournament=t, actor=organiser, seed=3)
        results = settle_round(three, organiser)
        quitter = results[-1][1]  # a day-2 player who drops after round 3: still placed among day 2
        services.player_drop(registration=quitter, actor=organiser, reason="left after round 3")
    rows = latest_snapshot(t).rows
    # round 3 (seed 3) seats the 2-0 player first against a 1-1 player (a pair-down) and the two other 1-1 players
    # together; seat 1 wins: the 2-0 player ends 3-0 (9), the other table's winner 2-1 (6), the two losers 1-2 (3)
    leader_table, other_table = results
    assert leader_table[0] == roles["2-0"]
    day_two = {str(roles["2-0"].pk)} | {str(r.pk) for r in roles["1-1"]}
    assert {r["player"] for r in rows[:4]} == day_two
    assert [r["player"] for r in rows[:2]] == [str(roles["2-0"].pk), str(other_table[0].pk)]
    assert [r["points"] for r in rows] == [9, 6, 3, 3, 3, 0]
    assert [r["player"] for r in rows[4:]] == [str(roles["dropped"].pk), str(roles["0-2"].pk)]
    assert [r["placing"] for r in rows] == [1, 2, 3, 4, 5, 6]
    assert [r["phase"] for r in rows] == [2, 2, 2, 2, 1, 1]
    # Dora's and the 0-2 player's rows are their day-1 standing, frozen
    assert (rows[4]["points"], rows[4]["losses"], rows[4]["dropped"]) == (3, 0, True)
    assert (rows[5]["points"], rows[5]["losses"]) == (0, 2)
    # the CSV export: one column per key, the day a player reached included, each day's own table left out
    csv = Client().get(reverse("tournaments:export-standings", args=[t.pk])).content.decode()
    assert "phase" in csv.splitlines()[0].split(",") and "by_phase" not in csv
    # the event is over after day 2: the 3-0 player wins; the finish says all three Swiss rounds were played
    with django_capture_on_commit_callbacks(execute=True):
        finished = services.tournament_finish(tournament=t, actor=organiser)
    assert finished.winner == roles["2-0"]
    assert AuditEntry.objects.get(tournament=t, action=AuditEntry.Action.TOURNAMENT_FINISHED).reason_params == {
        "count": 3}
    # the CLI reads the app's history and places every player the same way
    history = history_to_json(history_for(t))
    assert history["phases"] == [{"rounds": 2}, {"rounds": 1, "cut": {"record": "x-1"}}]
    assert [r.get("phase", 1) for r in history["rounds"]] == [1, 1, 2]
    cli = run_cli(["standings"], history)
    assert [(r["player"], r["placing"]) for r in cli] == [(r["player"], r["placing"]) for r in rows]


def run_cli(argv: list[str], obj: dict) -> list[dict]:
    import contextlib
    import sys

    out = io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO(json.dumps(obj))
    try:
        with contextlib.redirect_stdout(out):
            assert main(argv) == 0
    finally:
        sys.stdin = stdin
    return json.loads(out.getvalue())


def test_day_two_waits_for_the_end_of_day_one(organiser, django_capture_on_commit_callbacks):
    t, _ = make_event(organiser, 4, structure="swiss", swiss_rounds=2)
    services.round_pair_next(tournament=t, actor=organiser, seed=1)
    with pytest.raises(Conflict) as caught:
        day_two_start(tournament=t, actor=organiser, cut_kind="record", cut_value=1, rounds=1)
    assert caught.value.code == "day_one_running"


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"cut_kind": "record", "cut_value": 0}, "too_few_advance"),  # only the 2-0 player passes X-0
        ({"cut_kind": "top", "cut_value": 1}, "bad_cut"),
        ({"rounds": 0}, "bad_rounds"),
    ],
)
def test_a_cut_or_a_length_the_rules_refuse_is_a_form_error(day_one, organiser, kwargs, code):
    t, _ = day_one
    with pytest.raises(UserError) as caught:
        day_two_start(
            tournament=t, actor=organiser, **({"cut_kind": "record", "cut_value": 1, "rounds": 1} | kwargs)
        )
    assert caught.value.code == code
    assert Tournament.objects.get(pk=t.pk).phases == []


def test_only_an_organiser_starts_day_two_and_only_once(
    day_one, organiser, alice, django_capture_on_commit_callbacks
):
    t, _ = day_one
    with pytest.raises(NotAllowed):
        day_two_start(tournament=t, actor=alice, cut_kind="record", cut_value=1, rounds=1)
    start(t, organiser, django_capture_on_commit_callbacks)
    with pytest.raises(Conflict) as caught:
        day_two_start(tournament=t, actor=organiser, cut_kind="record", cut_value=1, rounds=1)
    assert caught.value.code == "day_two_started"


def test_the_api_starts_day_two_and_shows_each_round_phase_and_each_day_standings(
    day_one, organiser, alice, django_capture_on_commit_callbacks
):
    t, roles = day_one
    api = APIClient()
    api.force_authenticate(alice)
    assert (
        api.post(
            f"/api/v1/tournaments/{t.pk}/day-two/",
            {"cut_kind": "record", "cut_value": 1, "rounds": 1},
            format="json",
        ).status_code
        == 403
    )
    api.force_authenticate(organiser)
    bad = api.post(
        f"/api/v1/tournaments/{t.pk}/day-two/",
        {"cut_kind": "best", "cut_value": 1, "rounds": 1},
        format="json",
    )
    assert bad.status_code == 400
    with django_capture_on_commit_callbacks(execute=True):
        answer = api.post(
            f"/api/v1/tournaments/{t.pk}/day-two/",
            {"cut_kind": "record", "cut_value": 1, "rounds": 1},
            format="json",
        )
    assert answer.status_code == 200 and answer.json()["phases"][1] == {"rounds": 1, "cut": {"record": "x-1"}}
    with django_capture_on_commit_callbacks(execute=True):
        settle_round(services.round_pair_next(tournament=t, actor=organiser, seed=3), organiser)
    rounds = APIClient().get(f"/api/v1/tournaments/{t.pk}/rounds/").json()
    rounds = rounds.get("results", rounds) if isinstance(rounds, dict) else rounds
    assert [(r["number"], r["phase"]) for r in rounds] == [(1, 1), (2, 1), (3, 2)]
    body = APIClient().get(f"/api/v1/tournaments/{t.pk}/standings/").json()
    day1, day2 = body["phases"]
    assert (day1["phase"], day2["phase"]) == (1, 2)
    assert len(day1["rows"]) == 6 and len(day2["rows"]) == 4
    advanced = {r["player"] for r in day1["rows"] if r["advanced"]}
    assert advanced == {r["player"] for r in day2["rows"]}
    assert str(roles["dropped"].pk) not in advanced
    assert [r["rank"] for r in day2["rows"]] == [1, 2, 3, 4]
    assert body["phases"] == phase_tables(latest_snapshot(t).rows)


def test_the_round_tab_offers_day_two_and_the_standings_page_shows_each_day(
    day_one, organiser, client, django_capture_on_commit_callbacks
):
    t, _ = day_one
    client.force_login(organiser)
    page = client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    assert "Start day 2" in page and reverse("tournaments:manage-day-two", args=[t.pk]) in page
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            reverse("tournaments:manage-day-two", args=[t.pk]),
            {"cut_kind": "record", "cut_value": "1", "rounds": "1"},
        )
    assert answer.status_code == 302
    page = client.get(reverse("tournaments:manage", args=[t.pk])).content.decode()
    assert "Day 2: 1 Swiss rounds for the players at X-1 or better after day 1." in page
    assert "Start day 2" not in page
    standings = client.get(reverse("tournaments:standings", args=[t.pk])).content.decode()
    assert "Day 1 standings" in standings and "Day 2 standings" in standings
    assert standings.count(">advanced<") == 4


def test_a_bad_day_two_form_is_a_message_not_a_500(day_one, organiser, client):
    t, _ = day_one
    client.force_login(organiser)
    answer = client.post(
        reverse("tournaments:manage-day-two", args=[t.pk]),
        {"cut_kind": "record", "cut_value": "x", "rounds": ""},
        follow=True,
    )
    assert answer.status_code == 200
    assert Tournament.objects.get(pk=t.pk).phases == []
