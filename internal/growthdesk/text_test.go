package growthdesk_test

import (
	"encoding/json"
	"net/url"
	"testing"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

func TestBadText_LineBreaksAndTabsOnlyInMultilineFields(t *testing.T) {
	cases := []struct {
		s             string
		single, multi bool // bad as a single-line, as a multi-line value
	}{
		{"Dana Whitfield", false, false},
		{"Zoë — 東京 🚀", false, false},
		{"", false, false},
		{"a\x00b", true, true},
		{"a\nb", true, false},
		{"a\r\nb", true, false},
		{"a\tb", true, false},
		{"a\x1bb", true, true},   // ESC
		{"a\x7fb", true, true},   // DEL
		{"a\u0085b", true, true}, // C1 next line
		{"a\u2028b", false, false},
	}
	for _, tc := range cases {
		if got := growthdesk.BadText(tc.s, false); got != tc.single {
			t.Errorf("BadText(%q, single) = %v", tc.s, got)
		}
		if got := growthdesk.BadText(tc.s, true); got != tc.multi {
			t.Errorf("BadText(%q, multi) = %v", tc.s, got)
		}
	}
}

func TestControlCharField_NamesTheFirstBadFieldByPath(t *testing.T) {
	cases := []struct {
		body, path string
	}{
		{`{"name":"Dana","email":"d@example.com"}`, ""},
		{`{"automation_goal":"line one\nline two\ttabbed"}`, ""},
		{`{"name":"Da\u0000na"}`, "name"},
		{`{"name":"Dana\nW"}`, "name"},
		{`{"data":{"full_name":"A\u0000"}}`, "data.full_name"},
		{`{"data":{"message":"two\nlines"}}`, ""},
		{`{"data":{"message":"nul\u0000"}}`, "data.message"},
		{`{"tags":["ok","b\u0001ad"]}`, "tags[1]"},
		{`{"items":[{"description":"ok\n"},{"title":"x\u001f"}]}`, "items[1].title"},
		{`{"b":"\u0000","a":"\u0000"}`, "a"},
		{`{"k\u0000ey":"v"}`, "k\uFFFDey"},
		{`{"n":1,"t":true,"z":null}`, ""},
	}
	for _, tc := range cases {
		var v any
		if err := json.Unmarshal([]byte(tc.body), &v); err != nil {
			t.Fatal(err)
		}
		path, found := growthdesk.ControlCharField(v)
		if path != tc.path || found != (tc.path != "") {
			t.Errorf("%s: (%q, %v), want %q", tc.body, path, found, tc.path)
		}
		err := growthdesk.CheckJSONText(v)
		if tc.path == "" && err != nil || tc.path != "" && growthdesk.ErrorCode(err) != growthdesk.EInvalid {
			t.Errorf("%s: CheckJSONText = %v", tc.body, err)
		}
		if e, ok := err.(*growthdesk.Error); ok && e.Fields[tc.path] == "" {
			t.Errorf("%s: fields %v lack %q", tc.body, e.Fields, tc.path)
		}
	}
}

func TestCheckQueryText_NamesTheParameter(t *testing.T) {
	q, _ := url.ParseQuery("search=ok&limit=5")
	if err := growthdesk.CheckQueryText(q); err != nil {
		t.Fatalf("clean query: %v", err)
	}
	q, _ = url.ParseQuery("search=cus%00tomer&limit=5")
	err := growthdesk.CheckQueryText(q)
	if e, ok := err.(*growthdesk.Error); !ok || e.Code != growthdesk.EInvalid || e.Fields["search"] == "" {
		t.Fatalf("NUL in search: %v", err)
	}
	q, _ = url.ParseQuery("note=a%0Ab") // a query parameter is single-line whatever its name
	if err := growthdesk.CheckQueryText(q); err == nil {
		t.Fatal("line feed in a query parameter passed")
	}
}
