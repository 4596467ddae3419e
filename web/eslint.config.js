import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "eslint/config";
import importPlugin from "eslint-plugin-import";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const features = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The auth feature's session surface, shared by every signed-in feature: the session hooks and the profile
// they expose. Everything else another feature needs lives in app/lib or app/components.
const sharedAuthModules = ["./auth/auth-provider.tsx", "./auth/profile-api.ts"];

const layerZones = [
  {
    target: ["./app/components", "./app/lib"],
    from: ["./app/features", "./app/routes", "./app/routes.ts", "./app/root.tsx"],
    message: "Shared code (components/, lib/) never imports a feature or a route.",
  },
  {
    target: "./app/features",
    from: ["./app/routes", "./app/routes.ts"],
    message: "Features never import routes; routes compose features.",
  },
  ...features.map((name) => ({
    target: `./app/features/${name}`,
    from: "./app/features",
    except: [`./${name}`, ...(name === "auth" ? [] : sharedAuthModules)],
    message: `A feature never imports another feature: move what "${name}" needs to lib/ or components/, or compose both in a route.`,
  })),
];

// Portal paths come from the path table (lib/paths.ts), never from a string literal.
const portalPathRules = [
  {
    selector: "Literal[value=/^\\/portal(?:[/?#]|$)/]",
    message: "Use the path table (paths.portal… from ~/lib/paths) instead of a /portal string literal.",
  },
  {
    selector: "TemplateElement[value.raw=/^\\/portal(?:[/?#]|$)/]",
    message: "Use the path table (paths.portal… from ~/lib/paths) instead of a /portal string literal.",
  },
];

// Features build forms from the primitives of components/ui, which carry the look, the focus ring
// and the aria wiring; a raw form control in a feature is refused.
const rawControlRules = [
  {
    selector: "JSXOpeningElement[name.name=/^(button|input|select|textarea)$/]",
    message:
      "Use the primitives of ~/components/ui (Button, UnstyledButton, Input, Checkbox, Radio, FileInput, Select, Textarea, SearchField, PasswordInput) instead of a raw form control in a feature.",
  },
];

export default defineConfig(
  { ignores: ["build/", ".react-router/", "node_modules/"] },
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { import: importPlugin },
    settings: {
      "import/resolver": { typescript: { project: `${webRoot}tsconfig.json` }, node: true },
    },
    rules: {
      "import/no-restricted-paths": ["error", { basePath: webRoot, zones: layerZones }],
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "import/no-unresolved": ["error", { ignore: ["^virtual:", "\\?raw$"] }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/paths.ts", "app/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...portalPathRules] },
  },
  {
    // A rule's options are replaced, not merged, by a later block: features get both lists.
    files: ["app/features/**/*.tsx"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...portalPathRules, ...rawControlRules] },
  },
);
