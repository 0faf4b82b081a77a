"""Friendly error pages the project serves itself (the others are templates: ``templates/403.html``, ``404.html``,
``500.html`` and ``429.html``, the django-axes lockout)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """``CSRF_FAILURE_VIEW``: a form sent without a valid CSRF token (the page was open too long, it was sent from
    elsewhere, or cookies are off) gets a 403 page that says so and what to do (reload the page and send it again).
    Django's ``reason`` is technical, so it is not shown. Renders ``templates/403_csrf.html`` with the request (the
    navigation knows who is logged in)."""
    return render(request, "403_csrf.html", {"reason": reason}, status=403)
