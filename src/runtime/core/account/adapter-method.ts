/**
 * The adapter contract makes every method optional. A flow that reaches a method the adapter lacks fails
 * with `MissingAdapterMethods` naming it, never with "undefined is not a function".
 */
import { MissingAdapter, MissingAdapterMethods } from "../../errors.js";
import type { Adapter } from "../../types.js";

type Method<K extends keyof Adapter> = NonNullable<Adapter[K]>;

export function adapterMethod<K extends keyof Adapter>(adapter: Adapter | undefined, name: K): Method<K> {
  if (!adapter) throw new MissingAdapter(`This sign-in needs an adapter (it calls \`${String(name)}\`).`);
  const method = adapter[name];
  if (typeof method !== "function") {
    throw new MissingAdapterMethods(`The adapter does not implement \`${String(name)}\`, which this sign-in needs.`);
  }
  return method.bind(adapter) as Method<K>;
}
