package growthdesk

import (
	"context"
	"errors"
	"strings"
	"time"
)

// InvoiceRenderer draws an invoice document as a PDF file.
type InvoiceRenderer interface {
	InvoicePDF(doc *InvoiceDocument) ([]byte, error)
}

// InvoiceDocument returns an invoice of the caller's organization (an admin: of any) as a
// document, ENotFound for one outside it, so that another organization's id reveals nothing.
func (b *Billing) InvoiceDocument(ctx context.Context, c *Caller, id string) (*InvoiceDocument, error) {
	if err := CanViewBilling(c); err != nil {
		return nil, err
	}
	rec, err := b.Store.GetInvoice(ctx, billingScope(c), id)
	if err != nil {
		return nil, err
	}
	return b.document(rec), nil
}

// InvoicePDF is InvoiceDocument drawn as a PDF file, with the file's name.
func (b *Billing) InvoicePDF(ctx context.Context, c *Caller, id string) ([]byte, string, error) {
	doc, err := b.InvoiceDocument(ctx, c, id)
	if err != nil {
		return nil, "", err
	}
	if b.Documents == nil {
		return nil, "", errors.New("billing: no invoice renderer")
	}
	pdf, err := b.Documents.InvoicePDF(doc)
	if err != nil {
		return nil, "", err
	}
	return pdf, invoiceFilename(doc.Invoice.DisplayNumber()), nil
}

// document builds the invoice's document: one line for what was bought (the plan, and the
// period a subscription's invoice covers), the operator as seller and the organization as
// buyer. The provider charged the total; at the operator's tax rate the subtotal is the part
// of it before tax (rounded to the cent) and the tax the rest, so the three always add up.
func (b *Billing) document(rec *InvoiceRecord) *InvoiceDocument {
	in := rec.Invoice
	desc := rec.PlanName
	if desc == "" {
		desc = "Services"
	}
	if in.PeriodStart != nil && in.PeriodEnd != nil {
		desc += ", " + in.PeriodStart.Format("Jan 2, 2006") + " to " + in.PeriodEnd.Format("Jan 2, 2006")
	}
	tax := b.Tax
	if tax.Label == "" {
		tax.Label = "Tax"
	}
	subtotal := in.Amount
	if tax.RateBasisPt > 0 {
		subtotal = (in.Amount*10000 + (10000+tax.RateBasisPt)/2) / (10000 + tax.RateBasisPt)
	}
	buyer := InvoiceParty{Name: rec.OrganizationName, Address: rec.BillingAddress}
	if buyer.Address == nil {
		buyer.Address = []string{}
	}
	seller := b.Seller
	if seller.Address == nil {
		seller.Address = []string{}
	}
	issued := in.CreatedAt
	for _, t := range []*time.Time{in.PeriodStart, in.PaidAt} {
		if t != nil && t.Before(issued) {
			issued = t.UTC()
		}
	}
	return &InvoiceDocument{
		Invoice: in, OrganizationID: rec.OrganizationID, IssuedAt: issued, Seller: seller, Buyer: buyer,
		Lines:    []InvoiceLine{{Description: desc, Quantity: 1, UnitAmount: subtotal, Amount: subtotal}},
		Subtotal: subtotal, Tax: tax, TaxAmount: in.Amount - subtotal, Total: in.Amount,
	}
}

// invoiceFilename is the PDF's file name: "invoice-" and the number, with anything but
// letters, digits, '-' and '_' made '-', so that the name needs no quoting.
func invoiceFilename(number string) string {
	return "invoice-" + strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '-'
	}, number) + ".pdf"
}
