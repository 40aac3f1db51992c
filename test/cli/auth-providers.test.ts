/**
 * The transforms behind `auth add-provider` / `remove-provider` on the auth modules `init` writes (the real
 * templates, rendered for every framework, JS and TS, ESM and CommonJS) and on the shapes users turn them
 * into: adding writes what init would have written, removing gives the text back byte for byte, both are
 * idempotent, and shapes that cannot be edited safely are refused with a reason. Pure and in memory.
 */
import { describe, expect, it } from "vitest";
import { findProvider, PROVIDERS } from "../../src/cli/providers/catalog.js";
import { providersTemplateData } from "../../src/cli/providers/template-data.js";
import { loadRenderer } from "../../src/cli/templates/render.js";
import { parseSyntax } from "../../src/cli/transforms/ast.js";
import {
  addProvider,
  configuredProviders,
  type ProviderCode,
  providerLines,
  removeProvider,
} from "../../src/cli/transforms/auth-providers.js";

const SPECIFIER = (id: string) => `@create-auth/runtime/providers/${id}`;

interface Variant {
  name: string;
  framework: "next" | "sveltekit" | "express" | "solid-start" | "qwik";
  template: string;
  file: string;
  envRead: (key: string) => string;
  data: Record<string, unknown>;
}

const processEnv = (key: string) => `process.env.${key}`;
const VARIANTS: Variant[] = [
  {
    name: "Next (TS)",
    framework: "next",
    template: "auth",
    file: "auth.ts",
    envRead: processEnv,
    data: { envFile: ".env.local" },
  },
  {
    name: "SvelteKit (TS)",
    framework: "sveltekit",
    template: "auth",
    file: "src/auth.ts",
    envRead: (k) => `env.${k}`,
    data: { envFile: ".env" },
  },
  {
    name: "SvelteKit (JS)",
    framework: "sveltekit",
    template: "auth",
    file: "src/auth.js",
    envRead: (k) => `env.${k}`,
    data: { envFile: ".env" },
  },
  {
    name: "Express (ESM TS)",
    framework: "express",
    template: "auth",
    file: "src/auth.ts",
    envRead: processEnv,
    data: { envFile: ".env", appFile: "src/app.ts", basePath: "/auth", typescript: true, cjs: false },
  },
  {
    name: "Express (ESM JS)",
    framework: "express",
    template: "auth",
    file: "auth.js",
    envRead: processEnv,
    data: { envFile: ".env", appFile: "app.js", basePath: "/auth", typescript: false, cjs: false },
  },
  {
    name: "Express (CommonJS JS)",
    framework: "express",
    template: "auth",
    file: "auth.js",
    envRead: processEnv,
    data: { envFile: ".env", appFile: "app.js", basePath: "/auth", typescript: false, cjs: true },
  },
  {
    name: "SolidStart (TS)",
    framework: "solid-start",
    template: "auth",
    file: "src/lib/auth.ts",
    envRead: processEnv,
    data: { envFile: ".env", ts: true, sessionFile: "src/lib/session.ts" },
  },
  {
    name: "SolidStart (JS)",
    framework: "solid-start",
    template: "auth",
    file: "src/lib/auth.js",
    envRead: processEnv,
    data: { envFile: ".env", ts: false, sessionFile: "src/lib/session.js" },
  },
  {
    name: "Qwik City (TS)",
    framework: "qwik",
    template: "plugin",
    file: "src/routes/plugin@auth.ts",
    envRead: (k) => `event.env.get("${k}")`,
    data: { envFile: ".env" },
  },
];

const renderers = new Map<string, (name: string, data: object) => string>();
for (const framework of new Set(VARIANTS.map((v) => v.framework)))
  renderers.set(framework, await loadRenderer(framework));

/** Qwik's provider options by env suffix, as its target computes them (clientId, clientSecret, issuer). */
function withEnvOptions(providers: ReturnType<typeof providersTemplateData>["providers"]) {
  const option: Record<string, string> = { ID: "clientId", SECRET: "clientSecret", ISSUER: "issuer" };
  return providers.map((p) => ({
    ...p,
    envOptions: p.envKeys.flatMap((key) => {
      const name = option[key.slice(key.lastIndexOf("_") + 1)];
      return name ? [{ option: name, key }] : [];
    }),
  }));
}

interface Database {
  adapter: string;
  client: string;
  clientExpression: string;
  clientImport: string;
  clientFile: string;
  strategy: "jwt" | "database";
  sessions: boolean;
}

const DATABASE: Database = {
  adapter: "sqlite",
  client: "db",
  clientExpression: "db",
  clientImport: "./auth-db",
  clientFile: "auth-db.ts",
  strategy: "database",
  sessions: true,
};

const rendered = new Map<string, string>();

/** The auth module `init` writes for these providers: the real template through the real renderer. */
function render(variant: Variant, ids: readonly string[], database: Database | null = null): string {
  const key = JSON.stringify([variant.name, ids, database]);
  let text = rendered.get(key);
  if (text === undefined) {
    text = renderModule(variant, ids, database);
    rendered.set(key, text);
  }
  return text;
}

function renderModule(variant: Variant, ids: readonly string[], database: Database | null = null): string {
  const data = providersTemplateData(
    ids.map((id) => findProvider(id)!),
    variant.envRead,
  );
  const qwikDatabase =
    database && variant.framework === "qwik" ? { ...database, clientExpression: "getDb(event.env)" } : database;
  const full = {
    runtimeDir: "vendor/auth-runtime",
    database: qwikDatabase,
    ...variant.data,
    ...data,
    providers: withEnvOptions(data.providers),
  };
  const readsEvent = JSON.stringify(full).includes("event.");
  return renderers.get(variant.framework)!(variant.template, { ...full, readsEvent });
}

/**
 * What `add-provider` hands the transform for a provider: the entry init writes for it alone (its comment
 * lines, then the call), the named imports the call needs and the passkeys opt-in.
 */
function providerCode(variant: Variant, id: string): ProviderCode {
  const provider = findProvider(id)!;
  const lines = render(variant, [id]).split("\n");
  const start = lines.findIndex((line) => line.trim() === "providers: [") + 1;
  const end = lines.findIndex((line, i) => i > start && line === "  ],");
  const body = lines.slice(start, end);
  const comment: string[] = [];
  while (body[0]?.trim().startsWith("//"))
    comment.push(
      body
        .shift()!
        .trim()
        .replace(/^\/\/ ?/, ""),
    );
  const namedImports: { name: string; from: string }[] = [];
  if (provider.kind === "credentials")
    namedImports.push({ name: "normalizeEmailAddress", from: "@create-auth/runtime" });
  if (variant.framework === "sveltekit" && provider.optionsFromEnv)
    namedImports.push({ name: "env", from: "$env/dynamic/private" });
  return {
    specifier: SPECIFIER(id),
    importName: provider.importName,
    call: body.join("\n").replace(/,$/, ""),
    ...(comment.length > 0 ? { comment } : {}),
    ...(namedImports.length > 0 ? { namedImports } : {}),
    ...(provider.kind === "webauthn" ? { enableWebAuthn: true } : {}),
  };
}

/** Syntax errors only (what a parse reports): the module still reads as JS/TS. */
function syntaxErrors(source: string, file: string): string[] {
  const tree = parseSyntax(source, file) as unknown as { parseDiagnostics: { messageText: unknown }[] };
  return tree.parseDiagnostics.map((d) => String(d.messageText));
}

function added(source: string, file: string, code: ProviderCode): string {
  const result = addProvider(source, file, code);
  if (typeof result !== "string" || result === "unchanged")
    throw new Error(`add ${code.specifier}: ${JSON.stringify(result)}`);
  return result;
}

function removed(source: string, file: string, specifier: string): string {
  const result = removeProvider(source, file, specifier);
  if (typeof result !== "string" || result === "unchanged")
    throw new Error(`remove ${specifier}: ${JSON.stringify(result)}`);
  return result;
}

const OAUTH = PROVIDERS.filter((p) => p.kind === "oauth" || p.kind === "oidc").map((p) => p.id);
/** Every kind of entry: an OAuth and two OIDC providers (one with an issuer), credentials, email links, passkeys. */
const KINDS = ["google", "oidc", "discord", "credentials", "nodemailer", "passkey"];
/** The whole catalog on Next, every kind on the other frameworks (the entries differ by kind, not by provider). */
const othersFor = (variant: Variant) =>
  variant.framework === "next" ? PROVIDERS.map((p) => p.id).filter((id) => id !== "github") : KINDS;

describe.each(VARIANTS)("on the module init writes: $name", (variant) => {
  it("adds every provider as init writes it, after the providers already there", () => {
    const base = render(variant, ["github"]);
    for (const id of othersFor(variant)) {
      const result = added(base, variant.file, providerCode(variant, id));
      expect(syntaxErrors(result, variant.file)).toEqual([]);
      if (OAUTH.includes(id)) expect(result).toBe(render(variant, ["github", id]));
      expect(configuredProviders(result, variant.file)).toEqual([SPECIFIER("github"), SPECIFIER(id)]);
    }
  });

  it("removes every provider, giving back the module init writes without it", () => {
    for (const id of othersFor(variant)) {
      const result = removed(render(variant, ["github", id]), variant.file, SPECIFIER(id));
      expect(result).toBe(render(variant, ["github"]));
    }
  });

  it.each([["github", "credentials"], ["credentials"]])(
    "remove after add gives the original text back, and both are idempotent (init with %s)",
    (...ids) => {
      const base = render(variant, ids);
      for (const id of othersFor(variant).filter((id) => !ids.includes(id))) {
        const code = providerCode(variant, id);
        const withIt = added(base, variant.file, code);
        expect(addProvider(withIt, variant.file, code)).toBe("unchanged");
        expect(removed(withIt, variant.file, code.specifier)).toBe(base);
        expect(removeProvider(base, variant.file, code.specifier)).toBe("unchanged");
      }
    },
  );

  it("with a database: passkeys and OAuth are added as init writes them, and every kind comes back out", () => {
    const base = render(variant, ["github"], DATABASE);
    for (const id of ["passkey", "google"]) {
      expect(added(base, variant.file, providerCode(variant, id))).toBe(render(variant, ["github", id], DATABASE));
    }
    for (const id of KINDS) {
      const code = providerCode(variant, id);
      expect(removed(added(base, variant.file, code), variant.file, code.specifier)).toBe(base);
      expect(removed(render(variant, ["github", id], DATABASE), variant.file, code.specifier)).toBe(base);
    }
  });
});

describe("providerLines (what to add by hand when the shape is refused)", () => {
  const credentials: ProviderCode = {
    specifier: SPECIFIER("credentials"),
    importName: "Credentials",
    call: "Credentials({\n  async authorize() {\n    return null;\n  },\n})",
    namedImports: [{ name: "normalizeEmailAddress", from: "@create-auth/runtime" }],
  };

  it("writes ESM imports and the entry with its comment", () => {
    expect(
      providerLines(
        { specifier: SPECIFIER("github"), importName: "GitHub", call: "GitHub()", comment: ["Reads AUTH_GITHUB_ID."] },
        "esm",
      ),
    ).toEqual({
      imports: ['import GitHub from "@create-auth/runtime/providers/github";'],
      entry: "// Reads AUTH_GITHUB_ID.\nGitHub(),",
    });
  });

  it("writes CommonJS requires (.default for the provider) and the named imports the call needs", () => {
    expect(providerLines(credentials, "cjs")).toEqual({
      imports: [
        'const { normalizeEmailAddress } = require("@create-auth/runtime");',
        'const Credentials = require("@create-auth/runtime/providers/credentials").default;',
      ],
      entry: "Credentials({\n  async authorize() {\n    return null;\n  },\n}),",
    });
  });

  it("names the passkeys opt-in the config needs", () => {
    const lines = providerLines(
      { specifier: SPECIFIER("passkey"), importName: "Passkey", call: "Passkey()", enableWebAuthn: true },
      "esm",
    );
    expect(lines.config).toBe("experimental: { enableWebAuthn: true },");
  });
});
