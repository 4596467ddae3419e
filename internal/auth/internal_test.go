package auth

import (
	"github.com/growthdesk/growthdesk/internal/identity"
	"strings"
	"testing"
	"time"
)

func TestRefreshStep_FollowsGoTruesReuseRules(t *testing.T) {
	t.Parallel()
	s := &Service{cfg: Config{RefreshReuseInterval: 10 * time.Second}}
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	parent := "parent-token-plaintext-value"
	childPlain := deriveRefreshToken(parent, "salt1")
	presented := identity.RefreshToken{Hash: hashToken(parent)}
	active := &identity.RefreshToken{Hash: hashToken(childPlain), Salt: "salt1", ParentHash: presented.Hash}
	revokedAt := now.Add(-time.Minute)

	cases := []struct {
		name  string
		state identity.RefreshState
		want  string
	}{
		{"unrevoked rotates", identity.RefreshState{Presented: presented, Now: now}, "issue"},
		{"parent of active gets it back", identity.RefreshState{Presented: identity.RefreshToken{Hash: presented.Hash, Revoked: true, RevokedAt: &revokedAt}, Active: active, Now: now}, "reissue"},
		{"revoked within interval mints", identity.RefreshState{Presented: identity.RefreshToken{Hash: presented.Hash, Revoked: true, RevokedAt: ptr(now.Add(-5 * time.Second))}, Now: now}, "issue"},
		{"revoked after interval revokes", identity.RefreshState{Presented: identity.RefreshToken{Hash: presented.Hash, Revoked: true, RevokedAt: &revokedAt}, Now: now}, "revoke"},
		{"active with a salt that does not derive is not trusted", identity.RefreshState{Presented: identity.RefreshToken{Hash: presented.Hash, Revoked: true, RevokedAt: &revokedAt},
			Active: &identity.RefreshToken{Hash: "other", Salt: "salt1", ParentHash: presented.Hash}, Now: now}, "revoke"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var plain string
			p, err := s.refreshStep(parent, &plain)(tc.state)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			switch {
			case p.Issue != nil:
				got = "issue"
				if hashToken(plain) != p.Issue.Hash || deriveRefreshToken(parent, p.Issue.Salt) != plain {
					t.Fatal("issued token does not derive from its parent and salt")
				}
			case p.Reissue:
				got = "reissue"
				if plain != childPlain {
					t.Fatalf("reissued %q, want %q", plain, childPlain)
				}
			case p.RevokeSession:
				got = "revoke"
			}
			if got != tc.want {
				t.Fatalf("plan = %s, want %s", got, tc.want)
			}
		})
	}

	expired := identity.RefreshState{Presented: presented, Session: identity.Session{NotAfter: ptr(now.Add(-time.Second))}, Now: now}
	var plain string
	if _, err := s.refreshStep(parent, &plain)(expired); err == nil || err.(*apiError).code != codeSessionExpired {
		t.Fatalf("expired session: %v", err)
	}
}

func ptr[T any](v T) *T { return &v }

func TestRefreshTokens_AreRandomAndDeriveDeterministically(t *testing.T) {
	t.Parallel()
	a, ra, err := newRootRefreshToken()
	if err != nil {
		t.Fatal(err)
	}
	b, _, _ := newRootRefreshToken()
	if a == b || len(a) != 43 || ra.Hash != hashToken(a) || ra.Salt != "" {
		t.Fatalf("root tokens %q %q", a, b)
	}
	c1, rc, _ := newChildRefreshToken(a)
	c2, _, _ := newChildRefreshToken(a)
	if c1 == c2 || deriveRefreshToken(a, rc.Salt) != c1 || deriveRefreshToken(b, rc.Salt) == c1 {
		t.Fatal("children must depend on parent and salt, and differ between salts")
	}
}

func TestQRSVG_IsPlainMarkupWithModules(t *testing.T) {
	t.Parallel()
	svg, err := qrSVG("otpauth://totp/Growthdesk:a@example.com?algorithm=SHA1&digits=6&issuer=Growthdesk&period=30&secret=ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(svg, `<svg xmlns="http://www.w3.org/2000/svg"`) || !strings.HasSuffix(svg, "</svg>") {
		t.Fatalf("svg = %.80s…", svg)
	}
	if strings.ContainsAny(svg, "#%\n") {
		t.Fatal("svg has characters that break a data: URL")
	}
	if n := strings.Count(svg, "M"); n < 100 {
		t.Fatalf("only %d runs of dark modules", n)
	}
}

func TestParsePKCE(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a", 43)
	if p, err := parsePKCE("", ""); p != nil || err != nil {
		t.Fatal("no PKCE must be fine")
	}
	if p, err := parsePKCE(long, "S256"); err != nil || p.method != "s256" {
		t.Fatalf("S256: %+v, %v", p, err)
	}
	for _, bad := range [][2]string{{long, ""}, {"", "s256"}, {"short", "s256"}, {strings.Repeat("a", 129), "plain"}, {long, "sha1"}} {
		if _, err := parsePKCE(bad[0], bad[1]); err == nil {
			t.Errorf("parsePKCE(%q, %q) accepted", bad[0], bad[1])
		}
	}
	f := &identity.FlowState{CodeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", CodeChallengeMethod: "s256"}
	if !verifyCodeVerifier(f, "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk") { // RFC 7636 appendix B
		t.Fatal("RFC 7636 example does not verify")
	}
}
