"""Pages for a logged-in player (``@tournament_view("player")``): anonymous users go to the login page."""

from django.urls import path, register_converter

from tournaments.pages import (
    account_views,
    check_in_views,
    event_views,
    match_views,
    notification_views,
    player_views,
)
from tournaments.pages.converters import ReportAnswer

register_converter(ReportAnswer, "answer")

urlpatterns = [
    path("me/", player_views.my_events, name="me"),
    path("account/", account_views.account, name="account"),
    path("account/verify/send/", account_views.verification_resend, name="verify-email-send"),
    path("account/tokens/", account_views.api_token_create, name="api-token-create"),
    path("account/tokens/<id:token_id>/revoke/", account_views.api_token_revoke, name="api-token-revoke"),
    path("account/push/", notification_views.push_subscription, name="push-subscription"),
    path("account/notifications/resume/", notification_views.resubscribe, name="resubscribe"),
    path("t/<id:pk>/register/", event_views.register, name="register"),
    path("t/<id:pk>/drop/", event_views.drop, name="drop"),
    path("t/<id:pk>/check-in/", check_in_views.check_in, name="check-in"),
    path("t/<id:pk>/claim/", check_in_views.claim, name="claim"),
    path("t/<id:pk>/matches/<id:match_id>/", match_views.match_detail, name="match"),
    path("t/<id:pk>/matches/<id:match_id>/reports/<id:report_id>/<answer:answer>/", match_views.report_answer,
         name="report-answer"),
]
