// Types for the bare specifier `next/navigation`, which `next.ts` must import without `.js`: Next's bundler
// maps exactly `next/navigation` to its server build in server components, actions and route handlers, and
// `next/navigation.js` escapes that alias, pulling the client router into route handlers (the build fails
// with "Could not parse module …/app-router-context.js"). `next` has no `exports` map, so NodeNext cannot
// resolve the bare subpath on its own; this points it at the same declarations. Not emitted to dist.
declare module "next/navigation" {
  export * from "next/navigation.js";
}
