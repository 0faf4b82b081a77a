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
