from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "cfmj.accounts"
    label = "accounts"
