/**
 * The runtime's main entry: the framework-agnostic `Auth` handler on web-standard Request/Response, the
 * helpers integrations build on, every error class and the public types.
 */

export { isAuthAction } from "./core/actions/paths.js";
export { Auth } from "./core/auth.js";
export { normalizeEmailAddress } from "./core/email/normalize.js";
export { setEnvDefaults } from "./core/env.js";
export { createActionURL } from "./core/server/action-url.js";
export * from "./errors.js";
export * from "./types.js";
