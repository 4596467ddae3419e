// The blog list: search, category filters, the empty state, and the newsletter sign-up.

import assert from "node:assert/strict";
import {
  blogPosts,
  e2eSuite,
  expectHidden,
  expectText,
  expectVisible,
  expectVisibleText,
  open,
  waitUntil,
} from "./harness.mjs";

const suite = e2eSuite();
const { pageTest } = suite;

const posts = await blogPosts();
const CATEGORIES = ["All", "AI Technology", "Business Strategy", "Getting Started", "Case Studies", "Best Practices"];
const SUBSCRIBED = "Almost there! Check your inbox and click the link in our email to confirm your subscription.";

/** The titles of the article cards a reader sees in the list, in page order. */
async function visibleTitles(page) {
  return page
    .getByRole("main")
    .getByRole("article")
    .getByRole("heading")
    .evaluateAll((els) => els.filter((el) => el.checkVisibility()).map((el) => el.innerText.trim()));
}

async function expectTitles(page, expected, what) {
  let actual;
  await waitUntil(
    async () => JSON.stringify((actual = await visibleTitles(page)).sort()) === JSON.stringify([...expected].sort()),
    () => `${what}: expected the articles ${JSON.stringify(expected)}, saw ${JSON.stringify(actual)}`,
  );
}

const allTitles = posts.map((p) => p.title);
const searchable = (p) => [p.title, p.excerpt, ...p.tags].join(" ").toLowerCase();

/** A word of one post's title that no other post mentions in its title, excerpt or tags. */
function distinctiveWord() {
  for (const post of posts) {
    for (const word of post.title.split(/[^A-Za-z0-9]+/).filter((w) => w.length >= 5)) {
      const others = posts.filter((p) => p !== post && searchable(p).includes(word.toLowerCase()));
      if (others.length === 0) return { post, word };
    }
  }
  throw new Error("no post title has a word of its own; add one to the test data");
}

pageTest("the blog lists featured and latest articles and every category that has articles", async ({ page }) => {
  for (const category of CATEGORIES.slice(1)) {
    assert.ok(posts.some((p) => p.category === category), `content/blog has an article in ${category}`);
  }
  await open(page, "/blog");
  await expectTitles(page, allTitles, "unfiltered");
  const filters = page.getByRole("group", { name: "Filter by category" }).getByRole("button");
  assert.deepEqual(
    await filters.allInnerTexts(),
    CATEGORIES.filter((c) => c === "All" || posts.some((p) => p.category === c)),
    "All, then only the categories that have articles",
  );
  assert.equal(
    await page.getByRole("button", { name: "All", exact: true }).getAttribute("aria-pressed"),
    "true",
    "'All' is selected at first",
  );

  const featured = page.getByRole("region", { name: "Featured Articles" });
  const latest = page.getByRole("region", { name: "Latest Articles" });
  for (const post of posts) {
    const section = post.featured ? featured : latest;
    await expectVisible(section.getByRole("heading", { name: post.title }), `${post.title} under ${post.featured ? "Featured" : "Latest"}`);
  }
  // The featured card shows its whole illustration: the image keeps its 1200×630 shape and lies
  // inside its frame at every width.
  for (const width of [390, 1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const frames = await page.getByTestId("featured-image").evaluateAll((els) =>
      els.map((frame) => {
        const img = frame.querySelector("img:not([aria-hidden])");
        const box = img.getBoundingClientRect();
        const outer = frame.getBoundingClientRect();
        return {
          ratio: box.width / box.height,
          fit: getComputedStyle(img).objectFit,
          inside: box.left >= outer.left - 0.5 && box.right <= outer.right + 0.5 && box.top >= outer.top - 0.5 && box.bottom <= outer.bottom + 0.5,
        };
      }),
    );
    assert.equal(frames.length, posts.filter((p) => p.featured).length);
    for (const f of frames) {
      assert.ok(Math.abs(f.ratio - 1200 / 630) < 0.02, `at ${width} px the featured image keeps its shape, saw ${f.ratio.toFixed(3)}`);
      assert.ok(f.inside, `at ${width} px the featured image lies inside its frame`);
      assert.notEqual(f.fit, "cover", `at ${width} px the featured image is not cropped to cover`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  if (posts.some((p) => !p.featured)) {
    // Cards in the Latest grid show at most two tags.
    const tagCounts = await latest.getByRole("list", { name: "Tags" }).evaluateAll((lists) => lists.map((l) => l.children.length));
    assert.ok(tagCounts.length > 0 && tagCounts.every((n) => n <= 2), `latest cards show at most 2 tags, saw ${tagCounts}`);
  }
});

pageTest("searching for a word of one title shows only that article", async ({ page }) => {
  await open(page, "/blog");
  const { post, word } = distinctiveWord();
  const search = page.getByRole("searchbox", { name: "Search articles" });
  await search.fill(word.toLowerCase());
  await expectTitles(page, [post.title], `search ${JSON.stringify(word)}`);

  await search.fill("");
  await expectTitles(page, allTitles, "cleared search");
});

pageTest("a category button shows only that category's articles and 'All' restores the list", async ({ page }) => {
  await open(page, "/blog");
  const group = page.getByRole("group", { name: "Filter by category" });
  for (const category of CATEGORIES.slice(1)) {
    const button = group.getByRole("button", { name: category, exact: true });
    await button.click();
    assert.equal(await button.getAttribute("aria-pressed"), "true", `${category} is selected`);
    const expected = posts.filter((p) => p.category === category).map((p) => p.title);
    await expectTitles(page, expected, `category ${category}`);
    if (expected.length === 0) {
      await expectVisibleText(page, "No articles found");
    } else {
      await expectHidden(page.getByText("No articles found"), "the empty state");
      for (const title of expected) {
        const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
        await expectVisible(card.getByText(category, { exact: true }).first(), `${category} badge on ${title}`);
      }
    }
  }
  await group.getByRole("button", { name: "All", exact: true }).click();
  await expectTitles(page, allTitles, "All");
  assert.equal(await group.getByRole("button", { name: "All", exact: true }).getAttribute("aria-pressed"), "true");
});

pageTest("a search that matches nothing shows the empty state, and 'All' brings the articles back", async ({ page }) => {
  await open(page, "/blog");
  const search = page.getByRole("searchbox", { name: "Search articles" });
  await search.fill("xylophone quantum zebra");
  await expectVisibleText(page, "No articles found", { exact: true });
  await expectVisibleText(page, "Try adjusting your search terms or browse all categories", { exact: true });
  await expectTitles(page, [], "nothing matches");
  await expectHidden(page.getByRole("region", { name: "Featured Articles" }), "Featured Articles");
  await expectHidden(page.getByRole("region", { name: "Latest Articles" }), "Latest Articles");

  await search.fill("");
  await expectTitles(page, allTitles, "cleared search");

  // The empty state's own button clears the search and the category.
  await search.fill("xylophone quantum zebra");
  await expectVisibleText(page, "No articles found", { exact: true });
  await page.getByRole("button", { name: "Show all articles" }).click();
  await expectTitles(page, allTitles, "after 'Show all articles'");
  assert.equal(await search.inputValue(), "");
});

for (const [width, viewport] of [["1440", { width: 1440, height: 900 }], ["390", { width: 390, height: 844 }]]) {
  pageTest(`the search and category are in the address: shared, reloaded and restored by Back at ${width} px`, { viewport }, async ({ page, newContext }) => {
    const { post, word } = distinctiveWord();
    const group = page.getByRole("group", { name: "Filter by category" });
    const search = page.getByRole("searchbox", { name: "Search articles" });
    const pressed = () => group.locator('[aria-pressed="true"]').innerText();
    await open(page, "/blog");
    await group.getByRole("button", { name: post.category, exact: true }).click();
    await search.fill(word.toLowerCase());
    await expectTitles(page, [post.title], "category and search");
    const address = new URL(page.url());
    assert.equal(address.searchParams.get("category"), post.category, "the category is in the address");
    assert.equal(address.searchParams.get("q"), word.toLowerCase(), "the search is in the address");
    await page.screenshot({ path: `/tmp/customer-blog-filter-${width}.png` });

    // Back from the article returns to the filtered list.
    await page.getByRole("main").getByRole("link", { name: post.title, exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/blog/${post.slug}`);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === "/blog");
    await expectTitles(page, [post.title], "the filtered list after Back");
    assert.equal(await search.inputValue(), word.toLowerCase(), "the search box holds the search again");
    assert.equal(await pressed(), post.category, "the category is selected again");

    // Back once more steps out of the category (typing did not add steps).
    await page.goBack();
    await waitUntil(async () => new URL(page.url()).search === "", "the unfiltered address after a second Back");
    await expectTitles(page, allTitles, "the whole list after a second Back");
    assert.equal(await search.inputValue(), "", "the search box is empty again");
    assert.equal(await pressed(), "All", "All is selected again");

    // The address, opened by someone else, shows the same list.
    const other = await (await newContext()).newPage();
    await other.setViewportSize(viewport);
    await open(other, address.pathname + address.search);
    await expectTitles(other, [post.title], "the shared address");
    assert.equal(await other.getByRole("searchbox", { name: "Search articles" }).inputValue(), word.toLowerCase());
    assert.equal(await other.getByRole("group", { name: "Filter by category" }).locator('[aria-pressed="true"]').innerText(), post.category);
    const overflow = await other.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    assert.equal(overflow, false, "no horizontal overflow");
  });
}

// ---------------------------------------------------------------------------------------------
// Newsletter

function newsletterBox(page) {
  return page.getByRole("region", { name: "Stay ahead with AI automation insights" });
}

pageTest("subscribing to the newsletter stores the address once", async ({ page }) => {
  const address = `reader-${Date.now()}@example.com`;
  await open(page, "/blog");
  let box = newsletterBox(page);
  await box.getByRole("textbox", { name: "Email address" }).fill(address);
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expectVisible(box.getByText(SUBSCRIBED), "the subscribed confirmation");

  let rows = (await suite.server.subscribers()).filter((s) => s.email === address);
  assert.equal(rows.length, 1, "one subscriber row");
  assert.equal(rows[0].source, "blog");
  assert.equal(rows[0].status, "pending", "the address waits for its owner's confirmation");

  // The same address again (different case, stray spaces) is recognized: still one row, still
  // waiting for the confirmation (newsletter.test.mjs follows the e-mailed links).
  await open(page, "/blog");
  box = newsletterBox(page);
  await box.getByRole("textbox", { name: "Email address" }).fill(`  ${address.toUpperCase()} `);
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expectVisible(box.getByText(SUBSCRIBED), "the check-your-inbox message");
  rows = (await suite.server.subscribers()).filter((s) => s.email.toLowerCase() === address);
  assert.equal(rows.length, 1, "still one subscriber row");
  assert.equal(rows[0].status, "pending");
});

pageTest(
  "an invalid newsletter address shows an error and stores nothing",
  // The server answers 422 to the address the browser lets through; Chromium logs the failed request.
  { allowConsoleErrors: [/Failed to load resource: the server responded with a status of 422/] },
  async ({ page }) => {
    await open(page, "/blog");
    const box = newsletterBox(page);
    const input = box.getByRole("textbox", { name: "Email address" });
    const before = (await suite.server.subscribers()).length;

    // Not an address at all: the browser's own validation stops the form.
    await input.fill("not-an-email");
    await box.getByRole("button", { name: "Subscribe" }).click();
    assert.notEqual(await input.evaluate((el) => el.validationMessage), "", "the browser flags the address");
    await expectHidden(box.getByText(SUBSCRIBED), "the confirmation");

    // Looks like an address to the browser but has no dotted domain: the server's message shows.
    await input.fill("reader@localhost");
    await box.getByRole("button", { name: "Subscribe" }).click();
    const alert = box.getByRole("alert");
    await expectVisible(alert, "the error message");
    assert.equal((await alert.innerText()).trim(), "Enter a valid email address.");
    assert.equal(await input.getAttribute("aria-invalid"), "true");
    await expectHidden(box.getByText(SUBSCRIBED), "the confirmation");

    // Editing the address clears the error.
    await input.fill("reader@example.com");
    await expectHidden(alert, "the error after editing");

    assert.equal((await suite.server.subscribers()).length, before, "nothing was stored");
  },
);

pageTest("an article opens from the list and leads back to it", async ({ page }) => {
  await open(page, "/blog");
  const post = posts.find((p) => !p.featured) ?? posts[0];
  await page.getByRole("main").getByRole("link", { name: post.title, exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/blog/${post.slug}`);
  // The URL can change a moment before React renders the new route: wait for the text.
  await expectText(page.locator("h1"), post.title);
  await expectVisibleText(page, post.excerpt);
  await expectVisible(page.getByRole("heading", { name: "About the Author" }), "the author card");
  assert.equal(await page.getByRole("navigation", { name: "Main" }).count(), 0, "no site header on an article");
  await waitUntil(() => page.title().then((t) => t.startsWith(post.title)), "the article's <title>");

  await page.getByRole("link", { name: "All articles" }).click();
  await page.waitForURL((u) => u.pathname === "/blog");
  await expectTitles(page, allTitles, "back on the list");
});
