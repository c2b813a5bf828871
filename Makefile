# Two commands do all set-up on a fresh machine with Python 3.11+: `make dev` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat requirements.lock pyproject.toml | cksum | cut -d' ' -f1)
UV_VERSION := 0.13.9

.PHONY: dev demo test fault bench worst loadtest prod strength lint typecheck check lock clean

$(STAMP): pyproject.toml requirements.lock
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)
	@$(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python -r requirements.lock
	@rm -f $(VENV)/.installed-* && touch $(STAMP)

# The main job: the site at http://127.0.0.1:8000/ (SQLite, tasks run in-process: nothing but
# Python needed). Set DATABASE_URL / REDIS_URL to use PostgreSQL / Redis instead.
dev: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_lessons
	$(BIN)/python manage.py generate_puzzles --fill 3
	$(BIN)/python manage.py runserver 127.0.0.1:8000

# The site as for real (scripts/run-production): nginx in front (TLS, buffering, the body limit,
# static files), gunicorn, a Celery worker and beat under supervisord, PostgreSQL and Redis, DEBUG
# off, HTTPS only. At https://127.0.0.1:8443/ (a self-signed certificate unless TLS_CERT and
# TLS_KEY are set); http://127.0.0.1:8000/ redirects there. See docs/production.md.
prod: $(STAMP)
	scripts/run-production

# A tour of the rules engine's command line.
demo: $(STAMP)
	@$(BIN)/python -m cfmj.engine.demo

# Every test: all but the timed fault tests on two workers, then the timed ones alone, one after
# another (they time pages while the production stack's processes are killed, slow clients hold
# sockets, clients flood /check/ or Redis stops: other tests running beside them would be measured
# too). The other fault tests (a Celery worker killed mid-batch, gunicorn killed mid-hand, parallel
# answers and account lists on PostgreSQL) assert what happened, not how fast, so they run with the
# rest, mostly waiting on their own processes while the other worker runs tests: in the timed part
# they added about a third to its time. Except uvicorn killed mid-hand (tests/play/test_fault_asgi.py),
# which needs the production stack: it runs last in the timed part, on the stack the timed tests
# started (one start of a minute or more saved). The workers share the tests by work stealing: one that runs
# out takes half of what the other has left. (xdist's default hands each worker long runs of
# consecutive tests, so one was given nearly all the browser tests and ran them alone for five
# minutes after the other had finished.) Three workers were no faster on two cores (766 s against
# 655-739 s with two, 25 November 2026).
# The bytecode is written first (the packages' when they are installed, ours here): where
# PYTHONDONTWRITEBYTECODE is set, as on our machines, Python would otherwise compile every module
# from source in every process the tests start (the site's start 5.9 -> 2.5 s here).
test: $(STAMP)
	@scripts/ensure-chromium
	@scripts/ensure-axe
	@scripts/ensure-nginx
	@$(BIN)/python -m compileall -q -j 0 cfmj lessons practice tests bench manage.py > /dev/null
	$(BIN)/python -m pytest -n 2 --dist worksteal -m "not timed"
	$(BIN)/python -m pytest -m timed -q

# Fault tests only (a worker killed mid-batch, Redis down, 50 parallel answers on PostgreSQL, the
# production stack under killed processes and slow clients); `make test` runs them too. They skip
# when Redis / PostgreSQL (or nginx) are missing on 127.0.0.1, except on CI.
fault: $(STAMP)
	@scripts/ensure-nginx
	$(BIN)/python -m pytest -m fault -q

bench: $(STAMP)
	$(BIN)/python bench/engine.py --before d4674cf
	$(BIN)/python bench/analysis.py
	$(BIN)/python bench/drills.py
	$(BIN)/python bench/practice_views.py

# Search two minutes for the slowest hands `check` can be given and add them to bench's worst set,
# then two minutes for the slowest inputs of `distance` (bench/worst_distance.json), then the
# slowest Charleston and discard requests (bench/worst_charleston.json). Seeded, each input the best
# of three in CPU time; after each search every known input is timed again and the slowest printed
# beside its aim (check: 1 ms, Charleston advice: 5 ms, on the machine the aims were set on).
worst: $(STAMP)
	$(BIN)/python bench/worst.py --seconds 120 --write
	$(BIN)/python bench/worst_distance.py --seconds 120 --write
	$(BIN)/python bench/worst_advice.py --seconds 120 --write

# First, a fresh gunicorn worker's first page of each kind against the 300 ms aim, gunicorn started
# as production starts it, three times (bench/first_request.py, about 4 minutes); then 50 simulated
# learners against gunicorn, compared with a bare Django view and the bare layout (about 8 minutes).
loadtest: $(STAMP)
	$(BIN)/python bench/first_request.py
	$(BIN)/python bench/loadtest.py

# Strength of the advice, then the bots' tournament: the three levels and the loneliest-tile
# heuristic at a four-way table and head to head, 2,000 hands per table (long: about 15, 10 and
# 12 minutes on two free cores; the last is 1,460 s of CPU), the defence against the plain advice,
# and the advised discard against 200 play-outs of each candidate in 500 positions (docs/measurements.md).
strength: $(STAMP)
	$(BIN)/python -m cfmj.engine.studies.charleston_strength --deals 10000 --seed 1 --workers 2
	$(BIN)/python -m cfmj simulate --games 2000 --seed 1 --workers 2
	$(BIN)/python -m cfmj.engine.studies.bot_strength --hands 2000 --seed 1 --workers 2
	$(BIN)/python -m cfmj.engine.studies.defence_strength --hands 2000 --seed 1 --workers 2
	$(BIN)/python -m cfmj.engine.studies.draws_strength --hands 4000 --seed 1 --workers 2
	$(BIN)/python -m cfmj.engine.studies.playouts --positions 500 --seed 1 --workers 2

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

check: lint typecheck test

lock: $(STAMP)
	$(BIN)/uv pip compile pyproject.toml --extra dev -o requirements.lock --python-version 3.11

clean:
	rm -rf $(VENV)
