/**
 * The shapes of the framework targets (one declarative module per framework, targets/<id>.ts) and of what
 * detection hands them: the project as found, the answers, and the context planning reads through.
 */

import type { DatabaseFileOptions, DatabaseWiring } from "../database/plan.js";
import type { IgnoreStatus } from "../detect/git-ignore.js";
import type { PackageManagerInfo } from "../detect/package-manager.js";
import type { PathAlias } from "../detect/path-alias.js";
import type { EnvAndRuntimeOptions } from "../plan/env-and-runtime.js";
import type { FileStep } from "../plan/planner.js";
import type { ProjectReader } from "../plan/reader.js";
import type { ProviderEntry } from "../providers/catalog.js";
import type { RuntimeSource } from "../runtime-package/source.js";
import type { ModuleShape } from "../transforms/ast.js";

export type FrameworkId = "next" | "sveltekit" | "express" | "solid-start" | "qwik";
export const FRAMEWORK_IDS: readonly FrameworkId[] = ["next", "sveltekit", "express", "solid-start", "qwik"];

export interface PackageJson {
  name?: string;
  packageManager?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/**
 * What only a framework's target knows how to find in a project: where its routes live, which router
 * (Next), how it is built (SolidStart), which file creates the app (Express). Read from the project's
 * files by `Target.layout`; everything else about the project is found once, in detect/.
 */
export interface FrameworkLayout {
  /** Next.js: which router the project uses. */
  router: "app" | "pages" | null;
  /** The routes directory the target writes into ("app" or "src/app" for Next). */
  routesDir: string;
  /** How the app is built, when a framework has more than one way (SolidStart: "vinxi" or "vite"). */
  build?: string;
  /** Express: the file that creates the app instance (`express()`), found through the AST; relative to the root. */
  appFile?: string;
}

export interface FrameworkMatch extends FrameworkLayout {
  /** The installed version, else the declared one (detect/framework.ts, packageVersion). */
  version: string | null;
}

export interface ProjectInfo {
  root: string;
  packageJson: PackageJson;
  framework: { id: FrameworkId; name: string } & FrameworkMatch;
  packageManager: PackageManagerInfo;
  language: "ts" | "js";
  srcDir: boolean;
  aliases: PathAlias[];
  envFile: string;
  envStatus: IgnoreStatus;
  /** Whether git ignores `.env.example` (it should not: teammates need it). */
  exampleStatus?: IgnoreStatus;
  /** Files the target would own that already exist. */
  existingAuthFiles: string[];
  /** The monorepo workspace root relative to `root` (`../..`), when the project sits in one. */
  workspaceRoot?: string | null;
  /** What identified the framework, in words (`next in package.json`, `next.config.ts`). */
  evidence?: string[];
  /** Said when --framework chose another framework than detection found. */
  frameworkNote?: string;
}

export interface Answers {
  framework: FrameworkId;
  providers: ProviderEntry[];
  strategy: "jwt" | "database";
  db: "none" | "sqlite" | "postgres" | "mysql";
  orm: "none" | "drizzle" | "prisma";
  runtimeDir: string;
}

export interface PlanContext {
  info: ProjectInfo;
  answers: Answers;
  reader: ProjectReader;
  /** A fresh AUTH_SECRET, used only when the env file has none. */
  secret: string;
  runtime: RuntimeSource;
  /** Renders `templates/<framework>/<name>.hbs` (handlebars is loaded before planning starts). */
  render: (name: string, data: object) => string;
  /** Existing files the user has allowed us to overwrite. */
  overwrite: ReadonlySet<string>;
  /** The Node version the app is taken to run on (default: the one running the CLI, process.versions.node). */
  nodeVersion?: string;
}

/**
 * A framework target: data plus pure functions (sv's add-ons are the model). It says how its framework is
 * laid out in a project, its env file convention, where the auth endpoints are mounted, and what `init`
 * writes: the auth module, the files it owns (templates), the edits it makes to the app's files, and the
 * next steps. The planner (plan/init.ts) turns it and the answers into a Plan; the target never sees one.
 */
export interface Target {
  id: FrameworkId;
  name: string;
  /** What this target supports, in the words of the refusal message: "Next.js 15–16 (App Router, Pages Router)". */
  supported: string;
  /** The framework's packages this target sets up; the first declared one gives the version. */
  packages: string[];
  /** The framework's packages this target refuses (another major), with what to tell the user. */
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
  /**
   * The framework's layout in this project. `pkg` is the app's package.json merged with its workspace
   * root's; `version` is the detected version.
   */
  layout(reader: ProjectReader, pkg: PackageJson, version: string | null): FrameworkLayout;
  /** Files this target owns, for existing-file detection. */
  ownedFiles(info: Omit<ProjectInfo, "existingAuthFiles" | "envStatus">): string[];
  /** What `init` writes in this project for these answers. */
  init(context: PlanContext): TargetInit;
}

export interface TargetInit {
  /** The auth module: the config users edit (providers, callbacks, credentials' authorize). */
  auth: AuthModule;
  /** Where the database client module goes, and how it reads the environment. */
  database: DatabaseFileOptions;
  /**
   * The target's other files, after the auth module and the database files: owned files, edits of the
   * app's files, notes. `database` is null without a database. Each edit carries its `undo` (or `undo: null`,
   * saying why): remove applies it, knowing no framework (test/cli/setup-undo.test.ts holds every target to it).
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
