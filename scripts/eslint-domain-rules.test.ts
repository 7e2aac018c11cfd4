import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The server's domain rules in eslint.config.js, tried on snippets linted as if they lived at these paths. */
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function restrictedSyntax(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const header = "import { eq, sql } from 'drizzle-orm';\nimport { packs } from '../../db/schema/index.ts';\ndeclare const tx: any;\n";

// The first lint loads the config and typescript-eslint: seconds on a busy machine, not a speed assertion.
describe('domain rules', { timeout: 60_000 }, () => {
  it("refuses a pack status written anywhere but the pack lifecycle, by Drizzle or in SQL text", async () => {
    const feature = 'apps/server/src/features/studio-packs/example.ts';
    const drizzle = `${header}export const f = (id: string) => tx.update(packs).set({ status: 4, updatedAt: new Date() }).where(eq(packs.id, id));\n`;
    const raw = `${header}export const f = (id: string) => tx.execute(sql\`update packs set updated_at = now(), status = 4 where id = \${id}\`);\n`;
    expect(await restrictedSyntax(feature, drizzle)).toEqual([expect.stringContaining('transitionPack')]);
    expect(await restrictedSyntax(feature, raw)).toEqual([expect.stringContaining('transitionPack')]);
    expect(await restrictedSyntax('apps/server/src/processing/example.ts', drizzle)).toHaveLength(1);
    // Other columns of a pack, and other tables' status, are anybody's.
    expect(await restrictedSyntax(feature, `${header}export const f = (id: string) => tx.update(packs).set({ title: 'x' }).where(eq(packs.id, id));\n`)).toEqual([]);
    expect(await restrictedSyntax(feature, `${header}declare const jobs: any;\nexport const f = () => tx.update(jobs).set({ status: 'done' });\n`)).toEqual([]);
    expect(await restrictedSyntax('apps/server/src/packs/pack-lifecycle-repository.ts', drizzle.replace('../../db', '../db'))).toEqual([]);
  });

  it('keeps PACK_STATUS.published to the policies, db/listed-items.ts and the pack lifecycle', async () => {
    const code = "import { PACK_STATUS } from '@crate/contract/pack-status';\nexport const isLive = (status: number) => status === PACK_STATUS.published;\n";
    expect(await restrictedSyntax('apps/server/src/features/catalogue/example.ts', code)).toEqual([expect.stringContaining('policies')]);
    expect(await restrictedSyntax('apps/server/src/features/search/index/example.ts', code)).toHaveLength(1);
    for (const home of ['apps/server/src/policies/example.ts', 'apps/server/src/db/listed-items.ts', 'apps/server/src/packs/pack-lifecycle.ts']) {
      expect(await restrictedSyntax(home, code)).toEqual([]);
    }
    // Other statuses are not "listed" spelled out.
    expect(await restrictedSyntax('apps/server/src/features/catalogue/example.ts', code.replace('published', 'archived'))).toEqual([]);
  });
});
