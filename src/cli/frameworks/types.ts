/**
 * What a framework target is (one declarative module per framework, frameworks/<id>/target.ts): its facts, how it
 * reads its layout, and what `init` writes. The project's facts and the answers it is handed are the
 * dictionary in project/types.ts; the context planning reads through is plan/context.ts.
 */

import type { DatabaseFileOptions, DatabaseWiring } from "../database/sql/plan.js";
import type { ModuleShape } from "../edit/ast.js";
import type { PlanContext } from "../plan/context.js";
import type { EnvAndRuntimeOptions } from "../plan/env-and-runtime.js";
import type { FileStep } from "../plan/planner.js";
import type { ProjectReader } from "../project/reader.js";
import type { FrameworkId, FrameworkLayout, PackageJson, ProjectInfo } from "../project/types.js";

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
   * root's; `major` is the detected major version (ProjectInfo's `framework.major`).
   */
  layout(reader: ProjectReader, pkg: PackageJson, major: number | null): FrameworkLayout;
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
