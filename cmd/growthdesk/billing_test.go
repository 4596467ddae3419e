package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
)

func TestServeConfig_StripeNeedsBothSecrets(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args []string
		vars map[string]string
		want string
	}{
		{[]string{"--stripe-secret-key", "sk_test_1"}, nil, "--stripe-webhook-secret is required"},
		{nil, map[string]string{"GROWTHDESK_STRIPE_WEBHOOK_SECRET": "whsec_1"}, "needs --stripe-secret-key"},
		{[]string{"--stripe-secret-key", "pk_test_1", "--stripe-webhook-secret", "whsec_1"}, nil, "must be a Stripe secret"},
	}
	for _, tc := range cases {
		_, err := parseServeConfig(tc.args, env(tc.vars), io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v %v: %v, want %q", tc.args, tc.vars, err, tc.want)
		}
	}
	cfg, err := parseServeConfig(nil, env(map[string]string{"GROWTHDESK_STRIPE_SECRET_KEY": "sk_test_1", "GROWTHDESK_STRIPE_WEBHOOK_SECRET": "whsec_1"}), io.Discard)
	if err != nil || cfg.StripeSecretKey != "sk_test_1" || cfg.StripeWebhookSecret != "whsec_1" {
		t.Fatalf("from the environment: %+v %v", cfg, err)
	}
}

func TestRun_PlansSetAndList(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx := context.Background()
	var out bytes.Buffer
	if err := run(ctx, []string{"plans", "list", "--data-dir", dir}, env(nil), &out, io.Discard); err != nil ||
		!strings.Contains(out.String(), "price_chatbot_setup_monthly") || !strings.Contains(out.String(), "Chatbot Setup") || !strings.Contains(out.String(), "$1.00") ||
		!strings.Contains(out.String(), "price_workflow_automation_monthly") || !strings.Contains(out.String(), "$499.00") {
		t.Fatalf("the default catalogue (content/plans.json): %v %q", err, out.String())
	}
	out.Reset()
	// The operator's change of a default plan stays: the defaults add only what is missing.
	if err := run(ctx, []string{"plans", "set", "--data-dir", dir, "--price-id", "price_workflow_automation_monthly", "--name", "Automation Care",
		"--description", "Our own words", "--amount", "29900"}, env(nil), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := run(ctx, []string{"plans", "list", "--json", "--data-dir", dir}, env(nil), &out, io.Discard); err != nil ||
		!strings.Contains(out.String(), `"name":"Automation Care","description":"Our own words"`) || strings.Contains(out.String(), "Workflow Automation") ||
		strings.Contains(out.String(), "Just for testing") {
		t.Fatalf("after changing a default plan: %v %q", err, out.String())
	}
	out.Reset()
	if err := run(ctx, []string{"plans", "set", "--data-dir", dir, "--price-id", "price_pro", "--name", "Pro", "--amount", "4900"}, env(nil), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	err := run(ctx, []string{"plans", "set", "--data-dir", dir, "--price-id", "bad id", "--name", "X", "--amount", "0"}, env(nil), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "--amount") || !strings.Contains(err.Error(), "--price-id") {
		t.Fatalf("bad plan: %v", err)
	}
	out.Reset()
	if err := run(ctx, []string{"plans", "list", "--json", "--data-dir", dir}, env(nil), &out, io.Discard); err != nil ||
		!strings.Contains(out.String(), `"price_id":"price_pro"`) || !strings.Contains(out.String(), `"amount":4900`) || strings.Contains(out.String(), "bad id") {
		t.Fatalf("after set: %v %q", err, out.String())
	}
}
