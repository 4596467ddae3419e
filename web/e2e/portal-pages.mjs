// Every portal page as each role that can open it, for the sweeps that check all of them (axe,
// horizontal overflow). The pages come from the portal's own tables, not from a copy:
// - the route patterns of web/app/lib/paths.ts (portalRoutes, the table routes.ts is checked
//   against) say what pages exist;
// - the navigation as the portal renders it for the signed-in role (web/app/features/portal/nav.ts)
//   says which of them the role opens, so a page added to the navigation is swept at once;
// - each page's tabs (settings, meetings) are read from the page;
// - a route with a parameter (a ticket, a topic) is opened from its list, and the few routes
//   outside the navigation are named below with the roles that may open them (and, for one with
//   a parameter, how to find an address).
// unswept() names the routes no role reached, so a new route cannot go unswept.

import { readFile } from "node:fs/promises";
import { expectVisible, greeting, normalize, open, signInAsDemo, waitForHydration, waitUntil } from "./harness.mjs";

const PATHS_TS = new URL("../app/lib/paths.ts", import.meta.url);

/** The route patterns of the portal by name ({ dashboard: "/portal", supportTicket: "/portal/support/:ticketId", … }). */
export async function portalRoutes() {
  const source = await readFile(PATHS_TS, "utf8");
  const block = /export const portalRoutes = \{([\s\S]*?)\n\} as const;/.exec(source);
  if (!block) throw new Error("portalRoutes not found in web/app/lib/paths.ts");
  return Object.fromEntries([...block[1].matchAll(/^\s*(\w+): "([^"]+)",/gm)].map((m) => [m[1], m[2]]));
}

/** The sign-in pages: checked signed out, by the public sweeps. */
const SIGNED_OUT = new Set(["login", "register", "forgotPassword", "resetPassword"]);

/** Lists the demo does not fill, given an item once per server (the address): a contact-form lead. */
const seeded = new Set();
async function seedLead(page) {
  const origin = new URL(page.url()).origin;
  if (seeded.has(origin)) return;
  const res = await page.request.post(`${origin}/api/v1/leads`, {
    data: { name: "Robin Vale", email: "robin@example.com", company: "Harbor Vets", automation_goal: "Answer calls after hours.", preferred_time: "morning" },
  });
  if (res.status() !== 201) throw new Error(`seeding a lead: ${res.status()} ${await res.text()}`);
  seeded.add(origin);
}

/** The route with a parameter, opened from the first item of its list page (seed: gives the list one first). */
const DETAILS = {
  supportTicket: { list: "support", open: (page) => page.getByRole("button", { name: /^View ticket / }).first() },
  communityTopic: { list: "community", open: (page) => page.locator('main a[href^="/portal/community/"]').first() },
  lead: { list: "leads", seed: seedLead, open: (page) => page.locator('main a[href^="/portal/leads/"]').first() },
};

/** Routes outside the navigation, each with the roles that may open it and the address to open. */
const OFF_NAV = {
  billingOverview: { roles: ["admin"] },
  // An admin opens any organization's invoice by its address; the demo's invoices are Northwind's.
  billingInvoice: { roles: ["admin"], path: northwindInvoice },
  notFound: { roles: ["customer", "employee", "admin", "impersonation"], path: "/portal/no-such-page" },
};

/** The address of the demo organization Northwind Logistics' newest invoice, asked of the API as its owner. */
async function northwindInvoice(page) {
  const origin = new URL(page.url()).origin;
  const signIn = await fetch(`${origin}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "owner@northwind.example", password: "growthdesk-demo" }),
  });
  const { access_token: token } = await signIn.json();
  const account = await (await fetch(`${origin}/api/v1/billing`, { headers: { Authorization: `Bearer ${token}` } })).json();
  if (!account.invoices?.length) throw new Error("the demo's Northwind Logistics has no invoice to open");
  return `/portal/billing/invoices/${account.invoices[0].id}`;
}

/** States of a page reached by its address, swept as pages of their own: the new-ticket dialog. */
const STATES = { support: ["?new=1"] };

/** The roles of the sweep: each signs in with a demo account in a tab of its own. */
export const ROLES = {
  customer: (page) => signInAsDemo(page, "customer"),
  employee: (page) => signInAsDemo(page, "employee"),
  admin: (page) => signInAsDemo(page, "admin"),
  /** An admin who sees the portal as the demo customer. */
  impersonation: async (page) => {
    await signInAsDemo(page, "admin");
    await open(page, "/portal/settings?tab=impersonation");
    await page.getByRole("button", { name: "Impersonate Casey Customer" }).click();
    await page.getByRole("dialog", { name: "Start impersonation" }).getByRole("button", { name: "Impersonate" }).click();
    await expectVisible(page.getByRole("heading", { name: greeting("Casey Customer") }), "the customer's dashboard");
    await expectVisible(page.getByRole("region", { name: "Impersonation Active" }), "the impersonation banner");
  },
};

/**
 * Waits until the page has rendered its heading and nothing on it loads any more: no visible
 * spinner, skeleton or busy region, no "Loading" text, every eager image and the fonts loaded.
 */
export async function settle(page) {
  await waitForHydration(page);
  await expectVisible(page.locator("h1").first(), `the page heading of ${page.url()}`);
  await waitUntil(
    () =>
      page.evaluate(
        () =>
          // A spinner that is there but hidden (a prerendered page's loading state) does not count.
          ![...document.querySelectorAll('.animate-spin, [aria-busy="true"], [data-skeleton]')].some((el) => el.checkVisibility()) &&
          !/\bLoading\b/.test(document.body.innerText) &&
          [...document.images].every((img) => img.complete || img.loading === "lazy") &&
          document.fonts.status === "loaded",
      ),
    `${page.url()} still loads after 5 s`,
  );
}

function matcher(routes) {
  const compiled = Object.entries(routes)
    .filter(([name]) => name !== "notFound")
    .map(([name, pattern]) => [name, new RegExp(`^${pattern.replace(/:\w+/g, "[^/]+")}/?$`), pattern.includes(":")])
    // A fixed path before a pattern: /portal/billing/overview is not a ticket-like parameter.
    .sort((a, b) => Number(a[2]) - Number(b[2]));
  return (pathname) => compiled.find(([, re]) => re.test(pathname))?.[0] ?? "notFound";
}

/**
 * Opens every portal page the role can open, in each of its states, and calls
 * check(where) with the page settled on it. `where` names the page, the state and the role.
 * Returns the names of the routes visited.
 */
export async function sweepPortal(page, role, check) {
  const routes = await portalRoutes();
  const routeOf = matcher(routes);
  const visited = new Set();

  async function visit(path, where = path) {
    await page.goto(path);
    await settle(page);
    const { pathname } = new URL(page.url());
    visited.add(routeOf(pathname));
    await check(`${where} (${role})`);
    return pathname;
  }

  async function visitWithTabs(path) {
    await visit(path);
    const tabs = page.getByRole("tab");
    const names = (await tabs.allInnerTexts()).map(normalize);
    for (const name of names) {
      const tab = page.getByRole("tab", { name, exact: true });
      if ((await tab.getAttribute("aria-selected")) === "true") continue;
      await tab.click();
      await waitUntil(async () => (await tab.getAttribute("aria-selected")) === "true", `the ${name} tab of ${path} is selected`);
      await settle(page);
      await check(`${path}, ${name} tab (${role})`);
    }
  }

  await page.goto(routes.dashboard);
  await settle(page);
  // The navigation as rendered for the role (the drawer's links are in the page on a phone too).
  const nav = await page.locator("#portal-sidebar a[href^='/portal']").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  const pages = [...new Set([routes.dashboard, ...nav.map((href) => href.split("?")[0])])];
  for (const [name, { roles, path }] of Object.entries(OFF_NAV)) {
    if (roles.includes(role)) pages.push(typeof path === "function" ? await path(page) : (path ?? routes[name]));
  }

  for (const path of pages) {
    await visitWithTabs(path);
    const name = routeOf(path);
    for (const state of STATES[name] ?? []) await visit(path + state);
    for (const [detail, { list, seed, open: opener }] of Object.entries(DETAILS)) {
      if (list !== name) continue;
      await seed?.(page);
      await page.goto(path);
      await settle(page);
      const first = opener(page);
      await expectVisible(first, `an item of ${path} to open (${role})`);
      await first.click();
      await waitUntil(() => routeOf(new URL(page.url()).pathname) === detail, `${detail} opens from ${path}`);
      const detailPath = new URL(page.url()).pathname;
      await visit(detailPath, `${detailPath} (${detail})`);
    }
  }
  return visited;
}

/** The routes of paths.ts that no role reached (signed-in routes only): each needs a way in above. */
export async function unswept(visited) {
  const routes = await portalRoutes();
  return Object.keys(routes).filter((name) => !SIGNED_OUT.has(name) && !visited.has(name));
}
