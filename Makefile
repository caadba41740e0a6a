# Two commands on a fresh machine: `make run` (set up, nightly job on the sample, a recall) and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STORE ?= .store
export DAGSTER_HOME := $(CURDIR)/.dagster_home

.PHONY: install run test ui bench sample clean

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

test: install
	$(BIN)/python -m pytest

ui: install
	$(BIN)/dagster dev -w workspace.yaml

sample: install
	$(BIN)/python data/generate_sample.py --out data/sample

clean:
	rm -rf $(STORE) $(DAGSTER_HOME)
