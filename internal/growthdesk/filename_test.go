package growthdesk

import "testing"

// TestCleanFilename_DropsControlAndFormatCharacters: a stored file name keeps no character
// that is invisible yet changes how the name reads. A right-to-left override makes
// "evil\u202Egnp.txt" show as "eviltxt.png"; zero-width and other format characters (Unicode
// category Cf) hide text the same way; control characters (Cc) break headers and logs.
func TestCleanFilename_DropsControlAndFormatCharacters(t *testing.T) {
	cases := map[string]string{
		"evil\u202Egnp.txt":               "evilgnp.txt", // right-to-left override
		"a\u202Db\u202Ac\u202Bd.pdf":      "abcd.pdf",    // left-to-right override, embeddings
		"x\u2066y\u2067z\u2068\u2069.png": "xyz.png",     // isolates
		"in\u200Bvo\u200C\u200Dice.csv":   "invoice.csv", // zero-width space, non-joiner, joiner
		"\u200E\u200Freport.docx":         "report.docx", // direction marks
		"\uFEFFnotes.txt":                 "notes.txt",   // byte order mark
		"in\u00ADvoice.pdf":               "invoice.pdf", // soft hyphen
		"word\u2060joiner.txt":            "wordjoiner.txt",
		"tag\U000E0041\U000E007F.csv":     "tag.csv", // tag characters
		"\u061Carabic.txt":                "arabic.txt",
		"\u200B report.pdf":               "report.pdf", // trimmed once the invisible part is gone
		"a\x00b\x1b\u0085c.png":           "abc.png",    // control characters, C0 and C1
		"\u202E":                          "",
		"Büro 長 — ok.docx":                "Büro 長 — ok.docx",
	}
	for in, want := range cases {
		if got := CleanFilename(in); got != want {
			t.Errorf("CleanFilename(%q) = %q, want %q", in, got, want)
		}
	}
}
