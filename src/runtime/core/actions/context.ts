/** What every action receives: the parsed request, the resolved options, the cookies `init` collected. */
import type { Cookie } from "../../types.js";
import type { InternalOptions, RequestInternal } from "../internal.js";
import type { SessionStore } from "../session/index.js";

export interface ActionContext {
  request: RequestInternal;
  options: InternalOptions;
  /** Cookies to send whatever the action does (a fresh csrf cookie, the callback URL). */
  cookies: Cookie[];
  sessionStore: SessionStore;
  /** Set by framework authors who protect against CSRF themselves (the `skipCSRFCheck` marker). */
  skipCSRFCheck: boolean;
}
