/**
 * A framework target: one declarative module per framework (sv add-ons are the model). It recognises
 * its framework in a project, knows its env file convention and plans every file it owns. Planning is
 * pure: it reads through a ProjectReader and returns a Plan; it never writes.
 */

import type { IgnoreStatus } from "../detect/git-ignore.js";
import type { PackageManagerInfo } from "../detect/package-manager.js";
import type { PathAlias } from "../detect/path-alias.js";
import type { ProjectReader } from "../plan/reader.js";
import type { Plan } from "../plan/types.js";
import type { ProviderEntry } from "../providers/catalog.js";
import type { RuntimeSource } from "../runtime-package/source.js";

export type FrameworkId = "next" | "sveltekit" | "express" | "solid-start" | "qwik";
export const FRAMEWORK_IDS: readonly FrameworkId[] = ["next", "sveltekit", "express", "solid-start", "qwik"];

export interface PackageJson {
  name?: string;
  packageManager?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export interface FrameworkMatch {
  version: string | null;
  /** Next.js: which router the project uses. */
  router: "app" | "pages" | null;
  /** The routes directory the target writes into ("app" or "src/app" for Next). */
  routesDir: string;
  /** How the app is built, when a framework has more than one way (SolidStart: "vinxi" or "vite"). */
  build?: string;
  /** Express: the file that creates the app instance (`express()`), found through the AST; relative to the root. */
  appFile?: string;
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
  /** Files the target would own that already exist. */
  existingAuthFiles: string[];
  /** The monorepo workspace root relative to `root` (`../..`), when the project sits in one. */
  workspaceRoot?: string | null;
  /** What identified the framework, in words (`next in package.json`, `next.config.ts`). */
  evidence?: string[];
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
  /** Inspects an existing auth module (ts-morph, loaded before planning starts). */
  inspectModule: (source: string) => ModuleShape;
  /** Existing files the user has allowed us to overwrite. */
  overwrite: ReadonlySet<string>;
}

export interface ModuleShape {
  /** Module specifiers imported. */
  imports: string[];
  /** Names exported (including destructured `export const { a, b } = …`). */
  exports: string[];
}

export interface Target {
  id: FrameworkId;
  name: string;
  /** Package names whose presence in package.json identifies the framework. */
  packages: string[];
  /** Where secrets go (git-ignored) and the pattern that ignores it. */
  envFile: string;
  envIgnorePattern: string;
  /**
   * `pkg` is the app's package.json merged with its workspace root's (dependencies declared only at a
   * monorepo root count); `ProjectInfo.packageJson` stays the app's own file.
   */
  detect(reader: ProjectReader, pkg: PackageJson): FrameworkMatch | null;
  /** Files this target owns, for existing-file detection. */
  ownedFiles(info: Omit<ProjectInfo, "existingAuthFiles" | "envStatus">): string[];
  plan(context: PlanContext): Plan;
}
