import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export interface AdminUserRow {
  id: string;
  email: string;
  name: string;
  claimsUpdatedAt: Date | null;
  lockedAt: Date | null;
  deactivatedAt: Date | null;
  disabledAt: Date | null;
  createdAt: Date;
}

export async function findAdminUserRow(db: DbOrTx, userId: string): Promise<AdminUserRow | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      claimsUpdatedAt: users.claimsUpdatedAt,
      lockedAt: users.lockedAt,
      deactivatedAt: users.deactivatedAt,
      disabledAt: users.disabledAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
