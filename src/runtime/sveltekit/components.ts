/**
 * `@create-auth/runtime/sveltekit/components`: the `SignIn` and `SignOut` form components, shipped as
 * Svelte 5 source (the app's Svelte compiles them; the package exports them under the `svelte` condition).
 */
export type { SignInProps, SignOutProps } from "./component-props.js";
export { default as SignIn } from "./SignIn.svelte";
export { default as SignOut } from "./SignOut.svelte";
