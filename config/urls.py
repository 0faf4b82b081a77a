"""URL routes: pages (public, player, organiser) under /, the REST API under /api/v1/.

``decks`` sits on top of ``tournaments``, so the project joins their routes here: the tournament pages
(namespace ``tournaments``) and the deck pages (namespace ``decks``), each split by audience (public,
player, organiser) in its ``pages/urls/`` package, and both apps' API routes in one ``api`` namespace.
No route catches another's paths, so the order of the apps' route lists does not matter; the two catch-alls come
last, explicitly: the API's JSON 404 ends the API's routes (``API_ROUTES``), and every other unknown path falls
through every pattern to the site's HTML 404 (``templates/404.html``; no page route catches all).
``tests/test_urls.py`` checks both."""

from django.contrib import admin
from django.contrib.auth.views import PasswordResetView
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from decks.api.urls import urlpatterns as deck_api_urls
from tournaments.api.urls import not_found_route as api_not_found_route
from tournaments.api.urls import urlpatterns as tournament_api_urls
from tournaments.pages.account_views import VerifiedPasswordResetForm

#: Every API route under /api/v1/ (namespace ``api``): both apps' routes, the tournaments' first (they start with
#: the result writes of a round's end, the most frequent), then the JSON 404 for anything else.
API_ROUTES = [*tournament_api_urls, *deck_api_urls, api_not_found_route]

urlpatterns = [
    # the API first: its writes come all at once at the end of a round (issue 27)
    path("api/v1/", include((API_ROUTES, "api"))),
    path("admin/", admin.site.urls),
    # Django's password reset, mailing only verified addresses (tournaments/pages/account_views.py), before the rest
    # of Django's account views
    path("accounts/password_reset/", PasswordResetView.as_view(form_class=VerifiedPasswordResetForm),
         name="password_reset"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("", include("tournaments.pages.urls")),
    path("", include("decks.pages.urls")),
]
