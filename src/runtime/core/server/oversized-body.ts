/**
 * The core's answer to a body over the limits (core/body.ts), for a framework that parses a form itself
 * before any code of ours runs (Qwik City reads an action's body before the action).
 */
import { InputTooLarge } from "../../errors.js";
import { readRequestBody } from "../body.js";
import { resolveConfig } from "../config.js";
import { requestErrorResponse } from "../errors.js";
import { toResponse } from "../response.js";
import type { IntegrationConfig } from "./config.js";

/**
 * A clone is read under the limits, so no more than they allow is buffered for the framework's own read.
 * Undefined when the body is within them, or malformed in some other way (the framework's to answer). The
 * answer is core/errors.ts's: 413 or 400, or the error page for a browser's form.
 */
export async function oversizedBodyResponse(
  request: Request,
  config: IntegrationConfig,
): Promise<Response | undefined> {
  const resolved = resolveConfig(config);
  try {
    await readRequestBody(request.clone(), resolved.rules.limits);
    return undefined;
  } catch (error) {
    if (!(error instanceof InputTooLarge)) return undefined;
    return toResponse(requestErrorResponse(error, { request, config: resolved }));
  }
}
