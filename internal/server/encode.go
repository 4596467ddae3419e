package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// maxJSONBody bounds every JSON request body of the public API.
const maxJSONBody = 64 << 10

// writeJSON encodes v with the given status. API answers are never cached.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// decodeJSON reads one JSON object of at most limit bytes into dst. Every way a body can be
// wrong becomes a domain error with a message that says what to fix.
func decodeJSON(w http.ResponseWriter, r *http.Request, limit int64, dst any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
			return growthdesk.Errorf(growthdesk.EMediaType, "Send the request body as application/json.")
		}
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
	if err := dec.Decode(dst); err != nil {
		return jsonError(err, limit)
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return jsonError(err, limit)
		}
		return growthdesk.Errorf(growthdesk.EBadJSON, "The request body must hold a single JSON object.")
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
