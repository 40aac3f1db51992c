/**
 * The paths a runtime package's manifest may name. MANIFEST.json is a file in the user's project, so its
 * paths are input: only a plain relative path stays inside the package's folder when joined to it.
 */

/** A relative `/`-separated path that stays inside its folder: no `..`, `.` or empty segment, no drive, no NUL. */
export function isPlainPath(file: string): boolean {
  if (file === "" || file.startsWith("/") || /[\\:\0]/.test(file)) return false;
  return file.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}
