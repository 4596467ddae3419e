// axe-core in a page of the app: the pages' Content-Security-Policy blocks injected script
// tags, so axe's source is evaluated in the page.

import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The WCAG A/AA rules the page breaks as it is now, as readable lines (empty when none). */
export async function axeProblems(page) {
  await page.evaluate(AXE_SOURCE);
  const { violations } = await page.evaluate(
    (tags) => window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] }),
    WCAG_TAGS,
  );
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} at ${n.target.join(" ")}`));
}

/** True when the page scrolls sideways (content wider than the viewport). */
export function overflowsSideways(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}
