from django.urls import path

from lessons import views

app_name = "lessons"
urlpatterns = [
    path("lessons/", views.course, name="course"),
    path("lessons/<slug:slug>/", views.lesson, name="lesson"),
    path("lessons/<slug:slug>/quiz/", views.quiz, name="quiz"),
    path("lessons/<slug:slug>/<int:number>/", views.step, name="step"),
    path("rules/", views.rules, name="rules"),
]
