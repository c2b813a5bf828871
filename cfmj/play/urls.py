from django.urls import path

from cfmj.play import review_views, table_views, views

app_name = "play"
urlpatterns = [
    path("new/", views.start, name="start"),
    path("<int:game_id>/", views.game, name="game"),
    path("<int:game_id>/act/", views.act, name="act"),
    path("<int:game_id>/undo/", views.undo, name="undo"),
    path("<int:game_id>/next/", views.next_hand, name="next"),
    path("<int:game_id>/review/", review_views.review, name="review"),
    path("<int:game_id>/review/seat/<int:seat>/", review_views.review_seat, name="review_seat"),
    path("<int:game_id>/share/", review_views.share, name="share"),
    path("shared/<str:token>/", review_views.shared, name="shared"),
    path("<int:game_id>/coach/", views.coach_mode, name="coach"),
    path("tables/", table_views.tables, name="tables"),
    path("tables/new/", table_views.table_new, name="table_new"),
    path("tables/find/", table_views.table_find, name="table_find"),
    path("tables/<str:code>/", table_views.table, name="table"),
    path("tables/<str:code>/join/", table_views.table_join, name="table_join"),
    path("tables/<str:code>/now/", table_views.table_now, name="table_now"),
    path("tables/<str:code>/act/", table_views.table_act, name="table_act"),
    path("tables/<str:code>/undo/", table_views.table_undo, name="table_undo"),
    path("tables/<str:code>/start/", table_views.table_start, name="table_start"),
    path("tables/<str:code>/next/", table_views.table_next, name="table_next"),
    path("tables/<str:code>/leave/", table_views.table_leave, name="table_leave"),
    path("tables/<str:code>/back/", table_views.table_back, name="table_back"),
    path("tables/<str:code>/seat/", table_views.table_seat, name="table_seat"),
    path("tables/<str:code>/joining/", table_views.table_joining, name="table_joining"),
    path("tables/<str:code>/say/", table_views.table_say, name="table_say"),
]

# Each seat's stream, at /live/tables/<code>/?token=... in the "live" namespace (cfmj/urls.py):
# everything under /live/ is served by the ASGI process (docs/production.md), which checks the token
# the seat's page carries and reads no database (table_access.stream_pass).
live_patterns = [path("tables/<str:code>/", table_views.table_live, name="table")]
