-- Billing (ADR 0015): subscriptions belong to an organization, and the payment provider's
-- customer is the organization. Money is in integer cents with its currency; times are UTC.

-- The plan catalogue, configured by the operator (growthdesk plans …), seeded with the spec's plan.
CREATE TABLE billing_plans (
    price_id    TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    mode        TEXT NOT NULL CHECK (mode IN ('subscription', 'payment')),
    amount      BIGINT NOT NULL CHECK (amount > 0),
    currency    TEXT NOT NULL,
    billing_interval TEXT NOT NULL DEFAULT '' CHECK (billing_interval IN ('', 'month', 'year')),
    active      BOOLEAN NOT NULL DEFAULT TRUE,
    sort_order  INTEGER NOT NULL DEFAULT 0,
    created_at  TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);
INSERT INTO billing_plans (price_id, name, description, mode, amount, currency, billing_interval, active, sort_order, created_at, updated_at)
VALUES ('price_chatbot_setup_monthly', 'Chatbot Setup', 'Just for testing', 'subscription', 100, 'usd', 'month', TRUE, 0,
        CURRENT_TIMESTAMP, CURRENT_TIMESTAMP);

-- The provider's customer of each organization.
CREATE TABLE billing_customers (
    provider        TEXT NOT NULL,
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    customer_id     TEXT NOT NULL,
    created_at      TIMESTAMP NOT NULL,
    PRIMARY KEY (provider, organization_id)
);
CREATE UNIQUE INDEX billing_customers_customer ON billing_customers (provider, customer_id);

-- The spec's billing_subscriptions plus the provider's ids and state. provider_event_at is the
-- time of the newest provider event applied, so that an older event never overwrites it.
CREATE TABLE billing_subscriptions (
    id                       TEXT PRIMARY KEY,
    organization_id          TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    plan_name                TEXT NOT NULL,
    price_id                 TEXT NOT NULL DEFAULT '',
    amount                   BIGINT NOT NULL DEFAULT 0,
    currency                 TEXT NOT NULL DEFAULT 'usd',
    billing_cycle            TEXT NOT NULL DEFAULT 'monthly',
    status                   TEXT NOT NULL CHECK (status IN ('active', 'cancelled', 'past_due')),
    next_billing_date        TIMESTAMP,
    provider                 TEXT NOT NULL DEFAULT '',
    provider_customer_id     TEXT NOT NULL DEFAULT '',
    provider_subscription_id TEXT,
    provider_status          TEXT NOT NULL DEFAULT '',
    cancel_at_period_end     BOOLEAN NOT NULL DEFAULT FALSE,
    payment_method_brand     TEXT NOT NULL DEFAULT '',
    payment_method_last4     TEXT NOT NULL DEFAULT '',
    provider_event_at        TIMESTAMP,
    cancelled_at             TIMESTAMP,
    created_at               TIMESTAMP NOT NULL,
    updated_at               TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX billing_subscriptions_provider ON billing_subscriptions (provider, provider_subscription_id);
CREATE INDEX billing_subscriptions_org ON billing_subscriptions (organization_id, created_at);

-- Invoices as the provider reports them.
CREATE TABLE billing_invoices (
    id                  TEXT PRIMARY KEY,
    organization_id     TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    provider            TEXT NOT NULL,
    provider_invoice_id TEXT NOT NULL,
    provider_subscription_id TEXT NOT NULL DEFAULT '',
    number              TEXT NOT NULL DEFAULT '',
    amount              BIGINT NOT NULL,
    currency            TEXT NOT NULL,
    status              TEXT NOT NULL,
    period_start        TIMESTAMP,
    period_end          TIMESTAMP,
    paid_at             TIMESTAMP,
    document_url        TEXT NOT NULL DEFAULT '',
    provider_event_at   TIMESTAMP NOT NULL,
    created_at          TIMESTAMP NOT NULL,
    updated_at          TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX billing_invoices_provider ON billing_invoices (provider, provider_invoice_id);
CREATE INDEX billing_invoices_org ON billing_invoices (organization_id, created_at);

-- Checkouts the portal started: the success page asks whether one was paid.
CREATE TABLE billing_checkout_sessions (
    id              TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    profile_id      TEXT NOT NULL,
    provider        TEXT NOT NULL,
    customer_id     TEXT NOT NULL,
    price_id        TEXT NOT NULL,
    plan_name       TEXT NOT NULL,
    amount          BIGINT NOT NULL,
    currency        TEXT NOT NULL,
    mode            TEXT NOT NULL,
    billing_interval TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL CHECK (status IN ('open', 'complete', 'expired')),
    paid            BOOLEAN NOT NULL DEFAULT FALSE,
    success_url     TEXT NOT NULL,
    cancel_url      TEXT NOT NULL,
    created_at      TIMESTAMP NOT NULL,
    completed_at    TIMESTAMP
);

-- Every provider event applied, by id: a redelivered event is applied once.
CREATE TABLE billing_events (
    provider    TEXT NOT NULL,
    id          TEXT NOT NULL,
    type        TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    received_at TIMESTAMP NOT NULL,
    PRIMARY KEY (provider, id)
);
