/**
 * The OAuth `state` parameter: an encrypted `{ origin, random }`. The random part makes it unguessable
 * (RFC 6749 §10.12); the origin (this deployment's own callback URL) lets a redirect proxy, which receives
 * the authorization response on a fixed URL, forward it to the deployment that started the flow.
 */
import * as oauth from "oauth4webapi";
import { decode, encode } from "../../jwt.js";
import type { InternalOptions } from "../internal.js";
import { CHECK_MAX_AGE } from "./checks.js";

const STATE_SALT = "encodedState";

export interface StatePayload {
  /** The callback URL of the deployment that started the sign-in. */
  origin: string;
  random: string;
}

export function encodeState(options: InternalOptions, origin: string): Promise<string> {
  const payload: StatePayload = { origin, random: oauth.generateRandomState() };
  return encode({ token: { ...payload }, salt: STATE_SALT, secret: options.secret, maxAge: CHECK_MAX_AGE });
}

/** The payload of a state value this deployment (or one sharing its secret) encoded; null if not ours. */
export async function decodeState(options: InternalOptions, state: string): Promise<StatePayload | null> {
  try {
    const payload = await decode<Partial<StatePayload>>({ token: state, salt: STATE_SALT, secret: options.secret });
    if (!payload || typeof payload.origin !== "string" || typeof payload.random !== "string") return null;
    return { origin: payload.origin, random: payload.random };
  } catch {
    return null;
  }
}
