// A deployment that embeds a third-party form (--contact-embed-url): /contact shows that form's
// frame and loads its script, allowed by the page's Content-Security-Policy, instead of our own.

import assert from "node:assert/strict";
import { createServer } from "node:http";
import { after } from "node:test";
import { e2eSuite, expectHidden, expectVisible, open } from "./harness.mjs";

// The "third party": another origin serving a script that fills the frame the page gives it.
const thirdParty = createServer((req, res) => {
  if (req.url !== "/form.js") {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "Content-Type": "text/javascript" });
  res.end(`document.getElementById("discovery-call-embed").insertAdjacentHTML("beforeend", "<p>Embedded booking form</p>");`);
});
await new Promise((ok) => thirdParty.listen(0, "127.0.0.1", ok));
const embedUrl = `http://127.0.0.1:${thirdParty.address().port}/form.js`;
after(() => thirdParty.close());

const { pageTest } = e2eSuite({ args: ["--contact-embed-url", embedUrl] });

pageTest("with a configured form, /contact shows it instead of ours and loads its script", async ({ page }) => {
  const res = await open(page, "/contact");
  const csp = res.headers()["content-security-policy"] ?? "";
  assert.match(csp, new RegExp(`script-src [^;]*${new URL(embedUrl).origin.replace(/[.:/]/g, "\\$&")}`), "the CSP allows the form's origin");

  const panel = page.getByRole("region", { name: "Discovery Call Form" });
  await expectVisible(panel, "the form's section, named by its heading");
  await expectVisible(page.getByText("Embedded booking form"), "what the third-party script wrote");
  assert.equal(await page.getByRole("form", { name: "Discovery Call Form" }).count(), 0, "our own form is not offered");
  await expectHidden(page.getByRole("button", { name: "Book My Free Call" }), "our submit button");
  await expectVisible(page.getByText("Form not loading? Email us at"), "the fallback address");
});
