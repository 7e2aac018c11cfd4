import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The import boundaries and server layers of eslint.config.js, tried on snippets linted as if they lived at these paths. */
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

// The first lint loads the config and typescript-eslint: seconds on a busy machine, not a speed assertion.
describe('import boundaries', { timeout: 60_000 }, () => {
  it("refuses a server feature reaching into another feature's repository, and allows its service and policy", async () => {
    const file = 'apps/server/src/features/library/example.ts';
    expect(await restrictedImports(file, "import { listRoles } from '../roles/role-repository.ts';\nexport { listRoles };\n")).toHaveLength(1);
    expect(await restrictedImports(file, "import { rolesOf } from '../roles/role-service.ts';\nexport { rolesOf };\n")).toEqual([]);
    expect(await restrictedImports(file, "import { recordAudit } from '../../audit/audit-log.ts';\nexport { recordAudit };\n")).toEqual([]);
    // The catalogue's repository is no exception: shared row shapes live in src/read-models.
    expect(await restrictedImports(file, "import { findPack } from '../catalogue/catalogue-repository.ts';\nexport { findPack };\n")).toHaveLength(1);
    expect(await restrictedImports(file, "import { findPack } from '../../read-models/catalogue-rows.ts';\nexport { findPack };\n")).toEqual([]);
  });

  it("refuses a file one folder down in a feature (search's index/) reaching into another feature, or another feature reaching into it", async () => {
    const file = 'apps/server/src/features/search/index/example.ts';
    expect(await restrictedImports(file, "import { listRoles } from '../../roles/role-repository.ts';\nexport { listRoles };\n")).toHaveLength(1);
    expect(await restrictedImports(file, "import { rolesOf } from '../../roles/role-service.ts';\nexport { rolesOf };\n")).toEqual([]);
    expect(await restrictedImports(file, "import { queryWords } from '../search-text.ts';\nexport { queryWords };\n")).toEqual([]);
    const other = 'apps/server/src/features/library/example.ts';
    expect(await restrictedImports(other, "import { SearchIndex } from '../search/index/search-index.ts';\nexport { SearchIndex };\n")).toHaveLength(1);
  });

  it('refuses the web importing the server', async () => {
    const code = "import { users } from '../../../../server/src/db/schema/index.ts';\nexport { users };\n";
    expect(await restrictedImports('apps/web/src/features/catalogue/api/example.ts', code)).toHaveLength(1);
  });

  it("refuses a web feature importing another feature's components, and allows its data hooks", async () => {
    const file = 'apps/web/src/features/search/components/example.tsx';
    expect(await restrictedImports(file, "import { ItemHeader } from '../../catalogue/components/item-header.tsx';\nexport { ItemHeader };\n")).toHaveLength(1);
    expect(await restrictedImports(file, "import { useItem } from '../../catalogue/api/get-item.ts';\nexport { useItem };\n")).toEqual([]);
  });

  it('refuses production code importing demo tooling, and lets the seeding entry do it', async () => {
    const code = "import { seedDemo } from '@crate/demo-catalogue/seed';\nexport { seedDemo };\n";
    expect(await restrictedImports('apps/server/src/features/catalogue/example.ts', code)).toHaveLength(1);
    expect(await restrictedImports('apps/server/src/seed/example.ts', code)).toEqual([]);
  });

  describe('server layers, by file kind', () => {
    it('refuses a route importing a repository, drizzle-orm, the database or a helper, and allows services, presenters, policies and http/', async () => {
      const file = 'apps/server/src/features/library/library-routes.ts';
      expect(await restrictedImports(file, "import { findPlaylist } from './playlists-repository.ts';\nexport { findPlaylist };\n")).toHaveLength(1);
      expect(await restrictedImports(file, "import { eq } from 'drizzle-orm';\nexport { eq };\n")).toHaveLength(1);
      expect(await restrictedImports(file, "import type { DbOrTx } from '../../db/client.ts';\nexport type { DbOrTx };\n")).toHaveLength(1);
      expect(await restrictedImports(file, "import { findPack } from '../../read-models/catalogue-rows.ts';\nexport { findPack };\n")).toHaveLength(1);
      expect(await restrictedImports(file, "import { ingest } from './ingest-upload.ts';\nexport { ingest };\n")).toHaveLength(1);
      const allowed = [
        "import * as library from './library-service.ts';\nexport { library };\n",
        "import { presentPlaylist } from './library-presenters.ts';\nexport { presentPlaylist };\n",
        "import { presentItemRow } from '../catalogue/catalogue-presenters.ts';\nexport { presentItemRow };\n",
        "import { authorize } from '../../policies/can.ts';\nexport { authorize };\n",
        "import { registerEndpoint } from '../../http/endpoint.ts';\nexport { registerEndpoint };\n",
        "import type { AppContext } from '../../app-context.ts';\nexport type { AppContext };\n",
        "import type { FastifyInstance } from 'fastify';\nexport type { FastifyInstance };\n",
      ];
      for (const code of allowed) expect(await restrictedImports(file, code)).toEqual([]);
    });

    it('refuses drizzle-orm outside repositories, db/, policies/ and engines/adapters', async () => {
      const code = "import { sql } from 'drizzle-orm';\nexport { sql };\n";
      // No file is exempt: a job handler, a helper or a CLI of a feature is held to it too.
      const refused = [
        'apps/server/src/features/credits/credit-ledger-service.ts',
        'apps/server/src/processing/process-pack.ts',
        'apps/server/src/features/credits/credit-presenters.ts',
        'apps/server/src/features/system/health-routes.ts',
        'apps/server/src/features/studio-packs/analyse-audio-job.ts',
        'apps/server/src/features/auth/resolve-viewer.ts',
        'apps/server/src/features/payments/sandbox/sandbox-clock-cli.ts',
      ];
      for (const file of refused) {
        expect(await restrictedImports(file, code), file).toHaveLength(1);
      }
      expect(await restrictedImports('apps/server/src/features/tracking/item-events-service.ts', "import { DrizzleQueryError } from 'drizzle-orm/errors';\nexport { DrizzleQueryError };\n")).toHaveLength(1);
      const homes = [
        'apps/server/src/features/credits/credit-ledger-repository.ts',
        'apps/server/src/read-models/catalogue-rows.ts',
        'apps/server/src/db/listed-items.ts',
        'apps/server/src/policies/item-policy.ts',
        'apps/server/src/features/search/postgres-search-engine.ts',
        'apps/server/src/features/payments/stripe-provider.ts',
        'apps/server/src/http/rate-limit-store.ts',
        'apps/server/src/jobs/db-job-queue.ts',
        'apps/server/src/storage/example.ts',
        'apps/server/src/seed/seed-demo.ts',
      ];
      for (const file of homes) expect(await restrictedImports(file, code), file).toEqual([]);
    });

    it('refuses a service importing Fastify', async () => {
      const file = 'apps/server/src/features/profile/profile-service.ts';
      expect(await restrictedImports(file, "import type { FastifyRequest } from 'fastify';\nexport type { FastifyRequest };\n")).toHaveLength(1);
      expect(await restrictedImports(file, "import cookie from '@fastify/cookie';\nexport { cookie };\n")).toHaveLength(1);
      expect(await restrictedImports(file, "import { rolesOf } from '../roles/role-service.ts';\nexport { rolesOf };\n")).toEqual([]);
    });
  });
});
