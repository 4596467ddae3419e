package server

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

func queryLimit(r *http.Request) int {
	n, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || n <= 0 || n > 500 {
		return 100
	}
	return n
}

// listPaging reads a list request's limit, offset and dir. limit, when given, is a whole
// number from 1 to 500 (absent: defaultLimit); offset, when given, a whole number of 0 or
// more; dir asc, desc or absent. Each bad one is named in the error.
func listPaging(q url.Values, defaultLimit int) (limit, offset int, dir string, err error) {
	limit, bad := defaultLimit, map[string]string{}
	for name, dst := range map[string]*int{"limit": &limit, "offset": &offset} {
		if v := q.Get(name); v != "" {
			n, err := strconv.Atoi(v)
			switch {
			case name == "limit" && (err != nil || n < 1 || n > 500):
				bad[name] = "Use a whole number from 1 to 500."
			case err != nil || n < 0:
				bad[name] = "Use a number of 0 or more."
			}
			*dst = n
		}
	}
	dir = q.Get("dir")
	if dir != "" && dir != "asc" && dir != "desc" {
		bad["dir"] = "Use asc or desc."
	}
	if len(bad) > 0 {
		return 0, 0, "", growthdesk.Invalid(bad)
	}
	return limit, offset, dir, nil
}

// reply writes v with status, or the error.
func (s *Server) reply(w http.ResponseWriter, r *http.Request, status int, v any, err error) {
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	writeJSON(w, status, v)
}

// respondList writes a list, as [] rather than null when empty.
func respondList[T any](w http.ResponseWriter, r *http.Request, s *Server, list []T, err error) {
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	if list == nil {
		list = []T{}
	}
	writeJSON(w, http.StatusOK, list)
}
