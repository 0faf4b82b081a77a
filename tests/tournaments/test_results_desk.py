"""Score-only results, who went first, and the organiser's results desk (issue 20 items 1-2, issue 22 item 2).

A score-only report keeps the score, never an invented game order, and is scored by the rules
(rules.results.check_match_score, score_match); the first player of a game is the first-player draw's
(spellfire-tournament-rules-2.0.txt, the paragraph after "How Dungeon Cards Work"; rules.game_start). At the desk a
result the organiser enters or accepts is final with no typed reason; changing a confirmed one needs a reason."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.conftest import call_time, confirmed_submission, score_text, seat_users
from tests.markup import squash
from tests.tournaments._manage_helpers import quick_event
from tournaments import services
from tournaments.errors import NotAllowed, UserError
from tournaments.models import AuditEntry, Match, ResultSubmission
from tournaments.services.desk import DESK_ACCEPTED, DESK_ENTERED, desk_accept, desk_accept_all, desk_enter

pytestmark = pytest.mark.django_db


def test_a_score_only_report_stores_the_score_and_no_game_order(round_one):
    match = round_one.matches.get()
    a, b = seat_users(match)
    services.result_report(match=match, actor=a, score={"wins": [2, 1], "draws": 0})
    services.result_confirm(submission=match.submissions.get(), actor=b)
    match.refresh_from_db()
    assert confirmed_submission(match).record == {"score": {"wins": [2, 1], "draws": 0}}
    assert score_text(match) == "2-1"


def test_an_impossible_score_is_refused_by_the_rules(round_one):
    match = round_one.matches.get()
    a, _b = seat_users(match)
    with pytest.raises(UserError) as refused:
        services.result_report(match=match, actor=a, score={"wins": [3, 0], "draws": 0})
    assert refused.value.code == "too_many_wins"


def test_a_score_at_time_waits_for_time_to_be_called(round_one):
    match = round_one.matches.get()
    a, _b = seat_users(match)
    with pytest.raises(UserError) as refused:
        services.result_report(match=match, actor=a, score={"wins": [1, 0], "draws": 0})
    assert refused.value.code == "time_not_called"
    call_time(round_one)
    services.result_report(match=match, actor=a, score={"wins": [1, 0], "draws": 0})


def test_the_history_says_the_score_without_inventing_game_one(client, round_one, organiser):
    match = round_one.matches.get()
    desk_enter(match=match, actor=organiser, score={"wins": [2, 1], "draws": 0})
    csv = client.get(reverse("tournaments:export-history-csv", args=[round_one.tournament_id])).content.decode()
    assert "(the order of the games was not recorded)" in csv and "Game 1" not in csv


def test_each_games_first_player_is_recorded_from_the_draw_and_shown(client, round_one):
    match = round_one.matches.get()
    a, b = seat_users(match)
    services.result_report(match=match, actor=a, games=[
        {"winner": "a", "first_draws": [{"a": 17, "b": 27}, {"a": 3, "b": 9}]},
        {"winner": "a", "first": "a"}])
    record = match.submissions.get().record
    assert [g.get("first") for g in record["games"]] == [2, 1]  # the tie on 7 is drawn again: 9 beats 3
    client.force_login(b)
    page = squash(client.get(reverse("tournaments:match", args=[round_one.tournament_id, match.pk])).content.decode())
    assert f"{b.username} went first" in page and "the first-player draw: Spellfire Tournament Rules 2.0" in page
    services.result_confirm(submission=match.submissions.get(), actor=b)
    csv = client.get(reverse("tournaments:export-history-csv", args=[round_one.tournament_id])).content.decode()
    assert f"{b.username} went first" in csv


def test_a_draw_still_tied_is_refused(round_one):
    match = round_one.matches.get()
    a, _b = seat_users(match)
    with pytest.raises(UserError) as refused:
        services.result_report(match=match, actor=a, games=[{"winner": "a", "first_draws": [{"a": 7, "b": 17}]}])
    assert refused.value.code == "first_player"


def test_the_slip_reports_2_1_with_one_tap_and_the_report_button(client, round_one):
    match = round_one.matches.get()
    a, b = seat_users(match)
    client.force_login(b)  # seat 2: the scores read from their side
    url = reverse("tournaments:match", args=[round_one.tournament_id, match.pk])
    page = squash(client.get(url).content.decode())
    assert 'name="score" value="2-1"' in page and "When time was called" in page
    assert 'name="game-2"' not in page  # the game details start with one row
    client.post(url, {"score": "2-1", "slip_round": "1", "slip_table": str(match.table)})
    assert match.submissions.get().record == {"score": {"wins": [1, 2], "draws": 0}}


def test_the_game_details_record_the_mulligans_in_one_tap(client, round_one):
    match = round_one.matches.get()
    a, _b = seat_users(match)
    client.force_login(a)
    url = reverse("tournaments:match", args=[round_one.tournament_id, match.pk])
    client.post(url, {"rows": "2", "game-1": "me", "mull-1": "opponent2", "first-1": "me", "game-2": "me"})
    games = match.submissions.get().record["games"]
    assert [g["mulligan_by"] for g in games] == [2, 2, None, None]
    assert games[2]["first"] == 1


def test_the_desk_enters_a_result_final_with_no_typed_reason(round_one, organiser):
    match = round_one.matches.get()
    desk_enter(match=match, actor=organiser, score={"wins": [2, 0], "draws": 0})
    match.refresh_from_db()
    entry = AuditEntry.objects.get(match=match)
    assert match.status == Match.Status.CONFIRMED
    assert (entry.actor, entry.reason, entry.action) == (organiser, DESK_ENTERED, AuditEntry.Action.RESULT_ENTERED)
    assert "2-0" in json.dumps(entry.after)


def test_changing_a_confirmed_result_at_the_desk_needs_a_reason(round_one, organiser):
    match = round_one.matches.get()
    desk_enter(match=match, actor=organiser, score={"wins": [2, 0], "draws": 0})
    with pytest.raises(UserError) as refused:
        desk_enter(match=match, actor=organiser, score={"wins": [0, 2], "draws": 0})
    assert refused.value.code == "reason_required"
    desk_enter(match=match, actor=organiser, score={"wins": [0, 2], "draws": 0}, reason="Slip misread")
    assert AuditEntry.objects.filter(match=match).latest("id").reason == "Slip misread"
    assert score_text(Match.objects.get(pk=match.pk)) == "0-2"


def test_the_desk_accepts_a_report_with_no_typed_reason(round_one, organiser):
    match = round_one.matches.get()
    a, _b = seat_users(match)
    report = services.result_report(match=match, actor=a, score={"wins": [2, 1], "draws": 0})
    desk_accept(match=match, actor=organiser, submission=report)
    assert ResultSubmission.objects.get(pk=report.pk).state == ResultSubmission.State.CONFIRMED
    assert AuditEntry.objects.get(match=match).reason == DESK_ACCEPTED


def test_only_staff_use_the_desk(round_one, carol):
    match = round_one.matches.get()
    a, _b = seat_users(match)
    with pytest.raises(NotAllowed):
        desk_enter(match=match, actor=carol, score={"wins": [2, 0], "draws": 0})
    with pytest.raises(NotAllowed):
        desk_accept_all(round=round_one, actor=a)


def test_accept_all_reported_accepts_every_reported_table_and_logs_each(organiser):
    t, _regs = quick_event(organiser, 8)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    matches = list(rnd.matches.order_by("table"))
    for match in matches[:3]:
        a, _b = seat_users(match)
        services.result_report(match=match, actor=a, score={"wins": [2, 0], "draws": 0})
    accepted = desk_accept_all(round=rnd, actor=organiser)
    assert [m.table for m in accepted] == [1, 2, 3]
    assert Match.objects.filter(round=rnd, status=Match.Status.CONFIRMED).count() == 3
    assert AuditEntry.objects.filter(tournament=t, reason=DESK_ACCEPTED).count() == 3


def _manage(client, t, query=""):
    return squash(client.get(reverse("tournaments:manage", args=[t.pk]) + query).content.decode())


def test_the_desk_lists_every_table_with_its_state_and_filters_by_get(client, organiser):
    t, _regs = quick_event(organiser, 8)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    first, second = rnd.matches.order_by("table")[:2]
    a, _b = seat_users(first)
    services.result_report(match=first, actor=a, score={"wins": [2, 0], "draws": 0})
    desk_enter(match=second, actor=organiser, score={"wins": [2, 1], "draws": 0})
    client.force_login(organiser)
    page = _manage(client, t)
    assert page.count('class="card h-100 desk-row') == 4
    assert "state-reported" in page and "state-confirmed" in page and "state-playing" in page
    assert "Accept 1 reported result" in page
    assert _manage(client, t, "?desk=playing").count('class="card h-100 desk-row') == 2
    assert _manage(client, t, f"?q={a.username}").count('class="card h-100 desk-row') == 1
    assert _manage(client, t, "?q=2").count('id="desk-table-2"') == 1


def test_the_keyboard_entry_records_a_table_and_returns_to_the_box(client, organiser):
    t, _regs = quick_event(organiser, 8)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    client.force_login(organiser)
    response = client.post(reverse("tournaments:desk-keyboard", args=[t.pk]), {"entry": "3 2-1"})
    assert response.status_code == 302 and "entry=1" in response["Location"]
    assert score_text(rnd.matches.get(table=3)) == "2-1"
    assert "autofocus" in _manage(client, t, "?entry=1")


def test_a_bad_keyboard_entry_is_a_form_error_next_to_the_box(client, organiser):
    t, _regs = quick_event(organiser, 8)
    services.round_pair_next(tournament=t, actor=organiser, seed=1)
    client.force_login(organiser)
    for text, says in [("3 two", "e.g. &quot;12 2-1&quot;"), ("99 2-1", "There is no table 99"), ("3 3-0", "3-0")]:
        client.post(reverse("tournaments:desk-keyboard", args=[t.pk]), {"entry": text})
        page = _manage(client, t)
        assert 'id="desk-entry-error" role="alert"' in page and says in page
        assert f'value="{text}"' in page


def test_a_player_cannot_post_to_the_desk(client, round_one):
    match = round_one.matches.get()
    a, _b = seat_users(match)
    client.force_login(a)
    response = client.post(reverse("tournaments:desk-record", args=[round_one.tournament_id, match.pk]),
                           {"score": "2-0"})
    assert response.status_code == 403 and match.submissions.count() == 0


def test_the_api_takes_a_score(client, round_one):
    match = round_one.matches.get()
    a, _b = seat_users(match)
    client.force_login(a)
    response = client.post(f"/api/v1/matches/{match.pk}/reports/", {"score": {"wins": [2, 1]}},
                           content_type="application/json")
    assert response.status_code == 201, response.content
    assert response.json()["record"] == {"score": {"wins": [2, 1], "draws": 0}}
    bad = client.post(f"/api/v1/matches/{match.pk}/reports/", {"score": {"wins": [2]}},
                      content_type="application/json")
    assert bad.status_code == 400 and bad.json()["code"] == "score"


# --------------------------------------------------------------------------- the desk is live (issue 20, item 1)

HX = {"HTTP_HX_REQUEST": "true"}


def test_the_desk_polls_its_tables_while_a_table_is_open_and_not_the_entry_box(client, organiser):
    t, _regs = quick_event(organiser, 4)
    services.round_pair_next(tournament=t, actor=organiser, seed=1)
    client.force_login(organiser)
    page = _manage(client, t)
    live = reverse("tournaments:desk-live", args=[t.pk])
    assert f'<div id="desk-live" hx-get="{live}?round=1" hx-trigger="every 20s [' in page
    # the entry box and the filter form are outside the polled part: a poll never swaps what is being typed
    polled = page[page.index('<div id="desk-live"'):]
    assert 'id="desk-entry"' not in polled and 'id="desk-q"' not in polled
    # a poll waits while a row is half-filled: a result button picked, a correction open, a reason typed
    assert "input:checked,details[open],input[required]:valid" in page
    assert _manage(client, t, "?desk=playing&q=p0").count(f'hx-get="{live}?round=1&amp;desk=playing&amp;q=p0"') == 1


def test_the_desk_fragment_answers_the_tables_states_and_the_counts_out_of_band(client, organiser):
    t, _regs = quick_event(organiser, 4)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    first, _second = rnd.matches.order_by("table")
    a, _b = seat_users(first)
    services.result_report(match=first, actor=a, score={"wins": [2, 0], "draws": 0})
    client.force_login(organiser)
    html = squash(client.get(reverse("tournaments:desk-live", args=[t.pk]), **HX).content.decode())
    assert html.startswith('<div id="desk-live" hx-get=') and "<html" not in html and 'id="desk-entry"' not in html
    assert "state-reported" in html and "state-playing" in html and html.count('class="card h-100 desk-row') == 2
    assert '<p class="mb-2 desk-counts" id="desk-counts" hx-swap-oob="true"> 2 tables · 1 still playing · 1 reported' in html
    assert 'id="desk-accept-all" hx-swap-oob="true">' in html and "Accept 1 reported result" in html


def test_the_desk_stops_polling_once_every_table_is_confirmed(client, organiser):
    t, _regs = quick_event(organiser, 4)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    for match in rnd.matches.all():
        desk_enter(match=match, actor=organiser, score={"wins": [2, 0], "draws": 0})
    client.force_login(organiser)
    assert '<div id="desk-live">' in _manage(client, t) and "every 20s" not in _manage(client, t)
    poll = client.get(reverse("tournaments:desk-live", args=[t.pk]), **HX).content.decode()
    assert poll.startswith('<div id="desk-live">') and "hx-trigger" not in poll and poll.count("state-confirmed") == 2


def test_a_poll_leaves_a_refused_entry_for_the_page(client, organiser):
    t, _regs = quick_event(organiser, 4)
    services.round_pair_next(tournament=t, actor=organiser, seed=1)
    client.force_login(organiser)
    client.post(reverse("tournaments:desk-keyboard", args=[t.pk]), {"entry": "9 2-0"})
    client.get(reverse("tournaments:desk-live", args=[t.pk]), **HX)
    page = _manage(client, t)
    assert 'id="desk-entry-error"' in page and 'value="9 2-0"' in page


def test_a_poll_keeps_to_the_round_the_page_shows(client, organiser):
    t, _regs = quick_event(organiser, 4, swiss_rounds=2)
    one = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    for match in one.matches.all():
        desk_enter(match=match, actor=organiser, score={"wins": [2, 0], "draws": 0})
    two = services.round_pair_next(tournament=t, actor=organiser, seed=2)
    client.force_login(organiser)
    url = reverse("tournaments:desk-live", args=[t.pk])
    old = client.get(url, {"round": "1"}, **HX).content.decode()
    assert old.count("state-confirmed") == 2 and "hx-trigger" not in old  # the page of round 1 stops polling
    current = client.get(url, {"round": "x"}, **HX).content.decode()  # no such round: the current one
    assert current.count("state-playing") == two.matches.count() and "hx-trigger" in current


def test_only_staff_read_the_desk_fragment(client, organiser):
    t, regs = quick_event(organiser, 4)
    services.round_pair_next(tournament=t, actor=organiser, seed=1)
    client.force_login(regs[0].player)
    assert client.get(reverse("tournaments:desk-live", args=[t.pk]), **HX).status_code == 403


# --------------------------------------------------------------------------- keyboard entry at a table (item 2)


def _pods(organiser, structure="pods", **options):
    """A started event of 8 at tables of 4, round 1 paired (two tables): (tournament, round)."""
    t, _regs = quick_event(organiser, 8, structure=structure, **options)
    return t, services.round_pair_next(tournament=t, actor=organiser, seed=1)


def test_the_keyboard_entry_records_a_table_by_places_in_seat_order(client, organiser):
    """spell-battle-rules.txt has no ties rule of its own: the places are checked as a report's
    (tournaments.services.scoring, rules.history.validate_history: 1 + the seats placed better)."""
    t, rnd = _pods(organiser, swiss_rounds=2)
    client.force_login(organiser)
    response = client.post(reverse("tournaments:desk-keyboard", args=[t.pk]), {"entry": "2 2 1 3 4"})
    assert response.status_code == 302 and "entry=1" in response["Location"]
    match = rnd.matches.get(table=2)
    assert match.status == Match.Status.CONFIRMED
    assert confirmed_submission(match).record == {"placements": [2, 1, 3, 4]}
    assert AuditEntry.objects.get(match=match).reason == DESK_ENTERED
    client.post(reverse("tournaments:desk-keyboard", args=[t.pk]), {"entry": "t1: 1 1 3 4"})  # a shared first place
    assert confirmed_submission(rnd.matches.get(table=1)).record == {"placements": [1, 1, 3, 4]}


@pytest.mark.parametrize(("text", "says"), [
    ("1 2 1 3", "This table has 4 seats: give 4 placements"),  # the wrong count
    ("1 2 1 3 4 5", "give 4 placements in seat order, not 5"),
    ("1 2 2 1 3", "place 3 should be 4"),
    ("1 1 3 4 5", "place 3 should be 2"),  # not places the rules allow
    ("1 2-1", "Table 1 has 4 seats: type each seat&#x27;s place in seat order, e.g. &quot;1 1 2 3 4&quot;"),
    ("1 0 1 2 3", "must be 1 or more"),
])
def test_a_bad_table_entry_is_a_form_error_next_to_the_box(client, organiser, text, says):
    t, rnd = _pods(organiser, swiss_rounds=2)
    client.force_login(organiser)
    response = client.post(reverse("tournaments:desk-keyboard", args=[t.pk]), {"entry": text})
    assert response.status_code == 302
    page = _manage(client, t)
    assert 'id="desk-entry-error" role="alert"' in page and says in page, page[page.find("desk-entry-error"):][:400]
    assert f'value="{text}"' in page and not rnd.matches.filter(status=Match.Status.CONFIRMED).exists()


def test_an_elimination_table_needs_a_single_winner_at_the_desk(client, organiser):
    """The winner advances: a shared first place is refused (tournaments.services.scoring, elimination_draw)."""
    t, _regs = quick_event(organiser, 4, structure="table_elimination")
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    client.force_login(organiser)
    client.post(reverse("tournaments:desk-keyboard", args=[t.pk]), {"entry": "1 1 1 3 4"})
    assert "needs a single winner" in _manage(client, t)
    client.post(reverse("tournaments:desk-keyboard", args=[t.pk]), {"entry": "1 3 1 2 4"})
    assert confirmed_submission(rnd.matches.get(table=1)).record == {"placements": [3, 1, 2, 4]}


def test_places_typed_for_a_duel_say_to_type_its_score(client, organiser):
    t, _regs = quick_event(organiser, 4)
    services.round_pair_next(tournament=t, actor=organiser, seed=1)
    client.force_login(organiser)
    client.post(reverse("tournaments:desk-keyboard", args=[t.pk]), {"entry": "1 2 1 3"})
    assert "Table 1 is a duel: type its score, e.g. &quot;1 2-1&quot;" in _manage(client, t)


def test_the_desk_help_names_the_places_form_only_at_tables(client, organiser):
    t, _rnd = _pods(organiser, swiss_rounds=2)
    duels, _regs = quick_event(organiser, 4, prefix="d")
    services.round_pair_next(tournament=duels, actor=organiser, seed=1)
    client.force_login(organiser)
    assert "a table's places in seat order (e.g. 7 2 1 3 4" in _manage(client, t)
    assert "places in seat order" not in _manage(client, duels)
