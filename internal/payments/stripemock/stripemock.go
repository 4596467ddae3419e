// Package stripemock starts Stripe's official mock server (stripe-mock) for tests. The binary
// is found on PATH or in $(go env GOPATH)/bin (.ci/run installs it with go install). Without
// it a test is skipped with a clear message, except under CI=true, where it fails.
package stripemock

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// Version is the stripe-mock release the tests are written against (.ci/run installs it).
const Version = "v0.203.0"

// Binary returns the path of stripe-mock, or "" when it is not installed.
func Binary() string {
	if p, err := exec.LookPath("stripe-mock"); err == nil {
		return p
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		if out, err := exec.Command("go", "env", "GOPATH").Output(); err == nil {
			gopath = string(out[:len(out)-1])
		}
	}
	for _, dir := range filepath.SplitList(gopath) {
		p := filepath.Join(dir, "bin", "stripe-mock")
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	return ""
}

// Start runs stripe-mock for the test and returns its base URL (http://127.0.0.1:PORT).
func Start(t testing.TB) string {
	t.Helper()
	bin := Binary()
	if bin == "" {
		msg := "stripe-mock is not installed: go install github.com/stripe/stripe-mock@" + Version
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	// Without -https-addr, stripe-mock also listens for HTTPS on :12112, so a second one
	// running at the same time (another test, another package) fails to start; a port the
	// system chooses keeps each one to its own ports.
	cmd := exec.CommandContext(ctx, bin, "-http-addr", addr, "-https-addr", "127.0.0.1:")
	if err := cmd.Start(); err != nil {
		cancel()
		t.Fatalf("start stripe-mock: %v", err)
	}
	t.Cleanup(func() {
		cancel()
		_ = cmd.Wait()
	})
	base := "http://" + addr
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		res, err := http.Get(base + "/v1/customers")
		if err == nil {
			res.Body.Close()
			return base
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal(fmt.Sprintf("stripe-mock did not answer on %s", addr))
	return ""
}
