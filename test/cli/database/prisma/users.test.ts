// mergePrismaSchema on an app's own User model: the auth models' userId fields take the type of its id (Int,
// BigInt, String @db.Uuid, String, on each provider), its email gains @unique, and its required name is filled
// by the adapter (users.fill) rather than changed. Every merged schema is judged by `prisma validate` itself:
// a relation whose two sides differ in type is refused there.
import { afterAll, describe, expect, test } from "vitest";
import { mergePrismaSchema } from "../../../../src/cli/database/prisma/merge.js";
import type { PrismaProvider } from "../../../../src/cli/database/prisma/render.js";
import { prismaFolder, runPrisma } from "../../../support/prisma-client.mjs";

const folders: Array<{ remove(): Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => folder.remove()));
});

const schema = (provider: PrismaProvider, user: string) =>
  `generator client {\n  provider = "prisma-client"\n  output   = "../generated"\n}\n\ndatasource db {\n  provider = "${provider}"\n}\n\n${user}`;

/** [provider, the app's id field, the id kind, the userId field the auth models get]. */
const ids: Array<[PrismaProvider, string, string, string]> = [
  ["sqlite", "Int      @id @default(autoincrement())", "integer", "Int"],
  ["sqlite", "String   @id @default(cuid())", "text", "String"],
  ["postgresql", "Int      @id @default(autoincrement())", "integer", "Int"],
  ["postgresql", "BigInt   @id @default(autoincrement())", "bigint", "BigInt"],
  ["postgresql", "String   @id @default(uuid()) @db.Uuid", "uuid", "String @db.Uuid"],
  ["mysql", "Int      @id @default(autoincrement()) @db.UnsignedInt", "integer", "Int @db.UnsignedInt"],
  ["mysql", "BigInt   @id @default(autoincrement())", "bigint", "BigInt"],
  ["mysql", "String   @id @default(cuid())", "text", "String @db.VarChar(255)"],
];

function merge(text: string, provider: PrismaProvider) {
  const result = mergePrismaSchema([{ path: "prisma/schema.prisma", text }], provider, "file");
  if ("unsupported" in result) throw new Error(result.unsupported);
  return { ...result, text: result.changes[0]?.text ?? text };
}

async function validate(text: string): Promise<string> {
  const folder = await prismaFolder();
  folders.push(folder);
  return (await runPrisma(folder.folder, text, ["validate"])).output;
}

describe("mergePrismaSchema on the app's User model", () => {
  for (const [provider, id, kind, userId] of ids) {
    test(`${provider}: id ${id.replace(/\s+/g, " ")} makes ${kind} ids; Prisma validates the relations`, async () => {
      const original = schema(provider, `model User {\n  id       ${id}\n  email    String?  @unique\n}\n`);
      const result = merge(original, provider);
      expect(result.users).toEqual({ idKind: kind, fill: [] });
      for (const model of ["Account", "Session", "Authenticator"]) {
        const [type, native] = userId.split(" ");
        const escaped = (text: string) => text.replace(/[().]/g, "\\$&");
        const block = new RegExp(
          `model ${model} \\{[^}]*\\n  userId +${type} +@map\\("user_id"\\)${native ? ` ${escaped(native)}` : ""}\\n`,
        );
        expect(result.text, model).toMatch(block);
      }
      expect(await validate(result.text)).toMatch(/is valid/);
      expect(mergePrismaSchema([{ path: "prisma/schema.prisma", text: result.text }], provider, "file")).toMatchObject({
        changes: [],
        users: { idKind: kind },
      });
    }, 120_000);
  }

  test("an email without @unique gains it on its own line; a required name is filled by the adapter", async () => {
    const original = schema(
      "postgresql",
      'model User {\n  id    Int    @id @default(autoincrement())\n  email String // where we write\n  name  String\n  role  String @default("member")\n}\n',
    );
    const result = merge(original, "postgresql");
    expect(result.added).toContain("User.email @unique");
    expect(result.text).toContain("  email String @unique // where we write\n  name  String\n");
    expect(result.users.fill).toEqual([
      { key: "name", value: 'user.name ?? user.email?.split("@")[0] ?? ""', column: "User.name" },
    ]);
    expect(await validate(result.text)).toMatch(/is valid/);
  }, 120_000);
});
