package main

// Fuzz target of the rate-limit setting (docs/fuzzing.md).

import (
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// FuzzParseLimit checks --limit-* values: what is accepted is a positive count per window of
// at least a second; it is printed (in --help and the start log) as a value that reads back
// as the same limit; and the flag accepts exactly what the environment variable does.
func FuzzParseLimit(f *testing.F) {
	for _, s := range []string{"150/5m", "1/1s", " 300/1h30m ", "10/15m0s", "+5/90s", "0/5m", "5/999ms", "5", "5/", "/5m", "5/5m/1",
		"9223372036854775807/2562047h47m16.854775807s", "1e3/5m", "5/1.5s", "5/-1m", "٣/5m"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := parseLimit(s)
		var fromFlag growthdesk.Limit
		if flagErr := (limitValue{&fromFlag}).Set(s); (flagErr == nil) != (err == nil) {
			t.Fatalf("parseLimit(%q) = %v but the flag says %v", s, err, flagErr)
		}
		if err != nil {
			if !strings.Contains(err.Error(), "COUNT/WINDOW") && !strings.Contains(err.Error(), "window") {
				t.Fatalf("parseLimit(%q): the error %q does not say what to write", s, err)
			}
			return
		}
		if l.Requests < 1 || l.Window < time.Second || fromFlag != l {
			t.Fatalf("parseLimit(%q) = %+v (flag %+v)", s, l, fromFlag)
		}
		printed := limitValue{&l}.String()
		back, err := parseLimit(printed)
		if err != nil || back != l {
			t.Fatalf("parseLimit(%q) = %+v, printed %q, reads back as %+v, %v", s, l, printed, back, err)
		}
		if again := formatLimit(back); again != printed {
			t.Fatalf("%q prints as %q, then %q", s, printed, again)
		}
	})
}
