/**
 * An app's own Prisma `User` model, read for the merge (database/prisma/merge.ts): the kind of its id and the type the
 * auth models' `userId` fields take to reference it (its scalar type and native type: a relation needs the
 * same), and its required fields without a default, which sign-up either fills through the adapter's
 * `newUserColumns` (name, image) or cannot fill at all (refused, naming the field and the fix).
 */

import { FILLABLE, type FilledColumn, requiredColumnsMessage, type UserIdKind } from "../users-table.js";
import type { PrismaField } from "./blocks.js";

/** The type of the auth models' userId fields: `Int`, with `@db.UnsignedInt` where the id has it. */
export interface PrismaUserId {
  type: string;
  native: string | null;
}

export type PrismaIdFacts = { idKind: UserIdKind; userId: PrismaUserId | null } | { unsupported: string };

const nativeOf = (attributes: string) => /@db\.\w+(?:\([^)]*\))?/.exec(attributes)?.[0] ?? null;

/** The kind of the User model's id field; null userId: the auth models' own String. */
export function prismaUserId(field: PrismaField, model: string): PrismaIdFacts {
  const native = nativeOf(field.attributes);
  if (field.base === "String") {
    if (native === "@db.Uuid") return { idKind: "uuid", userId: { type: "String", native } };
    return { idKind: "text", userId: null };
  }
  if (field.base === "Int" || field.base === "BigInt") {
    const kind = field.base === "Int" ? "integer" : "bigint";
    if (!/@default\(/.test(field.attributes))
      return {
        unsupported: `model ${model}, field ${field.name}: it is ${field.type} without a default, so a new user has no id. Make it ${field.type} @id @default(autoincrement()), and run again.`,
      };
    return { idKind: kind, userId: { type: field.base, native } };
  }
  return {
    unsupported: `model ${model}, field ${field.name}: it is ${field.type}; the auth adapter takes String, Int or BigInt ids (a uuid is String @db.Uuid). Change it, and run again.`,
  };
}

/** A field Prisma's client must be given a value for on create: required, scalar, without a default. */
function required(field: PrismaField, models: ReadonlySet<string>): boolean {
  if (field.optional || field.list || models.has(field.base)) return false;
  return !/@(default|updatedAt|ignore)\b/.test(field.attributes) && !/@id\b/.test(field.attributes);
}

/**
 * The User model's required fields sign-up does not give: filled (name, image) or refused. `authFields`
 * are the auth model's own field names (id and email are given on every create through the adapter).
 */
export function prismaRequiredFields(
  fields: readonly PrismaField[],
  models: ReadonlySet<string>,
  model: string,
  schemaPath: string,
): { fill: FilledColumn[] } | { unsupported: string } {
  const fill: FilledColumn[] = [];
  const refused: string[] = [];
  for (const field of fields) {
    if (field.name === "id" || field.name === "email" || !required(field, models)) continue;
    const value = FILLABLE[field.name];
    if (value) fill.push({ key: field.name, value, column: `${model}.${field.name}` });
    else refused.push(`${model}.${field.name}`);
  }
  if (refused.length)
    return {
      unsupported: requiredColumnsMessage(
        schemaPath,
        refused,
        "Give each a default (@default(…)) or make it optional (Type?)",
      ),
    };
  return { fill };
}
