from django.urls import path

from cfmj.play import review_views, views

app_name = "play"
urlpatterns = [
    path("new/", views.start, name="start"),
    path("<int:game_id>/", views.game, name="game"),
    path("<int:game_id>/act/", views.act, name="act"),
    path("<int:game_id>/undo/", views.undo, name="undo"),
    path("<int:game_id>/next/", views.next_hand, name="next"),
    path("<int:game_id>/review/", review_views.review, name="review"),
    path("<int:game_id>/share/", review_views.share, name="share"),
    path("shared/<str:token>/", review_views.shared, name="shared"),
    path("<int:game_id>/coach/", views.coach_mode, name="coach"),
]
