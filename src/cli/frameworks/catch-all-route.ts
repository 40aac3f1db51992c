/**
 * The catch-all route init wrote, as doctor looks for it in a file-routed app (SolidStart, Nuxt): the file at
 * the path init wrote, else any catch-all route in its folder, since a route renamed `[...auth].ts` is the
 * same route. Each framework passes its own pattern: the extensions its router takes differ.
 */
import path from "node:path";
import type { ProjectReader } from "../project/reader.js";

export function catchAllRoute(reader: ProjectReader, routePath: string, catchAll: RegExp): string | undefined {
  if (reader.exists(routePath)) return routePath;
  const dir = path.posix.dirname(routePath);
  return reader
    .files(dir)
    .filter((name) => catchAll.test(name))
    .map((name) => `${dir}/${name}`)[0];
}
