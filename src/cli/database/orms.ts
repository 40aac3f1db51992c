/**
 * THE ORM registry: each ORM's answers to what the CLI asks of one (database/orm.ts), by the id
 * database/flavours.ts lists. A Record over those ids, so an ORM listed there without its entry here does
 * not compile, and an entry here is the only line a new ORM adds outside its folder.
 */
import { drizzle } from "./drizzle/orm.js";
import type { SchemaOrmId } from "./flavours.js";
import type { Orm } from "./orm.js";
import { prisma } from "./prisma/orm.js";

export const ORMS: Record<SchemaOrmId, Orm> = { drizzle, prisma };
