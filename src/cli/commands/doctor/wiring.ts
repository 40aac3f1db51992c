/**
 * Wiring the app's own files must carry for the auth module to take effect. Each framework's checks live
 * with its target (frameworks/<id>/doctor.ts, run through `Target.checks`): the Next proxy and its matcher,
 * the SvelteKit hooks, the Express mount, SolidStart's and Qwik City's modules and the app's imports of them.
 * Here, what every framework shares: `.env.example`, the file teammates and deployments copy, names every
 * auth setting the env file sets.
 */

import { type Finding, finding, ok } from "../../checks/finding.js";
import { assignedKeys } from "../../env/merge.js";
import { configuredCatalogProviders } from "../../providers/auth-providers.js";
import { PROVIDERS } from "../../providers/catalog.js";
import type { DoctorContext } from "./context.js";

/** Settings create-auth and the adapters read, by name. */
const AUTH_SETTING = /^(?:AUTH_|NEXTAUTH_|EMAIL_SERVER$|EMAIL_FROM$|DATABASE_URL$)/;

/**
 * The keys of catalog providers the auth module does not configure: nothing reads them. remove-provider takes
 * their placeholders out of .env.example and keeps a value the user set in the env file (said, for them to
 * delete), so asking for them back in .env.example would undo it.
 */
function unreadProviderKeys(ctx: DoctorContext): Set<string> {
  if ("missing" in ctx.setup) return new Set();
  let configured: Set<string>;
  try {
    configured = new Set(
      configuredCatalogProviders(ctx.setup.authSource, ctx.setup.authPath).flatMap((provider) => provider.envKeys),
    );
  } catch {
    // An auth module the provider reading cannot follow: every auth setting counts, as before.
    return new Set();
  }
  return new Set(PROVIDERS.flatMap((provider) => provider.envKeys).filter((key) => !configured.has(key)));
}

function checkEnvExample(ctx: DoctorContext): Finding[] {
  const keys = new Set<string>();
  for (const file of ctx.envFiles) for (const key of assignedKeys(ctx.reader.read(file))) keys.add(key);
  const unread = unreadProviderKeys(ctx);
  const wanted = [...keys].filter((key) => AUTH_SETTING.test(key) && !unread.has(key));
  if (wanted.length === 0) return [];
  const example = ctx.reader.read(".env.example");
  if (example === null) {
    return [
      finding(
        "warning",
        "env-example.missing",
        `No .env.example: whoever clones or deploys the app cannot see that it needs ${wanted.join(", ")}.`,
        "commit a .env.example naming those keys with blank values (never the values themselves)",
      ),
    ];
  }
  const listed = new Set(assignedKeys(example));
  const absent = wanted.filter((key) => !listed.has(key));
  if (absent.length > 0) {
    return [
      finding(
        "warning",
        "env-example.missing-keys",
        `.env.example does not name ${absent.join(", ")}, which the env file sets: a deployment copied from it lacks ${absent.length === 1 ? "it" : "them"}.`,
        `add ${absent.map((key) => `${key}=`).join(" ")} to .env.example (names only, no values)`,
        ".env.example",
      ),
    ];
  }
  return [ok("env-example.complete", ".env.example names every auth setting the env file sets.", ".env.example")];
}

export function checkWiring(ctx: DoctorContext): Finding[] {
  // The framework's own checks live with its target (frameworks/<id>/doctor.ts, Target.checks).
  const framework = "missing" in ctx.setup ? [] : (ctx.setup.target.checks?.(ctx.setup) ?? []);
  return [...framework, ...checkEnvExample(ctx)];
}
