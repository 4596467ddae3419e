package growthdesk

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Limits of the discovery-call form, shared by the browser's checks and ours.
const (
	LeadNameMax      = 100
	LeadCompanyMax   = 200
	LeadPhoneMax     = 40
	LeadGoalMin      = 10
	LeadGoalMax      = 2000
	NewsletterSrcMax = 40
)

// PreferredTimes are the call windows a visitor may pick on the contact page.
var PreferredTimes = []string{"morning", "afternoon", "evening", "anytime"}

// Lead is a request for a discovery call sent from the contact page.
type Lead struct {
	ID             string    `json:"id"`
	Name           string    `json:"name"`
	Email          string    `json:"email"`
	Company        string    `json:"company"`
	Phone          string    `json:"phone"`
	AutomationGoal string    `json:"automation_goal"`
	PreferredTime  string    `json:"preferred_time"`
	CreatedAt      time.Time `json:"created_at"`
}

// LeadInput is what the contact form sends.
type LeadInput struct {
	Name           string `json:"name"`
	Email          string `json:"email"`
	Company        string `json:"company"`
	Phone          string `json:"phone"`
	AutomationGoal string `json:"automation_goal"`
	PreferredTime  string `json:"preferred_time"`
}

// Normalize trims every field and lower-cases the e-mail address.
func (in *LeadInput) Normalize() {
	in.Name = strings.TrimSpace(in.Name)
	in.Email = NormalizeEmail(in.Email)
	in.Company = strings.TrimSpace(in.Company)
	in.Phone = strings.TrimSpace(in.Phone)
	in.AutomationGoal = strings.TrimSpace(in.AutomationGoal)
	in.PreferredTime = strings.TrimSpace(in.PreferredTime)
}

// Validate returns an EInvalid error listing every problem, or nil.
func (in LeadInput) Validate() error {
	c := fieldCheck{}
	if c.required("name", in.Name, "Please enter your name.") {
		c.maxLen("name", in.Name, LeadNameMax, fmt.Sprintf("Name must be at most %d characters.", LeadNameMax))
	}
	if c.required("email", in.Email, "Please enter your email address.") && !ValidEmail(in.Email) {
		c.add("email", "Enter a valid email address.")
	}
	if c.required("company", in.Company, "Please enter your company name.") {
		c.maxLen("company", in.Company, LeadCompanyMax, fmt.Sprintf("Company must be at most %d characters.", LeadCompanyMax))
	}
	c.maxLen("phone", in.Phone, LeadPhoneMax, fmt.Sprintf("Phone must be at most %d characters.", LeadPhoneMax))
	if in.Phone != "" && strings.Trim(in.Phone, "0123456789+-(). ext") != "" {
		c.add("phone", "Enter a valid phone number.")
	}
	if c.required("automation_goal", in.AutomationGoal, "Tell us what you would like to automate.") {
		n := utf8.RuneCountInString(in.AutomationGoal)
		if n < LeadGoalMin || n > LeadGoalMax {
			c.add("automation_goal", fmt.Sprintf("Please describe it in %d to %d characters.", LeadGoalMin, LeadGoalMax))
		}
	}
	if c.required("preferred_time", in.PreferredTime, "Choose a preferred time for the call.") && !contains(PreferredTimes, in.PreferredTime) {
		c.add("preferred_time", "Choose one of the offered times.")
	}
	return c.err()
}

// LeadService stores leads.
type LeadService interface {
	// CreateLead stores a validated lead. Returns EInvalid for bad input.
	CreateLead(ctx context.Context, in LeadInput) (*Lead, error)
	// ListLeads returns the newest leads first.
	ListLeads(ctx context.Context, limit int) ([]*Lead, error)
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
