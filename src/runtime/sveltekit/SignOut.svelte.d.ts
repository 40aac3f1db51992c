// Types of SignOut.svelte for TypeScript outside the Svelte language tools (the component ships as source).
import type { Component } from "svelte";
import type { SignOutProps } from "./component-props.js";

declare const SignOut: Component<SignOutProps>;
export default SignOut;
