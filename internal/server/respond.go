package server

import (
	"net/http"
	"strconv"
)

func queryLimit(r *http.Request) int {
	n, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || n <= 0 || n > 500 {
		return 100
	}
	return n
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
