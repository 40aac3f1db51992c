/**
 * What add-provider writes typechecks for real: the auth modules init writes for each framework's
 * TypeScript flavour, with providers added by the transform (an OAuth provider, credentials with its
 * named import, email links, passkeys with the experimental opt-in, Qwik's event parameter) and then one
 * removed, go through one strict `tsc` run against the runtime's own sources (`@create-auth/runtime/*` →
 * src/runtime/*). Slower than the pure tests beside it (one compiler start), so it has a file of its own.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { loadRenderer } from "../../../src/cli/edit/templates.js";
import { REGISTRY } from "../../../src/cli/frameworks/index.js";
import { addProvider, type ProviderCode, removeProvider } from "../../../src/cli/providers/auth-providers.js";
import { findProvider } from "../../../src/cli/providers/catalog.js";
import { providersTemplateData } from "../../../src/cli/providers/template-data.js";
import { removeTemps, repoRoot, tempDir, typecheckApps } from "../support.js";

afterAll(removeTemps);

interface App {
  framework: "next" | "sveltekit" | "express" | "solid-start" | "qwik";
  template: string;
  file: string;
  envRead: (key: string) => string;
  data: Record<string, unknown>;
  /** What init set up, then what add-provider adds, then what remove-provider takes out. */
  initial: string[];
  add: string[];
  remove: string;
}

const APPS: App[] = [
  {
    framework: "next",
    template: "auth",
    file: "next/auth.ts",
    envRead: (k) => `process.env.${k}`,
    data: { envFile: ".env.local" },
    initial: ["github"],
    add: ["credentials", "passkey", "nodemailer", "google", "nextcloud"],
    remove: "github",
  },
  {
    framework: "sveltekit",
    template: "auth",
    file: "sveltekit/src/auth.ts",
    envRead: (k) => `env.${k}`,
    data: { envFile: ".env" },
    initial: ["oidc"],
    add: ["nodemailer", "credentials", "discord", "mattermost"],
    remove: "oidc",
  },
  {
    framework: "express",
    template: "auth",
    file: "express/src/auth.ts",
    envRead: (k) => `process.env.${k}`,
    data: { envFile: ".env", appFile: "src/app.ts", basePath: "/auth", typescript: true, cjs: false },
    initial: ["credentials"],
    add: ["passkey", "github"],
    remove: "credentials",
  },
  {
    framework: "solid-start",
    template: "auth",
    file: "solid/src/lib/auth.ts",
    envRead: (k) => `process.env.${k}`,
    data: { envFile: ".env", ts: true, sessionFile: "src/lib/session.ts" },
    initial: ["github"],
    add: ["credentials", "keycloak"],
    remove: "github",
  },
  {
    framework: "qwik",
    template: "plugin",
    file: "qwik/src/routes/plugin@auth.ts",
    envRead: (k) => `event.env.get("${k}")`,
    data: { envFile: ".env" },
    initial: ["credentials"],
    add: ["github", "oidc", "passkey", "bungie"],
    remove: "credentials",
  },
];

async function render(app: App, ids: string[]): Promise<string> {
  const data = providersTemplateData(
    ids.map((id) => findProvider(id)!),
    app.envRead,
  );
  const full = { runtimeDir: "vendor/auth-runtime", database: null, ...app.data, ...data };
  return (await loadRenderer((await REGISTRY.find((line) => line.id === app.framework)!.target()).templates))(
    app.template,
    {
      ...full,
      readsEvent: JSON.stringify(full).includes("event."),
    },
  );
}

/** The entry init writes for one provider, as add-provider takes it from the rendered module. */
async function providerCode(app: App, id: string): Promise<ProviderCode> {
  const provider = findProvider(id)!;
  const lines = (await render(app, [id])).split("\n");
  const open = lines.findIndex((line) => line.trim() === "providers: [");
  const indent = /^ */.exec(lines[open]!)![0];
  const end = lines.findIndex((line, i) => i > open && line === `${indent}],`);
  // The entries as provider-code.ts hands them over: without the list's indentation.
  const body = lines.slice(open + 1, end).map((line) => line.slice(indent.length + 2));
  const comment: string[] = [];
  while (body[0]?.trim().startsWith("//"))
    comment.push(
      body
        .shift()!
        .trim()
        .replace(/^\/\/ ?/, ""),
    );
  const namedImports = [
    ...(provider.kind === "credentials" ? [{ name: "normalizeEmailAddress", from: "@create-auth/runtime" }] : []),
    ...(app.framework === "sveltekit" && provider.optionsFromEnv
      ? [{ name: "env", from: "$env/dynamic/private" }]
      : []),
  ];
  return {
    specifier: `@create-auth/runtime/providers/${id}`,
    importName: provider.importName,
    call: body.join("\n").replace(/,$/, ""),
    comment,
    namedImports,
    enableWebAuthn: provider.kind === "webauthn",
  };
}

it("modules with providers added and removed typecheck (strict tsc, the runtime's own types)", async () => {
  const root = tempDir("auth-providers-typecheck");
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
  for (const app of APPS) {
    let text = await render(app, app.initial);
    for (const id of app.add) {
      const result = addProvider(text, app.file, await providerCode(app, id));
      if (typeof result !== "string" || result === "unchanged")
        throw new Error(`${app.file} + ${id}: ${JSON.stringify(result)}`);
      text = result;
    }
    const result = removeProvider(text, app.file, `@create-auth/runtime/providers/${app.remove}`);
    if (typeof result !== "string" || result === "unchanged")
      throw new Error(`${app.file} - ${app.remove}: ${JSON.stringify(result)}`);
    mkdirSync(path.dirname(path.join(root, app.file)), { recursive: true });
    writeFileSync(path.join(root, app.file), result);
  }
  const runtime = path.join(repoRoot, "src/runtime");
  const { status, output } = typecheckApps(root, {
    files: APPS.map((app) => app.file),
    compilerOptions: {
      paths: { "@create-auth/runtime": [`${runtime}/index.ts`], "@create-auth/runtime/*": [`${runtime}/*`] },
      jsx: "react-jsx",
    },
  });
  expect(output).toBe("");
  expect(status).toBe(0);
}, 120_000);
