/** An account as admins see it, read as it is (no rule to apply). */
export { findAdminUserRow } from './admin-user-repository.ts';
