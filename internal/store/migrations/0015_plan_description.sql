-- The seeded plan's placeholder description ('Just for testing') becomes the default
-- catalogue's (content/plans.json), unless the operator has changed it.
UPDATE billing_plans
SET description = 'A chatbot on your website that answers your customers from your own services, prices and FAQs, with monthly tuning and support.'
WHERE price_id = 'price_chatbot_setup_monthly' AND description = 'Just for testing';
