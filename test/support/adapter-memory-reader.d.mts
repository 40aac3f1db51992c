import type { MemoryStore } from "../../src/runtime/adapters/memory.js";
import type { AdapterTestDatabase } from "../../src/runtime/adapters/testing.js";

export function memoryStoreReader(store: MemoryStore): AdapterTestDatabase;
