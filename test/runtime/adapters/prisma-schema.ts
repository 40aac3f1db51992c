// The Prisma schema the prisma adapter's tests generate their clients from: the auth models as `init`
// writes them (prismaSchema) and the Password model the password provider adds, generated from the table
// model's passwords table, with its other side on User (Prisma needs both sides of a relation).
import { passwords } from "../../../src/cli/database/model.js";
import { type PrismaProvider, prismaModelSource, prismaSchema } from "../../../src/cli/database/prisma/render.js";

/** prismaSchema(provider) with the Password model. */
export function prismaSchemaWithPasswords(provider: PrismaProvider): string {
  const schema = prismaSchema(provider);
  // One hash per user: the user_id key makes it one-to-one, so User's side is an optional Password.
  const withRelation = schema.replace(/^( {2}authenticators +Authenticator\[\])$/m, "$1\n  password       Password?");
  if (withRelation === schema) throw new Error(`the ${provider} Prisma schema changed shape`);
  return `${withRelation}\n${prismaModelSource(passwords, provider)}\n`;
}
