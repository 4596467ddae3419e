// Package payments connects billing to a payment provider: Stripe through its official
// library, and a built-in test provider that works offline. Both report what happened as
// Stripe-shaped events, decoded here by one function into growthdesk.BillingEvents.
package payments

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/stripe/stripe-go/v85"
)

// PaymentMethodLookup fetches a payment method that an event names only by id.
type PaymentMethodLookup func(id string) (*growthdesk.PaymentMethod, error)

// DecodeEvent turns a provider event into the billing event it means. Event types billing
// does not handle decode to an event without data, which is recorded and otherwise ignored.
func DecodeEvent(ev *stripe.Event, provider string, lookup PaymentMethodLookup) (*growthdesk.BillingEvent, error) {
	if ev == nil || ev.ID == "" {
		return nil, fmt.Errorf("event without id")
	}
	out := &growthdesk.BillingEvent{ID: ev.ID, Type: string(ev.Type), Provider: provider, Created: time.Unix(ev.Created, 0).UTC()}
	if ev.Data == nil {
		return out, nil
	}
	switch out.Type {
	case growthdesk.EventCheckoutCompleted:
		var s stripe.CheckoutSession
		if err := json.Unmarshal(ev.Data.Raw, &s); err != nil {
			return nil, fmt.Errorf("decode checkout session: %w", err)
		}
		out.Checkout = &growthdesk.CheckoutEvent{SessionID: s.ID, Mode: string(s.Mode), PaymentStatus: string(s.PaymentStatus),
			Amount: s.AmountTotal, Currency: string(s.Currency)}
		if s.Subscription != nil {
			out.Checkout.SubscriptionID = s.Subscription.ID
		}
		checkoutDocument(out.Checkout, &s)
		if s.Customer != nil {
			out.CustomerID = s.Customer.ID
		}
	case growthdesk.EventSubscriptionCreated, growthdesk.EventSubscriptionUpdated, growthdesk.EventSubscriptionDeleted:
		var s stripe.Subscription
		if err := json.Unmarshal(ev.Data.Raw, &s); err != nil {
			return nil, fmt.Errorf("decode subscription: %w", err)
		}
		sub := &growthdesk.SubscriptionEvent{ID: s.ID, Status: string(s.Status), CancelAtPeriodEnd: s.CancelAtPeriodEnd, Created: unixPtr(s.Created)}
		if s.Customer != nil {
			out.CustomerID = s.Customer.ID
		}
		if s.Items != nil && len(s.Items.Data) > 0 {
			item := s.Items.Data[0]
			if item.CurrentPeriodEnd > 0 {
				t := time.Unix(item.CurrentPeriodEnd, 0).UTC()
				sub.CurrentPeriodEnd = &t
			}
			if item.Price != nil {
				sub.PriceID, sub.Amount, sub.Currency = item.Price.ID, item.Price.UnitAmount, string(item.Price.Currency)
				if item.Price.Recurring != nil {
					sub.Interval = string(item.Price.Recurring.Interval)
				}
			}
		}
		if pm := s.DefaultPaymentMethod; pm != nil {
			if pm.Card != nil {
				sub.PaymentMethod = &growthdesk.PaymentMethod{Brand: string(pm.Card.Brand), Last4: pm.Card.Last4}
			} else if pm.ID != "" && lookup != nil {
				found, err := lookup(pm.ID)
				if err != nil {
					return nil, fmt.Errorf("look up payment method: %w", err)
				}
				sub.PaymentMethod = found
			}
		}
		out.Subscription = sub
	case growthdesk.EventInvoicePaid, growthdesk.EventInvoicePaymentFailed:
		var in stripe.Invoice
		if err := json.Unmarshal(ev.Data.Raw, &in); err != nil {
			return nil, fmt.Errorf("decode invoice: %w", err)
		}
		inv := &growthdesk.InvoiceEvent{ID: in.ID, Number: in.Number, Amount: in.AmountDue, Currency: string(in.Currency),
			Status: string(in.Status), DocumentURL: in.HostedInvoiceURL, PeriodStart: unixPtr(in.PeriodStart), PeriodEnd: unixPtr(in.PeriodEnd)}
		if out.Type == growthdesk.EventInvoicePaid {
			inv.Amount, inv.Status = in.AmountPaid, "paid"
		} else if inv.Status == "" || inv.Status == "paid" {
			inv.Status = "open"
		}
		if inv.DocumentURL == "" {
			inv.DocumentURL = in.InvoicePDF
		}
		if in.StatusTransitions != nil {
			inv.PaidAt = unixPtr(in.StatusTransitions.PaidAt)
		}
		if in.Parent != nil && in.Parent.SubscriptionDetails != nil && in.Parent.SubscriptionDetails.Subscription != nil {
			inv.SubscriptionID = in.Parent.SubscriptionDetails.Subscription.ID
		}
		// Invoice periods are the billing period the invoice opens; line items carry the service period.
		if in.Lines != nil && len(in.Lines.Data) > 0 && in.Lines.Data[0].Period != nil {
			inv.PeriodStart = unixPtr(in.Lines.Data[0].Period.Start)
			inv.PeriodEnd = unixPtr(in.Lines.Data[0].Period.End)
		}
		if in.Customer != nil {
			out.CustomerID = in.Customer.ID
		}
		out.Invoice = inv
	}
	return out, nil
}

// checkoutDocument takes the document of a one-time purchase from a checkout session, when
// the session carries it: the invoice's hosted page (or PDF), else the payment's receipt. In
// a webhook the invoice and the payment are ids only; Stripe.ParseWebhook asks for them.
func checkoutDocument(co *growthdesk.CheckoutEvent, s *stripe.CheckoutSession) {
	if in := s.Invoice; in != nil && in.ID != "" {
		co.InvoiceID, co.InvoiceNumber = in.ID, in.Number
		co.DocumentURL = in.HostedInvoiceURL
		if co.DocumentURL == "" {
			co.DocumentURL = in.InvoicePDF
		}
	}
	if co.DocumentURL == "" && s.PaymentIntent != nil && s.PaymentIntent.LatestCharge != nil {
		co.DocumentURL = s.PaymentIntent.LatestCharge.ReceiptURL
	}
}

func unixPtr(sec int64) *time.Time {
	if sec <= 0 {
		return nil
	}
	t := time.Unix(sec, 0).UTC()
	return &t
}
