// The public shell in use: the header on scroll, the mobile menu, scroll position on route
// changes, and keyboard focus.

import assert from "node:assert/strict";
import {
  MOBILE,
  e2eSuite,
  expectHidden,
  expectText,
  expectVisible,
  nextFrames,
  open,
  waitUntil,
} from "./harness.mjs";

const { pageTest } = e2eSuite();

const NAV_LABELS = ["Home", "Solutions", "Blog", "About", "Contact"];

/** The alpha channel of a computed CSS color ("rgba(0, 0, 0, 0)" → 0, "rgb(255, 255, 255)" → 1). */
function alpha(color) {
  const m = /\(([^)]*)\)/.exec(color);
  if (!m) return color === "transparent" ? 0 : 1;
  const parts = m[1].split(/[\s,/]+/).filter(Boolean);
  if (parts.length < 4) return 1;
  const a = parts[3];
  return a.endsWith("%") ? Number.parseFloat(a) / 100 : Number.parseFloat(a);
}

pageTest("the header turns opaque after scrolling more than 50 px, and clear again at the top", async ({ page }) => {
  await open(page, "/");
  const header = page.getByRole("banner");
  const read = () =>
    header.evaluate((el) => ({
      scrolled: el.getAttribute("data-scrolled"),
      background: getComputedStyle(el).backgroundColor,
      scrollY: window.scrollY,
    }));
  let state;
  const expectState = (scrolled, opaque, what) =>
    waitUntil(
      async () => {
        state = await read();
        return state.scrolled === scrolled && (opaque ? alpha(state.background) === 1 : alpha(state.background) === 0);
      },
      () => `${what}: expected data-scrolled=${scrolled} and an ${opaque ? "opaque" : "transparent"} background, got ${JSON.stringify(state)}`,
    );

  await expectState("false", false, "at the top");

  // 40 px is not enough.
  await page.evaluate(() => window.scrollTo(0, 40));
  await nextFrames(page);
  await nextFrames(page);
  state = await read();
  assert.equal(state.scrollY, 40);
  assert.equal(state.scrolled, "false", "still clear at 40 px");
  assert.equal(alpha(state.background), 0, `still transparent at 40 px (${state.background})`);

  // A real wheel scroll past the threshold.
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 400);
  await waitUntil(() => page.evaluate(() => window.scrollY > 50), "the page scrolled");
  await expectState("true", true, "after scrolling down");

  await page.mouse.wheel(0, -10_000);
  await waitUntil(() => page.evaluate(() => window.scrollY === 0), "the page scrolled back to the top");
  await expectState("false", false, "back at the top");
});

pageTest("the mobile menu opens and closes with its button and with Escape", { viewport: MOBILE }, async ({ page }) => {
  await open(page, "/");
  await expectHidden(page.getByRole("navigation", { name: "Main" }), "the desktop navigation on a phone");
  const openButton = page.getByRole("button", { name: "Open menu" });
  const closeButton = page.getByRole("button", { name: "Close menu" });
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expectVisible(openButton, "the 'Open menu' button");
  assert.equal(await openButton.getAttribute("aria-expanded"), "false");
  await expectHidden(menu, "the closed menu");

  await openButton.click();
  await expectVisible(menu, "the open menu");
  for (const label of NAV_LABELS) {
    await expectVisible(menu.getByRole("link", { name: label, exact: true }), `menu link ${label}`);
  }
  await expectVisible(menu.getByRole("link", { name: "Book Free Call" }), "the menu's 'Book Free Call'");
  await expectVisible(closeButton, "the 'Close menu' button");
  assert.equal(await closeButton.getAttribute("aria-expanded"), "true");
  assert.equal(await openButton.count(), 0, "no 'Open menu' button while open");

  await closeButton.click();
  await expectHidden(menu, "the menu after 'Close menu'");
  await expectVisible(openButton, "'Open menu' again");

  await openButton.click();
  await expectVisible(menu, "the menu opened again");
  await page.keyboard.press("Escape");
  await expectHidden(menu, "the menu after Escape");
  await expectVisible(openButton, "'Open menu' after Escape");
  assert.equal(
    await page.evaluate(() => document.activeElement?.getAttribute("aria-label")),
    "Open menu",
    "focus returns to the menu button",
  );

  // Following a link closes the menu.
  await openButton.click();
  await menu.getByRole("link", { name: "Solutions", exact: true }).click();
  await page.waitForURL((u) => u.pathname === "/solutions");
  await expectText(page.locator("h1"), "AI Solutions Built for Growing Businesses");
  await expectHidden(menu, "the menu after navigating");
  await expectVisible(openButton, "'Open menu' on the new page");
});

pageTest("a route change scrolls to the top", async ({ page }) => {
  await open(page, "/");
  const scrollY = () => page.evaluate(() => window.scrollY);

  // From the bottom of the home page through a footer link.
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await waitUntil(async () => (await scrollY()) > 500, "the home page scrolled down");
  await page.getByRole("contentinfo").getByRole("navigation", { name: "Quick Links" }).getByRole("link", { name: "Solutions" }).click();
  await page.waitForURL((u) => u.pathname === "/solutions");
  await expectText(page.locator("h1"), "AI Solutions Built for Growing Businesses");
  await waitUntil(async () => (await scrollY()) === 0, async () => `expected scrollY 0 on /solutions, got ${await scrollY()}`, 2_000);
  assert.equal(await page.locator("h1").evaluate((h) => h.getBoundingClientRect().top >= 0), true, "the h1 is in view");

  // Half-way down a page through the sticky header.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await waitUntil(async () => (await scrollY()) > 500, "/solutions scrolled down");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
  await page.waitForURL((u) => u.pathname === "/blog");
  await expectText(page.locator("h1"), "AI Automation Insights");
  await waitUntil(async () => (await scrollY()) === 0, async () => `expected scrollY 0 on /blog, got ${await scrollY()}`, 2_000);
});

/** What has keyboard focus: its accessible text, whether it is visible, and its outline. */
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    return {
      text: (el.getAttribute("aria-label") || el.innerText || "").trim(),
      href: el.getAttribute("href"),
      inMain: Boolean(el.closest("main")),
      inMainNav: Boolean(el.closest('nav[aria-label="Main"]')),
      visible: el.checkVisibility() && el.getBoundingClientRect().width > 1 && el.getBoundingClientRect().height > 1,
      outlineStyle: style.outlineStyle,
      outlineWidth: style.outlineWidth,
    };
  });
}

function assertFocusRing(f, what) {
  assert.ok(f, `${what} has focus`);
  assert.ok(f.visible, `${what} is visible while focused: ${JSON.stringify(f)}`);
  assert.notEqual(f.outlineStyle, "none", `${what} shows a focus outline: ${JSON.stringify(f)}`);
  assert.ok(Number.parseFloat(f.outlineWidth) > 0, `${what} focus outline has a width: ${JSON.stringify(f)}`);
}

pageTest("Tab reaches the skip link and the navigation with a visible focus outline", async ({ page }) => {
  await open(page, "/");
  await page.keyboard.press("Tab");
  let f = await focused(page);
  assert.equal(f?.text, "Skip to main content", `first Tab focuses the skip link, got ${JSON.stringify(f)}`);
  assert.equal(f.href, "#main-content");
  assertFocusRing(f, "the skip link");

  // Onwards to the first link of the header navigation.
  let steps = 0;
  do {
    await page.keyboard.press("Tab");
    f = await focused(page);
    assertFocusRing(f, `Tab stop ${JSON.stringify(f?.text)}`);
  } while (!f.inMainNav && ++steps < 5);
  assert.ok(f.inMainNav, "Tab reaches the header navigation within a few stops");
  assert.equal(f.text, "Home");

  // The skip link moves the keyboard past the header.
  await open(page, "/");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await waitUntil(() => page.evaluate(() => location.hash === "#main-content"), "the skip link was followed");
  await page.keyboard.press("Tab");
  f = await focused(page);
  assert.ok(f?.inMain, `after the skip link, Tab lands inside the main content, got ${JSON.stringify(f)}`);
  assertFocusRing(f, "the first control in the main content");
});

pageTest("from the portal, a public page loads as its own document and its controls work", { viewport: MOBILE }, async ({ page }) => {
  await open(page, "/portal/login");
  assert.equal(await page.evaluate(() => Boolean(window.__reactRouterContext)), true, "the portal is the app");
  await page.getByRole("link", { name: "Back to website" }).click();
  await page.waitForURL((u) => u.pathname === "/");
  await waitUntil(() => page.evaluate(() => document.documentElement.dataset.islands === "ready"), "the home page's islands started");
  assert.equal(await page.evaluate(() => Boolean(window.__reactRouterContext)), false, "the home page is the prerendered document, not the app");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expectVisible(page.getByRole("navigation", { name: "Mobile" }), "the menu opened by its island");
});

for (const [width, viewport] of [["1440", { width: 1440, height: 900 }], ["390", MOBILE]]) {
  pageTest(`the footer shows the current year at ${width} px`, { viewport }, async ({ page }) => {
    await open(page, "/about");
    const footer = page.getByRole("contentinfo");
    await footer.scrollIntoViewIfNeeded();
    const year = new Date().getFullYear();
    await expectText(footer.getByText(/^© \d{4} /), `© ${year} Growthdesk. All rights reserved.`);
  });
}
