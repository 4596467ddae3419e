import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const cwd = fileURLToPath(new URL(".", import.meta.url));
const eslint = new ESLint({ cwd });

async function restrictedImports(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${cwd}${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === "import/no-restricted-paths").map((m) => m.message);
}

describe("import rules", { timeout: 60_000 }, () => {
  it("stop a feature from importing another feature", async () => {
    const errors = await restrictedImports(
      "app/features/admin/bad-import.ts",
      'export { settingsKeys } from "~/features/settings/api";\n',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("A feature never imports another feature");
  });

  it("catch a relative import into another feature too", async () => {
    const errors = await restrictedImports("app/features/admin/bad-import.ts", 'export * from "../portal/nav";\n');
    expect(errors).toHaveLength(1);
  });

  it("stop shared code from importing a feature", async () => {
    const errors = await restrictedImports("app/lib/bad-import.ts", 'export { settingsKeys } from "~/features/settings/api";\n');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Shared code");
  });

  it("let a feature use its own files, shared code and the auth session", async () => {
    const errors = await restrictedImports(
      "app/features/admin/good-import.ts",
      [
        'export { adminKeys } from "./api";',
        'export { getJSON } from "~/lib/api";',
        'export { Button } from "~/components/ui/button";',
        'export { useAuth } from "~/features/auth/auth-provider";',
      ].join("\n") + "\n",
    );
    expect(errors).toEqual([]);
  });

  it("let routes compose features", async () => {
    const errors = await restrictedImports(
      "app/routes/portal/example.tsx",
      'export { AdminManagement } from "~/features/admin/components/admin-management";\n',
    );
    expect(errors).toEqual([]);
  });
});

describe("the portal path rule", { timeout: 60_000 }, () => {
  async function pathErrors(file: string, source: string): Promise<string[]> {
    const [result] = await eslint.lintText(source, { filePath: `${cwd}${file}` });
    return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
  }

  it("refuses a /portal string literal outside the path table", async () => {
    expect(await pathErrors("app/features/auth/components/bad.tsx", 'export const to = "/portal/login";\n')).toHaveLength(1);
    expect(await pathErrors("app/features/auth/components/bad.tsx", "export const to = (id: string) => `/portal/support/${id}`;\n")).toHaveLength(1);
    expect(await pathErrors("app/features/auth/components/bad.tsx", 'export const to = "/portal";\n')).toHaveLength(1);
  });

  it("lets the path table and other strings be", async () => {
    expect(await pathErrors("app/lib/paths.ts", 'export const login = "/portal/login";\n')).toEqual([]);
    expect(await pathErrors("app/features/auth/components/good.tsx", 'export const a = "/portals";\nexport const b = "/contact";\n')).toEqual([]);
  });
});

describe("the raw form control rule", { timeout: 60_000 }, () => {
  async function controlErrors(file: string, source: string): Promise<string[]> {
    const [result] = await eslint.lintText(source, { filePath: `${cwd}${file}` });
    return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
  }

  it("refuses a raw button, input, select or textarea in a feature", async () => {
    for (const tag of ["button", "input", "select", "textarea"]) {
      const errors = await controlErrors("app/features/admin/components/bad.tsx", `export const C = () => <${tag} />;\n`);
      expect(errors, tag).toHaveLength(1);
      expect(errors[0]).toContain("~/components/ui");
    }
  });

  it("keeps the portal path rule in features", async () => {
    expect(await controlErrors("app/features/admin/components/bad.tsx", 'export const to = "/portal/login";\n')).toHaveLength(1);
  });

  it("lets the primitives and routes render the raw elements", async () => {
    expect(await controlErrors("app/components/ui/good.tsx", "export const C = () => <button type=\"button\" />;\n")).toEqual([]);
    expect(await controlErrors("app/routes/good.tsx", "export const C = () => <input />;\n")).toEqual([]);
    expect(await controlErrors("app/features/admin/components/good.tsx", "export const C = () => <Button />;\n")).toEqual([]);
  });
});
