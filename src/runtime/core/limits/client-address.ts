/**
 * The socket peer's address of a request, for an integration that has one (Node's `req.socket.remoteAddress`,
 * SvelteKit's `getClientAddress()`), handed to the core beside the web Request, which has no field for it.
 * The rate limits use it as the client's address when the app trusts no forwarding header
 * (rate-limit/client-ip.ts); nothing else reads it.
 */

const addresses = new WeakMap<Request, string>();

/** Records the address the connection came from; an integration calls it before handing `request` to Auth. */
export function setClientAddress(request: Request, address: string | undefined): void {
  if (typeof address === "string" && address !== "") addresses.set(request, address);
}

/** The address an integration recorded for `request`, if any. */
export function clientAddressOf(request: Request): string | undefined {
  return addresses.get(request);
}
