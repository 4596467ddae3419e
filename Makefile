# Growthdesk build. `make run` for the site with demo data, `make test` for every test.
SHELL := /bin/bash
.DEFAULT_GOAL := build

VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
GO_LDFLAGS := -s -w -X main.version=$(VERSION)
BIN := bin/growthdesk
WEB_STAMP := web/node_modules/.package-lock.json

.PHONY: build run web test test-go test-web test-e2e bench lint clean

# npm ci only when package-lock.json changed since the last install.
$(WEB_STAMP): web/package-lock.json web/package.json
	cd web && npm ci --no-audit --no-fund
	@touch $(WEB_STAMP)

web: $(WEB_STAMP)
	cd web && npm run build

build: web
	go build -tags webdist -trimpath -ldflags '$(GO_LDFLAGS)' -o $(BIN) ./cmd/growthdesk

run: build
	./$(BIN) serve --demo

test: test-go test-web test-e2e

test-go:
	go vet ./...
	go test -count=1 ./...

test-web: $(WEB_STAMP)
	cd web && npm run typecheck && npm run lint && npm test

test-e2e: build
	@command -v chromium >/dev/null || { echo "chromium is missing: apt-get install -y chromium (see .ci/run)"; exit 1; }
	cd web && GROWTHDESK_BIN=$(CURDIR)/$(BIN) npm run e2e

bench: build
	GROWTHDESK_BIN=$(CURDIR)/$(BIN) go test -tags bench -count=1 -run TestBenchmarkReport -v ./internal/bench/

clean:
	rm -rf bin web/build web/.react-router
