/**
 * The two markers a config carries for `Auth`: `raw` (answer with the internal result, not a Response) and
 * `skipCSRFCheck` (the framework protects these requests itself). Import-free, so the public types (types.ts)
 * can name their types without reaching into the request path.
 */

/** Pass as `config.raw` to get the internal response object instead of a Response. */
export const raw: unique symbol = Symbol("create-auth.raw");
/** Pass as `config.skipCSRFCheck` when the framework already protects these requests against CSRF. */
export const skipCSRFCheck: unique symbol = Symbol("create-auth.skipCSRFCheck");
