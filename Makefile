# Two commands do all set-up on a fresh machine with Python 3.11+: `make dev` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat requirements.lock pyproject.toml | cksum | cut -d' ' -f1)
UV_VERSION := 0.13.9

.PHONY: dev demo test fault bench loadtest prod strength lint typecheck check lock clean

$(STAMP): pyproject.toml requirements.lock
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)
	@$(BIN)/uv pip install --quiet --python $(BIN)/python -r requirements.lock
	@rm -f $(VENV)/.installed-* && touch $(STAMP)

# The main job: the site at http://127.0.0.1:8000/ (SQLite, tasks run in-process: nothing but
# Python needed). Set DATABASE_URL / REDIS_URL to use PostgreSQL / Redis instead.
dev: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_lessons
	$(BIN)/python manage.py generate_puzzles --fill 3
	$(BIN)/python manage.py runserver 127.0.0.1:8000

# The site as for real (scripts/run-production): PostgreSQL, Redis, gunicorn, Celery worker and
# beat, DEBUG off. LOCAL TRIAL by default: plain HTTP on 127.0.0.1:8000, so no HTTPS redirect,
# no Secure cookies, no HSTS; set these three variables to 1 / 31536000 (or unset them and run
# scripts/run-production) when TLS is in front. See README "Production".
prod: $(STAMP)
	DJANGO_SECURE_SSL_REDIRECT=$${DJANGO_SECURE_SSL_REDIRECT-0} DJANGO_SECURE_COOKIES=$${DJANGO_SECURE_COOKIES-0} \
	DJANGO_SECURE_HSTS_SECONDS=$${DJANGO_SECURE_HSTS_SECONDS-0} scripts/run-production

# A tour of the rules engine's command line.
demo: $(STAMP)
	@$(BIN)/python -m cfmj.engine.demo

test: $(STAMP)
	@scripts/ensure-chromium
	@scripts/ensure-axe
	$(BIN)/python -m pytest -n 2

# Fault tests only (a worker killed mid-batch, Redis down, 50 parallel answers on PostgreSQL);
# `make test` runs them too. They skip when Redis / PostgreSQL do not answer on 127.0.0.1.
fault: $(STAMP)
	$(BIN)/python -m pytest -m fault -q

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/analysis.py
	$(BIN)/python bench/drills.py
	$(BIN)/python bench/practice_views.py

# 50 simulated learners against gunicorn, compared with a bare Django view and the bare layout
# (about 3 minutes).
loadtest: $(STAMP)
	$(BIN)/python bench/loadtest.py

# Strength of the advice (long: about 15 and 10 minutes on two cores).
strength: $(STAMP)
	$(BIN)/python -m cfmj.engine.studies.charleston_strength --deals 10000 --seed 1 --workers 2
	$(BIN)/python -m cfmj simulate --games 2000 --seed 1 --workers 2

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy

check: lint typecheck test

lock: $(STAMP)
	$(BIN)/uv pip compile pyproject.toml --extra dev -o requirements.lock --python-version 3.11

clean:
	rm -rf $(VENV)
