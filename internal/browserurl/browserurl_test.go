package browserurl

import "testing"

// TestParse_ReadsLikeABrowser: each case is what Node's WHATWG URL (the browsers' parser)
// answers for the input against https://www.example.com/portal/x.
func TestParse_ReadsLikeABrowser(t *testing.T) {
	base := MustParse("https://www.example.com/portal/x", nil)
	cases := []struct{ in, origin, target string }{
		{"/%5Cattacker.example/", "https://www.example.com", "/%5Cattacker.example/"},
		{"/\\attacker.example", "https://attacker.example", "/"},
		{"/\t/evil.example", "https://evil.example", "/"},
		{"\t//evil.example", "https://evil.example", "/"},
		{" \x01https://evil.example/ ", "https://evil.example", "/"},
		{"//evil.example", "https://evil.example", "/"},
		{"\\\\evil.example", "https://evil.example", "/"},
		{"https:evil.example", "https://www.example.com", "/portal/evil.example"},
		{"http:evil.example", "http://evil.example", "/"},
		{"https:\\\\evil.example", "https://evil.example", "/"},
		{"HTTPS://WWW.EXAMPLE.COM:443/x", "https://www.example.com", "/x"},
		{"https://www.example.com@evil.example/", "https://evil.example", "/"},
		{"https://www.example.com.evil.example/", "https://www.example.com.evil.example", "/"},
		{"https://user:pw@www.example.com:8443/", "https://www.example.com:8443", "/"},
		{"javascript:alert(1)", "null", "alert(1)"},
		{"/%2F%2Fevil.example", "https://www.example.com", "/%2F%2Fevil.example"},
		{"/portal/%2e%2E/x?q=1#f", "https://www.example.com", "/x?q=1"},
		{"../..//evil.example", "https://www.example.com", "//evil.example"},
		{"y?a b#c d", "https://www.example.com", "/portal/y?a%20b"},
		{"https://EVIL.example:0443/", "https://evil.example", "/"},
	}
	for _, tc := range cases {
		u, err := Parse(tc.in, base)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if u.Origin() != tc.origin || u.RequestTarget() != tc.target {
			t.Errorf("Parse(%q) = %s %s, want %s %s", tc.in, u.Origin(), u.RequestTarget(), tc.origin, tc.target)
		}
	}
	// Refused: no host, a space in the host, a port that is not a number, a path without a base.
	for _, bad := range []string{"https://", "https://a b/", "https://host:port/", "/x"} {
		if u, err := Parse(bad, nil); err == nil {
			t.Errorf("Parse(%q) = %s, want an error", bad, u)
		}
	}
}
