// SvelteKit generates this virtual module's types inside each app (.svelte-kit/ambient.d.ts); the runtime
// is type-checked outside any app, so it declares the one shape it reads.
declare module "$env/dynamic/private" {
  export const env: Record<string, string | undefined>;
}
