/**
 * The code `add-provider` puts into an auth module, taken from the very template `init` renders
 * (providers/templates/provider-entry.hbs through the target's auth template), so the two cannot differ:
 * the target renders its module once with the provider alone and once with no provider, and the difference
 * is the provider's entry (its comment lines and its call), the named imports it needs (the email
 * normaliser of credentials, SvelteKit's `env`) and whether the config opts in to passkeys. (Qwik City's
 * config function taking `event` follows from the call itself: the transform sees it read `event.env`.) Pure.
 */

import type { Target } from "../../frameworks/types.js";
import type { PlanContext } from "../../plan/context.js";
import type { ProviderCode } from "../../providers/auth-providers.js";
import type { ProviderEntry } from "../../providers/catalog.js";
import { RUNTIME_PACKAGE_NAME } from "../../runtime-package/plan.js";

const PROVIDERS_OPEN = /^[ \t]*providers: \[$/;
const PROVIDERS_CLOSE = /^[ \t]*\],$/;

/** The lines inside the rendered module's `providers: [` … `],`. */
function entryLines(module: string): string[] {
  const lines = module.split("\n");
  const open = lines.findIndex((line) => PROVIDERS_OPEN.test(line));
  const close = lines.findIndex((line, index) => index > open && PROVIDERS_CLOSE.test(line));
  if (open === -1 || close === -1) throw new Error("the auth template renders no providers list");
  return lines.slice(open + 1, close);
}

/** `import { a, b } from "m";` / `const { a } = require("m");` lines: each name with its module. */
function namedImports(module: string): { name: string; from: string }[] {
  const found: { name: string; from: string }[] = [];
  const forms = [/^import \{ ([^}]+) \} from "([^"]+)";$/gm, /^const \{ ([^}]+) \} = require\("([^"]+)"\);$/gm];
  for (const form of forms) {
    for (const [, names = "", from = ""] of module.matchAll(form)) {
      for (const name of names.split(",").map((part) => part.trim())) {
        // Type-only names (`type ExpressAuthConfig`) are the module's own, never a provider's.
        if (name && !name.startsWith("type ")) found.push({ name, from });
      }
    }
  }
  return found;
}

function dedent(lines: readonly string[]): string[] {
  const indent = Math.min(...lines.filter((line) => line.trim() !== "").map((line) => /^ */.exec(line)![0].length));
  return lines.map((line) => line.slice(indent));
}

/** The module's text as the target's `init` would write it for `providers`, without a database. */
function renderModule(target: Target, context: PlanContext, providers: ProviderEntry[]): string {
  return target.init({ ...context, answers: { ...context.answers, providers } }).auth.render(null);
}

export function providerCode(target: Target, context: PlanContext, provider: ProviderEntry): ProviderCode {
  const alone = renderModule(target, context, [provider]);
  const none = renderModule(target, context, []);
  const lines = dedent(entryLines(alone));
  const firstCode = lines.findIndex((line) => !line.startsWith("//"));
  const comment = lines.slice(0, firstCode).map((line) => line.replace(/^\/\/ ?/, ""));
  const call = lines.slice(firstCode).join("\n").replace(/,$/, "");
  const before = new Set(namedImports(none).map(({ name, from }) => `${name} ${from}`));
  const added = namedImports(alone).filter(({ name, from }) => !before.has(`${name} ${from}`));
  return {
    specifier: `${RUNTIME_PACKAGE_NAME}/providers/${provider.id}`,
    importName: provider.importName,
    call,
    ...(added.length > 0 ? { namedImports: added } : {}),
    ...(comment.length > 0 ? { comment } : {}),
    ...(alone.includes("enableWebAuthn: true") && !none.includes("enableWebAuthn: true")
      ? { enableWebAuthn: true }
      : {}),
  };
}
