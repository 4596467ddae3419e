// Loading and failing in the portal, as a customer at 1440 and 390 px: while the account or a
// page's data is on its way, the sidebar (or the phone's top bar) and an outline of the page show
// at once; when a load fails the page says so with a Retry that asks again and then shows the data.
// The API is slowed down or made to fail in the browser (page.route); the server is the real one.

import assert from "node:assert/strict";
import { MOBILE, e2eSuite, expectHidden, expectVisible, open, signInAsDemo } from "./harness.mjs";

const { pageTest } = e2eSuite({ args: ["--demo"] });

const WIDE = { width: 1440, height: 900 };
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** The frame that must show at once: the sidebar on a wide screen, the top bar with the menu button on a phone. */
function frame(page, viewport) {
  return viewport === MOBILE
    ? page.getByRole("button", { name: "Open navigation" })
    : page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Projects" });
}

/** Holds every answer of the API calls that match until release() is called. */
async function holdApi(page, matches) {
  let release;
  const released = new Promise((ok) => (release = ok));
  await page.route(
    (url) => matches(url),
    async (route) => {
      await released;
      await route.continue().catch(() => {});
    },
  );
  return release;
}

// Each page, the API call that fills it, what it shows when it failed, and what it shows once loaded.
const PAGES = [
  { path: "/portal/projects", api: "/api/v1/projects", failed: "The projects could not be loaded.", loaded: (p) => p.getByRole("heading", { name: "Customer Service Chatbot" }) },
  { path: "/portal/automations", api: "/api/v1/automations", failed: "The automations could not be loaded.", loaded: (p) => p.getByRole("heading", { name: "Invoice Data Sync" }) },
  { path: "/portal/meetings", api: "/api/v1/meetings", failed: "The meetings could not be loaded.", loaded: (p) => p.getByRole("article").first() },
  { path: "/portal/support", api: "/api/v1/tickets", failed: "The tickets could not be loaded.", loaded: (p) => p.getByText(/^Showing \d+ of \d+ tickets$/) },
  { path: "/portal/billing", api: "/api/v1/billing", failed: "Your billing could not be loaded.", loaded: (p) => p.getByRole("region", { name: "Payment Method" }) },
  { path: "/portal/community", api: "/api/v1/forum/topics", failed: "The topics could not be loaded.", loaded: (p) => p.getByRole("region", { name: "Topics" }).getByRole("link").first() },
  { path: "/portal/reports", api: "/api/v1/reports/summary", failed: "The figures could not be loaded.", loaded: (p) => p.getByTestId("total-savings") },
  { path: "/portal/settings?tab=notifications", api: "/api/v1/profile/notifications", failed: "Your notification preferences could not be loaded.", loaded: (p) => p.getByRole("switch").first() },
  { path: "/portal", api: "/api/v1/dashboard", failed: "The dashboard could not be loaded.", loaded: (p) => p.getByRole("heading", { name: "Recent Activity" }) },
];

for (const [width, viewport] of [["1440", WIDE], ["390", MOBILE]]) {
  pageTest(`while the page's code loads, the sidebar and an outline of the page show at once at ${width} px`, { viewport }, async ({ page }) => {
    await signInAsDemo(page, "customer");
    // The projects page's own code, fetched on a fresh load after the app's first script.
    const release = await holdApi(page, (url) => /^\/assets\/projects-[\w-]+\.js$/.test(url.pathname));
    await page.goto("/portal/projects");
    await expectVisible(frame(page, viewport), "the portal's frame while the code loads");
    await expectVisible(page.locator("[data-skeleton]").first(), "the page in outline");
    assert.equal(await page.getByRole("heading", { name: "AI Projects" }).count(), 0, "the page itself is not there yet");
    await page.screenshot({ path: `/tmp/customer-loading-code-${width}.png` });
    release();
    await expectVisible(page.getByRole("heading", { name: "Customer Service Chatbot" }), "the projects once the code is there");
  });

  pageTest(`while the account loads, the sidebar and an outline of the page show at once at ${width} px`, { viewport }, async ({ page }) => {
    await signInAsDemo(page, "customer");
    const release = await holdApi(page, (url) => url.pathname === "/api/v1/profile");
    await page.goto("/portal/projects");
    await expectVisible(frame(page, viewport), "the portal's frame while the account loads");
    const outline = page.locator("[data-skeleton]");
    await expectVisible(outline.first(), "the page in outline");
    await expectVisible(page.getByRole("status").filter({ hasText: "Loading your account…" }), "the outline, named for screen readers, while the account loads");
    await expectVisible(frame(page, viewport), "the portal's frame, still");
    await page.screenshot({ path: `/tmp/customer-loading-account-${width}.png` });
    release();
    await expectVisible(page.getByRole("heading", { name: "AI Projects", level: 1 }), "the page once the account is read");
    await expectVisible(page.getByRole("heading", { name: "Customer Service Chatbot" }), "the projects");
    await expectHidden(outline.first(), "the outline, gone");
  });

  pageTest(`while a page's data loads, its outline shows under the page's header at ${width} px`, { viewport }, async ({ page }) => {
    await signInAsDemo(page, "customer");
    const release = await holdApi(page, (url) => url.pathname === "/api/v1/projects");
    await open(page, "/portal/projects");
    await expectVisible(frame(page, viewport), "the portal's frame");
    await expectVisible(page.getByRole("heading", { name: "AI Projects", level: 1 }), "the page's header");
    await expectVisible(page.getByRole("status").filter({ hasText: "Loading projects…" }), "the list in outline");
    await sleep(300);
    assert.equal(await page.getByRole("heading", { name: "Customer Service Chatbot" }).count(), 0, "no data before the answer");
    await page.screenshot({ path: `/tmp/customer-loading-projects-${width}.png` });
    release();
    await expectVisible(page.getByRole("heading", { name: "Customer Service Chatbot" }), "the projects once they arrive");
    assert.equal(await page.locator("[data-skeleton]").count(), 0, "no outline left");
  });

  pageTest(
    `every portal page says when its data failed to load, and Retry loads it at ${width} px`,
    { viewport, timeout: 120_000, allowConsoleErrors: [/status of 503/] },
    async ({ page }) => {
      await signInAsDemo(page, "customer");
      for (const { path, api, failed, loaded } of PAGES) {
        let failing = true;
        const matches = (url) => url.pathname === api;
        const handler = (route) =>
          failing
            ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ code: "unavailable", message: "Service unavailable" }) })
            : route.continue();
        await page.route(matches, handler);
        await open(page, path);
        const alert = page.getByRole("alert").filter({ hasText: failed });
        await expectVisible(alert, `the failure on ${path}`);
        await expectVisible(frame(page, viewport), `the portal's frame on ${path}`);
        if (path === "/portal/meetings") await page.screenshot({ path: `/tmp/customer-failed-${width}.png` });
        failing = false;
        await alert.getByRole("button", { name: "Retry" }).click();
        await expectVisible(loaded(page), `${path} after Retry`);
        await expectHidden(alert, `the failure on ${path}, gone after Retry`);
        await page.unroute(matches, handler);
      }
    },
  );
}
