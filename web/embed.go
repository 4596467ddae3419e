//go:build webdist

package web

import (
	"embed"
	"io/fs"
)

//go:embed all:build/client
var dist embed.FS

// Dist returns the built site: prerendered pages and hashed assets.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "build/client")
	if err != nil {
		panic(err)
	}
	return sub
}

// Built reports whether Dist holds the real build rather than the placeholder.
const Built = true
