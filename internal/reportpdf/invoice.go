package reportpdf

import (
	"bytes"
	"strconv"

	"github.com/go-pdf/fpdf"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/pdffont"
)

var _ growthdesk.InvoiceRenderer = (*Renderer)(nil)

// InvoiceStatusLabel is how an invoice's status reads on the document and in the portal.
func InvoiceStatusLabel(status string) string {
	switch status {
	case "paid":
		return "Paid"
	case "void":
		return "Void"
	case "uncollectible":
		return "Uncollectible"
	}
	return "Open"
}

// InvoicePDF draws an invoice: the heading with number, dates and status; the seller and the
// buyer side by side; the line items; subtotal, tax and total.
func (r *Renderer) InvoicePDF(doc *growthdesk.InvoiceDocument) ([]byte, error) {
	in := doc.Invoice
	pdf := fpdf.New("P", "mm", "A4", "")
	t, err := pdffont.New(pdf)
	if err != nil {
		return nil, err
	}
	pdf.SetTitle("Invoice "+in.DisplayNumber(), true)
	pdf.SetAuthor(doc.Seller.Name, true)
	pdf.SetCreationDate(doc.IssuedAt)
	pdf.SetModificationDate(doc.IssuedAt)
	pdf.SetFooterFunc(func() {
		pdf.SetY(-15)
		t.SetFont("", 8)
		pdf.SetTextColor(100, 100, 100)
		t.Cell(0, 10, doc.Seller.Name+" - invoice "+in.DisplayNumber()+" - page "+strconv.Itoa(pdf.PageNo()), "", 0, "C", false)
	})
	pdf.AddPage()
	money := func(cents int64) string { return growthdesk.FormatMoneyGrouped(cents, in.Currency) }

	t.SetFont("B", 22)
	t.Cell(95, 12, "Invoice", "", 0, "L", false)
	t.SetFont("", 10)
	facts := [][2]string{{"Invoice number", in.DisplayNumber()}, {"Issue date", doc.IssuedAt.Format("Jan 2, 2006")}}
	if in.PeriodStart != nil && in.PeriodEnd != nil {
		facts = append(facts, [2]string{"Period", in.PeriodStart.Format("Jan 2, 2006") + " to " + in.PeriodEnd.Format("Jan 2, 2006")})
	}
	if in.PaidAt != nil {
		facts = append(facts, [2]string{"Paid on", in.PaidAt.Format("Jan 2, 2006")})
	}
	facts = append(facts, [2]string{"Status", InvoiceStatusLabel(in.Status)})
	y := pdf.GetY()
	for i, f := range facts {
		pdf.SetXY(105, y+float64(i)*6)
		pdf.SetTextColor(90, 90, 90)
		t.Cell(35, 6, f[0], "", 0, "L", false)
		pdf.SetTextColor(0, 0, 0)
		t.Cell(60, 6, t.Fit(f[1], 58), "", 0, "L", false)
	}
	pdf.SetXY(10, y+float64(len(facts))*6+8)

	top := pdf.GetY()
	party(t, 10, top, "From", doc.Seller)
	bottom := pdf.GetY()
	party(t, 105, top, "Bill to", doc.Buyer)
	pdf.SetXY(10, max(bottom, pdf.GetY())+8)

	widths := []float64{100, 20, 35, 35}
	t.SetFont("B", 10)
	pdf.SetFillColor(230, 236, 245)
	for i, h := range []string{"Description", "Qty", "Unit price", "Amount"} {
		align := "R"
		if i == 0 {
			align = "L"
		}
		t.Cell(widths[i], 8, h, "1", 0, align, true)
	}
	pdf.Ln(-1)
	t.SetFont("", 10)
	for _, l := range doc.Lines {
		t.Cell(widths[0], 8, t.Fit(l.Description, widths[0]-2), "1", 0, "L", false)
		t.Cell(widths[1], 8, strconv.FormatInt(l.Quantity, 10), "1", 0, "R", false)
		t.Cell(widths[2], 8, money(l.UnitAmount), "1", 0, "R", false)
		t.Cell(widths[3], 8, money(l.Amount), "1", 1, "R", false)
	}
	pdf.Ln(3)
	for _, row := range [][2]string{
		{"Subtotal", money(doc.Subtotal)},
		{doc.Tax.Label + " (" + growthdesk.TaxRateLabel(doc.Tax.RateBasisPt) + ")", money(doc.TaxAmount)},
		{"Total", money(doc.Total)},
	} {
		if row[0] == "Total" {
			t.SetFont("B", 11)
		}
		pdf.SetX(120)
		t.Cell(45, 7, row[0], "", 0, "L", false)
		t.Cell(35, 7, row[1], "", 1, "R", false)
	}
	t.SetFont("", 10)
	pdf.Ln(6)
	pdf.SetTextColor(60, 60, 60)
	if in.Status == "paid" && in.PaidAt != nil {
		t.Paragraph(5, "Paid in full on "+in.PaidAt.Format("Jan 2, 2006")+". Thank you for your business.")
	} else {
		t.Paragraph(5, "This invoice is "+InvoiceStatusLabel(in.Status)+". Questions about it: "+doc.Seller.Email+".")
	}

	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// party draws a seller or buyer block at x, y: a small heading, the name in bold, then the
// address, e-mail and tax number it has, each on its line.
func party(t *pdffont.Doc, x, y float64, heading string, p growthdesk.InvoiceParty) {
	pdf := t.PDF
	pdf.SetXY(x, y)
	t.SetFont("B", 9)
	pdf.SetTextColor(90, 90, 90)
	t.Cell(90, 5, heading, "", 2, "L", false)
	pdf.SetTextColor(0, 0, 0)
	t.SetFont("B", 11)
	t.Cell(90, 6, t.Fit(p.Name, 88), "", 2, "L", false)
	t.SetFont("", 10)
	lines := append([]string{}, p.Address...)
	if p.Email != "" {
		lines = append(lines, p.Email)
	}
	if p.TaxID != "" {
		lines = append(lines, "Tax ID: "+p.TaxID)
	}
	for _, l := range lines {
		t.Cell(90, 5, t.Fit(l, 88), "", 2, "L", false)
	}
}
