package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/growthdesk/growthdesk/internal/bodylimit"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// maxJSONBody bounds every JSON request body of the public API. It is the default of the body
// limit in front of /api/v1 (see guardAPI); an endpoint declares another with decodeJSON's
// limit or bodylimit.Reader.
const maxJSONBody = 64 << 10

// writeJSON encodes v with the given status. API answers are never cached.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// decodeJSON reads one JSON object of at most limit bytes into dst. Every way a body can be
// wrong becomes a domain error with a message that says what to fix; a string anywhere in the
// body that holds a control character its field does not allow is refused (422 naming the
// field) before dst is filled, so no handler has to check for NUL bytes itself. The body limit
// middleware (bodylimit.Wrap) drains what a refused body has left. w is not used any more; it
// stays so that every handler keeps calling decodeJSON the same way.
func decodeJSON(_ http.ResponseWriter, r *http.Request, limit int64, dst any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
			return growthdesk.Errorf(growthdesk.EMediaType, "Send the request body as application/json.")
		}
	}
	body, err := io.ReadAll(bodylimit.Reader(r, limit))
	if err != nil {
		return jsonError(err, limit)
	}
	// First as generic JSON: the shape and the text of every string, whatever dst is.
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var raw any
	if err := dec.Decode(&raw); err != nil {
		return jsonError(err, limit)
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		return growthdesk.Errorf(growthdesk.EBadJSON, "The request body must hold a single JSON object.")
	}
	if _, ok := raw.(map[string]any); !ok {
		return growthdesk.Errorf(growthdesk.EBadJSON, "The request body must be a JSON object.")
	}
	if err := growthdesk.CheckJSONText(raw); err != nil {
		return err
	}
	if path, bad := growthdesk.NumberOutOfRange(raw); bad {
		return growthdesk.Invalid(map[string]string{path: growthdesk.NumberRangeMessage})
	}
	if err := json.Unmarshal(body, dst); err != nil {
		return jsonError(err, limit)
	}
	return nil
}

func jsonError(err error, limit int64) error {
	var (
		syntax   *json.SyntaxError
		typeErr  *json.UnmarshalTypeError
		tooLarge *http.MaxBytesError
	)
	switch {
	case errors.As(err, &tooLarge):
		return growthdesk.Errorf(growthdesk.ETooLarge, "The request body is larger than %d KB.", limit>>10)
	case errors.Is(err, io.EOF):
		return growthdesk.Errorf(growthdesk.EBadJSON, "The request body is empty; send a JSON object.")
	case errors.As(err, &typeErr):
		if typeErr.Field == "" {
			return growthdesk.Errorf(growthdesk.EBadJSON, "The request body must be a JSON object.")
		}
		return &growthdesk.Error{
			Code:    growthdesk.EInvalid,
			Message: "Please correct the highlighted fields.",
			Fields:  map[string]string{typeErr.Field: fmt.Sprintf("Must be a %s.", jsonKind(typeErr.Type.Kind().String()))},
		}
	case errors.As(err, &syntax), errors.Is(err, io.ErrUnexpectedEOF):
		return growthdesk.Errorf(growthdesk.EBadJSON, "The request body is not valid JSON.")
	default:
		return growthdesk.Errorf(growthdesk.EBadJSON, "The request body could not be read as JSON.")
	}
}

func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "string"
	case "bool":
		return "boolean"
	case "slice", "array":
		return "list"
	case "map", "struct":
		return "object"
	default:
		return "number"
	}
}
