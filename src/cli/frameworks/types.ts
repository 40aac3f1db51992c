/**
 * What a framework is, in two parts, each in the framework's own folder: its facts (frameworks/<id>/facts.ts:
 * plain data, which detection and `auth secret` read) and its target (frameworks/<id>/target.ts: how it reads
 * its layout and what `init` writes, loaded only by the commands that plan). The registry
 * (frameworks/index.ts) has one line per framework: its id and the loaders of both. The project's facts and the
 * answers it is handed are the dictionary in project/types.ts; the context planning reads through is
 * plan/context.ts.
 */

import type { Finding } from "../checks/finding.js";
import type { DatabaseFileOptions, DatabaseWiring } from "../database/sql/plan.js";
import type { ModuleShape } from "../edit/ast.js";
import type { PlanContext } from "../plan/context.js";
import type { FileStep } from "../plan/planner.js";
import type { FrameworkSignals } from "../project/framework.js";
import type { ProjectReader } from "../project/reader.js";
import type { FrameworkLayout, PackageJson, ProjectInfo } from "../project/types.js";
import type { RuntimeEntry } from "../runtime-package/entries.js";

/**
 * A framework's facts: plain data. How it is recognised (its packages, the first declared giving the
 * version, and its config files: FrameworkSignals), what it is called, where its secrets go, what its
 * starter keeps out of git, which runtime entries its apps import, and where the auth endpoints live.
 */
export interface FrameworkFacts extends FrameworkSignals {
  name: string;
  /** What this framework's target supports, in the words of the refusal message: "Next.js 15–16 (App Router, Pages Router)". */
  supported: string;
  /** The framework's packages its target refuses (another major), with what to tell the user. */
  refused?: Record<string, string>;
  /** Where secrets go (git-ignored) and the pattern that ignores it. */
  envFile: string;
  envIgnorePattern: string;
  /**
   * What the framework's own starter's .gitignore keeps out of git besides env files (dependencies, build
   * output, logs): a .gitignore that init creates starts with these.
   */
  starterIgnores: readonly string[];
  /** Where the auth endpoints are mounted, and the dev server's origin: callback URLs are built from both. */
  basePath: string;
  devOrigin: string;
  /** The runtime's entries for this framework: its integration and the client helpers that belong to it. */
  runtimeEntries: readonly RuntimeEntry[];
}

/** A framework as detection sees it: its facts, and the loader of its target (loaded when a command plans). */
export interface Framework extends FrameworkFacts {
  load(): Promise<Target>;
}

/**
 * A framework target: the facts plus pure functions (sv's add-ons are the model). It says how its framework
 * is laid out in a project and what `init` writes: the auth module, the files it owns (templates), the edits
 * it makes to the app's files, and the next steps. The planner (commands/init/plan.ts) turns it and the answers into a
 * Plan; the target never sees one.
 */
export interface Target extends FrameworkFacts {
  /** The folder of this framework's templates (its `templates/`, beside target.ts). */
  templates: URL;
  /**
   * The framework's layout in this project. `pkg` is the app's package.json merged with its workspace
   * root's; `major` is the detected major version (ProjectInfo's `framework.major`).
   */
  layout(reader: ProjectReader, pkg: PackageJson, major: number | null): FrameworkLayout;
  /** Files this target owns, for existing-file detection. */
  ownedFiles(info: Omit<ProjectInfo, "existingAuthFiles" | "envStatus">): string[];
  /** What `init` writes in this project for these answers. */
  init(context: PlanContext): TargetInit;
  /** The app's own base path, which the auth endpoints answer under too (SvelteKit's `kit.paths.base`), or "". */
  appBasePath?(reader: ProjectReader): string;
  /**
   * The module where the app declares the environment variables it may read (SvelteKit 3's src/env.ts with
   * `defineEnvVars`), when the app has one: add-provider and remove-provider declare a provider's keys there.
   */
  envDeclarations?(reader: ProjectReader, info: ProjectInfo): string | null;
  /** doctor's checks of the wiring this target writes (frameworks/<id>/doctor.ts), on an app set up with it. */
  checks?(setup: WiringSetup): Finding[];
}

/** What a target's doctor checks read: the app as init set it up (commands/app-setup.ts's ProviderSetup). */
export interface WiringSetup {
  reader: ProjectReader;
  info: ProjectInfo;
  target: Target;
  /** What the target's `init` writes for this app, with no provider. */
  init: TargetInit;
  authPath: string;
  authSource: string;
}

export interface TargetInit {
  /** The auth module: the config users edit (providers, callbacks, credentials' authorize). */
  auth: AuthModule;
  /** Where the database client module goes, and how it reads the environment. */
  database: DatabaseFileOptions;
  /**
   * The target's other files, after the auth module and the database files: owned files, edits of the
   * app's files, notes. `database` is null without a database. Each edit carries its `undo` (or `undo: null`,
   * saying why): remove applies it, knowing no framework (test/cli/commands/init/setup-undo.test.ts holds every target to it).
   */
  files(database: DatabaseWiring | null): FileStep[];
  /** Notes said before anything else (what detection could not find). */
  notes?: string[];
  env: EnvAndRuntimeOptions;
  /** The framework's next steps, after the database's and the providers'. */
  nextSteps: string[];
  /** Said after the callback URL in each OAuth provider's next step (other ports the app may run on). */
  callbackHint?: string;
}

export interface AuthModule {
  path: string;
  /** The module's text for the chosen providers and database. */
  render(database: DatabaseWiring | null): string;
  reason: string;
  /** An existing file that is already an auth module of ours (its shape says so): init leaves it as it is. */
  done(shape: ModuleShape, source: string): boolean;
  /** How the user calls it in messages: "module", or "plugin" (Qwik City). */
  noun?: string;
}

/** What a target says about the env file init writes. */
export interface EnvAndRuntimeOptions {
  /** The env file's second header line: what to set in production. */
  productionHint: string;
}
