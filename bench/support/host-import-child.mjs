/**
 * One process that imports a host framework, then what a JWT + GitHub app's auth module adds on it, for
 * hyperfine to time from the outside (startup.bench.mjs):
 *   node host-import-child.mjs <host> alone|ours|<peer> <runtime dir>
 * `alone` loads the framework only: the baseline each other side is measured over.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { GITHUB, HOSTS } from "./hosts.mjs";

const [hostId, side, runtimeDir] = process.argv.slice(2);
const host = HOSTS[hostId];
if (!host) throw new Error(`unknown host "${hostId}": ${Object.keys(HOSTS).join(", ")}`);
await host.framework();
if (side === "ours") {
  const load = (file) => import(pathToFileURL(path.join(runtimeDir, file)).href);
  const { default: GitHub } = await load("providers/github.js");
  await host.ours(load, [GitHub(GITHUB)]);
} else if (side in host.peers) {
  await host.peers[side]();
} else if (side !== "alone") {
  throw new Error(`unknown side "${side}" for ${hostId}: alone, ours or ${Object.keys(host.peers).join(", ")}`);
}
