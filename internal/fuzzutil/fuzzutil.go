// Package fuzzutil holds what several packages' fuzz targets check against (docs/fuzzing.md).
// Only tests import it.
package fuzzutil

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/big"
	"slices"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// IsControl is the rule of ADR 9 written out by code point, apart from the code under test:
// C0, DEL and C1 are control characters.
func IsControl(r rune) bool { return r < 0x20 || (r >= 0x7f && r <= 0x9f) }

// HasControl reports whether s holds any control character.
func HasControl(s string) bool {
	for _, r := range s {
		if IsControl(r) {
			return true
		}
	}
	return false
}

// BadFor reports whether s holds a control character that a JSON field of that name may not
// hold: line feed, carriage return and tab are allowed in the multi-line fields only.
func BadFor(name, s string) bool {
	multi := growthdesk.IsMultilineField(name)
	for _, r := range s {
		if IsControl(r) && !(multi && (r == '\n' || r == '\r' || r == '\t')) {
			return true
		}
	}
	return false
}

// TextProblem walks a decoded JSON value (as encoding/json decodes into an any) and
// describes the first key or string that breaks the rule, or returns "" when none does.
func TextProblem(v any) string { return textProblem(v, "") }

func textProblem(v any, name string) string {
	switch t := v.(type) {
	case string:
		if BadFor(name, t) {
			return fmt.Sprintf("%s: %q", name, t)
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(t)) {
			if BadFor("", k) {
				return fmt.Sprintf("key %q", k)
			}
			if p := textProblem(t[k], k); p != "" {
				return p
			}
		}
	case []any:
		for _, e := range t {
			if p := textProblem(e, name); p != "" {
				return p
			}
		}
	}
	return ""
}

// NumberTooLarge reports whether a value decoded with json.Decoder.UseNumber holds a number
// that no float64 holds (its magnitude is past math.MaxFloat64), which the decoder refuses.
func NumberTooLarge(v any) bool {
	switch t := v.(type) {
	case json.Number:
		f, ok := new(big.Float).SetString(string(t))
		return !ok || f.IsInf() || new(big.Float).Abs(f).Cmp(big.NewFloat(math.MaxFloat64)) > 0
	case map[string]any:
		for _, e := range t {
			if NumberTooLarge(e) {
				return true
			}
		}
	case []any:
		for _, e := range t {
			if NumberTooLarge(e) {
				return true
			}
		}
	}
	return false
}
