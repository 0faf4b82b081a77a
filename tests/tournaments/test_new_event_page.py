"""The "new tournament" page (issue 13, found by the organiser's journey in the browser): Bootstrap fields with
visible labels and a primary Create button, like every other form of the site."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_new_tournament_form_uses_bootstrap_fields_and_a_primary_button(client, organiser):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:new")).content.decode()
    form = page.split('<form method="post" class="new-tournament">', 1)[1].split("</form>", 1)[0]
    assert '<label class="form-label" for="id_name">Name</label>' in form
    assert '<label class="form-label" for="id_time_zone">Time zone</label>' in form
    assert re.search(r'<input type="checkbox" name="third_place_match" class="form-check-input"[^>]*>'
                     r'<label class="form-check-label" for="id_third_place_match">', form)
    assert form.rstrip().endswith('<button class="btn btn-primary">Create</button>')
    assert "<p>" not in form  # no form.as_p


def test_inline_code_keeps_aa_contrast_on_the_cream_background():
    """Bootstrap's pink code colour (#d63384) is under 4.5:1 on the site's background at the small size of a hint
    (the deck editor's "e.g. <code>2x War Party</code>"); the site sets a darker one."""
    css = (settings.BASE_DIR / "static" / "site.css").read_text()
    assert "--bs-code-color:#a0185a" in css


# --------------------------------------------------------------------------- structure first (issue 20, item 7)


def _names(page: str) -> set[str]:
    return set(re.findall(r'name="([a-z_]+)"', page))


def test_the_structure_is_the_first_choice_and_only_its_options_are_fields(client, organiser):
    from rules.structures import STRUCTURE_REGISTRY

    client.force_login(organiser)
    page = client.get(reverse("tournaments:new")).content.decode()
    form = page.split('<form method="post" class="new-tournament">', 1)[1]
    assert form.index('name="structure"') < form.index('name="name"')
    for name in STRUCTURE_REGISTRY:  # every registered structure is offered, from the registry
        assert f'value="{name}"' in form
    swiss = _names(client.get(reverse("tournaments:new") + "?structure=swiss").content.decode())
    assert {"swiss_rounds", "top_cut", "third_place_match", "late_entry_rounds", "team_size"} <= swiss
    assert not {"bracket_reset", "double_round_robin", "table_size", "random_draw_each_round",
                "random_seeding", "placement_points"} & swiss
    pods = _names(client.get(reverse("tournaments:new") + "?structure=pods").content.decode())
    assert {"swiss_rounds", "top_cut", "table_size", "placement_points"} <= pods
    assert not {"team_size", "third_place_match", "bracket_reset"} & pods
    robin = _names(client.get(reverse("tournaments:new") + "?structure=round_robin").content.decode())
    assert "double_round_robin" in robin and not {"swiss_rounds", "top_cut", "late_entry_rounds"} & robin


def test_without_javascript_a_changed_structure_shows_its_options_and_creates_nothing(client, organiser):
    from tournaments.models import Tournament

    client.force_login(organiser)
    body = {"structure": "double_elimination", "shown_structure": "swiss", "name": "Cup", "date": "2026-12-12",
            "deck_format_id": "55", "best_of": "3", "swiss_rounds": "4", "top_cut": "0"}
    page = client.post(reverse("tournaments:new"), body).content.decode()
    assert Tournament.objects.count() == 0
    assert 'name="bracket_reset"' in page and 'name="swiss_rounds"' not in page
    assert 'name="top_cut"' not in page  # no top cut without a Swiss phase
    assert 'value="Cup"' in page  # the values typed so far are kept
    assert 'name="shown_structure" value="double_elimination"' in page
    response = client.post(reverse("tournaments:new"), {**body, "shown_structure": "double_elimination",
                                                        "bracket_reset": "on"})
    assert response.status_code == 302
    made = Tournament.objects.get()
    assert (made.structure, made.bracket_reset, made.swiss_rounds, made.top_cut) == ("double_elimination", True,
                                                                                     0, 0)


def test_show_its_options_is_the_no_javascript_button_and_htmx_swaps_the_options(client, organiser):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:new")).content.decode()
    assert 'name="show_options"' in page
    assert 'hx-get="/t/new/"' in page and 'hx-select="#structure-options"' in page
    assert 'id="structure-options"' in page


def test_an_unknown_structure_in_the_address_falls_back_to_the_first(client, organiser):
    client.force_login(organiser)
    response = client.get(reverse("tournaments:new") + "?structure=nonsense")
    assert response.status_code == 200
    assert 'name="shown_structure" value="swiss"' in response.content.decode()


# --------------------------------------------------------------------------- time zones (issue 20, item 5)


def test_a_first_event_takes_the_browsers_zone_and_a_later_one_the_last_events(client, organiser):
    from tournaments import services

    client.force_login(organiser)
    first = client.get(reverse("tournaments:new")).content.decode()
    assert re.search(r'<input type="text" name="time_zone"[^>]*data-fill-zone', first)
    assert 'list="time-zones"' in first and '<option value="America/Sao_Paulo"></option>' in first
    import datetime

    services.tournament_create(actor=organiser, name="Earlier", date=datetime.date(2026, 12, 5),
                               time_zone="America/Sao_Paulo")
    later = client.get(reverse("tournaments:new")).content.decode()
    assert re.search(r'<input type="text" name="time_zone" value="America/Sao_Paulo"', later)
    assert "data-fill-zone" not in later


@pytest.mark.parametrize("typed, stored", [("Europe/Paris", "Europe/Paris"), ("america/sao paulo",
                                                                             "America/Sao_Paulo"), ("", "UTC")])
def test_the_time_zone_is_checked_against_the_zoneinfo_names(client, organiser, typed, stored):
    from tournaments.models import Tournament

    client.force_login(organiser)
    body = {"structure": "swiss", "shown_structure": "swiss", "name": "Cup", "date": "2026-12-12",
            "deck_format_id": "55", "best_of": "3", "swiss_rounds": "4", "top_cut": "0", "time_zone": typed}
    assert client.post(reverse("tournaments:new"), body).status_code == 302
    assert Tournament.objects.get().time_zone == stored


def test_a_time_zone_that_does_not_exist_is_a_form_error(client, organiser):
    from tournaments.models import Tournament

    client.force_login(organiser)
    body = {"structure": "swiss", "shown_structure": "swiss", "name": "Cup", "date": "2026-12-12",
            "deck_format_id": "55", "best_of": "3", "swiss_rounds": "4", "top_cut": "0", "time_zone": "Mars/Olympus"}
    response = client.post(reverse("tournaments:new"), body)
    assert response.status_code == 200 and Tournament.objects.count() == 0
    assert "is not a time zone" in response.content.decode()
