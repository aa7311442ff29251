import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import tseslint from "typescript-eslint";

// lib/ layout: where code runs (scripts/restructure/split-lib.mjs).
// A module's tier is its directory, lib/<domain>/{server,client,shared}/: client/ and shared/
// never import server/ or "server-only"; shared/ never imports client/; server/ never imports
// client/. Type-only imports are allowed: they are erased.
const SERVER_DIR = {
  regex: "^(@/lib/[^/]+/|(\\.{1,2}/)+([^/]+/)?)server(/|$)",
  allowTypeImports: true,
  message: "server/ modules do not run in the browser: import a shared/ module, or move the code.",
};
const CLIENT_DIR = {
  regex: "^(@/lib/[^/]+/|(\\.{1,2}/)+([^/]+/)?)client(/|$)",
  allowTypeImports: true,
  message: "client/ modules need a browser: only client code may import them.",
};
const SERVER_ONLY = { name: "server-only", message: 'Only lib/*/server/ modules start with import "server-only".' };
const SERVER_PATH = new RegExp(SERVER_DIR.regex);

// A 'use client' module anywhere (components/, app/) ships to the browser: no value import of a
// server/ module or of "server-only". ESLint globs cannot see the directive, hence a rule.
const useClientBoundary = {
  meta: { type: "problem", schema: [], messages: { server: "A 'use client' module cannot import {{source}}." } },
  create(context) {
    const isClient = context.sourceCode.ast.body.some(
      (node) => node.type === "ExpressionStatement" && node.directive === "use client",
    );
    if (!isClient) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string" || node.importKind === "type" || node.exportKind === "type") return;
      if (node.specifiers?.length && node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"))
        return;
      if (source === "server-only" || SERVER_PATH.test(source))
        context.report({ node, messageId: "server", data: { source } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const ERROR_BODY = {
  selector: "Property[key.name='error'][value.type='ObjectExpression']",
  message:
    "Build error bodies with errorBody()/apiErrorResponse() (lib/http/shared/api-error.ts) from the error-code table.",
};
// The operator console is where the raw status is what the reader needs; it is left out.
const STATUS_TEXT = [
  {
    selector: "TemplateLiteral Identifier[name='status']",
    message:
      "Buyers read words, not a gateway status: use describePaymentStatus() (lib/payments/shared/payment-status.ts).",
  },
  {
    selector:
      ":matches(JSXElement, JSXFragment) > JSXExpressionContainer > :matches(Identifier[name='status'], MemberExpression[property.name='status'])",
    message:
      "Buyers read words, not a gateway status: use describePaymentStatus() (lib/payments/shared/payment-status.ts).",
  },
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["**/*.{ts,tsx,mts}"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // Playwright fixtures are named `use`, which the React hooks rule mistakes for a hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  // lib/ layout: where code runs (scripts/restructure/split-lib.mjs). Type imports are erased, so a client
  // may take a request type from a server schema; everything else follows the directory.
  {
    files: ["lib/*/client/**/*.{ts,tsx,mts}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { paths: [SERVER_ONLY], patterns: [SERVER_DIR] }] },
  },
  {
    files: ["lib/*/shared/**/*.{ts,tsx,mts}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [SERVER_ONLY], patterns: [SERVER_DIR, CLIENT_DIR] },
      ],
    },
  },
  {
    files: ["lib/*/server/**/*.{ts,tsx,mts}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [CLIENT_DIR] }] },
  },
  {
    // lib/platform/server/config.ts is the one reader of the environment (README "Configuration"):
    // everything else takes validated values from getConfig(). Tooling and tests run outside the
    // app and set up or read its environment themselves.
    files: ["**/*.{ts,tsx,mts,js,mjs}"],
    ignores: ["lib/platform/server/config.ts", "scripts/**", "tests/**", "e2e/**", "**/*.config.*"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message:
            "Read configuration through getConfig() (lib/platform/server/config.ts), the one reader of the environment.",
        },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx,mts}"],
    plugins: { layout: { rules: { "use-client-boundary": useClientBoundary } } },
    rules: { "layout/use-client-boundary": "error" },
  },
  // Every error answer's body comes from lib/http/shared/api-error.ts and the closed table of
  // error-codes.ts; public pages show a payment's outcome in words, never a gateway status.
  {
    files: ["lib/**/*.{ts,tsx,mts,mjs}", "app/admin/**/*.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ERROR_BODY] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/admin/**"],
    rules: { "no-restricted-syntax": ["error", ERROR_BODY, ...STATUS_TEXT] },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    ignores: ["components/admin/**"],
    rules: { "no-restricted-syntax": ["error", ...STATUS_TEXT] },
  },
  globalIgnores([
    ".next/**",
    "node_modules/**",
    "lib/generated/**",
    ".data/**",
    ".test-data/**",
    "test-results/**",
    "playwright-report/**",
    "bench-results/**",
    "test-reports/**",
    "next-env.d.ts",
  ]),
]);
