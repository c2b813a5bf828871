from django.urls import path

from practice import views

app_name = "practice"
urlpatterns = [
    path("check/", views.check_hand, name="check"),
    path("practice/range/", views.practice_range, name="range"),
    path("practice/daily/", views.daily, name="daily"),
    path("practice/mistakes/<int:review_id>/", views.mistake, name="mistake"),
    path("practice/<str:kind>/", views.drill, name="drill"),
    path("practice/puzzles/<int:puzzle_id>/answer/", views.answer, name="answer"),
]
