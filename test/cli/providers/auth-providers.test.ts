/**
 * The transforms behind `auth add-provider` / `remove-provider` on the auth modules `init` writes (the real
 * templates, rendered for every framework, JS and TS, ESM and CommonJS) and on the shapes users turn them
 * into: adding writes what init would have written, removing gives the text back byte for byte, both are
 * idempotent, and shapes that cannot be edited safely are refused with a reason. Pure and in memory.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSyntax } from "../../../src/cli/edit/ast.js";
import { loadRenderer } from "../../../src/cli/edit/templates.js";
import { REGISTRY } from "../../../src/cli/frameworks/index.js";
import {
  addProvider,
  configuredProviders,
  type ProviderCode,
  providerLines,
  providersListModule,
  removeProvider,
} from "../../../src/cli/providers/auth-providers.js";
import { findProvider, PROVIDERS } from "../../../src/cli/providers/catalog.js";
import { providersTemplateData } from "../../../src/cli/providers/template-data.js";

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
  renderers.set(
    framework,
    await loadRenderer((await REGISTRY.find((line) => line.id === framework)!.target()).templates),
  );

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

const GITHUB: ProviderCode = {
  specifier: SPECIFIER("github"),
  importName: "GitHub",
  call: "GitHub()",
  comment: ["Reads AUTH_GITHUB_ID, AUTH_GITHUB_SECRET from .env.local."],
};
const GOOGLE: ProviderCode = {
  specifier: SPECIFIER("google"),
  importName: "Google",
  call: "Google()",
  comment: ["Reads AUTH_GOOGLE_ID, AUTH_GOOGLE_SECRET from .env.local."],
};
const PASSKEY: ProviderCode = {
  specifier: SPECIFIER("passkey"),
  importName: "Passkey",
  call: "Passkey()",
  comment: ["Passkeys need a secure context: HTTPS, or http://localhost in development."],
  enableWebAuthn: true,
};
const CREDENTIALS: ProviderCode = {
  specifier: SPECIFIER("credentials"),
  importName: "Credentials",
  call: "Credentials({\n  async authorize(credentials) {\n    return normalizeEmailAddress(String(credentials.email)) ? null : null;\n  },\n})",
  namedImports: [{ name: "normalizeEmailAddress", from: "@create-auth/runtime" }],
};

/** Adds `code` and checks the result parses, is "unchanged" on a second add, and that removing restores `source`. */
function addChecked(source: string, file: string, code: ProviderCode): string {
  const result = added(source, file, code);
  expect(syntaxErrors(result, file)).toEqual([]);
  expect(addProvider(result, file, code)).toBe("unchanged");
  expect(removed(result, file, code.specifier)).toBe(source);
  return result;
}

const lines = (...text: string[]) => `${text.join("\n")}\n`;

describe("shapes users write", () => {
  it("an inline array on one line: the entry goes inline, without its comment", () => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      "export const { handlers, auth } = NextAuth({ providers: [GitHub] });",
    );
    expect(addChecked(source, "auth.ts", GOOGLE)).toBe(
      lines(
        'import NextAuth from "@create-auth/runtime/next";',
        'import GitHub from "@create-auth/runtime/providers/github";',
        'import Google from "@create-auth/runtime/providers/google";',
        "",
        "export const { handlers, auth } = NextAuth({ providers: [GitHub, Google()] });",
      ),
    );
    expect(configuredProviders(source, "auth.ts")).toEqual([SPECIFIER("github")]);
    expect(removed(source, "auth.ts", SPECIFIER("github"))).toBe(
      lines(
        'import NextAuth from "@create-auth/runtime/next";',
        "",
        "export const { handlers, auth } = NextAuth({ providers: [] });",
      ),
    );
  });

  it.each([
    ["shorthand", "NextAuth({ providers })"],
    ["providers: providers", "NextAuth({ providers: providers })"],
    ["a typed array variable", "NextAuth({ providers: providers satisfies Provider[] })"],
  ])("a providers variable (%s): the entry goes into the array it holds", (_, call) => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      "const providers = [",
      "  GitHub(),",
      "];",
      "",
      "export const providerMap = providers.map((provider) => provider.id);",
      "",
      `export const { handlers, auth } = ${call};`,
    );
    const result = addChecked(source, "auth.ts", GOOGLE);
    expect(result).toContain(
      lines(
        "const providers = [",
        "  GitHub(),",
        "  // Reads AUTH_GOOGLE_ID, AUTH_GOOGLE_SECRET from .env.local.",
        "  Google(),",
        "];",
      ),
    );
    expect(configuredProviders(result, "auth.ts")).toEqual([SPECIFIER("github"), SPECIFIER("google")]);
    expect(removed(source, "auth.ts", SPECIFIER("github"))).toContain("const providers = [];\n");
  });

  it("a spread of another array: added to the literal part, removed from the array that holds it", () => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import Discord from "@create-auth/runtime/providers/discord";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      "const social = [GitHub(), Discord()];",
      "",
      "export const { handlers, auth } = NextAuth({",
      "  providers: [...social],",
      "});",
    );
    expect(configuredProviders(source, "auth.ts")).toEqual([SPECIFIER("github"), SPECIFIER("discord")]);
    expect(addChecked(source, "auth.ts", GOOGLE)).toContain("  providers: [...social, Google()],\n");
    expect(removed(source, "auth.ts", SPECIFIER("github"))).toBe(
      lines(
        'import NextAuth from "@create-auth/runtime/next";',
        'import Discord from "@create-auth/runtime/providers/discord";',
        "",
        "const social = [Discord()];",
        "",
        "export const { handlers, auth } = NextAuth({",
        "  providers: [...social],",
        "});",
      ),
    );
  });

  it("providers: base, where base is an array of this module: added to base", () => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      "const base = [",
      "  GitHub(),",
      "];",
      "export const { handlers } = NextAuth({ providers: base });",
    );
    expect(addChecked(source, "auth.ts", GOOGLE)).toContain("  GitHub(),\n  // Reads AUTH_GOOGLE_ID");
  });

  it.each([
    ["an arrow returning the object", "NextAuth((req) => ({\n  providers: [\n    GitHub(),\n  ],\n}))"],
    [
      "an async function with a body",
      'NextAuth(async (req) => {\n  const secure = req?.headers.get("x-forwarded-proto") === "https";\n  return {\n    useSecureCookies: secure,\n    providers: [\n      GitHub(),\n    ],\n  };\n})',
    ],
  ])("a lazy Next config (%s)", (_, call) => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      `export const { handlers, auth } = ${call};`,
    );
    const result = addChecked(source, "auth.ts", GOOGLE);
    expect(result).toMatch(
      / {4,6}GitHub\(\),\n {4,6}\/\/ Reads AUTH_GOOGLE_ID, AUTH_GOOGLE_SECRET from \.env\.local\.\n {4,6}Google\(\),\n/,
    );
    expect(configuredProviders(result, "auth.ts")).toEqual([SPECIFIER("github"), SPECIFIER("google")]);
  });

  it("SvelteKit's SvelteKitAuth(async (event) => { return { … } })", () => {
    const source = lines(
      'import { SvelteKitAuth } from "@create-auth/runtime/sveltekit";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      "export const { handle, signIn, signOut } = SvelteKitAuth(async (event) => {",
      "  return {",
      '    trustHost: event.url.hostname === "localhost",',
      "    providers: [GitHub()],",
      "  };",
      "});",
    );
    expect(addChecked(source, "src/auth.ts", GOOGLE)).toContain("    providers: [GitHub(), Google()],\n");
  });

  it("Qwik's closure without the event: a provider that reads event.env gets it, and removing it takes it away", () => {
    const source = lines(
      'import { QwikAuth$ } from "@create-auth/runtime/qwik";',
      'import Passkey from "@create-auth/runtime/providers/passkey";',
      "",
      "export const { onRequest, useSession } = QwikAuth$(() => ({",
      "  experimental: { enableWebAuthn: true },",
      "  providers: [Passkey()],",
      "}));",
    );
    const github = { ...GITHUB, call: 'GitHub({ clientId: event.env.get("AUTH_GITHUB_ID") })' };
    expect(addChecked(source, "src/routes/plugin@auth.ts", github)).toContain(
      'QwikAuth$((event) => ({\n  experimental: { enableWebAuthn: true },\n  providers: [Passkey(), GitHub({ clientId: event.env.get("AUTH_GITHUB_ID") })],',
    );
    const named = source.replace("QwikAuth$(() =>", "QwikAuth$((requestEvent) =>");
    expect(addChecked(named, "src/routes/plugin@auth.ts", github)).toContain(
      'GitHub({ clientId: requestEvent.env.get("AUTH_GITHUB_ID") })',
    );
  });

  it("Qwik's closure holding a providers variable (const providers = […]; return { providers })", () => {
    const source = lines(
      'import { QwikAuth$ } from "@create-auth/runtime/qwik";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      "export const { onRequest, useSession } = QwikAuth$((event) => {",
      "  const providers = [",
      '    GitHub({ clientId: event.env.get("AUTH_GITHUB_ID") }),',
      "  ];",
      "  return { providers };",
      "});",
    );
    const google = { ...GOOGLE, call: 'Google({ clientId: event.env.get("AUTH_GOOGLE_ID") })' };
    const result = addChecked(source, "src/routes/plugin@auth.ts", google);
    expect(result).toContain(
      '    GitHub({ clientId: event.env.get("AUTH_GITHUB_ID") }),\n    // Reads AUTH_GOOGLE_ID, AUTH_GOOGLE_SECRET from .env.local.\n    Google({ clientId: event.env.get("AUTH_GOOGLE_ID") }),\n  ];',
    );
    expect(configuredProviders(result, "src/routes/plugin@auth.ts")).toEqual([
      SPECIFIER("github"),
      SPECIFIER("google"),
    ]);
  });

  it("a providers variable in a lazy config's body, spreading another declared there", () => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      "export const { handlers, auth } = NextAuth(() => {",
      "  const base = [GitHub()];",
      "  const providers = [...base];",
      "  return { providers };",
      "});",
    );
    expect(addChecked(source, "auth.ts", GOOGLE)).toContain("  const providers = [...base, Google()];\n");
    expect(configuredProviders(source, "auth.ts")).toEqual([SPECIFIER("github")]);
  });

  it("a top-level providers array cannot see Qwik's event: a provider reading event.env is refused, saying so", () => {
    const source = lines(
      'import { QwikAuth$ } from "@create-auth/runtime/qwik";',
      'import Passkey from "@create-auth/runtime/providers/passkey";',
      "",
      "const providers = [Passkey()];",
      "export const { onRequest } = QwikAuth$((event) => ({ experimental: { enableWebAuthn: true }, providers }));",
    );
    const github = { ...GITHUB, call: 'GitHub({ clientId: event.env.get("AUTH_GITHUB_ID") })' };
    expect(addProvider(source, "src/routes/plugin@auth.ts", github)).toEqual({
      unsupported: expect.stringMatching(/providers list \(line 4\) is declared outside the config function/),
    });
  });

  it("a config object in a variable passed in (const config = {…} satisfies NextAuthConfig)", () => {
    const source = lines(
      'import type { NextAuthConfig } from "@create-auth/runtime/next";',
      'import NextAuth from "@create-auth/runtime/next";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      "const config = {",
      "  providers: [GitHub],",
      "} satisfies NextAuthConfig;",
      "",
      "export const { handlers, auth } = NextAuth(config);",
    );
    expect(addChecked(source, "auth.ts", GOOGLE)).toContain("  providers: [GitHub, Google()],\n");
  });

  it("export default { providers } satisfies NextAuthConfig in auth.config.ts", () => {
    const source = lines(
      'import type { NextAuthConfig } from "@create-auth/runtime/next";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      "export default {",
      "  providers: [",
      "    GitHub,",
      "  ],",
      "} satisfies NextAuthConfig;",
    );
    expect(addChecked(source, "auth.config.ts", GOOGLE)).toContain("    GitHub,\n    // Reads AUTH_GOOGLE_ID");
  });

  it("module.exports = { providers: […] } in CommonJS, with single quotes and no semicolons", () => {
    const source = lines(
      "const GitHub = require('@create-auth/runtime/providers/github').default",
      "",
      "module.exports = {",
      "  providers: [",
      "    GitHub(),",
      "  ],",
      "}",
    );
    const google = { ...GOOGLE, call: 'Google({ clientId: process.env["AUTH_GOOGLE_ID"] })' };
    expect(addChecked(source, "auth.cjs", google)).toBe(
      lines(
        "const GitHub = require('@create-auth/runtime/providers/github').default",
        "const Google = require('@create-auth/runtime/providers/google').default",
        "",
        "module.exports = {",
        "  providers: [",
        "    GitHub(),",
        "    // Reads AUTH_GOOGLE_ID, AUTH_GOOGLE_SECRET from .env.local.",
        "    Google({ clientId: process.env['AUTH_GOOGLE_ID'] }),",
        "  ],",
        "}",
      ),
    );
  });

  it("an empty providers: [] opens up for the entry, and closes again when it goes", () => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      "",
      "export const { handlers } = NextAuth({",
      "  providers: [],",
      "});",
    );
    expect(addChecked(source, "auth.ts", GITHUB)).toBe(
      lines(
        'import NextAuth from "@create-auth/runtime/next";',
        'import GitHub from "@create-auth/runtime/providers/github";',
        "",
        "export const { handlers } = NextAuth({",
        "  providers: [",
        "    // Reads AUTH_GITHUB_ID, AUTH_GITHUB_SECRET from .env.local.",
        "    GitHub(),",
        "  ],",
        "});",
      ),
    );
  });

  it("a config with no providers property yet gets one, at its end", () => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      "",
      "export const { handlers } = NextAuth({",
      '  session: { strategy: "jwt" },',
      "});",
    );
    const result = added(source, "auth.ts", GITHUB);
    expect(result).toBe(
      lines(
        'import NextAuth from "@create-auth/runtime/next";',
        'import GitHub from "@create-auth/runtime/providers/github";',
        "",
        "export const { handlers } = NextAuth({",
        '  session: { strategy: "jwt" },',
        "  providers: [",
        "    // Reads AUTH_GITHUB_ID, AUTH_GITHUB_SECRET from .env.local.",
        "    GitHub(),",
        "  ],",
        "});",
      ),
    );
    expect(addProvider(result, "auth.ts", GITHUB)).toBe("unchanged");
  });

  it("a list without trailing commas stays without them", () => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      "export const { handlers } = NextAuth({",
      "  providers: [",
      "    GitHub()",
      "  ]",
      "});",
    );
    expect(addChecked(source, "auth.ts", GOOGLE)).toContain(
      "    GitHub(),\n    // Reads AUTH_GOOGLE_ID, AUTH_GOOGLE_SECRET from .env.local.\n    Google()\n  ]",
    );
  });

  it("tabs and four-space indentation: a multi-line entry is re-indented in the module's unit", () => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      "export const { handlers } = NextAuth({",
      "\tproviders: [",
      "\t\tGitHub(),",
      "\t],",
      "});",
    );
    expect(addChecked(source, "auth.ts", CREDENTIALS)).toContain(
      "\t\tGitHub(),\n\t\tCredentials({\n\t\t\tasync authorize(credentials) {\n\t\t\t\treturn normalizeEmailAddress(String(credentials.email)) ? null : null;\n\t\t\t},\n\t\t}),\n\t],",
    );
    const fourSpaces = source.replaceAll("\t", "    ");
    expect(addChecked(fourSpaces, "auth.ts", CREDENTIALS)).toContain(
      "        Credentials({\n            async authorize(credentials) {\n                return",
    );
  });

  it("a provider's comment lines and trailing comment go with it; a section comment above a blank line stays", () => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import Discord from "@create-auth/runtime/providers/discord";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      "export const { handlers } = NextAuth({",
      "  providers: [",
      "    // Social sign-in",
      "",
      "    // Reads AUTH_GITHUB_ID, AUTH_GITHUB_SECRET from .env.local.",
      "    // (the org's app, not the personal one)",
      "    GitHub(), // first on the page",
      "    Discord(),",
      "  ],",
      "});",
    );
    expect(removed(source, "auth.ts", SPECIFIER("github"))).toBe(
      lines(
        'import NextAuth from "@create-auth/runtime/next";',
        'import Discord from "@create-auth/runtime/providers/discord";',
        "",
        "export const { handlers } = NextAuth({",
        "  providers: [",
        "    // Social sign-in",
        "",
        "    Discord(),",
        "  ],",
        "});",
      ),
    );
  });

  it("a name already taken: the import gets a free one (GitHub2), and the entry uses it", () => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import { GitHub } from "./icons";',
      "",
      "export const icon = GitHub;",
      "export const { handlers } = NextAuth({ providers: [] });",
    );
    const result = addChecked(source, "auth.ts", GITHUB);
    expect(result).toContain('import GitHub2 from "@create-auth/runtime/providers/github";\n');
    expect(result).toContain("NextAuth({ providers: [GitHub2()] });");
  });

  it("a provider imported under another name is configured: add is unchanged, remove finds it", () => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import GH from "@create-auth/runtime/providers/github";',
      "",
      "export const { handlers } = NextAuth({ providers: [GH({ allowDangerousEmailAccountLinking: true })] });",
    );
    expect(addProvider(source, "auth.ts", GITHUB)).toBe("unchanged");
    expect(removed(source, "auth.ts", SPECIFIER("github"))).toBe(
      lines(
        'import NextAuth from "@create-auth/runtime/next";',
        "",
        "export const { handlers } = NextAuth({ providers: [] });",
      ),
    );
  });

  it("an import left without an entry is used for the new entry, not imported twice", () => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      "export const { handlers } = NextAuth({ providers: [] });",
    );
    const result = added(source, "auth.ts", GITHUB);
    expect(result.match(/providers\/github/g)).toHaveLength(1);
    expect(result).toContain("NextAuth({ providers: [GitHub()] });");
  });

  it("passkeys merge into an existing experimental object, and leave it as it was", () => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      "export const { handlers } = NextAuth({",
      "  experimental: { enableRequestCache: true },",
      "  providers: [GitHub()],",
      "});",
    );
    expect(addChecked(source, "auth.ts", PASSKEY)).toContain(
      "  experimental: { enableRequestCache: true, enableWebAuthn: true },\n  providers: [GitHub(), Passkey()],",
    );
  });

  it("named imports join an existing import of their module", () => {
    const source = lines(
      'import { CredentialsSignin } from "@create-auth/runtime";',
      'import NextAuth from "@create-auth/runtime/next";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      "export class Locked extends CredentialsSignin {}",
      "export const { handlers } = NextAuth({ providers: [GitHub()] });",
    );
    const result = addChecked(source, "auth.ts", CREDENTIALS);
    expect(result).toContain('import { CredentialsSignin, normalizeEmailAddress } from "@create-auth/runtime";\n');
  });

  it("CRLF line endings are kept", () => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      "export const { handlers } = NextAuth({",
      "  providers: [",
      "    GitHub(),",
      "  ],",
      "});",
    ).replaceAll("\n", "\r\n");
    const result = addChecked(source, "auth.ts", GOOGLE);
    expect(result.replaceAll("\r\n", "")).not.toContain("\n");
  });
});

describe("shapes refused, with the reason", () => {
  const module = (config: string, extra = "") =>
    lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import GitHub from "@create-auth/runtime/providers/github";',
      'import Credentials from "@create-auth/runtime/providers/credentials";',
      extra,
      `export const { handlers } = NextAuth(${config});`,
    );

  it.each([
    [
      "providers: getProviders()",
      "{ providers: getProviders() }",
      "function getProviders() { return [GitHub()]; }",
      /computed at run time \(line 5: getProviders\(\)\)/,
    ],
    ["a .filter", "{ providers: [GitHub(), Credentials()].filter(Boolean) }", "", /computed at run time/],
    ["a conditional", "{ providers: dev ? [Credentials()] : [GitHub()] }", "const dev = true;", /computed at run time/],
    [
      "an array computed in a variable",
      "{ providers }",
      "const providers = [GitHub()].concat(extra);",
      /\(providers\) is computed at run time/,
    ],
    [
      "an imported array",
      "{ providers }",
      'import { providers } from "./providers";',
      /imported from "\.\/providers", where the provider belongs/,
    ],
    [
      "two auth configs",
      "{ providers: [GitHub()] }",
      "export const admin = NextAuth({ providers: [Credentials()] });",
      /more than one auth config with a providers list \(lines \d+ and \d+\)/,
    ],
  ])("%s", (_, config, extra, reason) => {
    const source = module(config, extra);
    const result = addProvider(source, "auth.ts", GOOGLE);
    expect(result).toEqual({ unsupported: expect.stringMatching(reason) });
  });

  it("Auth.js's split config: NextAuth({ ...authConfig, adapter }) with authConfig from auth.config.ts", () => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import sqlite from "@create-auth/runtime/adapters/sqlite";',
      'import authConfig from "./auth.config";',
      'import { db } from "./auth-db";',
      "",
      'export const { handlers, auth } = NextAuth({ ...authConfig, adapter: sqlite(db), session: { strategy: "jwt" } });',
    );
    expect(addProvider(source, "auth.ts", GOOGLE)).toEqual({
      unsupported: 'its config spreads authConfig, imported from "./auth.config", which holds the providers list',
    });
    expect(providersListModule(source, "auth.ts")).toBe("./auth.config");
    expect(providersListModule(render(VARIANTS[0]!, ["github"]), "auth.ts")).toBeNull();
    const importedList = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import { providers } from "./providers";',
      "export const { handlers } = NextAuth({ providers });",
    );
    expect(providersListModule(importedList, "auth.ts")).toBe("./providers");
  });

  it("no config object at all", () => {
    const source = lines(
      'import GitHub from "@create-auth/runtime/providers/github";',
      "",
      "export const provider = GitHub;",
    );
    expect(addProvider(source, "auth.ts", GOOGLE)).toEqual({
      unsupported: "no auth config object (with a providers list) was found in it",
    });
  });

  it("removing a provider used outside the list, or from a list computed at run time", () => {
    expect(
      removeProvider(
        module("{ providers: [GitHub()] }", "export const fallback = GitHub;"),
        "auth.ts",
        SPECIFIER("github"),
      ),
    ).toEqual({
      unsupported: "GitHub is also used outside the providers list (line 4)",
    });
    expect(
      removeProvider(
        module("{ providers: [Credentials(), ...(dev ? [GitHub()] : [])] }", "const dev = true;"),
        "auth.ts",
        SPECIFIER("github"),
      ),
    ).toEqual({ unsupported: expect.stringMatching(/GitHub is also used outside the providers list \(line 5\)/) });
    expect(removeProvider(module("{ providers: [GitHub()].filter(Boolean) }"), "auth.ts", SPECIFIER("github"))).toEqual(
      {
        unsupported: expect.stringMatching(/computed at run time/),
      },
    );
  });

  it("a refused add names the lines to write by hand, in the module's style", () => {
    expect(providerLines(GOOGLE, "esm").imports).toEqual([
      'import Google from "@create-auth/runtime/providers/google";',
    ]);
  });
});

describe("any sequence of adds and removes on a generated module (property)", () => {
  const IDS = ["github", ...KINDS];

  it("always parses, stays idempotent, lists what the model says, and each add is undone by its remove", () => {
    const step = fc.record({ op: fc.constantFrom("add", "remove"), id: fc.constantFrom(...IDS) });
    fc.assert(
      fc.property(
        fc.constantFrom(...VARIANTS),
        fc.subarray(IDS, { minLength: 1 }),
        fc.boolean(),
        fc.array(step, { maxLength: 6 }),
        (variant, initial, database, steps) => {
          let text = render(variant, initial, database ? DATABASE : null);
          const model = [...initial];
          for (const { op, id } of steps) {
            const code = providerCode(variant, id);
            const configured = model.includes(id);
            if (op === "add") {
              const result = addProvider(text, variant.file, code);
              if (configured) {
                expect(result).toBe("unchanged");
                continue;
              }
              if (typeof result !== "string") throw new Error(`add ${id}: ${JSON.stringify(result)}`);
              expect(addProvider(result, variant.file, code)).toBe("unchanged");
              expect(removeProvider(result, variant.file, code.specifier)).toBe(text);
              model.push(id);
              text = result;
            } else {
              const result = removeProvider(text, variant.file, code.specifier);
              if (!configured) {
                expect(result).toBe("unchanged");
                continue;
              }
              if (typeof result !== "string" || result === "unchanged")
                throw new Error(`remove ${id}: ${JSON.stringify(result)}`);
              expect(result).not.toContain(code.specifier);
              expect(removeProvider(result, variant.file, code.specifier)).toBe("unchanged");
              model.splice(model.indexOf(id), 1);
              text = result;
            }
            expect(syntaxErrors(text, variant.file)).toEqual([]);
            expect(configuredProviders(text, variant.file)).toEqual(model.map(SPECIFIER));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("a module with no imports left", () => {
  it("gets the import under its header comment, and loses it again", () => {
    const source = lines(
      "// Our auth config.",
      "// Keep it small.",
      "",
      "export const authConfig = {",
      "  providers: [],",
      "};",
    );
    expect(addChecked(source, "auth.js", GITHUB)).toBe(
      lines(
        "// Our auth config.",
        "// Keep it small.",
        'import GitHub from "@create-auth/runtime/providers/github";',
        "",
        "export const authConfig = {",
        "  providers: [",
        "    // Reads AUTH_GITHUB_ID, AUTH_GITHUB_SECRET from .env.local.",
        "    GitHub(),",
        "  ],",
        "};",
      ),
    );
  });

  it("without a header comment, gets it first in the file", () => {
    const source = lines("export const authConfig = {", "  providers: [],", "};");
    expect(addChecked(source, "auth.js", GITHUB)).toMatch(
      /^import GitHub from "@create-auth\/runtime\/providers\/github";\n\nexport const/,
    );
  });
});

describe("entries written with a wrapper", () => {
  it("removes (GitHub()), GitHub() as Provider and GitHub() satisfies Provider", () => {
    for (const entry of ["(GitHub())", "GitHub() as Provider", "GitHub({}) satisfies Provider"]) {
      const source = lines(
        'import type { Provider } from "@create-auth/runtime/providers";',
        'import NextAuth from "@create-auth/runtime/next";',
        'import GitHub from "@create-auth/runtime/providers/github";',
        "",
        `export const { handlers } = NextAuth({ providers: [${entry}] });`,
      );
      expect(removed(source, "auth.ts", SPECIFIER("github"))).toBe(
        lines(
          'import type { Provider } from "@create-auth/runtime/providers";',
          'import NextAuth from "@create-auth/runtime/next";',
          "",
          "export const { handlers } = NextAuth({ providers: [] });",
        ),
      );
    }
  });
});

describe("the module's style without imports to go by", () => {
  it("module.exports makes it CommonJS: the provider is required with .default", () => {
    const source = lines("module.exports = {", "  providers: [],", "};");
    expect(addChecked(source, "auth.js", GITHUB)).toMatch(
      /^const GitHub = require\("@create-auth\/runtime\/providers\/github"\)\.default;\n\nmodule\.exports/,
    );
  });
});

describe.each([
  {
    flavour: "ESM TypeScript",
    file: "auth.ts",
    load: (name: string, from: string) => `import ${name} from "${from}";`,
    expose: (value: string) => `export const { handlers, auth } = ${value};`,
  },
  {
    flavour: "ESM JavaScript",
    file: "auth.mjs",
    load: (name: string, from: string) => `import ${name} from "${from}";`,
    expose: (value: string) => `export default ${value};`,
  },
  {
    flavour: "CommonJS",
    file: "auth.cjs",
    load: (name: string, from: string) => `const ${name} = require("${from}").default;`,
    expose: (value: string) => `module.exports = ${value};`,
  },
])("user shapes in $flavour", ({ file, load, expose }) => {
  const SHAPES: Record<string, string[]> = {
    "a providers variable": ["const providers = [", "  GitHub(),", "];", "", expose("NextAuth({ providers })")],
    "a spread of a local array": ["const social = [GitHub()];", "", expose("NextAuth({ providers: [...social] })")],
    "a lazy config": [expose("NextAuth((request) => ({\n  providers: [\n    GitHub(),\n  ],\n}))")],
    "a lazy config with a body": [
      expose(
        "NextAuth(async (request) => {\n  const debug = !!request;\n  return { debug, providers: [GitHub()] };\n})",
      ),
    ],
    "a config variable passed in": [
      "const config = {",
      "  providers: [GitHub()],",
      "};",
      "",
      expose("NextAuth(config)"),
    ],
  };

  it.each(Object.entries(SHAPES))("%s: add, list, remove", (_, body) => {
    const source = lines(
      load("NextAuth", "@create-auth/runtime/next"),
      load("GitHub", SPECIFIER("github")),
      "",
      ...body,
    );
    const result = addChecked(source, file, GOOGLE);
    expect(result).toContain(`${load("GitHub", SPECIFIER("github"))}\n${load("Google", SPECIFIER("google"))}\n`);
    expect(configuredProviders(result, file)).toEqual([SPECIFIER("github"), SPECIFIER("google")]);
    const without = removed(result, file, SPECIFIER("github"));
    expect(syntaxErrors(without, file)).toEqual([]);
    expect(without).not.toMatch(/GitHub/);
    expect(configuredProviders(without, file)).toEqual([SPECIFIER("google")]);
  });
});

describe("imports shared with other names", () => {
  it("a type-only name beside the removed one keeps its import", () => {
    const source = lines(
      'import { type EmailConfig, normalizeEmailAddress } from "@create-auth/runtime";',
      'import NextAuth from "@create-auth/runtime/next";',
      'import Credentials from "@create-auth/runtime/providers/credentials";',
      "",
      "export type Mail = EmailConfig;",
      "export const { handlers } = NextAuth({",
      "  providers: [",
      "    Credentials({ authorize: (c) => (normalizeEmailAddress(String(c.email)) ? null : null) }),",
      "  ],",
      "});",
    );
    expect(removed(source, "auth.ts", SPECIFIER("credentials"))).toBe(
      lines(
        'import { type EmailConfig } from "@create-auth/runtime";',
        'import NextAuth from "@create-auth/runtime/next";',
        "",
        "export type Mail = EmailConfig;",
        "export const { handlers } = NextAuth({",
        "  providers: [],",
        "});",
      ),
    );
  });

  it("a provider imported with a default and named names keeps the named ones still in use", () => {
    const source = lines(
      'import NextAuth from "@create-auth/runtime/next";',
      'import GitHub, { type GitHubProfile } from "@create-auth/runtime/providers/github";',
      "",
      "export type Profile = GitHubProfile;",
      "export const { handlers } = NextAuth({ providers: [GitHub()] });",
    );
    expect(removed(source, "auth.ts", SPECIFIER("github"))).toContain(
      'import { type GitHubProfile } from "@create-auth/runtime/providers/github";\n',
    );
  });
});
