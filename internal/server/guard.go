package server

import (
	"net/http"

	"github.com/growthdesk/growthdesk/internal/bodylimit"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// guardAPI is the entrance of the JSON API (/api/v1, and /functions/v1 when it comes): the
// body limit (see bodylimit.Wrap), and the text rule for what is not in the body. A path
// with a control character in it names nothing, so it is a 404 like an unknown id; a query
// parameter with one is refused with 422 naming the parameter. JSON bodies are checked by
// decodeJSON. All three apply growthdesk's one rule on control characters.
func (s *Server) guardAPI(next http.Handler) http.Handler {
	checked := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if growthdesk.HasControl(r.URL.Path) {
			writeError(w, r, s.log, growthdesk.Errorf(growthdesk.ENotFound, "There is nothing here by that id."))
			return
		}
		if err := growthdesk.CheckQueryText(r.URL.Query()); err != nil {
			writeError(w, r, s.log, err)
			return
		}
		next.ServeHTTP(w, r)
	})
	return bodylimit.Wrap(checked, maxJSONBody)
}

// guardMounted is the entrance of a service mounted with its own wire format (the auth service
// at /auth/v1): the same body limit as the API; the service checks its own input with the
// same rules and answers in its own format.
func guardMounted(next http.Handler) http.Handler {
	return bodylimit.Wrap(next, maxJSONBody)
}
