// Command gen writes the web app's API types from the Go types of internal/growthdesk.
// Run it through `make generate` (go generate ./internal/apitypes).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/growthdesk/growthdesk/internal/apitypes"
)

func main() {
	src := flag.String("src", "internal/growthdesk", "directory of the Go package to read")
	out := flag.String("out", "web/app/lib/api-types.gen.ts", "TypeScript file to write")
	flag.Parse()
	if err := run(*src, *out); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(src, out string) error {
	ts, err := apitypes.Generate(src)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), ".api-types-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(ts); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), out)
}
