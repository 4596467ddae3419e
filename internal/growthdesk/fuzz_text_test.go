package growthdesk

// Fuzz targets of the text rule, the link tokens and the small encoders and decoders of the
// domain (docs/fuzzing.md).

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"
)

// FuzzControlChars checks the one rule on control characters (ADR 9) against a version
// written out by code point: a JSON body is refused exactly when one of its keys or strings
// holds a character its field may not hold, and the error names a field; the same for a
// query string.
func FuzzControlChars(f *testing.F) {
	f.Add([]byte(`{"name":"Dana","data":{"full_name":"D\u0000"}}`), "a=1&b=%00")
	f.Add([]byte(`{"message":"line\r\nline\tTab","items":[{"description":"x\ny"},{"title":"x\ny"}]}`), "q=%E2%80%A8")
	f.Add([]byte(`{"ke\u001by":"v","body":"\u0085"}`), "%1B=x")
	f.Add([]byte(`["top","level\u007f"]`), "")
	f.Add([]byte(`{"tags":["a","b\tc"],"content":"ok\u2028"}`), "x=%C2%9F&y")
	f.Fuzz(func(t *testing.T, body []byte, query string) {
		var raw any
		if json.Unmarshal(body, &raw) == nil {
			err := CheckJSONText(raw)
			problem := textProblem(raw, "")
			switch {
			case err == nil && problem != "":
				t.Fatalf("CheckJSONText lets %s through", problem)
			case err != nil && problem == "":
				t.Fatalf("CheckJSONText refuses %s: %v", body, err)
			case err != nil:
				requireInvalid(t, err)
			}
		}
		for _, s := range []string{string(body), query} {
			for _, multi := range []bool{false, true} {
				name := ""
				if multi {
					name = "description"
				}
				if got, want := BadText(s, multi), badFor(name, s); got != want {
					t.Fatalf("BadText(%q, %v) = %v", s, multi, got)
				}
			}
		}
		q, err := url.ParseQuery(query)
		if err != nil {
			return
		}
		bad := false
		for k, vs := range q {
			bad = bad || badFor("", k)
			for _, v := range vs {
				bad = bad || badFor("", v)
			}
		}
		if err := CheckQueryText(q); (err != nil) != bad {
			t.Fatalf("CheckQueryText(%q) = %v", query, err)
		} else if err != nil {
			requireInvalid(t, err)
		}
	})
}

// FuzzLinkToken checks the newsletter's signed links: a genuine token verifies, for its
// purpose only, to the address it was signed for, until it expires; a token changed in any
// byte, or signed with another secret, never verifies.
func FuzzLinkToken(f *testing.F) {
	f.Add("reader@example.com", uint8(0), int64(3600), uint16(7), byte('A'), "")
	f.Add("Ω@παράδειγμα.δοκιμή", uint8(1), int64(-1), uint16(60), byte('.'), "v1.newsletter-confirm.1.x.y")
	f.Add("", uint8(2), int64(0), uint16(0), byte(0), strings.Repeat("A", 2000))
	f.Add("a.b@c.d", uint8(0), int64(365*24*3600), uint16(999), byte('-'), "v1.newsletter-confirm.99999999999.YUBiLmM.AAAA")
	secret := bytes.Repeat([]byte{0x5a}, LinkTokenMinSecret)
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	purposes := []string{PurposeNewsletterConfirm, PurposeNewsletterUnsubscribe}
	f.Fuzz(func(t *testing.T, email string, purposeIndex uint8, ttlSec int64, pos uint16, b byte, foreign string) {
		tokens, err := NewLinkTokens(secret)
		if err != nil {
			t.Fatal(err)
		}
		tokens.Now = func() time.Time { return now }
		purpose := purposes[int(purposeIndex)%len(purposes)]
		other := purposes[(int(purposeIndex)+1)%len(purposes)]
		ttl := time.Duration(ttlSec%(2*366*24*3600)) * time.Second
		token := tokens.Sign(purpose, email, ttl)

		got, err := tokens.Verify(token, purpose)
		switch {
		case len(token) > 1024:
			if err != ErrLinkInvalid {
				t.Fatalf("an over-long token answers %q, %v", got, err)
			}
		case ttl <= 0:
			if err != ErrLinkExpired {
				t.Fatalf("a token past its expiry answers %q, %v", got, err)
			}
		case err != nil || got != email:
			t.Fatalf("a genuine token verifies to %q, %v; signed for %q", got, err, email)
		}
		if _, err := tokens.Verify(token, other); err == nil {
			t.Fatalf("a %s token verifies for %s", purpose, other)
		}

		// Every other byte at one position (a cheap check, so all 256 of them), and b at a
		// second one.
		mutated := []byte(token)
		at := int(pos) % len(mutated)
		for c := range 256 {
			mutated[at] = byte(c)
			if string(mutated) == token {
				continue
			}
			if got, err := tokens.Verify(string(mutated), purpose); err == nil {
				t.Fatalf("the token %q, changed into %q, still verifies (to %q)", token, mutated, got)
			}
		}
		mutated[at] = token[at]
		mutated[(at+int(b))%len(mutated)] = b
		if string(mutated) != token {
			if got, err := tokens.Verify(string(mutated), purpose); err == nil {
				t.Fatalf("the token %q, changed into %q, still verifies (to %q)", token, mutated, got)
			}
		}
		if inserted := token[:at] + string(b) + token[at:]; true {
			if got, err := tokens.Verify(inserted, purpose); err == nil {
				t.Fatalf("the token %q, with %q inserted, still verifies (to %q)", token, b, got)
			}
		}
		for _, cut := range []int{1, len(token) / 2} {
			if got, err := tokens.Verify(token[:len(token)-cut], purpose); err == nil {
				t.Fatalf("the token %q cut by %d verifies (to %q)", token, cut, got)
			}
		}

		forger, _ := NewLinkTokens(bytes.Repeat([]byte{0xa5}, LinkTokenMinSecret))
		forger.Now = tokens.Now
		if _, err := tokens.Verify(forger.Sign(purpose, email, time.Hour), purpose); err == nil {
			t.Fatal("a token signed with another secret verifies")
		}
		// Anything at all: it verifies only if it is exactly what Sign makes for its fields.
		if got, err := tokens.Verify(foreign, purpose); err == nil {
			parts := strings.Split(foreign, ".")
			exp, _ := strconv.ParseInt(parts[2], 10, 64)
			if resigned := tokens.Sign(purpose, got, time.Unix(exp, 0).Sub(now)); resigned != foreign {
				t.Fatalf("%q verifies but is not the token signed for its fields (%q)", foreign, resigned)
			}
		} else if err != ErrLinkInvalid && err != ErrLinkExpired {
			t.Fatalf("Verify answers %v", err)
		}
	})
}

// FuzzCleanFilename checks the name an uploaded file is stored and sent back under: never a
// control character, Unicode format character (Cf: bidirectional overrides, zero-width
// characters), quote or path separator, at most 120 characters, cleaning it again changes
// nothing, and a name that is already clean keeps its type.
func FuzzCleanFilename(f *testing.F) {
	f.Add("report.pdf")
	f.Add(`C:\Users\casey\Desktop\invoice 2026.xlsx`)
	f.Add("../../etc/passwd")
	f.Add("a\"b\r\nContent-Type: text/html.png")
	f.Add(strings.Repeat("長", 130) + ".docx")
	f.Add("evil\u202Egnp.txt")
	f.Add("\uFEFF\u200B in\u200Dvoice\U000E0041.pdf")
	f.Fuzz(func(t *testing.T, name string) {
		got := CleanFilename(name)
		if strings.ContainsAny(got, "\"/\\") || HasControl(got) || !utf8.ValidString(got) && utf8.ValidString(name) {
			t.Fatalf("CleanFilename(%q) = %q", name, got)
		}
		if strings.ContainsFunc(got, func(r rune) bool { return unicode.Is(unicode.Cf, r) }) {
			t.Fatalf("CleanFilename(%q) = %q keeps a format character", name, got)
		}
		if n := utf8.RuneCountInString(got); n > 120 {
			t.Fatalf("CleanFilename(%q) has %d characters", name, n)
		}
		if again := CleanFilename(got); again != got {
			t.Fatalf("CleanFilename(%q) = %q, then %q", name, got, again)
		}
		if got != strings.TrimSpace(got) || got == "." || got == ".." {
			t.Fatalf("CleanFilename(%q) = %q", name, got)
		}
		if typ := AttachmentType(name); typ != "" && !strings.ContainsAny(name, "/\\\"") && !BadText(name, false) && name == strings.TrimSpace(name) {
			if AttachmentType(got) != typ {
				t.Fatalf("CleanFilename(%q) = %q loses the type %s", name, got, typ)
			}
		}
	})
}

// FuzzTicketCursor checks the ticket list's page cursor: what the server hands out reads
// back as the same position, and anything else is refused or read as some position without
// failing.
func FuzzTicketCursor(f *testing.F) {
	f.Add("1767225600000000_0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", int64(1767225600123456), "0190a1b2")
	f.Add("_x", int64(0), "a_b")
	f.Add("-1_x", int64(-1), "")
	f.Add("9223372036854775807_"+strings.Repeat("i", 65), int64(9223372036854775807), strings.Repeat("i", 64))
	f.Fuzz(func(t *testing.T, cursor string, micros int64, id string) {
		if at, gotID, ok := decodeCursor(cursor); ok {
			if gotID == "" || len(gotID) > 64 || at.Location() != time.UTC || at.Before(time.Unix(0, 0)) {
				t.Fatalf("decodeCursor(%q) = %v, %q", cursor, at, gotID)
			}
		}
		if micros < 0 || id == "" || len(id) > 64 {
			return
		}
		created := time.UnixMicro(micros)
		at, gotID, ok := decodeCursor(encodeCursor(&Ticket{ID: id, CreatedAt: created}))
		if !ok || !at.Equal(created) || gotID != id {
			t.Fatalf("cursor of (%v, %q) reads back as (%v, %q, %v)", created, id, at, gotID, ok)
		}
	})
}

var moneyPattern = regexp.MustCompile(`^(-?)(?:\$(\d+)\.(\d\d)|(\d+)\.(\d\d) ([^ ]*))$`)

// FuzzFormatMoney checks that an amount is written as the amount it is: the digits read
// back as the cents, with the sign in front, whatever the currency.
func FuzzFormatMoney(f *testing.F) {
	f.Add(int64(49900), "usd")
	f.Add(int64(-5), "eur")
	f.Add(int64(0), "")
	f.Add(int64(-9223372036854775808), "USD") // found by reading: -cents overflowed
	f.Add(int64(123456789), "jpy")
	f.Fuzz(func(t *testing.T, cents int64, currency string) {
		if strings.ContainsAny(currency, " \n") {
			return
		}
		s := FormatMoney(cents, currency)
		m := moneyPattern.FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("FormatMoney(%d, %q) = %q", cents, currency, s)
		}
		whole, frac := m[2]+m[4], m[3]+m[5]
		var back uint64
		if w, err := strconv.ParseUint(whole, 10, 64); err == nil {
			fr, _ := strconv.ParseUint(frac, 10, 64)
			back = w*100 + fr
		}
		want := uint64(cents)
		if cents < 0 {
			want = -uint64(cents)
		}
		if back != want || (m[1] == "-") != (cents < 0) {
			t.Fatalf("FormatMoney(%d, %q) = %q", cents, currency, s)
		}
	})
}

// FuzzRunsCSV checks the runs export: every row reads back as the runs it was made from, and
// no text cell starts with a character that makes a spreadsheet read it as a formula.
func FuzzRunsCSV(f *testing.F) {
	f.Add("Invoice Processor", "Processed 42 invoices.", "success")
	f.Add("=HYPERLINK(\"http://evil.example\")", "+1", "failure")
	f.Add("@SUM(A1)", "-2\r\nsecond line", "success")
	f.Add("", "\"quoted\", with comma", "success")
	f.Fuzz(func(t *testing.T, name, message, outcome string) {
		fin := time.Date(2026, 6, 1, 12, 0, 5, 0, time.UTC)
		facts := []RunFact{{RunID: "run-1", AutomationID: "auto-1", AutomationName: name, Type: AutomationTypeWorkflow,
			StartedAt: fin.Add(-5 * time.Second), FinishedAt: &fin, Outcome: outcome, ItemsProcessed: 3, Message: message, MinutesSavedPerRun: 7}}
		rows, err := csv.NewReader(bytes.NewReader(RunsCSV(facts))).ReadAll()
		if err != nil || len(rows) != 2 || len(rows[1]) != 10 {
			t.Fatalf("the export of %q, %q does not read back as one run: %v %q", name, message, err, rows)
		}
		row := rows[1]
		for i, want := range map[int]string{2: name, 9: message} {
			// encoding/csv reads a line break inside a cell as "\n" whatever it was written as.
			expect := strings.ReplaceAll(want, "\r\n", "\n")
			if formulaStart(want) {
				expect = "'" + expect
			}
			if row[i] != expect {
				t.Fatalf("cell %d reads back as %q, written from %q", i, row[i], want)
			}
			if formulaStart(row[i]) {
				t.Fatalf("cell %d, %q, starts like a formula", i, row[i])
			}
		}
	})
}

// formulaStart is OWASP's list of first characters that make a spreadsheet evaluate a cell.
func formulaStart(s string) bool {
	return s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0]))
}
