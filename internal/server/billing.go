package server

import (
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

func (s *Server) handleBillingPlans(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	list, err := s.deps.Billing.Plans(r.Context(), c)
	respondList(w, r, s, list, err)
}

func (s *Server) handleBillingAccount(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Billing.Account(r.Context(), c)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleBillingPortalSession(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Billing.PortalSession(r.Context(), c)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleBillingCancel(cancel bool) callerHandler {
	return func(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
		v, err := s.deps.Billing.SetCancelAtPeriodEnd(r.Context(), c, cancel)
		s.reply(w, r, http.StatusOK, v, err)
	}
}

func (s *Server) handleCheckoutSession(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Billing.CheckoutStatus(r.Context(), c, r.PathValue("id"))
	s.reply(w, r, http.StatusOK, v, err)
}

// handleBillingAddress replaces the organization's billing address and answers the billing
// account.
func (s *Server) handleBillingAddress(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.BillingAddressInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Billing.SaveBillingAddress(r.Context(), c, in)
	s.reply(w, r, http.StatusOK, v, err)
}

// handleInvoice answers an invoice of the caller's organization (an admin: of any) as a
// document; 404 for another organization's.
func (s *Server) handleInvoice(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Billing.InvoiceDocument(r.Context(), c, r.PathValue("id"))
	s.reply(w, r, http.StatusOK, v, err)
}

// handleInvoicePDF downloads the invoice as a PDF file, under the same rule as handleInvoice.
func (s *Server) handleInvoicePDF(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	b, name, err := s.deps.Billing.InvoicePDF(r.Context(), c, r.PathValue("id"))
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(b)
}

func subscriptionFilter(r *http.Request) growthdesk.SubscriptionFilter {
	return growthdesk.SubscriptionFilter{Status: r.URL.Query().Get("status"), Query: r.URL.Query().Get("q")}
}

func (s *Server) handleListSubscriptions(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Billing.Subscriptions(r.Context(), c, subscriptionFilter(r))
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleChangeSubscription(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.SubscriptionChange
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Billing.ChangeSubscription(r.Context(), c, r.PathValue("id"), in)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleDeleteSubscription(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	if err := s.deps.Billing.DeleteSubscription(r.Context(), c, r.PathValue("id")); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handleBillingSummary(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Billing.Summary(r.Context(), c)
	s.reply(w, r, http.StatusOK, v, err)
}

// handleSubscriptionsCSV exports the filtered rows of the overview's table as CSV, with the
// table's columns. Cells that a spreadsheet would run as a formula are prefixed with '.
func (s *Server) handleSubscriptionsCSV(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	page, err := s.deps.Billing.Subscriptions(r.Context(), c, subscriptionFilter(r))
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="subscriptions-`+time.Now().UTC().Format("2006-01-02")+`.csv"`)
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"Organization", "Plan", "Amount", "Currency", "Billing Cycle", "Status", "Next Billing", "Created"})
	for _, sub := range page.Items {
		next := ""
		if sub.NextBillingDate != nil {
			next = sub.NextBillingDate.UTC().Format("2006-01-02")
		}
		_ = cw.Write([]string{csvCell(sub.OrganizationName), csvCell(sub.PlanName), growthdesk.FormatAmount(sub.Amount),
			strings.ToUpper(sub.Currency), sub.BillingCycle, sub.Status, next, sub.CreatedAt.UTC().Format(time.RFC3339)})
	}
	cw.Flush()
}

func csvCell(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}
