"""The language switch (issue 14): a small form in every page's navigation bar posts here.

A thin wrapper of Django's ``set_language`` (``django.views.i18n``): it checks the language and the ``next``
address (same site only), sets the language cookie and redirects back (to ``next``, else the referring page,
else "/"). For a logged-in user the choice is also saved (``UserPreferences.language``) and put in the
session, so it follows them to any browser they log in on (``tournaments.language``). URLs stay the same in
every language. A language the site does not have ("de") changes nothing.

CSRF: a visitor's pages are cached whole (``tournaments.pages.crowd.whole_page``), so they carry no CSRF token
(a cached token would hand one visitor's secret to the next); a visitor's switch is accepted without one (it
only sets their own language cookie). A logged-in user's page is never cached and carries the token, which is
checked here before their saved preference changes (a failed check is Django's 403)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from tournaments.language import SESSION_KEY
from tournaments.services.preferences import LANGUAGE_CODES, save_language


def _csrf_refusal(request: HttpRequest) -> HttpResponse | None:
    """Django's CSRF check of this request: None when it passes, else its 403 response."""
    return CsrfViewMiddleware(lambda r: HttpResponse()).process_view(request, None, (), {})  # type: ignore[arg-type]


@csrf_exempt
@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """POST ``language`` (``en``, ``pt-br``, ``fr``) and ``next`` (where to go back): 302 there, with the cookie."""
    if request.user.is_authenticated:
        refusal = _csrf_refusal(request)
        if refusal is not None:
            return refusal
    language = request.POST.get("language", "")
    if language not in LANGUAGE_CODES:
        # Django's view takes any language it has a catalogue for ("de"); this site has three
        data = request.POST.copy()
        data.pop("language", None)
        request.POST = data  # type: ignore[assignment]
    response = django_set_language(request)
    if request.user.is_authenticated and save_language(request.user, language):
        request.session[SESSION_KEY] = language
    return response
