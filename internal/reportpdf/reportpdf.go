// Package reportpdf draws the PDF files of the workspace's reports with go-pdf/fpdf. The
// streams are left uncompressed: the files stay small (a few pages of text), and their text
// can be checked by tests and extracted by any tool.
package reportpdf

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/go-pdf/fpdf"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// Renderer draws report PDFs branded with the site's name.
type Renderer struct {
	SiteName string
}

var _ growthdesk.ReportRenderer = (*Renderer)(nil)

// PDF draws the report of job with the figures of s: the period's tiles, a table per
// automation, and the trend over the period.
func (r *Renderer) PDF(job *growthdesk.ReportJob, s *growthdesk.ReportSummary) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(false)
	pdf.SetTitle(job.Report.Name, true)
	pdf.SetAuthor(r.SiteName, true)
	pdf.SetCreationDate(s.To)
	pdf.SetModificationDate(s.To)
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	pdf.SetFooterFunc(func() {
		pdf.SetY(-15)
		pdf.SetFont("Helvetica", "", 8)
		pdf.SetTextColor(100, 100, 100)
		pdf.CellFormat(0, 10, tr(fmt.Sprintf("%s - page %d", r.SiteName, pdf.PageNo())), "", 0, "C", false, 0, "")
	})
	pdf.AddPage()
	pdf.SetFont("Helvetica", "B", 18)
	pdf.CellFormat(0, 10, tr(job.Report.Name), "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 11)
	pdf.SetTextColor(60, 60, 60)
	pdf.CellFormat(0, 6, tr("Organization: "+job.OrganizationName), "", 1, "L", false, 0, "")
	pdf.CellFormat(0, 6, tr(fmt.Sprintf("Period: %s (%s to %s)", s.PeriodLabel, s.From.Format("Jan 2, 2006"), s.To.Format("Jan 2, 2006"))), "", 1, "L", false, 0, "")
	pdf.CellFormat(0, 6, tr("Generated: "+s.To.Format("Jan 2, 2006 15:04 MST")), "", 1, "L", false, 0, "")
	pdf.MultiCell(0, 6, tr(job.Report.Description), "", "L", false)
	pdf.Ln(4)
	pdf.SetTextColor(0, 0, 0)

	heading(pdf, tr, "Summary")
	table(pdf, tr, []float64{95, 85}, []string{"Figure", "Value"}, [][]string{
		{"Total Savings", Money(s.TotalSavingsCents)},
		{"Hours Saved", strconv.FormatFloat(s.HoursSaved, 'f', 1, 64)},
		{"Efficiency Gain", strconv.FormatFloat(s.EfficiencyGain, 'f', 1, 64) + "%"},
		{"Active Automations", strconv.Itoa(s.ActiveAutomations)},
		{"Total runs", strconv.Itoa(s.TotalRuns)},
		{"Successful runs", strconv.Itoa(s.SuccessfulRuns)},
		{"Success rate", strconv.FormatFloat(s.SuccessRate, 'f', 1, 64) + "%"},
		{"Items processed", strconv.FormatInt(s.ItemsProcessed, 10)},
	})

	heading(pdf, tr, "Automations")
	rows := make([][]string, 0, len(s.Automations))
	for _, a := range s.Automations {
		rows = append(rows, []string{a.Name, strconv.Itoa(a.Runs), strconv.FormatFloat(a.SuccessRate, 'f', 1, 64) + "%",
			strconv.FormatFloat(a.HoursSaved, 'f', 1, 64), Money(a.SavingsCents)})
	}
	if len(rows) == 0 {
		rows = append(rows, []string{"No automations yet", "", "", "", ""})
	}
	table(pdf, tr, []float64{70, 22, 30, 28, 30}, []string{"Automation", "Runs", "Success", "Hours", "Savings"}, rows)

	heading(pdf, tr, "Performance Trends")
	rows = rows[:0]
	for _, t := range s.Trends {
		success := "-"
		if t.SuccessRate != nil {
			success = strconv.FormatFloat(*t.SuccessRate, 'f', 1, 64) + "%"
		}
		rows = append(rows, []string{t.Label, strconv.Itoa(t.Runs), strconv.Itoa(t.Successful), success})
	}
	table(pdf, tr, []float64{60, 40, 40, 40}, []string{"From", "Runs", "Successful", "Success rate"}, rows)

	if len(s.Breakdown) > 0 {
		heading(pdf, tr, "Cost Savings Breakdown")
		rows = rows[:0]
		for _, b := range s.Breakdown {
			rows = append(rows, []string{b.Type, strconv.FormatFloat(b.HoursSaved, 'f', 1, 64), Money(b.SavingsCents)})
		}
		table(pdf, tr, []float64{80, 50, 50}, []string{"Type", "Hours", "Savings"}, rows)
	}
	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func heading(pdf *fpdf.Fpdf, tr func(string) string, text string) {
	pdf.Ln(3)
	pdf.SetFont("Helvetica", "B", 13)
	pdf.CellFormat(0, 8, tr(text), "", 1, "L", false, 0, "")
}

func table(pdf *fpdf.Fpdf, tr func(string) string, widths []float64, head []string, rows [][]string) {
	pdf.SetFont("Helvetica", "B", 10)
	pdf.SetFillColor(230, 236, 245)
	for i, h := range head {
		pdf.CellFormat(widths[i], 7, tr(h), "1", 0, "L", true, 0, "")
	}
	pdf.Ln(-1)
	pdf.SetFont("Helvetica", "", 10)
	for _, row := range rows {
		for i, cell := range row {
			text := []rune(cell)
			for len(text) > 1 && pdf.GetStringWidth(tr(string(text))) > widths[i]-2 {
				text = append(text[:len(text)-2], '…')
			}
			pdf.CellFormat(widths[i], 7, tr(string(text)), "1", 0, "L", false, 0, "")
		}
		pdf.Ln(-1)
	}
}

// Money formats cents as US dollars with thousands separators.
func Money(cents int64) string {
	neg := cents < 0
	if neg {
		cents = -cents
	}
	d := strconv.FormatInt(cents/100, 10)
	for i := len(d) - 3; i > 0; i -= 3 {
		d = d[:i] + "," + d[i:]
	}
	s := fmt.Sprintf("$%s.%02d", d, cents%100)
	if neg {
		return "-" + s
	}
	return s
}
