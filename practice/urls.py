from django.urls import path

from practice import views

app_name = "practice"
urlpatterns = [
    path("check/", views.check_hand, name="check"),
    path("practice/", views.practice_home, name="home"),
    path("practice/daily/", views.daily, name="daily"),
    path("practice/mistakes/<int:review_id>/", views.mistake, name="mistake"),
    path("practice/<str:kind>/", views.drill, name="drill"),
    path("practice/puzzles/<int:puzzle_id>/answer/", views.answer, name="answer"),
]
