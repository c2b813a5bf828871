from django.urls import path

from practice import views

app_name = "practice"
urlpatterns = [
    path("check/", views.check_hand, name="check"),
]
