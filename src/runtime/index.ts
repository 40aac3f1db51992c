/**
 * The runtime's main entry: the framework-agnostic `Auth` handler on web-standard Request/Response, the
 * helpers integrations build on, every error class and the public types.
 */

export { Auth, raw, skipCSRFCheck } from "./core/auth.js";
export { createActionURL, isAuthAction } from "./core/auth-actions.js";
export { normalizeEmailAddress } from "./core/email/normalize.js";
export { setEnvDefaults } from "./core/env.js";
export * from "./errors.js";
export * from "./types.js";
