/**
 * The plan of `remove-provider <id>`: the reverse of add-provider, step for step. The auth module loses the
 * provider's entry and the imports only it used (providers/auth-providers.ts); the env file and
 * `.env.example` lose its keys while they are still blank (a key the user filled in is kept and said); SvelteKit
 * 3's src/env.ts its declarations; the runtime package the provider's module (and `./refresh` with the last
 * OAuth provider), unless the app's own code imports them; package.json the packages it needed, when nothing
 * else in the app imports them. Keys and packages a provider that stays needs too (the email and password
 * providers share the mail settings and nodemailer) stay, said in a note; so does the provider's own table with
 * its data (passwords). Refused, writing nothing: removing the last provider (a config with none
 * signs nobody in), and an auth module the transform cannot edit (the rest would break the import it keeps).
 * Pure.
 */

import { providerTable } from "../../database/provider-tables.js";
import { configuredAdapter } from "../../database/setup.js";
import { removePackages } from "../../edit/package-json-remove.js";
import { assignedKeys } from "../../env/merge.js";
import { removeEnvKeys } from "../../env/remove.js";
import { secretEnvKeys } from "../../env/secret-keys.js";
import { CliError } from "../../errors.js";
import { type FileStep, planFiles } from "../../plan/planner.js";
import type { InstallStep, Plan } from "../../plan/types.js";
import { configuredProviders, removeProvider } from "../../providers/auth-providers.js";
import { type ProviderEntry, providerOfImport } from "../../providers/catalog.js";
import { envKeyComments } from "../../providers/env-help.js";
import { providerModuleIds } from "../../providers/resolve-id.js";
import { providerEntries, type RuntimeEntry } from "../../runtime-package/entries.js";
import { planRuntimePackage, RUNTIME_PACKAGE_NAME } from "../../runtime-package/plan.js";
import type { ProviderSetup } from "../app-setup.js";
import { installCommand } from "../init/env-and-runtime.js";
import { envHeader, envVarsModule } from "./env-keys.js";
import { undeclareEnvVars } from "./env-vars.js";
import { appSourceFiles, importerOf, importsModule } from "./imports.js";

export interface RemoveProviderPlan {
  plan: Plan;
  /** The provider was in the auth module (else only what it left behind is cleaned up). */
  wasConfigured: boolean;
  /** Env keys the user filled in: kept, with the file they are in. */
  keptKeys: { file: string; key: string }[];
}

/** `providers`: the one removed, and the old module it was imported as (azure-ad), whose headers and comments go too. */
function envRemovalSteps(
  setup: ProviderSetup,
  providers: readonly ProviderEntry[],
  keys: readonly string[],
  file: string,
  keptKeys: RemoveProviderPlan["keptKeys"],
): FileStep[] {
  const before = setup.reader.read(file);
  if (before === null || keys.length === 0) return [];
  const { content, removed, kept } = removeEnvKeys(
    before,
    [...keys],
    [...new Set(providers.map(envHeader))],
    file,
    envKeyComments(providers),
  );
  keptKeys.push(...kept.map((key) => ({ file, key })));
  if (removed.length === 0) return [];
  return [
    {
      kind: "change",
      change: {
        kind: "env-merge",
        path: file,
        before,
        after: content,
        added: [],
        replaced: [],
        // Context lines of the diff may show any other key: every value stays hidden.
        secretKeys: file === ".env.example" ? secretEnvKeys(assignedKeys(before)) : assignedKeys(before),
        reason: `- ${removed.join(", ")}: still blank, and no provider reads them now`,
      },
    },
  ];
}

export function planRemoveProvider(
  setup: ProviderSetup,
  provider: ProviderEntry,
  overwrite: ReadonlySet<string> = new Set(),
): RemoveProviderPlan {
  const { info, reader, authPath, authSource } = setup;
  const configured = configuredProviders(authSource, authPath);
  // The provider's module, or the one the runtime keeps under its old id (`providers/azure-ad`).
  const modules = providerModuleIds(provider);
  const specifier =
    configured.find((found) => modules.some((module) => found.endsWith(`/providers/${module}`))) ??
    `${RUNTIME_PACKAGE_NAME}/providers/${provider.id}`;
  const moduleId = specifier.split("/").pop() ?? provider.id;
  const wasConfigured = configured.includes(specifier);
  const after = removeProvider(authSource, authPath, specifier);
  if (typeof after === "object") {
    throw new CliError(
      "UnsupportedProject",
      `${authPath} cannot be edited safely (${after.unsupported}); nothing was written: take ${provider.name} out of it by hand (its import of ${specifier} and its entry), then run remove-provider ${provider.id} again to remove its env keys and runtime module.`,
    );
  }
  const authAfter = after === "unchanged" ? authSource : after;
  const remaining = configuredProviders(authAfter, authPath);
  if (wasConfigured && remaining.length === 0) {
    throw new CliError(
      "LastProvider",
      `${provider.name} is the only provider in ${authPath}, and a config without providers signs nobody in; nothing was written: add the one you want instead first (npx create-auth add-provider <id>), then remove ${provider.id}.`,
    );
  }

  // What the providers that stay still need (the email provider shares the mail settings and nodemailer with
  // the password provider): kept, and said.
  const staying = remaining.flatMap((found) => providerOfImport(found) ?? []);
  const neededBy = (has: (other: ProviderEntry) => boolean) =>
    staying.find((other) => other.id !== provider.id && has(other));
  // An old module (`providers/azure-ad`) reads its own env keys (AUTH_AZURE_AD_*): those go too, with the
  // current provider's (init or add-provider may have written them).
  const module = (wasConfigured && providerOfImport(specifier)) || provider;
  const keys = [...new Set([...module.envKeys, ...provider.envKeys])];
  const sharedKeys = keys.filter((key) => neededBy((other) => other.envKeys.includes(key)));
  const ownKeys = keys.filter((key) => !sharedKeys.includes(key));

  const keptKeys: RemoveProviderPlan["keptKeys"] = [];
  const steps: FileStep[] = [
    {
      kind: "edit",
      path: authPath,
      reason: `${provider.name} provider: its entry and the imports only it used`,
      transform: (source) => removeProvider(source, authPath, specifier),
    },
    ...envRemovalSteps(setup, [...new Set([provider, module])], ownKeys, info.envFile, keptKeys),
    ...envRemovalSteps(setup, [...new Set([provider, module])], ownKeys, ".env.example", keptKeys),
  ];
  if (sharedKeys.length > 0) {
    const users = [...new Set(sharedKeys.map((key) => neededBy((other) => other.envKeys.includes(key))!.name))];
    steps.push({
      kind: "note",
      text: `${sharedKeys.join(", ")} ${sharedKeys.length === 1 ? "stays" : "stay"}: ${users.join(" and ")} ${users.length === 1 ? "reads" : "read"} ${sharedKeys.length === 1 ? "it" : "them"} too.`,
    });
  }
  const envVars = envVarsModule(setup);
  const undeclared = ownKeys.filter((key) => !keptKeys.some((kept) => kept.key === key));
  if (envVars && undeclared.length > 0) {
    steps.push({
      kind: "edit",
      path: envVars,
      reason: `${undeclared.join(", ")} no longer declared`,
      transform: (source) => undeclareEnvVars(source, undeclared),
    });
  }
  // The provider's own table holds users' data (password hashes): like `remove`, this never drops it.
  const table = providerTable(provider);
  if (wasConfigured && table && configuredAdapter(reader, info)) {
    steps.push({
      kind: "note",
      text: `The ${table} table stays in the database with what ${provider.name} stored (remove-provider never deletes data), and so does the migration or schema entry that created it. Once nothing reads it, drop it yourself: DROP TABLE ${table}; (with Drizzle or Prisma, take it out of your schema and push).`,
    });
  }
  for (const { file, key } of keptKeys) {
    steps.push({
      kind: "note",
      text: `${key} in ${file} has a value you set; kept (delete it yourself once nothing reads it).`,
    });
  }

  // What the rest of the app imports decides what goes from the runtime package and package.json.
  const files = appSourceFiles(reader, new Set([setup.runtimeDir, authPath]));
  const usedElsewhere = (module: string) =>
    importsModule(authAfter, module) ? authPath : importerOf(reader, files, module);
  const remainingKinds = remaining.map((found) => providerOfImport(found)?.kind);
  const oauthLeft = remainingKinds.some((kind) => kind === undefined || kind === "oauth" || kind === "oidc");
  const drop = providerEntries([{ id: moduleId, kind: provider.kind }]).filter((entry: RuntimeEntry) => {
    if (entry === "./refresh" && oauthLeft) return false;
    return !usedElsewhere(`${RUNTIME_PACKAGE_NAME}/${entry.slice(2)}`);
  });
  const runtime = planRuntimePackage(reader, setup.runtimeDir, setup.context.runtime, [], drop, overwrite);
  for (const change of runtime.changes) steps.push({ kind: "change", change });
  for (const conflict of runtime.conflicts) steps.push({ kind: "conflict", conflict });

  let install: InstallStep | null = null;
  const unused = Object.keys(provider.packages ?? {}).filter((name) => {
    const sharer = neededBy((other) => other.packages?.[name] !== undefined);
    const importer = sharer ? null : usedElsewhere(name);
    const why = sharer ? `${sharer.name} needs it too` : importer ? `${importer} imports it` : null;
    if (why) steps.push({ kind: "note", text: `${name} stays in package.json: ${why}.` });
    return why === null;
  });
  const packages = removePackages(reader.read("package.json") ?? "{}", unused);
  if (packages !== "unchanged") {
    steps.push({
      kind: "edit",
      path: "package.json",
      reason: `dependencies: removes ${packages.removed.join(", ")}`,
      transform: (source) => {
        const edited = removePackages(source, unused);
        return edited === "unchanged" ? "unchanged" : edited.after;
      },
    });
    install = { packageManager: info.packageManager.name, command: installCommand(info.packageManager.name) };
  }

  const { changes, conflicts, notes } = planFiles(reader, steps, overwrite);
  return {
    plan: {
      command: "remove-provider",
      projectDir: info.root,
      changes,
      install,
      nextSteps:
        wasConfigured && provider.registerAt && (provider.kind === "oauth" || provider.kind === "oidc")
          ? [
              `If nothing else signs in with it, delete the OAuth app you registered for this app at ${provider.registerAt}.`,
            ]
          : [],
      notes,
      conflicts,
    },
    wasConfigured,
    keptKeys,
  };
}
