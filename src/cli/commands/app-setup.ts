import { CliError } from "../errors.js";
import type { Target, TargetInit } from "../frameworks/types.js";
import type { PlanContext, RuntimeSource } from "../plan/context.js";
import type { ProjectReader } from "../project/reader.js";
import type { ProjectInfo } from "../project/types.js";
import { linkedRuntime } from "../runtime-package/link.js";
import { RUNTIME_PACKAGE_NAME } from "../runtime-package/plan.js";

/** What `init` writes in an app, read back: the reading add-provider, remove-provider and remove start from. */
export interface InitSetup {
  info: ProjectInfo;
  target: Target;
  reader: ProjectReader;
  /** The runtime package's folder, relative to the app (`vendor/auth-runtime`). */
  runtimeDir: string;
  /** What the target's `init` writes for this app, with no provider: where the auth module is, its next steps. */
  init: TargetInit;
  /** The context `init` planned with (no provider, JWT sessions, no database). */
  context: PlanContext;
  authPath: string;
  /** The auth module as it is now; null when there is none where init writes it. */
  authSource: string | null;
}

export interface ProviderSetup extends InitSetup {
  authSource: string;
}

export interface SetupOptions {
  reader: ProjectReader;
  /** Detection of the app in `reader` (frameworks/detect-project.ts), handed in by the command. */
  detect(): Promise<{ info: ProjectInfo; target: Target }>;
  runtime: RuntimeSource;
  /** The framework's template renderer (loading it is the one asynchronous step). */
  loadRender(templates: URL): Promise<PlanContext["render"]>;
}

/**
 * The app, its target, and what the target's `init` writes there for no provider with the runtime in the
 * folder `runtimeDir` picks (it may refuse), with the auth module as it is now.
 */
export async function findInitSetup(
  options: SetupOptions,
  runtimeDir: (info: ProjectInfo) => string,
): Promise<InitSetup> {
  const { reader } = options;
  const { info, target } = await options.detect();
  const dir = runtimeDir(info);
  const context: PlanContext = {
    info,
    answers: { framework: target.id, providers: [], strategy: "jwt", db: "none", orm: "none", runtimeDir: dir },
    reader,
    secret: "",
    runtime: options.runtime,
    render: await options.loadRender(target.templates),
    overwrite: new Set(),
  };
  const init = target.init(context);
  const authPath = init.auth.path;
  return { info, target, reader, runtimeDir: dir, init, context, authPath, authSource: reader.read(authPath) };
}

export async function findProviderSetup(options: SetupOptions & { command: string }): Promise<ProviderSetup> {
  const { command } = options;
  const setup = await findInitSetup(options, (info) => {
    const link = linkedRuntime(info.packageJson);
    if (!link) {
      throw new CliError(
        "NotSetUp",
        `${info.root} has no create-auth setup (its package.json does not link ${RUNTIME_PACKAGE_NAME} from a folder): run npx create-auth init there first, then ${command}.`,
      );
    }
    if ("outside" in link) {
      throw new CliError(
        "UnsupportedProject",
        `package.json links ${RUNTIME_PACKAGE_NAME} from ${link.outside}, outside the app: ${command} only writes inside ${info.root}.`,
      );
    }
    return link.dir;
  });
  const { authSource, init, authPath, target } = setup;
  if (authSource === null) {
    throw new CliError(
      "NotSetUp",
      `No auth ${init.auth.noun ?? "module"} at ${authPath}, where create-auth init writes it for this ${target.name} app: run npx create-auth init there to write one (or move yours back), then ${command}.`,
    );
  }
  return { ...setup, authSource };
}
