/**
 * The plan of `add-provider <id>` on an app set up by init, as planner steps: the auth module gains the
 * provider's import and entry (providers/auth-providers.ts, with the code init's template writes), the env
 * file its blank keys and `.env.example` their placeholders (SvelteKit 3's src/env.ts declares them), the
 * runtime package the provider's module, package.json the packages it needs (nodemailer,
 * @simplewebauthn/server, @node-rs/argon2), the database the tables it needs (database/provider-tables.ts).
 * When the auth module is shaped in a way the transform cannot edit, that file is left alone and the plan
 * carries the exact lines to add by hand; everything else is still planned, so the pasted lines work at once.
 * A provider that needs a database (providers/kinds.ts) is refused on an app whose config has no adapter. Pure.
 */

import { planProviderTables } from "../../database/provider-tables.js";
import { parseSyntax, typescript } from "../../edit/ast.js";
import { addDependencies } from "../../edit/package-json.js";
import { assignedKeys, type EnvEntry } from "../../env/merge.js";
import { ignoreStep, planEnvExample, planSecretsFile } from "../../env/plan.js";
import { secretEnvKeys } from "../../env/secret-keys.js";
import { CliError } from "../../errors.js";
import { type FileStep, planFiles } from "../../plan/planner.js";
import type { InstallStep, Plan } from "../../plan/types.js";
import {
  addProvider,
  configuredProviders,
  moduleStyle,
  type ProviderCode,
  providerLines,
} from "../../providers/auth-providers.js";
import type { ProviderEntry } from "../../providers/catalog.js";
import { envKeyComments } from "../../providers/env-help.js";
import { kindNeeds } from "../../providers/kinds.js";
import { providerModuleIds } from "../../providers/resolve-id.js";
import { providerEntries } from "../../runtime-package/entries.js";
import { planRuntimePackage } from "../../runtime-package/plan.js";
import type { ProviderSetup } from "../app-setup.js";
import { installCommand } from "../init/env-and-runtime.js";
import { providerNextStep } from "../init/plan.js";
import { authBaseUrl, providerCallbackUrl } from "./callback-url.js";
import { envHeader, envVarsModule } from "./env-keys.js";
import { declareEnvVars } from "./env-vars.js";

/** The lines to add by hand to an auth module the transform cannot edit, and where. */
export interface ManualLines {
  file: string;
  why: string;
  imports: string[];
  entry: string;
  /** An option the config itself needs (passkeys' `experimental: { enableWebAuthn: true }`). */
  config?: string;
}

export interface AddProviderPlan {
  plan: Plan;
  /** The provider is already in the auth module: the plan is empty. */
  alreadyConfigured: boolean;
  /** Set when the auth module must be edited by hand. */
  manual: ManualLines | null;
  /** The callback URL to register with an OAuth provider, or null for the others. */
  callbackUrl: string | null;
  /** The provider's keys in the env file, by name (never values); null when it reads none. */
  envKeys: EnvKeysWritten | null;
}

/** What the plan does with each of the provider's env keys in the app's env file. */
export interface EnvKeysWritten {
  file: string;
  /** Written blank, for the user to fill in. */
  blank: string[];
  /** Written with the value the command was given (Apple's client secret made from a `.p8`). */
  given: string[];
  /** Already in the file: left as they are. */
  kept: string[];
}

/** The provider is listed in the module (from our runtime, or a module of the same id elsewhere; or its old id's module, `azure-ad`). */
export function isConfigured(source: string, fileName: string, provider: Pick<ProviderEntry, "id">): boolean {
  const modules = providerModuleIds(provider);
  return configuredProviders(source, fileName).some((specifier) =>
    modules.some((module) => specifier.endsWith(`/providers/${module}`)),
  );
}

/** Whether the config sets an `adapter` (any object property of that name: ours, the user's own). */
export function configuresAdapter(source: string, fileName: string): boolean {
  const ts = typescript();
  let found = false;
  const visit = (node: import("ts-morph").ts.Node): void => {
    if (found) return;
    if (
      (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) &&
      ts.isIdentifier(node.name) &&
      node.name.text === "adapter"
    ) {
      found = true;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(parseSyntax(source, fileName));
  return found;
}

function refuseWithoutDatabase(setup: ProviderSetup, provider: ProviderEntry): void {
  const what = kindNeeds(provider).stores;
  if (what === null || configuresAdapter(setup.authSource, setup.authPath)) return;
  const others = configuredProviders(setup.authSource, setup.authPath)
    .map((specifier) => specifier.split("/").pop())
    .filter(Boolean);
  throw new CliError(
    "NeedsDatabase",
    `${provider.name} needs a database (users, ${what}) and ${setup.authPath} configures no adapter: add one to its config (adapter: sqlite(db), see docs/adapters.md), then run add-provider ${provider.id} again; or move ${setup.authPath} aside and run npx create-auth init --db sqlite --providers ${[...others, provider.id].join(",")} to have init write the database and ${provider.name} together.`,
  );
}

/**
 * The provider's keys, blank, in the env file (git-ignored first if it is not) under a comment naming the
 * command; their placeholders in `.env.example`; their declarations in SvelteKit 3's env module. `values`
 * are the keys the command was given a value for (Apple's client secret made from a `.p8`): written as
 * their entry says instead of blank, into the ignored env file only.
 */
function envSteps(
  setup: ProviderSetup,
  provider: ProviderEntry,
  values: readonly EnvEntry[],
): { steps: FileStep[]; written: EnvKeysWritten | null } {
  const { info, target, reader } = setup;
  const keys = provider.envKeys;
  if (keys.length === 0) return { steps: [], written: null };
  const steps: FileStep[] = [];
  // What goes in the keys beyond a client's id and secret, said above each, in both files.
  const comments = envKeyComments([provider]);
  const secrets = planSecretsFile({
    reader,
    envFile: info.envFile,
    envStatus: info.envStatus,
    ignorePattern: target.envIgnorePattern,
    entries: keys.map((key) => ({
      ...(values.find((entry) => entry.key === key) ?? { key, value: "" }),
      comment: comments.get(key),
    })),
    header: [envHeader(provider)],
    // The diff's context lines show the file's other keys (AUTH_SECRET among them): every value stays hidden.
    secretKeys: [...secretEnvKeys(keys), ...assignedKeys(reader.read(info.envFile))],
    reason:
      values.length > 0
        ? `${provider.name} settings: ${values.map((entry) => entry.key).join(", ")}`
        : `${provider.name} settings, blank until you fill them in`,
  });
  steps.push(...secrets.steps);
  if (secrets.ignore) steps.push(ignoreStep([secrets.ignore], target.starterIgnores));
  steps.push(...planEnvExample(reader, keys, info.envFile, [envHeader(provider)], comments));
  const envVars = envVarsModule(setup);
  if (envVars) {
    steps.push({
      kind: "edit",
      path: envVars,
      reason: `${keys.join(", ")} declared for SvelteKit 3`,
      transform: (source) => declareEnvVars(source, envVars, keys),
      unsupported: (why) => `${envVars} left as it is (${why}): declare ${keys.join(", ")} in it.`,
    });
  }
  const given = (key: string) => values.some((entry) => entry.key === key);
  const { added, replaced, kept } = secrets.merge;
  const written = {
    file: info.envFile,
    blank: added.filter((key) => !given(key)),
    given: [...added, ...replaced].filter(given),
    kept,
  };
  return { steps, written };
}

/** `processEnv`: the process environment, read over the app's env file for the tables' migrate step. */
export function planAddProvider(
  setup: ProviderSetup,
  provider: ProviderEntry,
  code: ProviderCode,
  processEnv: Readonly<Record<string, string | undefined>>,
  overwrite: ReadonlySet<string> = new Set(),
  values: readonly EnvEntry[] = [],
): AddProviderPlan {
  const { info, target, reader, authPath, authSource } = setup;
  const empty: Plan = {
    command: "add-provider",
    projectDir: info.root,
    changes: [],
    install: null,
    nextSteps: [],
    notes: [],
    conflicts: [],
  };
  if (isConfigured(authSource, authPath, provider)) {
    // Already there: only the values given (a renewed Apple client secret) are left to write.
    const env = values.length > 0 ? envSteps(setup, provider, values) : { steps: [], written: null };
    const { changes, conflicts, notes } = planFiles(reader, env.steps);
    return {
      plan: { ...empty, changes, conflicts, notes },
      alreadyConfigured: true,
      manual: null,
      callbackUrl: null,
      envKeys: env.written,
    };
  }
  refuseWithoutDatabase(setup, provider);

  const result = addProvider(authSource, authPath, code);
  const manual: ManualLines | null =
    typeof result === "object"
      ? { file: authPath, why: result.unsupported, ...providerLines(code, moduleStyle(authSource, authPath)) }
      : null;
  const steps: FileStep[] = [
    {
      kind: "edit",
      path: authPath,
      reason: `${provider.name} provider: import and entry in the providers list`,
      transform: (source) => addProvider(source, authPath, code),
    },
  ];

  // The table the provider keeps its records in (passwords), as generate writes it for the app's database.
  const tables = planProviderTables(setup, provider, processEnv);
  steps.push(...tables.steps);
  const env = envSteps(setup, provider, values);
  steps.push(...env.steps);

  const runtime = planRuntimePackage(
    reader,
    setup.runtimeDir,
    setup.context.runtime,
    providerEntries([provider]),
    [],
    overwrite,
  );
  for (const change of runtime.changes) steps.push({ kind: "change", change });
  for (const conflict of runtime.conflicts) steps.push({ kind: "conflict", conflict });

  let install: InstallStep | null = null;
  const packages = provider.packages ?? {};
  const deps = addDependencies(reader.read("package.json") ?? "{}", packages);
  if (deps !== "unchanged") {
    steps.push({
      kind: "edit",
      path: "package.json",
      reason: `dependencies: ${deps.added.join(", ")}`,
      transform: (source) => {
        const edit = addDependencies(source, packages);
        return edit === "unchanged" ? "unchanged" : edit.content;
      },
    });
    install = { packageManager: info.packageManager.name, command: installCommand(info.packageManager.name) };
  }
  for (const d of deps === "unchanged" ? [] : deps.differing) {
    steps.push({
      kind: "note",
      text: `package.json has ${d.name}@${d.existing}; the runtime is tested with ${d.wanted}. Kept yours.`,
    });
  }

  const { changes, conflicts, notes } = planFiles(reader, steps, overwrite);
  const authBase = authBaseUrl(target, reader, info.packageJson);
  const callbackUrl =
    provider.kind === "oauth" || provider.kind === "oidc" ? providerCallbackUrl(authBase, provider.id) : null;
  // The keys given a value here (Apple's secret) are not left for the user to set.
  const unfilled = {
    ...provider,
    envKeys: provider.envKeys.filter((key) => !values.some((entry) => entry.key === key)),
  };
  const handEdit = manual
    ? [
        `Add ${provider.name} to ${manual.file} by hand with the lines printed above (the imports beside its others, the entry in its providers list${manual.config ? ", the option in its config" : ""}).`,
      ]
    : [];
  return {
    plan: {
      ...empty,
      changes,
      conflicts,
      notes,
      install,
      nextSteps:
        changes.length > 0 || manual
          ? [...handEdit, ...tables.nextSteps, providerNextStep(setup.target, setup.init, info, unfilled, authBase)]
          : [],
    },
    alreadyConfigured: false,
    manual,
    callbackUrl,
    envKeys: env.written,
  };
}

/** The lines to add by hand, as printed before the plan. */
export function manualLines(manual: ManualLines): string[] {
  const indent = (text: string) => text.split("\n").map((line) => `    ${line}`);
  return [
    `${manual.file} cannot be edited safely (${manual.why}); it is left as it is. Add these lines to it yourself:`,
    "  with its imports:",
    ...manual.imports.flatMap(indent),
    "  in its providers list:",
    ...indent(manual.entry),
    ...(manual.config ? ["  in its config object:", ...indent(manual.config)] : []),
  ];
}
