/** `GET /providers`: every provider's public description, keyed by id (what client-side sign-in needs). */
import type { ResponseInternal } from "../../types.js";
import { json } from "../response.js";
import type { ActionContext } from "./context.js";

export function providers({ options, cookies }: ActionContext): ResponseInternal {
  const body: Record<string, { id: string; name: string; type: string; signinUrl: string; callbackUrl: string }> = {};
  for (const { id, name, type, signinUrl, callbackUrl } of options.providers) {
    body[id] = { id, name, type, signinUrl, callbackUrl };
  }
  return json(body, 200, { cookies });
}
