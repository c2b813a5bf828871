import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """The default hasher is slow on purpose; the tests only need it to work."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
