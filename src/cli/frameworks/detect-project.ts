/**
 * detect(projectDir) → ProjectInfo: everything later stages need to know about the host project, read
 * once, up front: framework and version, router, package manager, TS or JS, src/ dir, path aliases, the
 * env file and whether git ignores it, and auth files that already exist. Targets are handed this and
 * never look again; they only say how their framework is laid out (Target.layout). Reads only.
 */
import path from "node:path";
import { DEFAULT_ENV_CONVENTION } from "../env/default-file.js";
import { CliError } from "../errors.js";
import {
  declared,
  type IdentifiedFramework,
  identifyFramework,
  majorOf,
  packageVersion,
} from "../project/framework.js";
import { ignoreStatus } from "../project/git-ignore.js";
import { readPackageJson } from "../project/package-json.js";
import { detectPackageManager, type PackageManagerInfo } from "../project/package-manager.js";
import { detectPathAliases } from "../project/path-alias.js";
import { type ProjectReader, subReader } from "../project/reader.js";
import type { FrameworkId, PackageJson, ProjectInfo } from "../project/types.js";
import { findWorkspace, mergedPackageJson, workspaceMembers } from "../project/workspace.js";
import { FRAMEWORK_IDS, hostPackages, loadFrameworks } from "./index.js";
import type { Framework, Target } from "./types.js";

function supportedFrameworks(frameworks: readonly Framework[]): string {
  return frameworks.map((framework) => framework.supported).join(", ");
}

function frameworkFlag(): string {
  return `--framework ${FRAMEWORK_IDS.join("|")}`;
}

/** A framework's name for messages, or its id where the registry does not know it. */
function nameOf(frameworks: readonly Framework[], id: string): string {
  return frameworks.find((framework) => framework.id === id)?.name ?? id;
}

/** A workspace root with no framework of its own: name the member apps init can be pointed at. */
function membersWithFramework(frameworks: readonly Framework[], reader: ProjectReader, pkg: PackageJson): string[] {
  const found: string[] = [];
  for (const member of workspaceMembers(reader, pkg)) {
    const memberReader = subReader(reader, member);
    const text = memberReader.read("package.json");
    if (text === null) continue;
    try {
      const identified = identifyFramework(
        memberReader,
        mergedPackageJson(JSON.parse(text) as PackageJson, {
          root: "..",
          rootPackageJson: pkg,
        }),
        frameworks,
      );
      if (identified) found.push(`${nameOf(frameworks, identified.id)} in ${member}`);
    } catch {
      // An unreadable member package.json is not an app we can name.
    }
  }
  return found;
}

/** The package of the framework the project declares (the app's or its workspace root's), if any. */
function hostedPackage(framework: Framework, pkg: PackageJson): string | undefined {
  return hostPackages(framework).find((name) => declared(pkg, name));
}

/**
 * The framework for this project: the identified one, or the forced one when the project can host it (it
 * declares that framework's package); refuses clearly otherwise. A forced framework that differs from what
 * was identified comes with a note saying so.
 */
function chooseTarget(
  frameworks: readonly Framework[],
  reader: ProjectReader,
  own: PackageJson,
  pkg: PackageJson,
  identified: IdentifiedFramework | null,
  forced: FrameworkId | undefined,
): { framework: Framework; note: string | null } {
  const id = forced ?? identified?.id;
  const found = identified ? `${nameOf(frameworks, identified.id)} (${identified.evidence.join(", ")})` : null;
  const detected = found ? `detection found ${found}` : null;
  if (!id) {
    const members = membersWithFramework(frameworks, reader, own);
    if (members.length > 0) {
      throw new CliError(
        "UnsupportedProject",
        `${reader.root} is a workspace root; found ${members.join(", ")}. Run init in the app's folder, e.g. npx create-auth init ${members[0]!.split(" in ").pop()}.`,
      );
    }
    throw new CliError(
      "UnsupportedProject",
      `No supported framework found in ${reader.root} (no framework package in package.json, no framework config file). Supported: ${supportedFrameworks(frameworks)}. Add the framework's package to package.json, or pass ${frameworkFlag()} when detection picks the wrong one.`,
    );
  }
  const framework = frameworks.find((candidate) => candidate.id === id);
  if (!framework) {
    // A forced id is one of the registry's (commands/answers/resolve.ts checks it), and detection finds only those.
    throw new CliError(
      "UnsupportedProject",
      `${id}: not a framework create-auth knows. Supported: ${supportedFrameworks(frameworks)}.`,
    );
  }
  if (!forced || forced === identified?.id) return { framework, note: null };
  // Forced against (or without) detection: only where the framework really is a dependency of the app.
  const hosted = hostedPackage(framework, pkg);
  if (!hosted) {
    const refused = Object.entries(framework.refused ?? {}).find(([name]) => declared(pkg, name));
    if (refused) throw new CliError("UnsupportedProject", refused[1]);
    // A value that does not fit this app is a usage error (exit 2), as `--db nope` is: the fix is in what was typed.
    throw new CliError(
      "InvalidOption",
      `--framework ${forced}: ${reader.root} does not depend on ${hostPackages(framework).join(" or ")}${detected ? `; ${detected}` : ""}. Install ${framework.name} first, or drop --framework.`,
    );
  }
  return {
    framework,
    note: detected
      ? `--framework ${forced}: setting up ${framework.name} (${hosted} in package.json), although ${detected}.`
      : null,
  };
}

/**
 * Refuses a yarn berry project whose linker cannot load the runtime init writes into it, before anything is
 * planned. The runtime is a `file:` package that imports the framework's own packages (next/headers,
 * @builder.io/qwik, …) besides its declared peers; Plug'n'Play, and yarn's pnpm linker without hoisting,
 * only let a package reach what it declares, and no framework build here is tested under them.
 */
function assertLinkerSupported(reader: ProjectReader, manager: PackageManagerInfo): void {
  const yarn = manager.yarn;
  if (yarn?.generation !== "berry" || yarn.linker === "node-modules") return;
  const yarnrc = path.join(reader.root, yarn.dir, ".yarnrc.yml");
  const linker = yarn.linker === "pnp" ? "Plug'n'Play" : "its pnpm linker";
  throw new CliError(
    "UnsupportedProject",
    `Yarn berry installs with ${linker} here (${yarn.evidence.join(", ")}), which cannot load the auth runtime init writes into the app: a file: package importing your framework's packages without declaring them. Add nodeLinker: node-modules to ${yarnrc}, run yarn install, then run init again.`,
  );
}

export async function detectProject(
  reader: ProjectReader,
  options: { framework?: FrameworkId; userAgent?: string | undefined },
): Promise<{ info: ProjectInfo; target: Target }> {
  const own = readPackageJson(reader);
  const workspace = findWorkspace(reader);
  // Targets see the merged view: a monorepo often declares the framework only at the workspace root.
  const pkg = mergedPackageJson(own, workspace);
  const frameworks = await loadFrameworks();
  const identified = identifyFramework(reader, pkg, frameworks, workspace.root);
  const { framework, note } = chooseTarget(frameworks, reader, own, pkg, identified, options.framework);
  const supported = hostedPackage(framework, pkg);
  const refused = Object.entries(framework.refused ?? {}).find(([name]) => declared(pkg, name));
  if (refused && !supported) throw new CliError("UnsupportedProject", refused[1]);
  const target = await framework.load();
  const version =
    identified?.id === target.id
      ? identified.version
      : supported
        ? packageVersion(reader, pkg, supported, workspace.root)
        : null;
  const packageManager = detectPackageManager(reader, pkg.packageManager, options.userAgent, workspace.root);
  assertLinkerSupported(reader, packageManager);
  const major = majorOf(version);
  const match = { version, major, ...target.layout(reader, pkg, major) };
  const base = {
    root: reader.root,
    packageJson: own,
    framework: { id: target.id, name: target.name, ...match },
    workspaceRoot: workspace.root,
    evidence: identified?.id === target.id ? identified.evidence : [`--framework ${target.id}`],
    ...(note ? { frameworkNote: note } : {}),
    packageManager,
    language: reader.exists("tsconfig.json") ? ("ts" as const) : ("js" as const),
    srcDir: match.routesDir.startsWith("src/"),
    aliases: detectPathAliases(reader),
    envFile: target.envFile,
  };
  const info: ProjectInfo = {
    ...base,
    envStatus: ignoreStatus(reader, target.envFile),
    exampleStatus: ignoreStatus(reader, ".env.example"),
    existingAuthFiles: target.ownedFiles(base).filter((file) => reader.exists(file)),
  };
  return { info, target };
}

/** detectProject where a command also serves folders detect refuses (doctor, migrate, db prune): null there. */
export async function detectApp(
  reader: ProjectReader,
  userAgent?: string | undefined,
): Promise<{ info: ProjectInfo; target: Target } | null> {
  try {
    return await detectProject(reader, { userAgent });
  } catch (error) {
    if (error instanceof CliError) return null;
    throw error;
  }
}

/**
 * The env file the app's framework keeps its settings in (its facts: `.env.local` for Next): detection's,
 * where it recognised the app (`app`, from detectApp); else from the facts of what package.json names (a
 * folder detection refuses, yet whose framework is known), and the plain `.env` where nothing names one.
 */
export async function appEnvFile(reader: ProjectReader, app: { info: ProjectInfo } | null): Promise<string> {
  if (app) return app.info.envFile;
  const frameworks = await loadFrameworks();
  try {
    const workspace = findWorkspace(reader);
    const identified = identifyFramework(reader, mergedPackageJson(readPackageJson(reader), workspace), frameworks);
    return frameworks.find((framework) => framework.id === identified?.id)?.envFile ?? DEFAULT_ENV_CONVENTION.envFile;
  } catch {
    // No package.json, or one that cannot be read: the plain `.env` is still where settings live.
    return DEFAULT_ENV_CONVENTION.envFile;
  }
}
