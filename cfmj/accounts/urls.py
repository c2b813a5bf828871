from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from cfmj.accounts import views
from cfmj.core.ratelimit import rate_limited

app_name = "accounts"
urlpatterns = [
    path("logout/", views.LogoutView.as_view(), name="logout"),
    path(
        "password/",
        rate_limited("account_password")(  # typing the old password again and again is guessing it
            auth_views.PasswordChangeView.as_view(
                template_name="accounts/password_change.html",
                success_url=reverse_lazy("accounts:password_change_done"),
            )
        ),
        name="password_change",
    ),
    path(
        "password/done/",
        auth_views.PasswordChangeDoneView.as_view(template_name="accounts/password_change_done.html"),
        name="password_change_done",
    ),
    path("password/reset/", views.password_reset, name="password_reset"),
    path("password/forgotten/", views.password_forgotten, name="password_forgotten"),
    path("recovery-code/", views.recovery_code, name="recovery_code"),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(template_name="accounts/password_reset_done.html"),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="accounts/password_reset_confirm.html",
            success_url=reverse_lazy("accounts:password_reset_complete"),
        ),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(template_name="accounts/password_reset_complete.html"),
        name="password_reset_complete",
    ),
    path("display/large-print/", views.large_print, name="large_print"),
    path("time-zone/", views.time_zone, name="time_zone"),
]
