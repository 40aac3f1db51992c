/**
 * Fastify wiring, judged by what the Fastify target writes (read through its `init`, so no path is repeated
 * here): in fastify-cli's app, the plugin in the autoloaded `plugins/` folder that registers FastifyAuth;
 * elsewhere, a module of the app's that registers it. Without either, nothing answers under the base path.
 */
import path from "node:path";
import { type Finding, finding, ok } from "../../checks/finding.js";
import { moduleShape } from "../../edit/ast.js";
import type { OwnedFileStep } from "../../plan/planner.js";
import type { ProjectReader } from "../../project/reader.js";
import { gitHas, initAgain } from "../../review/restore.js";
import type { WiringSetup } from "../types.js";
import { findFastifyApp } from "./app.js";
import { RUNTIME_FASTIFY } from "./app-shape.js";

const MODULE = /\.[cm]?[jt]s$/;

function registers(reader: ProjectReader, file: string): boolean {
  const source = reader.read(file);
  return source !== null && moduleShape(source, file).references.includes(RUNTIME_FASTIFY);
}

/** The app's modules beside the app file and in its `plugins/` folder that import the runtime's Fastify module. */
function registeringModules(reader: ProjectReader, appFile: string): string[] {
  const dir = path.posix.dirname(appFile);
  const folders = [dir, path.posix.join(dir, "plugins")];
  return folders
    .flatMap((folder) => reader.files(folder).map((name) => (folder === "." ? name : `${folder}/${name}`)))
    .filter((file) => MODULE.test(file) && !/\.d\.[cm]?ts$/.test(file) && registers(reader, file));
}

export function checkFastifyWiring(setup: WiringSetup): Finding[] {
  const { reader, info, init, target, authPath, authSource } = setup;
  const appFile = info.framework.appFile;
  if (!appFile) return [];
  const register = `fastify.register(FastifyAuth(authConfig), { prefix: "${target.basePath}" })`;
  // A plain app's own instance, awaited as init registers it there (frameworks/fastify/app.ts mountFastifyAuth).
  const plainRegister = (instance: string) =>
    `await ${instance}.register(FastifyAuth(authConfig), { prefix: "${target.basePath}" })`;
  const plugin = init.files(null).find((step): step is OwnedFileStep => step.kind === "owned");
  if (!plugin) {
    // A plain app whose module makes the instance: init registers there, and running it again does so again.
    const source = reader.read(appFile);
    const plain = source !== null ? findFastifyApp(source, appFile) : null;
    if (plain && !plain.unsupported && !plain.mounted && registers(reader, appFile)) {
      return [
        finding(
          "error",
          "wiring.fastify-not-mounted",
          `${appFile} imports FastifyAuth but never registers it on ${plain.instance}: nothing answers under ${target.basePath}, and request.getSession and ${plain.instance}.requireAuth are undefined.`,
          `${initAgain(authSource, authPath)} (it registers it again after ${plain.instance} is created), or add it yourself before your routes: ${plainRegister(plain.instance)}`,
          appFile,
        ),
      ];
    }
    if (plain?.mounted)
      return [ok("wiring.fastify", `${appFile} registers FastifyAuth on ${plain.instance}.`, appFile)];
    // No autoloaded plugins folder (any more): the registration is the app's own, wherever it put it.
    const found = registeringModules(reader, appFile).filter((file) => file !== authPath);
    const stranded = found.find((file) => /(^|\/)plugins\//.test(file));
    if (stranded) {
      return [
        finding(
          "error",
          "wiring.fastify-not-autoloaded",
          `${appFile} no longer registers @fastify/autoload over the plugins folder, so ${stranded} is never loaded and nothing answers under ${target.basePath}.`,
          `register the folder again (fastify.register(AutoLoad, { dir: join(__dirname, "plugins"), options: opts })), or register the plugin yourself before your routes: ${register}`,
          appFile,
        ),
      ];
    }
    if (found.length > 0) return [ok("wiring.fastify", `${found[0]} registers FastifyAuth.`, found[0])];
    // In a plain app the module making the instance lacks the imports too: init writes both again there.
    const fix =
      plain && !plain.unsupported
        ? `${initAgain(authSource, authPath)} (it imports FastifyAuth and authConfig in ${appFile} and registers it after ${plain.instance} is created), or add that yourself before your routes: ${plainRegister(plain.instance)}`
        : `register it where you create the Fastify instance, before your routes: ${register}`;
    return [
      finding(
        "error",
        "wiring.fastify-not-registered",
        `No module beside ${appFile} registers FastifyAuth, so nothing answers under ${target.basePath}.`,
        fix,
        appFile,
      ),
    ];
  }
  if (!reader.exists(plugin.path)) {
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
  if (!registers(reader, plugin.path)) {
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
  return [
    ok(
      "wiring.fastify",
      `${plugin.path} registers FastifyAuth under ${target.basePath}; ${appFile} autoloads it.`,
      plugin.path,
    ),
  ];
}
