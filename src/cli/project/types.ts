/**
 * The CLI's dictionary: the project as detection finds it (ProjectInfo, its package.json, the framework's
 * layout and version) and the user's answers. The ground every tier reads; it imports nothing above it.
 */

import type { OrmId, SqlDialect } from "../database/flavours.js";
import type { IgnoreStatus } from "./git-ignore.js";
import type { PackageManagerInfo } from "./package-manager.js";
import type { PathAlias } from "./path-alias.js";

/** A framework's id (`next`, `sveltekit`, …). Which ones exist is the registry's to say (frameworks/index.ts). */
export type FrameworkId = string;

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
 * files by `Target.layout`; everything else about the project is found once, in project/ (frameworks/detect-project.ts).
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
  /** Nuxt: the folder of the Vue app (its `srcDir`: `app` in Nuxt 4, "" for the root), where pages, composables and route middleware live. */
  appDir?: string;
}

export interface FrameworkMatch extends FrameworkLayout {
  /** The installed version, else the declared one (project/framework.ts, packageVersion). */
  version: string | null;
  /**
   * The major version, parsed once from `version` (project/framework.ts, majorOf): null when no number is
   * known (a `latest` or `workspace:*` range with nothing installed). Targets read this rather than parse `version`.
   */
  major: number | null;
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

export type ProviderKind = "oauth" | "oidc" | "credentials" | "email" | "webauthn" | "password";

/** A provider as the catalog lists it and the answers carry it (providers/catalog.ts holds the list). */
export interface ProviderEntry {
  id: string;
  /** Display name, as on the built-in sign-in page's button. */
  name: string;
  /** Identifier the generated auth module imports the factory as. */
  importName: string;
  kind: ProviderKind;
  /** Environment variables this provider reads, in the order they are written to env files. */
  envKeys: string[];
  /**
   * What goes in each env key beyond a client's id and secret (an issuer, a server's URL, an API key, the mail
   * settings), as a phrase: the comment above the key's blank line in the env files, and add-provider's list.
   */
  envHelp?: Readonly<Record<string, string>>;
  /** Where the user registers an OAuth app and pastes the callback URL, or creates an email API's key. */
  registerAt?: string;
  /**
   * An email provider that sends through a vendor's HTTP API rather than SMTP: what it mails through (said in
   * the auth module's comment and the next step) and what to fill its env keys with (said in the next step).
   */
  sender?: { through: string; fill: string };
  /**
   * Options the generated config passes from the environment, because the runtime reads nothing for this
   * provider by itself (`server: process.env.EMAIL_SERVER`); each target writes the read its own way.
   */
  optionsFromEnv?: { option: string; key: string }[];
  /** Packages the app needs for this provider, with the ranges this repository tests. */
  packages?: Record<string, string>;
}

export interface Answers {
  framework: FrameworkId;
  providers: ProviderEntry[];
  strategy: "jwt" | "database";
  db: "none" | SqlDialect;
  orm: OrmId;
  runtimeDir: string;
}
