/**
 * Lets plain Node import what Next's bundler would resolve: the runtime's Next integration and next-auth 5
 * import `next/navigation`, `next/server` and `next/headers` without an extension, and `next` has no exports
 * map, so Node needs the file name: it is added up front, not after a failed resolution (whose thrown error
 * each such import would pay). Import this module first; the modules that need it must be imported
 * dynamically afterwards (static imports are resolved before any module body runs).
 */
import { register } from "node:module";

register(
  `data:text/javascript,${encodeURIComponent(
    "export async function resolve(s, c, n) { return n(/^next\\/\\w+$/.test(s) ? s + '.js' : s, c); }",
  )}`,
);
