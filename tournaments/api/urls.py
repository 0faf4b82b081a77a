"""The tournaments app's API routes, served under /api/v1/ (``config.urls`` joins them with ``decks.api.urls``)."""

from django.urls import path, re_path

from tournaments.api import check_in_views, clock_views, pairing_views, views, webhook_views
from tournaments.api.errors import not_found
from tournaments.api.format_views import TournamentFormat

app_name = "api"

urlpatterns = [
    # Results of any match (one service for any number of seats). First: at the end of a round every table writes
    # at once, and Django tries the routes in order (issue 27: matching these at the end of the list cost about a
    # thousand Python calls a write). No route here catches another's paths, so the order changes nothing else.
    path("matches/<id:pk>/reports/", views.MatchReportCreate.as_view(), name="match-report"),
    path("reports/<id:pk>/confirm/", views.ReportConfirm.as_view(), name="report-confirm"),
    path("reports/<id:pk>/dispute/", views.ReportDispute.as_view(), name="report-dispute"),
    path("tournaments/", views.TournamentListCreate.as_view(), name="tournament-list"),
    path("tournaments/<id:pk>/", views.TournamentDetail.as_view(), name="tournament-detail"),
    path("tournaments/<id:pk>/registrations/", views.RegistrationListCreate.as_view(), name="registrations"),
    path("tournaments/<id:pk>/registrations/<id:registration_id>/drop/", views.RegistrationDrop.as_view(),
         name="registration-drop"),
    path("tournaments/<id:pk>/registrations/<id:registration_id>/check-in/",
         check_in_views.RegistrationCheckIn.as_view(), name="registration-check-in"),
    path("tournaments/<id:pk>/walk-ins/", check_in_views.WalkInCreate.as_view(), name="walk-ins"),
    path("tournaments/<id:pk>/registrations/<id:registration_id>/late-loss/",
         check_in_views.RegistrationLateLoss.as_view(), name="registration-late-loss"),
    path("tournaments/<id:pk>/claim/", check_in_views.WalkInClaim.as_view(), name="claim"),
    path("tournaments/<id:pk>/check-in/close/", check_in_views.CheckInClose.as_view(), name="check-in-close"),
    path("tournaments/<id:pk>/no-shows/drop/", check_in_views.NoShowsDrop.as_view(), name="no-shows-drop"),
    path("tournaments/<id:pk>/rounds/", views.RoundListCreate.as_view(), name="rounds"),
    path("tournaments/<id:pk>/day-two/", pairing_views.DayTwoStart.as_view(), name="day-two"),
    path("tournaments/<id:pk>/rounds/<id:number>/", views.RoundDetail.as_view(), name="round-detail"),
    path("tournaments/<id:pk>/rounds/<id:number>/clock/", clock_views.RoundClock.as_view(), name="round-clock"),
    path("tournaments/<id:pk>/standings/", views.Standings.as_view(), name="standings"),
    path("tournaments/<id:pk>/format/", TournamentFormat.as_view(), name="tournament-format"),
    path("tournaments/<id:pk>/forbidden-pairs/", pairing_views.ForbiddenPairs.as_view(), name="forbidden-pairs"),
    path("tournaments/<id:pk>/forbidden-pairs/<id:pair_id>/delete/", pairing_views.ForbiddenPairDelete.as_view(),
         name="forbidden-pair-delete"),
    path("tournaments/<id:pk>/registrations/<id:registration_id>/byes/", pairing_views.RegistrationByes.as_view(),
         name="registration-byes"),
    path("tournaments/<id:pk>/registrations/<id:registration_id>/team/", pairing_views.RegistrationTeam.as_view(),
         name="registration-team"),
    path("tournaments/<id:pk>/rounds/swap/", pairing_views.RoundSwap.as_view(), name="round-swap"),
    path("tournaments/<id:pk>/rounds/repair/", pairing_views.RoundRepair.as_view(), name="round-repair"),
    path("tournaments/<id:pk>/rounds/publish/", pairing_views.RoundPublish.as_view(), name="round-publish"),
    path("tournaments/<id:pk>/webhooks/", webhook_views.Webhooks.as_view(), name="webhooks"),
    path("tournaments/<id:pk>/webhooks/<id:webhook_id>/", webhook_views.WebhookDetail.as_view(),
         name="webhook-detail"),
    path("tournaments/<id:pk>/webhooks/<id:webhook_id>/rotate-secret/", webhook_views.WebhookRotateSecret.as_view(),
         name="webhook-rotate-secret"),
    path("tournaments/<id:pk>/penalties/", views.PenaltyListCreate.as_view(), name="penalties"),
    path("tournaments/<id:pk>/open-registration/", views.TournamentOpenRegistration.as_view(),
         name="tournament-open-registration"),
    path("tournaments/<id:pk>/close-registration/", views.TournamentCloseRegistration.as_view(),
         name="tournament-close-registration"),
    path("tournaments/<id:pk>/start/", views.TournamentStart.as_view(), name="tournament-start"),
    path("tournaments/<id:pk>/finish/", views.TournamentFinish.as_view(), name="tournament-finish"),
    path("tournaments/<id:pk>/reopen/", views.TournamentReopen.as_view(), name="tournament-reopen"),
    path("tournaments/<id:pk>/registrations/<id:registration_id>/reinstate/",
         views.RegistrationReinstate.as_view(), name="registration-reinstate"),
    path("matches/<id:pk>/", views.MatchDetail.as_view(), name="match-detail"),
    path("matches/<id:pk>/late-loss/remove/", check_in_views.LateLossRemove.as_view(), name="late-loss-remove"),
    path("matches/<id:pk>/time-extension/", clock_views.MatchTimeExtension.as_view(), name="match-time-extension"),
    path("matches/<id:pk>/submissions/", views.MatchSubmissions.as_view(), name="match-submissions"),
    path("matches/<id:pk>/shared-pool/", views.MatchSharedPool.as_view(), name="match-shared-pool"),
    path("matches/<id:pk>/override/", views.MatchOverride.as_view(), name="match-override"),
]

#: Anything else under /api/v1/ is a JSON 404 ``{"code": "not_found", ...}``. Not in ``urlpatterns``: it catches
#: every path, so ``config.urls`` appends it after all of the API's routes (both apps'), whatever their order.
#: ``[\s\S]``: a newline in the path (``%0A``) is a character like any other (``.`` stops at it).
not_found_route = re_path(r"^(?P<path>[\s\S]*/)$", not_found, name="not-found")
