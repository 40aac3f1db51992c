/**
 * Session changes, told to the listeners of this tab and, through a BroadcastChannel, to the app's other
 * tabs. A message only says *that* the session changed: listeners re-read `/session`, so another tab (or
 * script) cannot hand this one a session.
 */

export type SessionChange = "signin" | "signout" | "update";
const listeners = new Set<(change: SessionChange) => void>();
let channel: BroadcastChannel | undefined;

/** The tab's one channel, made on first use. A page without BroadcastChannel is asked again next time: a
 * polyfill may have loaded since (and a test that stubbed it away must not leave every later one deaf). */
function broadcastChannel(): BroadcastChannel | undefined {
  if (!channel && typeof BroadcastChannel === "function") channel = new BroadcastChannel("create-auth.session");
  return channel;
}

/** Calls `listener` when the session changes in this tab or another; returns the function that stops it. */
export function onSessionChange(listener: (change: SessionChange) => void): () => void {
  listeners.add(listener);
  const channel = broadcastChannel();
  const onMessage = (event: MessageEvent<unknown>) => {
    const change = (event.data as { change?: unknown } | null)?.change;
    if (change === "signin" || change === "signout" || change === "update") listener(change);
  };
  channel?.addEventListener("message", onMessage);
  return () => {
    listeners.delete(listener);
    channel?.removeEventListener("message", onMessage);
  };
}

/** Tells the other tabs; `local` also tells this tab's listeners (not wanted when they already know). */
export function announce(change: SessionChange, { local = true } = {}): void {
  if (local) for (const listener of listeners) listener(change);
  broadcastChannel()?.postMessage({ change });
}
