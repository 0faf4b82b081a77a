"""Issue #13, item 4: the bracket drawn as a bracket. A column per elimination round named quarter-final,
semi-final, final (the third-place match under it; the winners' and losers' brackets and the grand final of a
double elimination), each match a box with both players, their seeds, the games won and the winner in bold, and
the round page titled by the same name ("Top 8 — quarter-final")."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.conftest import pair_or_finish
from tests.markup import squash
from tests.tournaments.test_multiplayer_tables import make_event
from tournaments import services
from tournaments.models import Match, Round
from tournaments.pages.presenters import Stage, main_round_name, seeds_in, stage_of

pytestmark = pytest.mark.django_db


def _play(rnd: Round, organiser, games=({"winner": "a"},) * 2) -> None:
    """The organiser enters every open duel of ``rnd``: seat A (the better seed) wins 2-0."""
    for match in rnd.matches.filter(status=Match.Status.PENDING):
        services.result_settle(match=match, actor=organiser, games=list(games), reason="result slip")


def _run(t, organiser, capture, *, rounds: int | None = None) -> list[Round]:
    """Pair and play every round (seat A wins) until the event is over, or ``rounds`` rounds."""
    played = []
    with capture(execute=True):
        while rounds is None or len(played) < rounds:
            rnd = pair_or_finish(t, organiser, seed=3)
            if rnd is None:
                break
            _play(rnd, organiser)
            played.append(rnd)
    return played


def _columns(html: str) -> list[str]:
    return re.findall(r'<h3 class="bracket-round[^"]*">([^<]+)</h3>', html)


def _bracket(client, t) -> str:
    return squash(client.get(reverse("tournaments:bracket", args=[t.pk])).content.decode())


# --------------------------------------------------------------------------- names, seeds (no database needed)


@pytest.mark.parametrize(("players", "name"), [(2, "final"), (4, "semi-final"), (8, "quarter-final"),
                                                (6, "quarter-final"), (16, "round of 16"), (32, "round of 32")])
def test_a_single_elimination_round_is_named_by_the_players_it_starts_with(players, name):
    assert main_round_name(players) == name


def test_the_stage_and_seeds_come_from_the_pairing_reason():
    assert stage_of("bracket: seed 1 vs seed 8") == Stage("main")
    assert stage_of("third-place match: the losing semi-finalists (seed 3 vs seed 4)") == Stage("third")
    assert stage_of("winners' bracket round 2: seed 1 vs seed 4") == Stage("winners", 2)
    assert stage_of("losers' bracket round 1: losers of winners' round 1: seed 5 vs seed 8") == Stage("losers", 1)
    assert stage_of("grand final: winners' bracket champion vs losers' bracket champion: seed 1 vs seed 2") \
        == Stage("grand", 1)
    assert stage_of("grand final reset: the losers' bracket champion won the first grand final") == Stage("grand", 2)
    assert seeds_in("bracket: seed 2 vs seed 7") == [2, 7]
    assert seeds_in("elimination table of 3: seeds 1, 4, 5; the winner advances") == [1, 4, 5]
    assert seeds_in("random draw among the players still in") == []


# --------------------------------------------------------------------------- the page


def test_a_top_8_is_drawn_as_quarter_finals_semi_finals_and_a_final_with_seeds_and_results(
        client, organiser, django_capture_on_commit_callbacks):
    t, _ = make_event(organiser, 8, structure="swiss", legal_decks=False, swiss_rounds=1, top_cut=8)
    rounds = _run(t, organiser, django_capture_on_commit_callbacks)
    assert [r.kind for r in rounds] == ["swiss", "elimination", "elimination", "elimination"]
    html = _bracket(client, t)
    assert _columns(html) == ["Quarter-final", "Semi-final", "Final"]
    assert html.count('class="bracket-match') == 7
    # connectors join the quarter-finals two by two into the semi-finals, and those into the final
    assert html.count('class="bracket-column joined') == 2 and html.count('class="bracket-pair"') == 2 + 1 + 1
    # seeds (the Swiss ranks), the games won, the winner in bold: seed 1 beat seed 8 2-0 in the first box
    first = html.split('class="bracket-match', 2)[1]
    seeds = re.findall(r'<span class="bracket-seed[^>]*>(\d+)</span>', first)
    scores = re.findall(r'<span class="bracket-score">(\d+)</span>', first)
    assert seeds == ["1", "8"] and scores == ["2", "0"]
    assert first.count("<strong>") == 1 and 'title="Seed 1"' in first
    # bracket order from the top: 1 v 8, 4 v 5 (their winners meet), 2 v 7, 3 v 6
    boxes = html.split('class="bracket-match')[1:5]
    assert [re.findall(r'<span class="bracket-seed[^>]*>(\d+)</span>', b) for b in boxes] == [
        ["1", "8"], ["4", "5"], ["2", "7"], ["3", "6"]]
    t.refresh_from_db()
    assert f"Winner: <strong>{t.winner.display_name}</strong>" in html
    assert "Top 8. Seeds are shown" in html


def test_the_round_page_is_titled_with_the_round_name(client, organiser, django_capture_on_commit_callbacks):
    t, _ = make_event(organiser, 8, structure="swiss", legal_decks=False, swiss_rounds=1, top_cut=8)
    _run(t, organiser, django_capture_on_commit_callbacks, rounds=3)
    titles = [client.get(reverse("tournaments:round", args=[t.pk, n])).content.decode() for n in (1, 2, 3)]
    assert "<title>Round 1 — Pods Night" in titles[0]
    assert "<title>Top 8 — quarter-final — Pods Night" in titles[1]
    assert "Pods Night: Top 8 — semi-final</h1>" in titles[2]


def test_four_players_play_semi_finals_then_the_final_and_the_third_place_match(
        client, organiser, django_capture_on_commit_callbacks):
    t, _ = make_event(organiser, 4, structure="single_elimination", legal_decks=False, third_place_match=True)
    _run(t, organiser, django_capture_on_commit_callbacks)
    html = _bracket(client, t)
    assert _columns(html) == ["Semi-final", "Final", "Third-place match"]
    assert html.index("Third-place match") > html.index('class="bracket-extra"') > html.rindex("bracket-column")
    final = client.get(reverse("tournaments:round", args=[t.pk, 2])).content.decode()
    assert "Single elimination — final and third-place match</h1>" in final


def test_two_players_play_only_a_final(client, organiser, django_capture_on_commit_callbacks):
    t, _ = make_event(organiser, 2, structure="single_elimination", legal_decks=False)
    _run(t, organiser, django_capture_on_commit_callbacks)
    html = _bracket(client, t)
    assert _columns(html) == ["Final"] and html.count('class="bracket-match') == 1


def test_an_open_match_shows_its_status_and_no_winner(client, organiser, django_capture_on_commit_callbacks):
    t, _ = make_event(organiser, 4, structure="single_elimination", legal_decks=False)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_pair_next(tournament=t, actor=organiser, seed=1)
    html = _bracket(client, t)
    assert html.count("awaiting result") == 2 and "<strong>" not in html.split("<h1", 1)[1].split("</main>")[0]


def test_a_double_elimination_shows_the_winners_and_losers_brackets_and_the_grand_final(
        client, organiser, django_capture_on_commit_callbacks):
    t, _ = make_event(organiser, 4, structure="double_elimination", legal_decks=False)
    _run(t, organiser, django_capture_on_commit_callbacks)
    html = _bracket(client, t)
    sections = re.findall(r'<h2 class="h4">([^<]+)</h2>', html)
    assert sections == ["Winners&#x27; bracket", "Losers&#x27; bracket", "Grand final"]
    assert _columns(html) == ["Winners&#x27; round 1", "Winners&#x27; final", "Losers&#x27; round 1",
                              "Losers&#x27; final", "Grand final"]
    round_two = client.get(reverse("tournaments:round", args=[t.pk, 2])).content.decode()
    assert "Double elimination — winners&#x27; final and losers&#x27; round 1</h1>" in round_two


def test_the_bracket_scrolls_inside_its_own_container(client, organiser, django_capture_on_commit_callbacks):
    t, _ = make_event(organiser, 4, structure="single_elimination", legal_decks=False)
    _run(t, organiser, django_capture_on_commit_callbacks, rounds=1)
    html = _bracket(client, t)
    assert '<div class="bracket-scroll" tabindex="0" role="region"' in html and "bracket.css" in html
