"""The site's pages, each under the namespace its links already use: the project's urls.py puts
them in front of that app's own (so "practice:dashboard" is found before "practice:drill")."""

from django.urls import URLPattern, path

from cfmj.core.ratelimit import rate_limited
from cfmj.site import account_views, views

home: list[URLPattern] = [path("", views.home, name="home")]

accounts: list[URLPattern] = [
    path("", account_views.account, name="account"),
    path("name/", account_views.name_change, name="name_change"),
    path("email/", account_views.email_change, name="email_change"),
    path("recovery-code/new/", account_views.recovery_code_new, name="recovery_code_new"),
    path("role/", account_views.role_change, name="role_change"),
    path("data.json", account_views.data_export, name="data_export"),
    path("delete/", account_views.delete, name="delete"),
    path("delete/cancel/", account_views.delete_cancel, name="delete_cancel"),
    path("signup/", account_views.signup, name="signup"),
    path("login/", rate_limited("login")(account_views.LoginView.as_view()), name="login"),
]

classes: list[URLPattern] = [
    path("<int:pk>/students/<int:user_id>/data.json", account_views.managed_export, name="managed_export"),
    path("<int:pk>/students/<int:user_id>/delete/", account_views.managed_delete, name="managed_delete"),
]

play: list[URLPattern] = [path("", views.play_home, name="home")]

practice: list[URLPattern] = [
    path("practice/", views.practice_home, name="home"),
    path("practice/dashboard/", views.dashboard, name="dashboard"),
]
