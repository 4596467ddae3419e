import { generatePath } from "react-router";

/**
 * Every portal route pattern. routes.ts declares the same paths (paths.test.ts checks both ways), and
 * nav, redirects and links use the builders in `paths` below instead of string literals.
 */
export const portalRoutes = {
  dashboard: "/portal",
  login: "/portal/login",
  register: "/portal/register",
  forgotPassword: "/portal/forgot-password",
  resetPassword: "/portal/reset-password",
  projects: "/portal/projects",
  automations: "/portal/automations",
  reports: "/portal/reports",
  meetings: "/portal/meetings",
  support: "/portal/support",
  supportTicket: "/portal/support/:ticketId",
  billing: "/portal/billing",
  billingOverview: "/portal/billing/overview",
  billingInvoice: "/portal/billing/invoices/:invoiceId",
  faq: "/portal/faq",
  settings: "/portal/settings",
  admin: "/portal/admin",
  leads: "/portal/leads",
  lead: "/portal/leads/:leadId",
  community: "/portal/community",
  communityTopic: "/portal/community/:topicId",
  /** Any other address under the portal: the portal's own not-found page. */
  notFound: "/portal/*",
} as const;

export type PortalRoute = keyof typeof portalRoutes;

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const paths = {
  home: "/",
  contact: "/contact",
  privacy: "/privacy",
  terms: "/terms",
  blogPost: (slug: string) => generatePath("/blog/:slug", { slug }),
  portal: {
    root: portalRoutes.dashboard,
    dashboard: portalRoutes.dashboard,
    login: portalRoutes.login,
    register: portalRoutes.register,
    forgotPassword: portalRoutes.forgotPassword,
    resetPassword: portalRoutes.resetPassword,
    projects: portalRoutes.projects,
    automations: portalRoutes.automations,
    reports: portalRoutes.reports,
    meetings: portalRoutes.meetings,
    scheduleMeeting: withQuery(portalRoutes.meetings, { schedule: "1" }),
    support: portalRoutes.support,
    ticket: (id: string) => generatePath(portalRoutes.supportTicket, { ticketId: id }),
    newTicket: withQuery(portalRoutes.support, { new: "1" }),
    /** The create dialog with a title and description already written, for the customer to finish and send. */
    ticketDraft: (draft: { title: string; description: string }) => withQuery(portalRoutes.support, { new: "1", ...draft }),
    billing: portalRoutes.billing,
    billingOverview: portalRoutes.billingOverview,
    billingCanceled: withQuery(portalRoutes.billing, { canceled: "true" }),
    invoice: (invoiceId: string) => generatePath(portalRoutes.billingInvoice, { invoiceId }),
    faq: portalRoutes.faq,
    /** A settings tab; Admin Management also takes the search that filters its accounts. */
    settings: (tab?: string, search?: string) => withQuery(portalRoutes.settings, { tab, search }),
    admin: portalRoutes.admin,
    leads: portalRoutes.leads,
    lead: (id: string) => generatePath(portalRoutes.lead, { leadId: id }),
    community: (query?: { category?: string; search?: string }) => withQuery(portalRoutes.community, query ?? {}),
    communityTopic: (topicId: string) => generatePath(portalRoutes.communityTopic, { topicId }),
  },
} as const;

/** Whether a path (with or without query) lies inside the portal. */
export function isPortalPath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  return pathname === portalRoutes.dashboard || pathname.startsWith(`${portalRoutes.dashboard}/`);
}
