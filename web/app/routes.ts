import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("solutions", "routes/solutions.tsx"),
    route("blog", "routes/blog.tsx"),
    route("about", "routes/about.tsx"),
    route("contact", "routes/contact.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    // Opened from the newsletter's e-mails (noindex, not in the sitemap): a button posts the link's token.
    route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
    route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  ]),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("checkout/success", "routes/checkout-success.tsx"),
  // The portal is rendered in the browser only (never prerendered): the server answers /portal/* with the app shell.
  route("portal", "routes/portal/root.tsx", [
    route("login", "routes/portal/login.tsx"),
    route("register", "routes/portal/register.tsx"),
    route("forgot-password", "routes/portal/forgot-password.tsx"),
    route("reset-password", "routes/portal/reset-password.tsx"),
    layout("routes/portal/layout.tsx", [
      index("routes/portal/dashboard.tsx"),
      route("projects", "routes/portal/projects.tsx"),
      route("automations", "routes/portal/automations.tsx"),
      route("reports", "routes/portal/reports.tsx"),
      route("meetings", "routes/portal/meetings.tsx"),
      route("support", "routes/portal/support.tsx"),
      route("support/:ticketId", "routes/portal/support.tsx", { id: "routes/portal/support-ticket" }),
      route("billing", "routes/portal/billing.tsx"),
      route("billing/overview", "routes/portal/billing-overview.tsx"),
      route("billing/invoices/:invoiceId", "routes/portal/billing-invoice.tsx"),
      route("faq", "routes/portal/faq.tsx"),
      route("settings", "routes/portal/settings.tsx"),
      route("admin", "routes/portal/admin.tsx"),
      route("leads", "routes/portal/leads.tsx"),
      route("leads/:leadId", "routes/portal/lead.tsx"),
      route("community", "routes/portal/community.tsx"),
      route("community/:topicId", "routes/portal/community-topic.tsx"),
      // Inside the portal an unknown address is a page of the portal, with its sidebar.
      route("*", "routes/portal/not-found.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
