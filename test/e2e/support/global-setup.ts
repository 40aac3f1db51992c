/**
 * Once before the e2e files, which run two at a time: the repository's build (dist/), which every file needs
 * fresh. Each file's own ensureRepositoryBuilt() then finds it so; two files building at once would each
 * empty dist/ under the other.
 */
import { ensureRepositoryBuilt } from "../../support/next-app.mjs";

export default async function setup(): Promise<void> {
  await ensureRepositoryBuilt();
}
