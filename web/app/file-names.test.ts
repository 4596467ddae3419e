import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL(".", import.meta.url));
const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function names(dir: string): { path: string; stem: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory()) return [{ path, stem: entry.name }, ...names(`${path}/`)];
    return [{ path, stem: entry.name.split(".")[0] ?? "" }];
  });
}

describe("file names", () => {
  it("are kebab-case under app/ (the part before the first dot)", () => {
    const bad = names(root).filter((n) => !kebab.test(n.stem)).map((n) => n.path.slice(root.length));
    expect(bad).toEqual([]);
  });
});
