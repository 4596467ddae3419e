package growthdesk

import (
	"net/mail"
	"strings"
	"unicode/utf8"
)

// MaxEmailLength is the longest address RFC 5321 lets through a mail server.
const MaxEmailLength = 254

// NormalizeEmail trims and lower-cases an address, so that sign-in and sign-up find one
// account whatever case the address is typed in.
func NormalizeEmail(s string) string {
	return strings.ToLower(strings.TrimSpace(s))
}

// ValidEmail reports whether s is a bare address (no display name) with a dotted domain.
func ValidEmail(s string) bool {
	if s == "" || len(s) > MaxEmailLength {
		return false
	}
	addr, err := mail.ParseAddress(s)
	if err != nil || addr.Address != s || addr.Name != "" {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	domain := s[at+1:]
	return strings.Contains(domain, ".") && !strings.HasSuffix(domain, ".") && !strings.HasPrefix(domain, ".")
}

// fieldCheck collects validation problems, one message per field.
type fieldCheck map[string]string

func (c fieldCheck) required(field, value, message string) bool {
	if strings.TrimSpace(value) == "" {
		c.add(field, message)
		return false
	}
	return true
}

func (c fieldCheck) maxLen(field, value string, max int, message string) {
	if utf8.RuneCountInString(value) > max {
		c.add(field, message)
	}
}

func (c fieldCheck) add(field, message string) {
	if _, ok := c[field]; !ok {
		c[field] = message
	}
}

func (c fieldCheck) err() error {
	if len(c) == 0 {
		return nil
	}
	return Invalid(c)
}
