/**
 * package.json for `auth remove`: the runtime's `file:` link goes, and so do the packages init adds (the
 * runtime's peers, the database drivers and their type packages, the providers' packages) when no file of
 * the app that stays imports them, the rule remove-provider follows (commands/providers/imports.ts). A package
 * another file imports stays, and the plan says which file. Pure.
 */

import { DATABASE_DRIVERS, NODE_SQLITE_DRIVER } from "../../database/drivers.js";
import { removePackages } from "../../edit/package-json-remove.js";
import type { ProjectReader } from "../../project/reader.js";
import { PROVIDERS } from "../../providers/catalog.js";
import { RUNTIME_PACKAGE_NAME } from "../../runtime-package/plan.js";
import { FORMER_RUNTIME_PEERS, RUNTIME_PEERS } from "../../runtime-package/source.js";
import { appSourceFiles, importerOf } from "../providers/imports.js";
import type { RemoveSetup } from "./setup.js";

export interface DependencyRemoval {
  /** package.json after, or null when nothing in it changes. */
  after: string | null;
  removed: string[];
  notes: string[];
}

/**
 * The packages init may have added (this CLI's, or an earlier one's), and the type package that comes with
 * each (dev, TypeScript apps).
 */
function initPackages(): { name: string; types: string[] }[] {
  const drivers = Object.values(DATABASE_DRIVERS).flatMap((driver) =>
    Object.keys(driver.packages).map((name) => ({ name, types: Object.keys(driver.typePackages) })),
  );
  const providers = PROVIDERS.flatMap((provider) =>
    Object.keys(provider.packages ?? {}).map((name) => ({ name, types: [] })),
  );
  const peers = [...RUNTIME_PEERS, ...FORMER_RUNTIME_PEERS].map((name) => ({ name, types: [] as string[] }));
  return [...peers, ...drivers, ...providers];
}

/**
 * node:sqlite has no package to go with: its type package (@types/node) is init's only when init can have
 * added it, that is when the client module init wrote imports node:sqlite and package.json declares it in
 * devDependencies at exactly the range init writes (init adds it only to an app that declares none). Any
 * other range is the app's own (declared before init, or changed since): it stays, and a note says why.
 */
function nodeSqliteTypes(
  setup: RemoveSetup,
  pkg: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> },
  removal: DependencyRemoval,
): string[] {
  if (!setup.reader.read(setup.init.database.clientFile)?.includes(`"${NODE_SQLITE_DRIVER.module}"`)) return [];
  return Object.entries(NODE_SQLITE_DRIVER.typePackages).flatMap(([name, range]) => {
    const declared = pkg.devDependencies?.[name] ?? pkg.dependencies?.[name];
    if (declared === undefined) return [];
    if (pkg.devDependencies?.[name] === range && pkg.dependencies?.[name] === undefined) return [name];
    removal.notes.push(
      `${name} stays in package.json: init adds it (${range}, in devDependencies) only to an app that declares none, and this one's ("${declared}") is the app's own.`,
    );
    return [];
  });
}

/**
 * `leaving`: the files the plan deletes; `edited`: the text the plan leaves in the files it edits (the app
 * file without our mount no longer imports the runtime).
 */
export function planDependencyRemoval(
  setup: RemoveSetup,
  leaving: ReadonlySet<string>,
  edited: ReadonlyMap<string, string>,
): DependencyRemoval {
  const { runtimeDir } = setup;
  const reader: ProjectReader = { ...setup.reader, read: (file) => edited.get(file) ?? setup.reader.read(file) };
  const source = reader.read("package.json");
  const removal: DependencyRemoval = { after: null, removed: [], notes: [] };
  if (source === null) return removal;
  const pkg = JSON.parse(source) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  const declared = (name: string) =>
    pkg.dependencies?.[name] !== undefined || pkg.devDependencies?.[name] !== undefined;
  const files = appSourceFiles(reader, new Set([runtimeDir, ...leaving]));
  // A file that stays and imports the runtime makes remove refuse (kept-imports.ts): the link always goes here.
  const names = [RUNTIME_PACKAGE_NAME];
  const seen = new Set<string>();
  for (const { name, types } of initPackages()) {
    if (seen.has(name) || !declared(name)) continue;
    seen.add(name);
    const user = importerOf(reader, files, name);
    if (user) {
      removal.notes.push(`${name} stays in package.json: ${user} imports it.`);
      continue;
    }
    names.push(name, ...types);
  }
  names.push(...nodeSqliteTypes(setup, pkg, removal));
  const result = removePackages(source, names);
  if (result !== "unchanged") {
    removal.after = result.after;
    removal.removed = result.removed;
  }
  return removal;
}
