import { databaseDriver, planDatabase } from "../database/plan.js";
import type { ProjectReader } from "../plan/reader.js";
import type { Conflict, FileChange, Plan } from "../plan/types.js";
import type { ProviderEntry } from "../providers/catalog.js";
import { passwordlessNextStep, providersTemplateData } from "../providers/template-data.js";
import { RUNTIME_PACKAGE_NAME } from "../runtime-package/plan.js";
import { mergeAuthHandle } from "../transforms/sveltekit-hooks.js";
import { mergeSessionLoad } from "../transforms/sveltekit-layout.js";
import { DEFAULT_ENV_CONVENTION } from "./conventions.js";
import { planEnvAndRuntime } from "./env-and-runtime.js";
import { planOwnedFile } from "./owned-file.js";
import type { FrameworkMatch, PackageJson, PlanContext, ProjectInfo, Target } from "./types.js";

const RUNTIME_SVELTEKIT = `${RUNTIME_PACKAGE_NAME}/sveltekit`;
/** `vite dev`'s origin; `vite preview` serves on 4173 and adapter-node's `node build` on 3000. */
const DEV_ORIGIN = "http://localhost:5173";
const BASE_PATH = "/auth";

export function sveltekitCallbackUrl(providerId: string): string {
  return `${DEV_ORIGIN}${BASE_PATH}/callback/${providerId}`;
}

function installedVersion(reader: ProjectReader, declared: string): string | null {
  const installed = reader.read("node_modules/@sveltejs/kit/package.json");
  if (installed) {
    try {
      return (JSON.parse(installed) as { version: string }).version;
    } catch {
      // A broken install: keep the declared range.
    }
  }
  return declared.replace(/^[\^~>=<v ]+/, "") || null;
}

/** An app file we merge into: created from the template when absent, transformed when present. */
function planMergedFile(
  reader: ProjectReader,
  file: string,
  create: () => string,
  merge: (source: string) => string | "unchanged",
  reason: string,
): FileChange | null {
  const existing = reader.read(file);
  if (existing === null) return { kind: "create", path: file, content: create(), reason };
  const merged = merge(existing);
  return merged === "unchanged" ? null : { kind: "edit", path: file, before: existing, after: merged, reason };
}

function nextSteps(info: ProjectInfo, providers: ProviderEntry[], authFile: string): string[] {
  const steps: string[] = [];
  for (const provider of providers) {
    const passwordless = passwordlessNextStep(provider, info.envFile, DEV_ORIGIN);
    if (passwordless) {
      steps.push(passwordless);
      continue;
    }
    if (provider.kind === "credentials") {
      steps.push(
        `Credentials: sign-in is denied until you look up the user and verify the password in authorize() in ${authFile}.`,
      );
      continue;
    }
    steps.push(
      `${provider.name}: register an OAuth app (${provider.registerAt}) with callback URL ${sveltekitCallbackUrl(provider.id)} (vite preview: port 4173; node build: port 3000 or your deployed URL), then set ${provider.envKeys.join(", ")} in ${info.envFile}.`,
    );
  }
  const run = info.packageManager.name === "npm" ? "npm run dev" : `${info.packageManager.name} dev`;
  steps.push(`Start the app (${run}) and sign in at ${DEV_ORIGIN}${BASE_PATH}/signin`);
  steps.push(
    `Protect a page in its +page.server.${info.language} load: if (!(await event.locals.auth())) redirect(303, "${BASE_PATH}/signin?callbackUrl=" + event.url.pathname);`,
  );
  steps.push(
    'Forms: import { SignIn, SignOut } from "@create-auth/runtime/sveltekit/components"; the session is data.session in every page.',
  );
  steps.push(
    `In production (adapter-node): start with node --env-file=${info.envFile} build (it does not read ${info.envFile} itself), and set the public URL in ORIGIN (SvelteKit 2) or paths.origin in the SvelteKit config (SvelteKit 3: adapter-node assumes https otherwise), and in AUTH_URL.`,
  );
  return steps;
}

export const sveltekitTarget: Target = {
  id: "sveltekit",
  name: "SvelteKit",
  packages: ["@sveltejs/kit"],
  envFile: DEFAULT_ENV_CONVENTION.envFile,
  envIgnorePattern: DEFAULT_ENV_CONVENTION.ignorePattern,

  detect(reader: ProjectReader, pkg: PackageJson): FrameworkMatch | null {
    const declared = pkg.dependencies?.["@sveltejs/kit"] ?? pkg.devDependencies?.["@sveltejs/kit"];
    if (declared === undefined) return null;
    return { version: installedVersion(reader, declared), router: null, routesDir: "src/routes" };
  },

  ownedFiles(info) {
    const ext = info.language;
    return [`src/auth.${ext}`, `src/routes/signin/+page.server.${ext}`, `src/routes/signout/+page.server.${ext}`];
  },

  plan(context: PlanContext): Plan {
    const { info, answers, reader } = context;
    const ext = info.language;
    const ts = ext === "ts";
    const changes: FileChange[] = [];
    const conflicts: Conflict[] = [];
    const notes: string[] = [];
    const collect = (result: { change?: FileChange; conflict?: Conflict; note?: string }) => {
      if (result.change) changes.push(result.change);
      if (result.conflict) conflicts.push(result.conflict);
      if (result.note) notes.push(result.note);
    };

    const authFile = `src/auth.${ext}`;
    // $lib/server: SvelteKit refuses to let browser code import it.
    const database = planDatabase(context, {
      clientFile: `src/lib/server/auth-db.${ext}`,
      clientImport: "$lib/server/auth-db",
      authFile,
      envSource: "sveltekit",
    });
    const authSource = context.render("auth", {
      runtimeDir: answers.runtimeDir,
      envFile: info.envFile,
      database: database.wiring,
      ...providersTemplateData(answers.providers, (key) => `env.${key}`),
    });
    collect(
      planOwnedFile(
        context,
        authFile,
        authSource,
        (source) => {
          const shape = context.inspectModule(source);
          return shape.imports.includes(RUNTIME_SVELTEKIT) && shape.exports.includes("handle");
        },
        "auth module (SvelteKitAuth config, providers)",
      ),
    );
    changes.push(...database.changes);
    conflicts.push(...database.conflicts);
    notes.push(...database.notes);

    const actionRoutes = [
      ["signin", "signIn", "signin-server"],
      ["signout", "signOut", "signout-server"],
    ] as const;
    for (const [route, action, template] of actionRoutes) {
      const file = `src/routes/${route}/+page.server.${ext}`;
      collect(
        planOwnedFile(
          context,
          file,
          context.render(template, { authImport: "../../auth", ts }),
          (source) => context.inspectModule(source).exports.includes("actions") && source.includes(action),
          `/${route} form action (${action})`,
        ),
      );
    }
    const signinPage = "src/routes/signin/+page.svelte";
    if (!reader.exists(signinPage)) {
      changes.push({
        kind: "create",
        path: signinPage,
        content: context.render("signin-page", { basePath: BASE_PATH }),
        reason: "sign-in errors from the /signin action",
      });
    }

    const hooks = planMergedFile(
      reader,
      reader.exists("src/hooks.server.js") && !reader.exists("src/hooks.server.ts")
        ? "src/hooks.server.js"
        : `src/hooks.server.${ext}`,
      () => context.render("hooks", { authImport: "./auth" }),
      (source) => mergeAuthHandle(source, "./auth"),
      "auth handle first in the hooks (sequence)",
    );
    if (hooks) changes.push(hooks);

    const layoutFile =
      reader.exists("src/routes/+layout.server.js") && !reader.exists("src/routes/+layout.server.ts")
        ? "src/routes/+layout.server.js"
        : `src/routes/+layout.server.${ext}`;
    const layout = planMergedFile(
      reader,
      layoutFile,
      () => context.render("layout-server", { ts }),
      (source) => mergeSessionLoad(source, layoutFile.split("/").pop()),
      "session in every page's data",
    );
    if (layout) changes.push(layout);

    const databaseKey = databaseDriver(answers)?.envKey;
    const oauthKeys = [...answers.providers.flatMap((p) => p.envKeys), ...(databaseKey ? [databaseKey] : [])];
    // SvelteKit 3 gives the app (and so the runtime) only the environment variables declared in src/env.ts.
    const major = Number.parseInt(info.framework.version ?? "", 10);
    const envModule = `src/env.${ext}`;
    if (major >= 3 && ts) {
      if (!reader.exists(envModule)) {
        changes.push({
          kind: "create",
          path: envModule,
          content: context.render("env-vars", { envFile: info.envFile, keys: oauthKeys }),
          reason: "auth environment variables declared for SvelteKit 3",
        });
      } else if (!(reader.read(envModule) ?? "").includes("AUTH_SECRET")) {
        notes.push(
          `${envModule} exists: declare AUTH_SECRET, AUTH_URL and ${oauthKeys.join(", ") || "your provider keys"} in it.`,
        );
      }
    }
    const shared = planEnvAndRuntime(context, this, {
      productionHint: "In production also set AUTH_URL to this app's public URL.",
    });
    changes.push(...shared.changes);
    conflicts.push(...shared.conflicts);
    notes.push(...shared.notes);

    return {
      command: "init",
      projectDir: info.root,
      changes,
      install: shared.install,
      nextSteps: changes.length > 0 ? [...database.nextSteps, ...nextSteps(info, answers.providers, authFile)] : [],
      notes,
      conflicts,
    };
  },
};
