# Every target installs what it needs itself, so each works on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 0.0.0.0
PORT ?= 5000

.PHONY: run test test-fast test-thorough lint system-deps axe bench clean messages lock

# Two locked sets (requirements/*.txt, exact versions with hashes, made by `make lock`): the app's own for
# `make run`, and the app's with the tests' for everything else. The project itself goes in without deps.
$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

# The installer first, locked with hashes: the venv's bundled pip only ever installs this one pinned pip.
$(VENV)/.installer: requirements/installer.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet --require-hashes -r requirements/installer.txt
	touch $@

$(VENV)/.run: requirements/run.txt pyproject.toml $(VENV)/.installer
	$(PY) -m pip install --quiet --require-hashes -r requirements/run.txt
	$(PY) -m pip install --quiet --no-deps -e .
	touch $@

$(VENV)/.test: requirements/test.txt pyproject.toml $(VENV)/.installer
	$(PY) -m pip install --quiet --require-hashes -r requirements/test.txt
	$(PY) -m pip install --quiet --no-deps -e .
	touch $(VENV)/.run $@

## lock: upgrade every locked dependency on purpose, to the latest releases pyproject.toml allows (uv pip compile)
lock: | $(VENV)/bin/python
	$(PY) -m pip install --quiet 'uv>=0.5'
	$(VENV)/bin/uv pip compile --quiet --universal --python-version 3.11 --generate-hashes --upgrade \
		pyproject.toml -o requirements/run.txt
	$(VENV)/bin/uv pip compile --quiet --universal --python-version 3.11 --generate-hashes --upgrade \
		pyproject.toml --extra test -c requirements/run.txt -o requirements/test.txt
	echo pip | $(VENV)/bin/uv pip compile --quiet --universal --python-version 3.11 --generate-hashes \
		--no-header --no-annotate - -c requirements/run.txt -o requirements/installer.body
	{ sed -n '1,3p' requirements/installer.txt; cat requirements/installer.body; } > requirements/installer.new
	mv requirements/installer.new requirements/installer.txt && rm requirements/installer.body

## run: set up and serve the app on $(HOST):$(PORT)
run: $(VENV)/.run
	$(PY) -m scorekeeper serve --host $(HOST) --port $(PORT)

## system-deps: Chromium and its headless shell for the browser tests, poppler to read PDFs back, Pango and fonts for WeasyPrint,
## nginx and openssl for the test behind a real TLS proxy
SYSTEM_PACKAGES := chromium chromium-headless-shell poppler-utils fonts-dejavu-core libpango-1.0-0 libpangoft2-1.0-0 nginx openssl
system-deps:
	@dpkg -s $(SYSTEM_PACKAGES) >/dev/null 2>&1 || { \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(SYSTEM_PACKAGES) >/dev/null; }

## axe: axe-core from the npm registry into tests/axe/node_modules, injected by the browser tests' accessibility checks
AXE := tests/axe/node_modules/axe-core/axe.min.js
$(AXE): tests/axe/package.json
	@command -v npm >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; }
	cd tests/axe && npm install --no-audit --no-fund --no-package-lock --loglevel=error
	touch $@
axe: $(AXE)

## lint: ruff's checks and formatter over the Python (pyproject.toml's [tool.ruff]) and ESLint over the browser's scripts (ESLint from
## the npm registry into tests/lint/node_modules, as axe-core); make test and make test-fast run it first
ESLINT := tests/lint/node_modules/.bin/eslint
$(ESLINT): tests/lint/package.json
	@command -v npm >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; }
	cd tests/lint && npm install --no-audit --no-fund --no-package-lock --loglevel=error
	touch $@
lint: $(VENV)/.test $(ESLINT)
	$(VENV)/bin/ruff check --quiet scorekeeper tests bench
	$(VENV)/bin/ruff format --check --quiet scorekeeper tests bench
	$(ESLINT) --config tests/lint/eslint.config.mjs scorekeeper/static

# The tests start some 40 Python processes (serve, crashes, benchmarks, a smoke test of the command line): with their
# bytecode cached each starts about a third faster, on machines whose environment turns the cache off too.
# --dist loadfile: a test file stays in one worker (its walks and live servers are set up once there).
# --durations=15: each run names its 15 slowest steps, where the next cut of the suite's time is looked for.
# The tests' files (a database copied per test, Chromium's profiles, pytest's numbered folders, deleted after) go to
# the memory-backed /dev/shm where it has room: on a disk mounted with `discard` each file deleted costs about
# 2 ms, and `make test-fast` ran 117 s instead of 135 s here. Elsewhere the system's temporary folder.
TESTS_TMP := $(shell [ "$$(df -Pk /dev/shm 2>/dev/null | awk 'NR==2 {print $$4}')" -gt 4000000 ] 2>/dev/null && \
	echo /dev/shm/scorekeeper-tests)
PYTEST := $(if $(TESTS_TMP),TMPDIR=$(TESTS_TMP)) PYTHONDONTWRITEBYTECODE= $(PY) -m pytest -q -rfE --durations=15 \
	--dist loadfile --no-loadscope-reorder
TESTS_TMP_MADE := $(if $(TESTS_TMP),mkdir -p $(TESTS_TMP),true)

# $(call timed,TARGET_SECONDS,COMMAND): run the command, then say how long it took against its target (issue 45:
# on a quiet 2-core machine, `make test` in 5 minutes and `make test-fast` in 90 s), keeping the command's status.
timed = start=$$(date +%s); $(2); status=$$?; took=$$(( $$(date +%s) - start )); \
	printf '%s: %d min %02d s, the target %d min %02d s on two quiet cores (%s)\n' '$@' $$((took / 60)) \
	$$((took % 60)) $$(($(1) / 60)) $$(($(1) % 60)) "$$( [ $$took -le $(1) ] && echo within it || echo OVER it)"; \
	exit $$status

## test: set up and run every test in three workers (pytest-xdist, a test file each), the property tests with
## Hypothesis's ci profile (tests/conftest.py), and print the time against the target
# Three workers on two cores: while a browser test waits for a page, a third worker's test has the core
# (415 s against 446 s for two, back to back here).
test: $(VENV)/.test system-deps $(AXE) lint
	@$(TESTS_TMP_MADE)
	@$(call timed,300,HYPOTHESIS_PROFILE=ci $(PYTEST) -n 3)

## test-fast: the unit and Flask-client tests: no Chromium, and none marked slow (a real server, process, load or long
## walk: tests/lanes.py SLOW), in two workers, with the time against the target; make test runs them all
test-fast: $(VENV)/.test lint
	@$(TESTS_TMP_MADE)
	@$(call timed,90,$(PYTEST) -n 2 -m "not browser and not slow")

## test-thorough: every test with Hypothesis's thorough profile (1000 examples a property): for a night, not a stop
test-thorough: $(VENV)/.test system-deps $(AXE)
	@$(TESTS_TMP_MADE)
	@$(call timed,900,HYPOTHESIS_PROFILE=thorough $(PYTEST) -n 3)

## bench: print the speed ratios
bench: $(VENV)/.test
	$(PY) bench/run.py

## messages: gather the app's words into scorekeeper/translations/messages.pot, bring each language's catalogue
## up to date with it (new words come in untranslated: tests/test_languages.py names them) and compile them
TRANSLATIONS := scorekeeper/translations
messages: $(VENV)/.test
	$(VENV)/bin/pybabel -q extract -F babel.cfg --no-location --omit-header --sort-output -k lazy_gettext -k lazy_pgettext:1c,2 -k N_ -k said -k nsaid:1,2 -k psaid:1c,2 -o $(TRANSLATIONS)/messages.pot .
	$(VENV)/bin/pybabel -q update --width 120 --no-fuzzy-matching --ignore-obsolete -i $(TRANSLATIONS)/messages.pot -d $(TRANSLATIONS)
	$(VENV)/bin/pybabel -q compile -d $(TRANSLATIONS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis tests/axe/node_modules tests/lint/node_modules
