// The community forum (/portal/community) in Chromium with the demo accounts: a customer starts a
// topic, a customer of another organization finds it by search and replies, and the author gets the
// reply e-mail at the harness's SMTP server, whose link opens the topic. Authors show by name only.

import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { randomUUID } from "node:crypto";
import { MOBILE, e2eSuite, expectVisible, normalize, open, waitUntil, signInAsDemo } from "./harness.mjs";

const { pageTest } = e2eSuite({ smtp: true, args: ["--demo"] });

const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's WCAG A and AA rules on the page as it is now (as in a11y.test.mjs); fails listing each violation. */
async function expectAccessible(page, where) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE_SOURCE);
  const { violations } = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] }, resultTypes: ["violations"] }),
  );
  const lines = violations.flatMap((v) => [`${v.id}: ${v.help}`, ...v.nodes.map((n) => `  ${n.target.join(" ")} ${n.html.slice(0, 120)}`)]);
  assert.equal(lines.length, 0, `${where} has accessibility violations:\n${lines.join("\n")}`);
}


pageTest("a customer starts a topic, another replies, the author gets the e-mail", async ({ page, server, newContext }) => {
  const title = `Review request timing ${randomUUID().slice(0, 6)}`;

  await signInAsDemo(page, "customer");
  await open(page, "/portal/community");
  await expectVisible(page.getByRole("heading", { name: "Community Forum", level: 1 }), "the forum");
  await page.getByRole("button", { name: "New Topic" }).click();
  const dialog = page.getByRole("dialog", { name: "New Topic" });
  await dialog.getByLabel("Category").selectOption("marketing");
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Message").fill("When do you ask patients for a review?\n- after the visit\n- a day later\n<b>not bold</b>");
  await dialog.getByRole("button", { name: "Post Topic" }).click();
  await expectVisible(page.getByRole("heading", { name: title, level: 1 }), "the new topic");
  const posts = page.getByRole("list", { name: "Posts" });
  await expectVisible(posts.getByRole("listitem").getByText("a day later"), "the list item of the post");
  await expectVisible(posts.getByText("<b>not bold</b>"), "HTML shown as text");

  const other = await (await newContext()).newPage();
  await signInAsDemo(other, "second customer");
  await open(other, "/portal/community");
  await other.getByLabel("Search topics").fill(title.split(" ").pop());
  await other.getByRole("link", { name: title }).click();
  await expectVisible(other.getByRole("heading", { name: title, level: 1 }), "the topic for the second customer");
  await other.getByLabel("Your reply").fill("We send it **two hours** after the visit.");
  await other.getByRole("button", { name: "Post Reply" }).click();
  const reply = other.getByRole("article", { name: "Reply by Noor Haddad" });
  await expectVisible(reply, "the reply");
  await expectVisible(reply.locator("strong", { hasText: "two hours" }), "bold text in the reply");
  const thread = normalize(await other.getByRole("list", { name: "Posts" }).innerText());
  assert.ok(thread.includes("Casey Customer") && thread.includes("Noor Haddad"), `authors by name: ${thread}`);
  for (const hidden of ["@demo.growthdesk.io", "@northwind.example", "Brightside", "Northwind"]) {
    assert.ok(!thread.includes(hidden), `the thread shows ${hidden}: ${thread}`);
  }

  await expectAccessible(other, "a topic with a reply");
  const mail = await server.smtp.waitForMail({ to: "customer@demo.growthdesk.io", subject: /New reply to your topic/ });
  assert.ok(mail.text.includes(title), "the e-mail names the topic");
  assert.ok(mail.text.includes("Noor Haddad"), "the e-mail names who replied");
  assert.ok(!mail.text.includes("northwind.example"), "the e-mail does not give the replier's address");
  const link = /(https?:\/\/\S+\/portal\/community\/[0-9a-f-]+)/.exec(mail.text)?.[1];
  assert.ok(link, `a link to the topic in:\n${mail.text}`);
  await open(page, new URL(link).pathname);
  await expectVisible(page.getByRole("article", { name: "Reply by Noor Haddad" }), "the reply, opened from the e-mail");

  // The replier's own post is editable; the author's page offers no edit on someone else's reply.
  await expectVisible(other.getByRole("article", { name: "Reply by Noor Haddad" }).getByRole("button", { name: "Edit" }), "Edit on one's own reply");
  assert.equal(await page.getByRole("article", { name: "Reply by Noor Haddad" }).getByRole("button", { name: "Edit" }).count(), 0);
  await waitUntil(async () => (await server.smtp.messages()).filter((m) => /New reply/.test(m.subject)).length === 1, "exactly one reply e-mail");
});

pageTest("staff pin and lock a topic; a locked topic takes no reply", async ({ page, newContext }) => {
  const title = `Pinned notes ${randomUUID().slice(0, 6)}`;
  await signInAsDemo(page, "customer");
  await open(page, "/portal/community");
  await page.getByRole("button", { name: "New Topic" }).click();
  const dialog = page.getByRole("dialog", { name: "New Topic" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Message").fill("Notes for everyone.");
  await dialog.getByRole("button", { name: "Post Topic" }).click();
  await expectVisible(page.getByRole("heading", { name: title, level: 1 }), "the new topic");
  const topicPath = new URL(page.url()).pathname;

  const staff = await (await newContext()).newPage();
  await signInAsDemo(staff, "employee");
  await open(staff, topicPath);
  const moderation = staff.getByRole("group", { name: "Moderation" });
  await moderation.getByRole("button", { name: "Pin" }).click();
  await expectVisible(moderation.getByRole("button", { name: "Unpin" }), "the topic pinned");
  await moderation.getByRole("button", { name: "Lock" }).click();
  await expectVisible(staff.getByText("This topic is locked: it takes no new replies."), "the locked notice");

  await open(page, topicPath);
  await expectVisible(page.getByText("This topic is locked: it takes no new replies."), "the customer sees it locked");
  assert.equal(await page.getByLabel("Your reply").count(), 0, "no reply form on a locked topic");
  assert.equal(await page.getByRole("group", { name: "Moderation" }).count(), 0, "customers do not moderate");
  await open(page, "/portal/community");
  const topics = page.getByRole("region", { name: "Topics" });
  await expectVisible(topics.getByRole("link", { name: title }), "the topic in the list");
  await expectAccessible(page, "the topic list");
  const first = topics.getByRole("listitem").first();
  assert.ok(normalize(await first.innerText()).includes(title), "the pinned topic comes first");
});

for (const [width, viewport] of [["1440", { width: 1440, height: 900 }], ["390", MOBILE]]) {
  pageTest(`the topic search filters as one types, with no button, at ${width} px`, { viewport }, async ({ page }) => {
    const word = `Typeahead${width}${randomUUID().slice(0, 6)}`;
    await signInAsDemo(page, "customer");
    await open(page, "/portal/community");
    await page.getByRole("button", { name: "New Topic" }).click();
    const dialog = page.getByRole("dialog", { name: "New Topic" });
    await dialog.getByLabel("Title").fill(`${word} question`);
    await dialog.getByLabel("Message").fill("Found by typing.");
    await dialog.getByRole("button", { name: "Post Topic" }).click();
    await expectVisible(page.getByRole("heading", { name: `${word} question`, level: 1 }), "the new topic");
    await open(page, "/portal/community");
    const topics = page.getByRole("region", { name: "Topics" });
    await expectVisible(topics.getByRole("link").first(), "the topics");
    assert.ok((await topics.getByRole("link").count()) > 1, "more than one topic before searching");
    assert.equal(await page.getByRole("button", { name: "Search", exact: true }).count(), 0, "no Search button to press");

    await page.getByLabel("Search topics").pressSequentially(word.toLowerCase(), { delay: 20 });
    await waitUntil(async () => (await topics.getByRole("link").count()) === 1, "only the matching topic is listed");
    await expectVisible(topics.getByRole("link", { name: `${word} question` }), "the matching topic");
    assert.equal(new URL(page.url()).searchParams.get("search"), word.toLowerCase(), "the search is in the address");
    await page.screenshot({ path: `/tmp/customer-forum-search-${width}.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    assert.equal(overflow, false, "no horizontal overflow");

    await page.getByLabel("Search topics").fill("");
    await waitUntil(async () => (await topics.getByRole("link").count()) > 1, "clearing the search lists every topic again");
  });

  pageTest(`the sidebar marks Community on the forum and on a topic at ${width} px`, { viewport }, async ({ page }) => {
    const title = `Sidebar check ${width} ${randomUUID().slice(0, 6)}`;
    const phone = viewport === MOBILE;
    const community = page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Community", exact: true });
    const openMenu = () => (phone ? page.getByRole("button", { name: "Open navigation" }).click() : Promise.resolve());
    await signInAsDemo(page, "customer");
    await openMenu();
    await community.click();
    await expectVisible(page.getByRole("heading", { name: "Community Forum", level: 1 }), "the forum");
    await openMenu();
    await expectVisible(community, "Community in the sidebar");
    assert.equal(await community.getAttribute("aria-current"), "page", "Community is marked on the forum");
    if (phone) await page.getByRole("button", { name: "Close navigation" }).click();

    await page.getByRole("button", { name: "New Topic" }).click();
    const dialog = page.getByRole("dialog", { name: "New Topic" });
    await dialog.getByLabel("Category").selectOption("marketing");
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Message").fill("Which sidebar entry is lit on a topic page?");
    await dialog.getByRole("button", { name: "Post Topic" }).click();
    await expectVisible(page.getByRole("heading", { name: title, level: 1 }), "the topic");
    await openMenu();
    await expectVisible(community, "Community in the sidebar on the topic");
    assert.equal(await community.getAttribute("aria-current"), "page", "Community is marked on a topic");
    const marked = await page.getByRole("navigation", { name: "Portal" }).locator('[aria-current="page"]').count();
    assert.equal(marked, 1, "one entry is marked");
  });
}
