package server_test

import (
	"testing"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/server"
)

// wantFunctionAccess is who may call each /functions/v1 route: the checkout function needs
// an approved account; the webhook is authorized by its signature and the test provider's
// pages by their unguessable ids, so they are public.
var wantFunctionAccess = map[string]growthdesk.Access{
	"POST /functions/v1/stripe-checkout":           growthdesk.AccessApproved,
	"POST /functions/v1/stripe-webhook":            growthdesk.AccessPublic,
	"GET /functions/v1/test-checkout/{id}":         growthdesk.AccessPublic,
	"POST /functions/v1/test-checkout/{id}/pay":    growthdesk.AccessPublic,
	"POST /functions/v1/test-checkout/{id}/cancel": growthdesk.AccessPublic,
	"GET /functions/v1/test-portal/{token}":        growthdesk.AccessPublic,
	"POST /functions/v1/test-portal/{token}":       growthdesk.AccessPublic,
	"GET /functions/v1/test-invoices/{id}":         growthdesk.AccessPublic,
}

// TestFunctionRoutes_EveryRouteByRole is TestAPIRoutes_EveryRouteByRole for /functions/v1.
func TestFunctionRoutes_EveryRouteByRole(t *testing.T) {
	t.Parallel()
	checkRoutesByRole(t, server.FunctionRoutes(), wantFunctionAccess, "wantFunctionAccess")
}
