from django.urls import path

from tournaments.api import views
from tournaments.api import pairing_views
from tournaments.api.format_views import TournamentFormat

app_name = "api"

urlpatterns = [
    path("tournaments/", views.TournamentListCreate.as_view(), name="tournament-list"),
    path("tournaments/<int:pk>/", views.TournamentDetail.as_view(), name="tournament-detail"),
    path("tournaments/<int:pk>/registrations/", views.RegistrationListCreate.as_view(), name="registrations"),
    path("tournaments/<int:pk>/registrations/<int:registration_id>/drop/", views.RegistrationDrop.as_view(),
         name="registration-drop"),
    path("tournaments/<int:pk>/rounds/", views.RoundListCreate.as_view(), name="rounds"),
    path("tournaments/<int:pk>/rounds/<int:number>/", views.RoundDetail.as_view(), name="round-detail"),
    path("tournaments/<int:pk>/standings/", views.Standings.as_view(), name="standings"),
    path("tournaments/<int:pk>/format/", TournamentFormat.as_view(), name="tournament-format"),
    path("tournaments/<int:pk>/forbidden-pairs/", pairing_views.ForbiddenPairs.as_view(), name="forbidden-pairs"),
    path("tournaments/<int:pk>/forbidden-pairs/<int:pair_id>/delete/", pairing_views.ForbiddenPairDelete.as_view(),
         name="forbidden-pair-delete"),
    path("tournaments/<int:pk>/registrations/<int:registration_id>/byes/", pairing_views.RegistrationByes.as_view(),
         name="registration-byes"),
    path("tournaments/<int:pk>/registrations/<int:registration_id>/team/", pairing_views.RegistrationTeam.as_view(),
         name="registration-team"),
    path("tournaments/<int:pk>/rounds/swap/", pairing_views.RoundSwap.as_view(), name="round-swap"),
    path("tournaments/<int:pk>/rounds/repair/", pairing_views.RoundRepair.as_view(), name="round-repair"),
    path("tournaments/<int:pk>/penalties/", views.PenaltyListCreate.as_view(), name="penalties"),
    path("tournaments/<int:pk>/open-registration/", views.TournamentOpenRegistration.as_view(),
         name="tournament-open-registration"),
    path("tournaments/<int:pk>/close-registration/", views.TournamentCloseRegistration.as_view(),
         name="tournament-close-registration"),
    path("tournaments/<int:pk>/start/", views.TournamentStart.as_view(), name="tournament-start"),
    path("tournaments/<int:pk>/reopen/", views.TournamentReopen.as_view(), name="tournament-reopen"),
    path("tournaments/<int:pk>/registrations/<int:registration_id>/reinstate/",
         views.RegistrationReinstate.as_view(), name="registration-reinstate"),
    path("matches/<int:pk>/", views.MatchDetail.as_view(), name="match-detail"),
    path("matches/<int:pk>/submissions/", views.MatchSubmissions.as_view(), name="match-submissions"),
    # results of any match (one service for any number of seats); the table-* paths are the former
    # multiplayer endpoints, kept as aliases of the same views
    path("matches/<int:pk>/reports/", views.MatchReportCreate.as_view(), name="match-report"),
    path("matches/<int:pk>/table-reports/", views.MatchReportCreate.as_view(), name="match-table-report"),
    path("reports/<int:pk>/confirm/", views.ReportConfirm.as_view(), name="report-confirm"),
    path("table-reports/<int:pk>/confirm/", views.ReportConfirm.as_view(), name="table-report-confirm"),
    path("reports/<int:pk>/dispute/", views.ReportDispute.as_view(), name="report-dispute"),
    path("table-reports/<int:pk>/dispute/", views.ReportDispute.as_view(), name="table-report-dispute"),
    path("matches/<int:pk>/override/", views.MatchOverride.as_view(), name="match-override"),
    path("matches/<int:pk>/table-override/", views.MatchOverride.as_view(), name="match-table-override"),
]
