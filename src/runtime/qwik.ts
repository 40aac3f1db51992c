/**
 * Qwik City integration (`@create-auth/runtime/qwik`). In `src/routes/plugin@auth.ts`:
 *
 *   export const { onRequest, useSession, useSignIn, useSignOut } = QwikAuth$((event) => ({ providers: [...] }));
 *
 * `onRequest` serves the auth endpoints under `/auth` and puts the session in `sharedMap.get("session")`
 * for every other request; `useSession` is a route loader; `useSignIn` and `useSignOut` are global actions
 * for `<Form>`. The hooks live in `qwik/auth.qwik.js`, the file Qwik's optimizer rewrites. This entry holds
 * only Qwik's `$` convention (`QwikAuth$` is `QwikAuthQrl` behind `implicit$FirstArg`) and the public names;
 * every auth decision is the core's (core/server/).
 */
import { implicit$FirstArg } from "@builder.io/qwik";
import { QwikAuthQrl } from "./qwik/auth.qwik.js";

export { AuthError, CredentialsSignin } from "./errors.js";
export { QwikAuthQrl } from "./qwik/auth.qwik.js";
export { setEnvDefaults } from "./qwik/env.js";
export type * from "./qwik/types.js";
export type { Account, Profile, Session, User } from "./types.js";

/**
 * `QwikAuth$((event) => config)` → `{ onRequest, useSession, useSignIn, useSignOut }`. The config function
 * runs on the server for each request, with the request event (read secrets through `event.env.get`).
 */
export const QwikAuth$ = /*#__PURE__*/ implicit$FirstArg(QwikAuthQrl);
