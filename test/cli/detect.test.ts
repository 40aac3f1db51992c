import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { detectPackageManager } from "../../src/cli/detect/package-manager.js";
import { detectPathAliases } from "../../src/cli/detect/path-alias.js";
import { detectProject } from "../../src/cli/detect/project.js";
import { CliError } from "../../src/cli/errors.js";
import { diskReader } from "../../src/cli/plan/reader.js";
import { copyFixture, removeTemps } from "./support.js";

afterAll(removeTemps);

function write(dir: string, file: string, content: string) {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), content);
}

describe("detect", () => {
  it("recognises the fixture as a Next.js App Router TypeScript project with the @/ alias", () => {
    const dir = copyFixture("next-app");
    const { info } = detectProject(diskReader(dir), {});
    expect(info.framework).toMatchObject({ id: "next", router: "app", routesDir: "app" });
    expect(info.language).toBe("ts");
    expect(info.srcDir).toBe(false);
    expect(info.aliases).toEqual([{ prefix: "@/", directory: "" }]);
    expect(info.envFile).toBe(".env.local");
    expect(info.envStatus).toMatchObject({ ignored: false, tracked: false });
    expect(info.existingAuthFiles).toEqual([]);
  });

  it("finds src/app and a src alias, and treats a project without tsconfig as JavaScript", () => {
    const dir = copyFixture("next-app");
    write(dir, "src/app/page.jsx", "export default function Page() { return null; }\n");
    write(dir, "jsconfig.json", '{ "compilerOptions": { "paths": { "~/*": ["./src/*"] } } }');
    rmSync(path.join(dir, "tsconfig.json"));
    const { info } = detectProject(diskReader(dir), {});
    expect(info.framework.routesDir).toBe("src/app");
    expect(info.srcDir).toBe(true);
    expect(info.language).toBe("js");
    expect(info.aliases).toEqual([{ prefix: "~/", directory: "src" }]);
  });

  it("refuses a project that is not Next.js, naming what is supported and --framework", () => {
    const dir = copyFixture("not-next");
    try {
      detectProject(diskReader(dir), {});
      throw new Error("expected a refusal");
    } catch (error) {
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).message).toMatch(/Next\.js \(App Router\).*--framework next/);
    }
  });

  it("refuses a Pages Router project for now", () => {
    const dir = copyFixture("next-app");
    renameSync(path.join(dir, "app"), path.join(dir, "pages"));
    expect(() => detectProject(diskReader(dir), {})).toThrow(/Pages Router/);
  });

  it("lets the lockfile win over package.json and the invoking tool", () => {
    const dir = copyFixture("next-app");
    expect(detectPackageManager(dir, undefined, "pnpm/9.0.0 npm/? node/v20").name).toBe("pnpm");
    expect(detectPackageManager(dir, "yarn@4.1.0", "pnpm/9.0.0").name).toBe("yarn");
    write(dir, "bun.lock", "{}");
    expect(detectPackageManager(dir, "yarn@4.1.0", "pnpm/9.0.0")).toMatchObject({ name: "bun", source: "lockfile" });
    expect(detectPackageManager(copyFixture("next-app"), undefined, undefined)).toMatchObject({
      name: "npm",
      source: "default",
    });
  });

  it("follows tsconfig extends and baseUrl for aliases", () => {
    const dir = copyFixture("next-app");
    write(
      dir,
      "tsconfig.base.json",
      '{ "compilerOptions": { "baseUrl": "src", /* c */ "paths": { "#/*": ["./*"], }, } }',
    );
    write(dir, "tsconfig.json", '{ "extends": "./tsconfig.base.json", "compilerOptions": { "strict": true } }');
    expect(detectPathAliases(diskReader(dir))).toEqual([{ prefix: "#/", directory: "src" }]);
  });
});
