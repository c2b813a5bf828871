from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The top floor: pages and jobs that put several apps together (tests/test_layers.py)."""

    name = "cfmj.site"
    label = "site"
