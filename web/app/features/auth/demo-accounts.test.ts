import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./components/demo-tools";

const demoGo = readFileSync(fileURLToPath(new URL("../../../../cmd/growthdesk/demo.go", import.meta.url)), "utf8");

describe("the sign-in page's test-account box", () => {
  it("lists every account the demo seeds, in the same order, with its name", () => {
    const seeded = [...demoGo.matchAll(/\{"([^"]+@[^"]+)", "([^"]+)", growthdesk\.Role\w+,/g)].map((m) => ({ email: m[1], name: m[2] }));
    expect(seeded.length).toBe(5);
    expect(DEMO_ACCOUNTS.map(({ email, name }) => ({ email, name }))).toEqual(seeded);
  });

  it("fills in the demo password the server uses", () => {
    expect(demoGo).toContain(`const DemoPassword = "${DEMO_PASSWORD}"`);
  });

  it("says what each account shows", () => {
    for (const account of DEMO_ACCOUNTS) expect(account.shows.length).toBeGreaterThan(20);
    expect(new Set(DEMO_ACCOUNTS.map((a) => a.label)).size).toBe(DEMO_ACCOUNTS.length);
  });
});
