"""Every page links a favicon (an SVG and an ICO) and /favicon.ico, which browsers ask for on every page, is served
(issue 20: it was a 404)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_favicon_ico_is_served_at_the_root(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert b"".join(response.streaming_content if response.streaming else [response.content])[:4] == \
        b"\x00\x00\x01\x00"  # an ICO file


def test_every_page_links_both_icons(client):
    html = client.get("/").content.decode()
    assert '<link rel="icon" href="/favicon.ico" sizes="32x32">' in html
    assert 'favicon.svg" type="image/svg+xml">' in html
    assert client.get("/static/favicon.svg").status_code == 200
