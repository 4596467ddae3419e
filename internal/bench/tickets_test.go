//go:build bench

package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

const (
	ticketPeakDuration = 3 * time.Second
	ticketHalfDuration = 3 * time.Second
	ticketConcurrency  = 8
	ticketOrgs         = 10 // the customer's organization holds a tenth of the tickets
	benchPassword      = "bench-password-1"
)

type ticketResult struct {
	engine, role string
	tickets      int
	peakRPS      float64
	peakP99      time.Duration
	halfRPS      float64
	halfP50      time.Duration
	halfP99      time.Duration
	errs         int64
	total        int
}

// TestTicketListBenchmark measures GET /api/v1/tickets (50 a page, with its joins and the
// total) in process, as a customer and as staff, at 1k, 10k and 100k tickets on SQLite and
// PostgreSQL: the peak rate with 8 clients, then p99 at half of that rate. It writes the
// "Support ticket list" section of docs/benchmarks.md.
func TestTicketListBenchmark(t *testing.T) {
	var results []ticketResult
	engines := []struct {
		name string
		open func(testing.TB) *store.DB
	}{{"sqlite", storetest.SQLite}, {"postgres", storetest.Postgres}}
	for _, engine := range engines {
		for _, size := range []int{1_000, 10_000, 100_000} {
			t.Run(fmt.Sprintf("%s/%d", engine.name, size), func(t *testing.T) {
				db := engine.open(t)
				base, tokens := ticketServer(t, db, size)
				for _, role := range []string{"customer", "staff"} {
					r := measureTickets(t, base+"/api/v1/tickets?limit=50", tokens[role])
					r.engine, r.role, r.tickets = engine.name, role, size
					results = append(results, r)
					t.Logf("%s %d %s: peak %.0f req/s (p99 %s); at half %.0f req/s p50 %s p99 %s; %d errors; total %d",
						engine.name, size, role, r.peakRPS, r.peakP99, r.halfRPS, r.halfP50, r.halfP99, r.errs, r.total)
				}
			})
		}
	}
	writeTicketReport(t, results)
}

// ticketServer seeds size tickets over ticketOrgs organizations with bulk inserts and serves
// the API on db; it returns the server's address and an access token per role.
func ticketServer(t *testing.T, db *store.DB, size int) (string, map[string]string) {
	ctx := context.Background()
	a := benchApp(t, db)
	authSvc := a.Auth
	accounts := store.NewAccountStore(db)
	var orgs []string
	for i := range ticketOrgs {
		o, err := accounts.CreateOrganization(ctx, fmt.Sprintf("Org %d", i), growthdesk.AuditEntry{Action: growthdesk.AuditOrganizationCreate})
		if err != nil {
			t.Fatal(err)
		}
		orgs = append(orgs, o.ID)
	}
	ids := map[string]string{}
	for _, u := range []struct{ name, role string }{{"customer", "customer"}, {"staff", "employee"}} {
		created, err := authSvc.CreateUser(ctx, auth.CreateUserParams{Email: u.name + "@bench.invalid", Password: benchPassword,
			FullName: "Bench " + u.name, Role: u.role, Approved: true, Confirmed: true})
		if err != nil {
			t.Fatal(err)
		}
		ids[u.name] = created.ID
	}
	if _, err := accounts.SetOrganization(ctx, ids["customer"], &orgs[0], growthdesk.AuditEntry{Action: growthdesk.AuditOrganizationChange}); err != nil {
		t.Fatal(err)
	}
	cats, err := store.NewSupportStore(db).ListCategories(ctx, false)
	if err != nil {
		t.Fatal(err)
	}
	staffID := ids["staff"]
	statuses := []string{"open", "in_progress", "resolved", "closed"}
	priorities := []string{"low", "medium", "high", "urgent"}
	start := time.Now().Add(-time.Duration(size) * time.Minute)
	rows := make([]store.TicketSeedRow, size)
	for i := range rows {
		cat := cats[i%len(cats)].ID
		customer := ids["customer"]
		var assignee *string
		if i%3 == 0 {
			assignee = &staffID
		}
		rows[i] = store.TicketSeedRow{ID: growthdesk.NewID(), Title: fmt.Sprintf("Ticket %d about the chatbot", i),
			Description: strings.Repeat("The assistant stopped answering after hours. ", 6), Priority: priorities[i%4],
			Status: statuses[i%4], CategoryID: &cat, CustomerID: &customer, AssignedTo: assignee,
			OrganizationID: orgs[i%ticketOrgs], CreatedAt: start.Add(time.Duration(i) * time.Minute)}
	}
	seedStart := time.Now()
	if err := store.NewSupportStore(db).SeedTickets(ctx, rows); err != nil {
		t.Fatal(err)
	}
	t.Logf("seeded %d tickets in %s", size, time.Since(seedStart).Round(time.Millisecond))

	base := benchServer(t, a)
	tokens := map[string]string{}
	for _, name := range []string{"customer", "staff"} {
		body, _ := json.Marshal(map[string]string{"email": name + "@bench.invalid", "password": benchPassword})
		res, err := http.Post(base+"/auth/v1/token?grant_type=password", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var tok struct {
			AccessToken string `json:"access_token"`
		}
		_ = json.NewDecoder(res.Body).Decode(&tok)
		res.Body.Close()
		if tok.AccessToken == "" {
			t.Fatalf("sign in %s: %d", name, res.StatusCode)
		}
		tokens[name] = tok.AccessToken
	}
	return base, tokens
}

func measureTickets(t *testing.T, url, token string) ticketResult {
	tr := &http.Transport{MaxIdleConnsPerHost: 64}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	var errs atomic.Int64
	call := func() (time.Duration, bool) {
		req, _ := http.NewRequest("GET", url, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		start := time.Now()
		res, err := client.Do(req)
		if err != nil {
			errs.Add(1)
			return 0, false
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			errs.Add(1)
			return 0, false
		}
		return time.Since(start), true
	}
	// The total as the list reports it, and a warm-up.
	var r ticketResult
	{
		req, _ := http.NewRequest("GET", url, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var l struct {
			Items []json.RawMessage `json:"items"`
			Total int               `json:"total"`
		}
		_ = json.NewDecoder(res.Body).Decode(&l)
		res.Body.Close()
		if res.StatusCode != 200 || len(l.Items) != 50 {
			t.Fatalf("list: %d with %d items", res.StatusCode, len(l.Items))
		}
		r.total = l.Total
		for range 50 {
			call()
		}
	}

	// Peak: closed loop, ticketConcurrency clients.
	var peak []time.Duration
	var mu sync.Mutex
	stop := time.Now().Add(ticketPeakDuration)
	var wg sync.WaitGroup
	for range ticketConcurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for time.Now().Before(stop) {
				if d, ok := call(); ok {
					mine = append(mine, d)
				}
			}
			mu.Lock()
			peak = append(peak, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	r.peakRPS = float64(len(peak)) / ticketPeakDuration.Seconds()
	r.peakP99 = percentile(peak, 99)

	// Half of peak: open loop at a fixed rate, each request on its own schedule.
	rate := r.peakRPS / 2
	interval := time.Duration(float64(time.Second) / rate)
	var half []time.Duration
	begin := time.Now()
	n := int(ticketHalfDuration.Seconds() * rate)
	sem := make(chan struct{}, 256)
	for i := range n {
		if wait := time.Until(begin.Add(time.Duration(i) * interval)); wait > 0 {
			time.Sleep(wait)
		}
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if d, ok := call(); ok {
				mu.Lock()
				half = append(half, d)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	r.halfRPS = float64(len(half)) / time.Since(begin).Seconds()
	r.halfP50 = percentile(half, 50)
	r.halfP99 = percentile(half, 99)
	r.errs = errs.Load()
	return r
}

func percentile(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(a, b int) bool { return s[a] < s[b] })
	return s[min(len(s)-1, len(s)*p/100)]
}

const (
	ticketSectionStart = "<!-- ticket-list:start -->"
	ticketSectionEnd   = "<!-- ticket-list:end -->"
)

func writeTicketReport(t *testing.T, results []ticketResult) {
	var b strings.Builder
	b.WriteString(ticketSectionStart + "\n## Support ticket list (`GET /api/v1/tickets`, 50 a page)\n\n")
	fmt.Fprintf(&b, "Measured by `make bench` (`TestTicketListBenchmark`) on %s: %d CPU cores (%s/%s), %s. In process over loopback HTTP, "+
		"each request authenticated (token, session, profile), 50 tickets with category, customer, organization and assignee, and the total. "+
		"Tickets spread over %d organizations (the customer's holds a tenth), seeded with multi-row inserts. "+
		"Peak: %d keep-alive clients for %s. Then an open-loop load at half the peak rate for %s, where the p99 is read. "+
		"The load generator shares the two cores with the server and the database. Load average when the run ended: %s. "+
		"On a machine shared with other work the figures move between runs by more than the data size moves them; compare rows "+
		"of one run, and repeat on an idle machine before drawing a conclusion from a single row.\n\n",
		time.Now().UTC().Format("2006-01-02"), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version(),
		ticketOrgs, ticketConcurrency, ticketPeakDuration, ticketHalfDuration, loadAverage())
	b.WriteString("| engine | tickets | caller | total in list | peak req/s | p99 at peak | req/s at half | p50 at half | p99 at half | errors |\n")
	b.WriteString("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, r := range results {
		fmt.Fprintf(&b, "| %s | %d | %s | %d | %.0f | %s | %.0f | %s | %s | %d |\n", r.engine, r.tickets, r.role, r.total,
			r.peakRPS, ms(r.peakP99), r.halfRPS, ms(r.halfP50), ms(r.halfP99), r.errs)
	}
	b.WriteString("\nSlowdown from 1k to 100k tickets (peak req/s at 1k ÷ at 100k; the goal is at most 1.5):\n\n")
	for _, engine := range []string{"sqlite", "postgres"} {
		for _, role := range []string{"customer", "staff"} {
			var small, large float64
			for _, r := range results {
				if r.engine == engine && r.role == role && r.tickets == 1_000 {
					small = r.peakRPS
				}
				if r.engine == engine && r.role == role && r.tickets == 100_000 {
					large = r.peakRPS
				}
			}
			if large > 0 {
				fmt.Fprintf(&b, "- %s, %s: %.2f×\n", engine, role, small/large)
			}
		}
	}
	b.WriteString("\nWhy it stays flat: keyset paging on `(created_at, id)` with an index per filter, and `total` read from " +
		"`support_ticket_counts` (kept by every ticket write) instead of counting the table; see ADR 14.\n" + ticketSectionEnd + "\n")

	path := filepath.Join("..", "..", "docs", "benchmarks.md")
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(old)
	if i, j := strings.Index(doc, ticketSectionStart), strings.Index(doc, ticketSectionEnd); i >= 0 && j > i {
		doc = doc[:i] + b.String() + strings.TrimPrefix(doc[j+len(ticketSectionEnd):], "\n")
	} else {
		doc = strings.TrimRight(doc, "\n") + "\n\n" + b.String()
	}
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000) }
