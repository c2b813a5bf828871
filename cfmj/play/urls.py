from django.urls import path

from cfmj.play import views

app_name = "play"
urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.start, name="start"),
    path("<int:game_id>/", views.game, name="game"),
    path("<int:game_id>/act/", views.act, name="act"),
    path("<int:game_id>/coach/", views.coach_mode, name="coach"),
]
