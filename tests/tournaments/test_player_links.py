"""Issue 20, items 3 and 9: a standings name is a link to the player's public page (``/players/<id>/``) on the
standings page (the live table, its polls and the final placings); a walk-in with no account stays plain text, and
the projector and the print view stay plain text."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import pair_or_finish
from tests.markup import squash
from tests.tournaments._manage_helpers import quick_event, settle_all
from tournaments import services
from tournaments.services.check_in import walk_in_register
from tournaments.models import Registration, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(organiser, django_capture_on_commit_callbacks):
    """4 players with accounts (p00..p03) and a walk-in with none ("Dana at the desk"), round 1 played:
    (tournament, the registrations with an account, the walk-in)."""
    t, regs = quick_event(organiser, 4, start=False, swiss_rounds=1)
    walk_in = walk_in_register(tournament=t, actor=organiser, name="Dana at the desk")
    Registration.objects.filter(pk=walk_in.pk).update(has_legal_deck=True)
    services.tournament_start(tournament=t, actor=organiser)
    with django_capture_on_commit_callbacks(execute=True):
        settle_all(services.round_pair_next(tournament=t, actor=organiser, seed=1), organiser)
    return Tournament.objects.get(pk=t.pk), regs, walk_in


def _page(client, name: str, t: Tournament, **headers) -> str:
    response = client.get(reverse(f"tournaments:{name}", args=[t.pk]), **headers)
    assert response.status_code == 200
    return squash(response.content.decode())


def _link(reg: Registration) -> str:
    return f'<a href="/players/{reg.player_id}/">{reg.display_name}</a>'


def test_each_standings_name_links_to_the_players_page_and_a_walk_in_stays_plain(client, played):
    t, regs, walk_in = played
    page = _page(client, "standings", t)
    assert all(_link(reg) in page for reg in regs)
    assert "<td>Dana at the desk" in page and ">Dana at the desk</a>" not in page
    poll = _page(client, "standings", t, HTTP_HX_REQUEST="true")  # the live table's answer links too
    assert poll.startswith('<div id="standings-live"') and all(_link(reg) in poll for reg in regs)


def test_the_final_placings_link_to_the_players_pages(client, organiser, django_capture_on_commit_callbacks):
    """After a top cut the standings are the final placings (rules.standings.placings): each name links too."""
    t, regs = quick_event(organiser, 4, swiss_rounds=1, top_cut=4)
    with django_capture_on_commit_callbacks(execute=True):
        while (rnd := pair_or_finish(t, organiser, seed=1)) is not None:
            settle_all(rnd, organiser)
    page = _page(client, "standings", Tournament.objects.get(pk=t.pk))
    assert ">Placing</th>" in page and all(_link(reg) in page for reg in regs)


def test_the_projector_and_the_print_view_stay_plain_text(client, played, organiser):
    t, regs, _walk_in = played
    client.force_login(organiser)
    for name in ("projector", "print-standings"):
        page = _page(client, name, t)
        assert "/players/" not in page, name
