# Growthdesk build. `make run` for the site with demo data, `make test` for every test.
SHELL := /bin/bash
.DEFAULT_GOAL := build

VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
GO_LDFLAGS := -s -w -X main.version=$(VERSION)
BIN := bin/growthdesk
WEB_STAMP := web/node_modules/.package-lock.json
# The web build's own stamp: newer than every web source once `npm run build` has run.
WEB_BUILD := web/build/.built
VERSION_STAMP := bin/.version

# What the web build reads: its code, static files, build plugins, the blog and site
# configuration in content/, and its configuration files.
WEB_SRC := $(shell find web/app web/public web/vite content -type f 2>/dev/null) \
	web/package.json web/package-lock.json web/vite.config.ts web/react-router.config.ts web/tsconfig.json
# What the binary is compiled from: Go code and everything it embeds (migrations, templates,
# content/, the web build).
GO_SRC := $(shell find cmd internal content -type f 2>/dev/null) go.mod go.sum web/embed.go

.PHONY: build run web generate lint test test-go fuzz fuzz-smoke test-web test-e2e bench lighthouse reliability clean FORCE

# npm ci only when package-lock.json changed since the last install.
$(WEB_STAMP): web/package-lock.json web/package.json
	cd web && npm ci --no-audit --no-fund
	@touch $(WEB_STAMP)

# npm run build only when a web source changed since the last build.
$(WEB_BUILD): $(WEB_STAMP) $(WEB_SRC)
	cd web && npm run build
	@touch $(WEB_BUILD)

web: $(WEB_BUILD)

# Rewritten only when the version changes, so that a new commit relinks the binary and
# nothing else does.
$(VERSION_STAMP): FORCE
	@mkdir -p $(dir $@)
	@echo '$(VERSION)' | cmp -s - $@ || echo '$(VERSION)' > $@

$(BIN): $(GO_SRC) $(WEB_BUILD) $(VERSION_STAMP)
	go build -tags webdist -trimpath -ldflags '$(GO_LDFLAGS)' -o $(BIN) ./cmd/growthdesk

build: $(BIN)

run: build
	./$(BIN) serve --demo

# The web app's API types, generated from the Go types of internal/growthdesk (docs/api-types.md).
generate:
	go generate ./internal/apitypes

# go vet, gofmt (fails on any unformatted file), the web's type check and eslint.
lint: $(WEB_STAMP)
	go vet ./...
	@unformatted="$$(gofmt -l cmd internal web/*.go)"; \
	if [ -n "$$unformatted" ]; then echo "gofmt: these files need formatting (gofmt -w):"; echo "$$unformatted"; exit 1; fi
	cd web && npm run typecheck && npm run lint

test: lint test-go fuzz-smoke test-web test-e2e

test-go:
	go test -count=1 ./...

# Go fuzz targets (docs/fuzzing.md), found by `go test -list`: `make fuzz` searches FUZZTIME
# each; `make test` runs each for FUZZ_SMOKE_TIME (the seed corpus alone runs in test-go).
FUZZTIME ?= 30s
FUZZ_SMOKE_TIME ?= 1s

fuzz:
	scripts/fuzz $(FUZZTIME)

fuzz-smoke:
	scripts/fuzz $(FUZZ_SMOKE_TIME)

test-web: $(WEB_STAMP)
	cd web && npm test

test-e2e: build
	@command -v chromium >/dev/null || { echo "chromium is missing: apt-get install -y chromium (see .ci/run)"; exit 1; }
	cd web && GROWTHDESK_BIN=$(CURDIR)/$(BIN) npm run e2e

# Lighthouse for `make bench` only, in its own package folder: `make test` and CI never install it.
LIGHTHOUSE_STAMP := bench/lighthouse/node_modules/.package-lock.json
$(LIGHTHOUSE_STAMP): bench/lighthouse/package-lock.json bench/lighthouse/package.json
	cd bench/lighthouse && npm ci --no-audit --no-fund
	@touch $(LIGHTHOUSE_STAMP)

lighthouse: $(LIGHTHOUSE_STAMP)

bench: build lighthouse
	GROWTHDESK_BIN=$(CURDIR)/$(BIN) go test -tags bench -count=1 -run 'TestBenchmarkReport|TestStaticVersusNginx|TestStartAndMemory|TestLighthouse|TestTicketListBenchmark|TestRefreshGrantBenchmark' -timeout 60m -v ./internal/bench/

# Crashes, shutdowns, backups and a soak under a mixed write load, on SQLite and on PostgreSQL,
# against the real binary (docs/reliability.md); not part of `make test`. SOAK is how long the
# soak runs; RUN, a -run pattern for some of the scenarios only.
SOAK ?= 10m
RUN ?=

reliability: build
	GROWTHDESK_BIN=$(CURDIR)/$(BIN) go test -tags reliability -count=1 -v -timeout 60m $(if $(RUN),-run '$(RUN)') ./internal/reliability/ -args -soak=$(SOAK)

clean:
	rm -rf bin web/build web/.react-router
