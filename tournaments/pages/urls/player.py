"""Pages for a logged-in player (``@tournament_view("player")``): anonymous users go to the login page."""

from django.urls import path

from tournaments.pages import views

urlpatterns = [
    path("t/<int:pk>/register/", views.register, name="register"),
    path("t/<int:pk>/drop/", views.drop, name="drop"),
    path("t/<int:pk>/matches/<int:match_id>/", views.match_detail, name="match"),
    path("t/<int:pk>/matches/<int:match_id>/reports/<int:report_id>/<str:answer>/", views.report_answer,
         name="report-answer"),
]
