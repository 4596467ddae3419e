package growthdesk

import (
	"encoding/json"
	"maps"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// multilineFields names the JSON fields that hold free text over several lines: in them, and
// only in them, line breaks and tabs are allowed. A field is matched by its own name wherever
// it appears in a body (automation_goal, data.message, items[2].description). A feature that
// adds a multi-line field adds its name here; see docs/adr/0009-control-characters.md.
var multilineFields = map[string]bool{
	"automation_goal": true, // the contact form's "What would you like to automate?"
	"description":     true,
	"content":         true,
	"message":         true,
	"stack":           true, // client error reports
	"body":            true, // forum posts
}

// IsMultilineField reports whether the JSON field named name may hold line breaks and tabs.
func IsMultilineField(name string) bool { return multilineFields[name] }

// BadText reports whether s holds a control character (Unicode category Cc: C0, DEL and C1)
// that its field does not allow. A multi-line field allows line feed, carriage return and tab;
// every other field allows none. PostgreSQL cannot store NUL in text at all, and the other
// control characters have no business in a name, an address or an id either.
func BadText(s string, multiline bool) bool {
	for _, r := range s {
		if !unicode.IsControl(r) {
			continue
		}
		if multiline && (r == '\n' || r == '\r' || r == '\t') {
			continue
		}
		return true
	}
	return false
}

// HasControl reports whether s holds any control character at all. Path ids and other
// single-line values use it.
func HasControl(s string) bool { return BadText(s, false) }

// hiddenInName reports whether r has no place in a stored name such as a file name: a
// control character (Cc), or a format character (Cf), which is invisible yet changes how the
// rest reads. A right-to-left override shows "evil\u202Egnp.txt" as "eviltxt.png"; zero-width
// characters, the byte order mark, soft hyphens and tag characters hide text the same way.
func hiddenInName(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }

// ControlCharField walks a decoded JSON value (what encoding/json produces for an any:
// map[string]any, []any, string, float64 or json.Number, bool, nil) and returns the path of
// the first string or object key that holds a control character its field does not allow,
// such as "name" or "data.full_name" or "tags[1]". Object keys are visited in sorted order,
// so the answer does not depend on map iteration.
func ControlCharField(v any) (path string, found bool) {
	return walkText(v, "", "")
}

func walkText(v any, path, name string) (string, bool) {
	switch t := v.(type) {
	case string:
		if BadText(t, IsMultilineField(name)) {
			return path, true
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(t)) {
			child := joinPath(path, k)
			if HasControl(k) {
				return child, true
			}
			if p, ok := walkText(t[k], child, k); ok {
				return p, true
			}
		}
	case []any:
		for i, e := range t {
			if p, ok := walkText(e, path+"["+strconv.Itoa(i)+"]", name); ok {
				return p, true
			}
		}
	}
	return "", false
}

func joinPath(parent, key string) string {
	// A key that is itself bad is reported with its control characters made visible.
	key = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return unicode.ReplacementChar
		}
		return r
	}, key)
	if parent == "" {
		return key
	}
	return parent + "." + key
}

// ControlCharMessage is the per-field message of a value refused for its control characters.
func ControlCharMessage(field string) string {
	if IsMultilineField(lastName(field)) {
		return "Must not contain control characters other than line breaks and tabs."
	}
	return "Must not contain control characters."
}

func lastName(path string) string {
	if i := strings.IndexByte(path, '['); i >= 0 {
		path = path[:i]
	}
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		path = path[i+1:]
	}
	return path
}

// CheckJSONText returns an EInvalid error naming the first field of a decoded JSON value that
// holds a control character it does not allow, or nil. Every JSON body of every endpoint goes
// through it before a handler sees the body, so no handler has to remember.
func CheckJSONText(v any) error {
	if path, ok := ControlCharField(v); ok {
		return Invalid(map[string]string{path: ControlCharMessage(path)})
	}
	return nil
}

// CheckQueryText returns an EInvalid error naming the first query parameter (by sorted name)
// whose name or value holds a control character, or nil. Query parameters are single-line.
func CheckQueryText(q url.Values) error {
	if name, ok := ControlCharParam(q); ok {
		return Invalid(map[string]string{name: "Must not contain control characters."})
	}
	return nil
}

// ControlCharParam returns the name of the first query parameter (by sorted name) whose name
// or value holds a control character.
func ControlCharParam(q url.Values) (name string, found bool) {
	names := make([]string, 0, len(q))
	for k := range q {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if HasControl(k) {
			return joinPath("", k), true
		}
		for _, v := range q[k] {
			if HasControl(v) {
				return k, true
			}
		}
	}
	return "", false
}

// NumberOutOfRange walks a value decoded with json.Decoder.UseNumber and returns the path of
// the first number that no float64 holds (1e400), or found false. encoding/json refuses such a
// number only with a type error that names no field when the target is a map, so the decoder
// checks the range itself and can say which field is wrong.
func NumberOutOfRange(v any) (path string, found bool) {
	return walkNumbers(v, "")
}

func walkNumbers(v any, path string) (string, bool) {
	switch t := v.(type) {
	case json.Number:
		if _, err := strconv.ParseFloat(string(t), 64); err != nil {
			return path, true
		}
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(t)) {
			if p, ok := walkNumbers(t[k], joinPath(path, k)); ok {
				return p, true
			}
		}
	case []any:
		for i, e := range t {
			if p, ok := walkNumbers(e, path+"["+strconv.Itoa(i)+"]"); ok {
				return p, true
			}
		}
	}
	return "", false
}

// NumberRangeMessage is the per-field message of a number too large for any field.
const NumberRangeMessage = "Must be a number between -1.79e308 and 1.79e308."
