/**
 * Fastify wiring, judged by what the Fastify target writes (read through its `init`, so no path is repeated
 * here): the plugin in the autoloaded `plugins/` folder that registers FastifyAuth, and the app file still
 * autoloading that folder. Without either, nothing answers under the base path.
 */
import { type Finding, finding, ok } from "../../checks/finding.js";
import { moduleShape } from "../../edit/ast.js";
import type { OwnedFileStep } from "../../plan/planner.js";
import { gitHas, initAgain } from "../../review/restore.js";
import type { WiringSetup } from "../types.js";
import { RUNTIME_FASTIFY, readFastifyApp } from "./app-shape.js";

export function checkFastifyWiring(setup: WiringSetup): Finding[] {
  const { reader, info, init, target, authPath, authSource } = setup;
  const plugin = init.files(null).find((step): step is OwnedFileStep => step.kind === "owned");
  const appFile = info.framework.appFile;
  if (!plugin || !appFile) return [];
  const register = `fastify.register(FastifyAuth(authConfig), { prefix: "${target.basePath}" })`;
  const source = reader.read(plugin.path);
  if (source === null) {
    return [
      finding(
        "error",
        "wiring.fastify-plugin-missing",
        `${plugin.path} is gone: nothing registers the auth plugin, so sign-in, callbacks, the session and sign-out answer 404, and request.getSession and fastify.requireAuth are undefined in your routes.`,
        gitHas(reader.root, plugin.path)
          ? `restore it from git (git checkout -- ${plugin.path})`
          : `${plugin.path} was never committed, so git cannot restore it; write it again: ${initAgain(authSource, authPath)}`,
        plugin.path,
      ),
    ];
  }
  if (!moduleShape(source, plugin.path).references.includes(RUNTIME_FASTIFY)) {
    return [
      finding(
        "error",
        "wiring.fastify-not-registered",
        `${plugin.path} no longer registers FastifyAuth, so nothing answers under ${target.basePath}.`,
        `register it there, wrapped in fastify-plugin: ${register}`,
        plugin.path,
      ),
    ];
  }
  const app = reader.read(appFile);
  if (app === null || !readFastifyApp(app, appFile)?.autoloadsPlugins) {
    return [
      finding(
        "error",
        "wiring.fastify-not-autoloaded",
        `${appFile} no longer registers @fastify/autoload over the plugins folder, so ${plugin.path} is never loaded and nothing answers under ${target.basePath}.`,
        `register the folder again (fastify.register(AutoLoad, { dir: join(__dirname, "plugins"), options: opts })), or register the plugin yourself before your routes: ${register}`,
        appFile,
      ),
    ];
  }
  return [
    ok(
      "wiring.fastify",
      `${plugin.path} registers FastifyAuth under ${target.basePath}; ${appFile} autoloads it.`,
      plugin.path,
    ),
  ];
}
