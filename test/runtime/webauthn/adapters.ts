/** Adapters with gaps, for the checks that name what is missing. */
import memory from "../../../src/runtime/adapters/memory.js";
import type { Adapter } from "../../../src/runtime/types.js";

/** The memory adapter without `methods`. */
export function memoryWithout(...methods: Array<keyof Adapter>): Adapter {
  const adapter: Adapter = { ...memory() };
  for (const method of methods) delete adapter[method];
  return adapter;
}
