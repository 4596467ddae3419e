// Package content holds the site's editorial content: the blog posts and the site
// configuration. The same files feed the web build (prerendered pages) and the Go server
// (sitemap, RSS feed, e-mail branding), so there is one source of truth.
package content

import "embed"

// FS holds blog/*.md, site.json and plans.json (the plan catalogue the product starts with).
//
//go:embed site.json plans.json blog
var FS embed.FS
