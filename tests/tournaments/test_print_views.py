"""Printable sheets (issue 13): the pairings by table and by player name, one match slip per table, the standings
with every row, a player's deck registration sheet; who may open each; a Print button and print.css on each."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.conftest import make_event as make_pods_event
from tests.markup import squash
from tests.tournaments.test_structures import make_event, play_round
from tournaments import services
from tournaments.models import Match, Tournament

pytestmark = pytest.mark.django_db


def names_in_order(page: str) -> list[str]:
    """The player names of a by-name sheet, top to bottom."""
    return re.findall(r'<td class="player">([^<]+)</td>', page)


@pytest.fixture
def swiss_five(organiser, django_capture_on_commit_callbacks):
    """Five players (a bye), round 1 paired: (tournament, round)."""
    t, regs = make_event(organiser, 5)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=4)
    return t, rnd


def assert_printable(page: str) -> None:
    assert 'onclick="window.print()"' in page and "print.css" in page and "print-toolbar d-print-none" in page


# --------------------------------------------------------------------------- pairings


def test_pairings_by_table_list_every_table_and_the_bye(client, swiss_five):
    t, rnd = swiss_five
    page = squash(client.get(reverse("tournaments:print-pairings-tables", args=[t.pk, 1])).content.decode())
    assert_printable(page)
    assert f"{t.name}</h1>" in page and "Round 1 (Swiss) — pairings by table" in page
    for match in rnd.matches.prefetch_related("seats__registration__player"):
        seats = sorted(match.seats.all(), key=lambda s: s.number)
        if len(seats) == 2:
            a, b = (s.registration.display_name for s in seats)
            assert squash(f'<td class="col-table">{match.table}</td>\n<td><span class="side">A</span> {a} '
                          f'<span class="vs">vs</span> <span class="side">B</span> {b}</td>') in page
        else:
            assert f"<strong>Bye</strong> (a match win, no table): {seats[0].registration.display_name}" in page
    assert page.count('<td class="col-table">') == 2


def test_pairings_by_name_are_alphabetical_with_table_side_and_opponent(client, swiss_five):
    t, rnd = swiss_five
    page = client.get(reverse("tournaments:print-pairings-names", args=[t.pk, 1])).content.decode()
    assert_printable(page)
    players = sorted(s.registration.display_name for m in rnd.matches.all() for s in m.seats.all())
    assert names_in_order(page) == sorted(players, key=str.casefold) and len(players) == 5
    duel = rnd.matches.filter(table=1).get()
    a, b = (s.registration.display_name for s in duel.seats.order_by("number"))
    assert f'<td class="player">{a}</td><td class="col-table">1</td><td>A</td><td>{b}</td>' in page
    assert f'<td class="player">{b}</td><td class="col-table">1</td><td>B</td><td>{a}</td>' in page
    assert page.count("<strong>Bye</strong>") == 1


def test_pairings_by_name_sort_without_regard_to_case(organiser, django_capture_on_commit_callbacks):
    from django.contrib.auth.models import User

    from tournaments.models import Round

    t, regs = make_event(organiser, 4)
    for reg, name in zip(regs, ("bob", "Alice", "carol", "Dave"), strict=True):
        User.objects.filter(pk=reg.player_id).update(username=name)
    rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    from tournaments.selectors import pairing_lines

    assert [line.name for line in pairing_lines(Round.objects.get(pk=rnd.pk))] == ["Alice", "bob", "carol", "Dave"]


def test_pairings_of_multiplayer_tables_give_seats_and_every_opponent(client, organiser,
                                                                      django_capture_on_commit_callbacks):
    t, regs = make_pods_event(organiser, 4, swiss_rounds=2)
    with django_capture_on_commit_callbacks(execute=True):
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=1)
    table = rnd.matches.get()
    seats = list(table.seats.order_by("number").select_related("registration__player"))
    by_table = squash(client.get(reverse("tournaments:print-pairings-tables", args=[t.pk, 1])).content.decode())
    assert " · ".join(f'<span class="side">Seat {s.number}</span> {s.registration.display_name}'
                      for s in seats) in by_table
    by_name = client.get(reverse("tournaments:print-pairings-names", args=[t.pk, 1])).content.decode()
    first = seats[0]
    others = ", ".join(s.registration.display_name for s in seats[1:])
    assert (f'<td class="player">{first.registration.display_name}</td><td class="col-table">{table.table}</td>'
            f"<td>Seat 1</td><td>{others}</td>") in by_name


def test_a_missing_round_is_a_404(client, swiss_five):
    t, _ = swiss_five
    assert client.get(reverse("tournaments:print-pairings-names", args=[t.pk, 9])).status_code == 404


# --------------------------------------------------------------------------- match slips


def test_one_slip_per_table_with_a_row_per_game(client, swiss_five, organiser):
    t, rnd = swiss_five
    client.force_login(organiser)
    page = squash(client.get(reverse("tournaments:print-slips", args=[t.pk, 1])).content.decode())
    assert_printable(page)
    duels = [m for m in rnd.matches.all() if m.seats.count() == 2]
    assert page.count('<section class="slip"') == len(duels) == 2  # the bye has no slip
    for match in duels:
        a, b = (s.registration.display_name for s in match.seats.order_by("number"))
        assert f'<h2 id="slip-{match.table}">Table {match.table}</h2>' in page
        assert f"Signature of {a} (A)" in page and f"Signature of {b} (B)" in page
    assert f"{t.name} · " in page and "Round 1 (Swiss) · Best of 3" in page
    assert page.count('<tr class="game">') == 2 * t.best_of
    assert page.count("Mulligans</th>") == 2 * 2  # a column per player on each slip
    assert "Realms razed" not in page  # unfinished games are draws and decks reshuffle: no counts to write


@pytest.mark.parametrize("best_of", [1, 5])
def test_game_rows_follow_best_of(client, organiser, best_of):
    t, _ = make_event(organiser, 2, best_of=best_of)
    services.round_pair_next(tournament=t, actor=organiser, seed=1)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:print-slips", args=[t.pk, 1])).content.decode()
    assert page.count('<tr class="game">') == best_of
    assert f'<th scope="row">{best_of}</th>' in page and f'<th scope="row">{best_of + 1}</th>' not in page


def test_slips_have_counts_columns_where_the_counts_decide(client, swiss_five, organiser):
    t, _ = swiss_five
    Tournament.objects.filter(pk=t.pk).update(end_of_round=Tournament.EndOfRound.DECIDE_BY_COUNTS)
    client.force_login(organiser)
    page = client.get(reverse("tournaments:print-slips", args=[t.pk, 1])).content.decode()
    assert page.count("Realms razed</th>") == 2 * 2


def test_one_tables_slip_and_its_time_extension(client, swiss_five, organiser):
    from tournaments.services.clock import match_time_extend

    t, rnd = swiss_five
    match = rnd.matches.filter(table=2).get()
    match_time_extend(match=match, actor=organiser, minutes=5, reason="Deck check")
    client.force_login(organiser)
    page = client.get(reverse("tournaments:print-slips", args=[t.pk, 1]) + "?table=2").content.decode()
    assert page.count('<section class="slip"') == 1 and "Table 2</h2>" in page
    assert "(time extension +5 min)" in page


def test_a_multiplayer_slip_has_a_place_per_player(client, pods_four, organiser):
    t, regs, table = pods_four
    client.force_login(organiser)
    page = client.get(reverse("tournaments:print-slips", args=[t.pk, 1])).content.decode()
    assert page.count('<section class="slip"') == 1
    for seat in table.seats.select_related("registration__player"):
        assert f'<th scope="row">{seat.number}</th><td>{seat.registration.display_name}</td>' in page


def test_slips_are_the_organisers(client, swiss_five, alice):
    t, _ = swiss_five
    url = reverse("tournaments:print-slips", args=[t.pk, 1])
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(alice)
    assert client.get(url).status_code == 403


# --------------------------------------------------------------------------- standings


def test_the_standings_sheet_has_every_row_and_the_tiebreakers(client, organiser, monkeypatch,
                                                               django_capture_on_commit_callbacks):
    from tournaments.pages import crowd

    monkeypatch.setattr(crowd, "PAGE_SIZE", 3)  # the screen pages; the sheet has none
    t, regs = make_event(organiser, 8)
    with django_capture_on_commit_callbacks(execute=True):
        play_round(services.round_pair_next(tournament=t, actor=organiser, seed=1), organiser)
        rnd = services.round_pair_next(tournament=t, actor=organiser, seed=2)
        services.result_settle(match=rnd.matches.filter(status=Match.Status.PENDING).first(), actor=organiser,
                               games=[{"winner": "a"}] * 2, reason="slip")
    page = squash(client.get(reverse("tournaments:print-standings", args=[t.pk])).content.decode())
    assert_printable(page)
    assert f"{t.name}</h1>" in page and "Standings after round 1 (round 2 in progress: 1 of 4 results in)" in page
    assert names_in_order(page) and len(names_in_order(page)) == 8
    assert {r.display_name for r in regs} == set(names_in_order(page))
    assert '<th scope="col">OMW%</th>' in page and "Ranked by match points, then OMW%, GW%, OGW%" in page
    assert "--floor" not in page  # no command-line flags for the public


def test_the_standings_sheet_before_any_result(client, organiser):
    t, _ = make_event(organiser, 4)
    services.round_pair_next(tournament=t, actor=organiser, seed=1)
    page = client.get(reverse("tournaments:print-standings", args=[t.pk])).content.decode()
    assert "No results confirmed yet." in page


# --------------------------------------------------------------------------- links


def test_the_pages_link_their_sheets(client, swiss_five, organiser):
    t, _ = swiss_five
    round_page = client.get(reverse("tournaments:round", args=[t.pk, 1])).content.decode()
    assert reverse("tournaments:print-pairings-tables", args=[t.pk, 1]) in round_page
    assert reverse("tournaments:print-pairings-names", args=[t.pk, 1]) in round_page
    assert reverse("tournaments:print-slips", args=[t.pk, 1]) not in round_page  # the organiser's
    standings = client.get(reverse("tournaments:standings", args=[t.pk])).content.decode()
    assert reverse("tournaments:print-standings", args=[t.pk]) in standings
    client.force_login(organiser)
    for url in (reverse("tournaments:round", args=[t.pk, 1]), reverse("tournaments:manage", args=[t.pk])):
        assert reverse("tournaments:print-slips", args=[t.pk, 1]) in client.get(url).content.decode()


# --------------------------------------------------------------------------- the deck registration sheet


def test_the_deck_sheet_groups_the_registered_deck_by_card_type(client, registered, tournament, alice):
    reg_a, _ = registered
    client.force_login(alice)
    page = client.get(reverse("decks:print-deck-sheet", args=[tournament.pk, reg_a.pk])).content.decode()
    assert_printable(page)
    assert "Deck registration sheet" in page and '<dd class="player">alice</dd>' in page
    assert f"<dd>{tournament.name}</dd>" in page and "registered (legal)" in page
    assert "<dt>Format</dt><dd>" in page and "55 cards" in page
    headings = re.findall(r"<h2>([A-Za-z ]+) \((\d+)\)</h2>", page)
    assert headings and sum(int(n) for kind, n in headings if kind != "Dungeon") == 55
    assert [kind for kind, _ in headings][0] == "Realm"
    assert "Player's signature (alice)" in page and "Checked by (judge or organiser)" in page


def test_the_deck_sheet_is_private_until_published(client, registered, tournament, organiser, bob):
    reg_a, _ = registered
    url = reverse("decks:print-deck-sheet", args=[tournament.pk, reg_a.pk])
    assert client.get(url).status_code == 403
    client.force_login(bob)
    assert client.get(url).status_code == 403
    client.force_login(organiser)
    assert client.get(url).status_code == 200
    Tournament.objects.filter(pk=tournament.pk).update(decklists_published=Tournament.Publication.ALL)
    client.logout()
    assert client.get(url).status_code == 200
