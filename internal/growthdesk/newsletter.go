package growthdesk

import (
	"context"
	"fmt"
	"strings"
)

// SubscribeInput is what a newsletter box sends.
type SubscribeInput struct {
	Email  string `json:"email"`
	Source string `json:"source"`
}

// Normalize trims the input and lower-cases the address, so an address is stored once.
func (in *SubscribeInput) Normalize() {
	in.Email = NormalizeEmail(in.Email)
	in.Source = strings.TrimSpace(in.Source)
}

// Validate returns an EInvalid error listing every problem, or nil.
func (in SubscribeInput) Validate() error {
	c := fieldCheck{}
	if c.required("email", in.Email, "Please enter your email address.") && !ValidEmail(in.Email) {
		c.add("email", "Enter a valid email address.")
	}
	c.maxLen("source", in.Source, NewsletterSrcMax, fmt.Sprintf("Source must be at most %d characters.", NewsletterSrcMax))
	return c.err()
}

// NewsletterService keeps the list of newsletter subscribers.
type NewsletterService interface {
	// Subscribe adds the address once; created is false when it was already on the list.
	// Returns EInvalid for bad input.
	Subscribe(ctx context.Context, in SubscribeInput) (created bool, err error)
}
