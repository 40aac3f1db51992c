/**
 * detect(projectDir) → ProjectInfo: everything later stages need to know about the host project, read
 * once, up front: framework and version, router, package manager, TS or JS, src/ dir, path aliases, the
 * env file and whether git ignores it, and auth files that already exist. Reads only.
 */
import { CliError } from "../errors.js";
import type { ProjectReader } from "../plan/reader.js";
import { FRAMEWORK_NAMES, findTarget, RECOGNISED_ONLY, TARGETS } from "../targets/index.js";
import type { FrameworkId, PackageJson, ProjectInfo, Target } from "../targets/types.js";
import { ignoreStatus } from "./git-ignore.js";
import { detectPackageManager } from "./package-manager.js";
import { detectPathAliases } from "./path-alias.js";

const SUPPORTED = "supported in this version: Next.js (App Router)";

export function readPackageJson(reader: ProjectReader): PackageJson {
  const text = reader.read("package.json");
  if (text === null) {
    throw new CliError(
      "NoProject",
      `No package.json in ${reader.root}: run this in your app's folder (or pass it as [dir]).`,
    );
  }
  try {
    return JSON.parse(text) as PackageJson;
  } catch {
    throw new CliError("NoProject", `${reader.root}/package.json is not valid JSON; fix it and run again.`);
  }
}

function hasPackage(pkg: PackageJson, names: string[]): boolean {
  return names.some((name) => pkg.dependencies?.[name] !== undefined || pkg.devDependencies?.[name] !== undefined);
}

/** The target for this project: the forced one, else the first that recognises it; refuses clearly otherwise. */
function chooseTarget(reader: ProjectReader, pkg: PackageJson, forced: FrameworkId | undefined): Target {
  if (forced) {
    const target = findTarget(forced);
    if (!target) {
      throw new CliError(
        "NotYetAvailable",
        `${FRAMEWORK_NAMES[forced]} support arrives in a later version of create-auth (${SUPPORTED}).`,
      );
    }
    return target;
  }
  const target = TARGETS.find((t) => hasPackage(pkg, t.packages));
  if (target) return target;
  const other = RECOGNISED_ONLY.find((f) => hasPackage(pkg, f.packages));
  if (other) {
    throw new CliError(
      "UnsupportedProject",
      `This looks like a ${FRAMEWORK_NAMES[other.id]} project; ${FRAMEWORK_NAMES[other.id]} support arrives in a later version of create-auth (${SUPPORTED}).`,
    );
  }
  throw new CliError(
    "UnsupportedProject",
    `No supported framework found in ${reader.root} (${SUPPORTED}); pass --framework next to use it anyway.`,
  );
}

export function detectProject(
  reader: ProjectReader,
  options: { framework?: FrameworkId; userAgent?: string | undefined },
): { info: ProjectInfo; target: Target } {
  const pkg = readPackageJson(reader);
  const target = chooseTarget(reader, pkg, options.framework);
  const match = target.detect(reader, pkg) ?? {
    version: null,
    router: "app" as const,
    routesDir: reader.isDirectory("src") ? "src/app" : "app",
  };
  if (match.router === "pages") {
    throw new CliError(
      "UnsupportedProject",
      `This Next.js project uses the Pages Router (${match.routesDir}/); Pages Router support arrives in a later version of create-auth (${SUPPORTED}).`,
    );
  }
  const base = {
    root: reader.root,
    packageJson: pkg,
    framework: { id: target.id, name: target.name, ...match },
    packageManager: detectPackageManager(reader.root, pkg.packageManager, options.userAgent),
    language: reader.exists("tsconfig.json") ? ("ts" as const) : ("js" as const),
    srcDir: match.routesDir.startsWith("src/"),
    aliases: detectPathAliases(reader),
    envFile: target.envFile,
  };
  const info: ProjectInfo = {
    ...base,
    envStatus: ignoreStatus(reader.root, target.envFile),
    existingAuthFiles: target.ownedFiles(base).filter((file) => reader.exists(file)),
  };
  return { info, target };
}
