/**
 * The app's own package.json, read once for every command: a missing or broken one is refused with what to
 * do, never a crash.
 */
import { CliError } from "../errors.js";
import type { ProjectReader } from "./reader.js";
import type { PackageJson } from "./types.js";

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
