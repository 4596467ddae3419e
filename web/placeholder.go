//go:build !webdist

// Package web embeds the built React app. Without the webdist build tag (plain `go build`,
// `go test ./...`) it embeds a placeholder page, so Go work never needs Node; `make build`
// builds the app and compiles with -tags webdist.
package web

import (
	"embed"
	"io/fs"
)

//go:embed placeholder
var placeholder embed.FS

// Dist returns the placeholder site.
func Dist() fs.FS {
	sub, err := fs.Sub(placeholder, "placeholder")
	if err != nil {
		panic(err)
	}
	return sub
}

// Built reports whether Dist holds the real build rather than the placeholder.
const Built = false
