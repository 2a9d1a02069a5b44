/**
 * Local mode's first start: one organization (`local`) and an admin token, kept in the data
 * directory (`local-admin.json`, mode 0600) so restarts reuse them. The token secret is stored
 * hashed in the database like any other; the file is the only plain copy, for the CLI to print.
 * On the desktop the local admin is also the platform operator (CLI releases, every site).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/index.js';
import { authenticate, createOrganization, createToken } from './identity.js';

/** The local organization and its admin token. */
export interface LocalAdmin {
  orgId: string;
  token: string;
  /** True when made on this start (first start, or the saved token was no longer valid). */
  created: boolean;
}

const LOCAL_ORG = 'local';
const LOCAL_USER = 'local-admin';

/** Returns the saved local admin, or creates (and saves) one. */
export async function bootstrapLocal(db: Kysely<Database>, dataDir: string | undefined): Promise<LocalAdmin> {
  const admin = await ensureLocalAdmin(db, dataDir);
  await db.updateTable('users').set({ is_operator: true }).where('id', '=', LOCAL_USER).execute();
  return admin;
}

async function ensureLocalAdmin(db: Kysely<Database>, dataDir: string | undefined): Promise<LocalAdmin> {
  const file = dataDir ? join(dataDir, 'local-admin.json') : undefined;
  if (file) {
    try {
      const saved = JSON.parse(await readFile(file, 'utf8')) as { orgId?: unknown; token?: unknown };
      if (typeof saved.orgId === 'string' && typeof saved.token === 'string') {
        const caller = await authenticate(db, `Bearer ${saved.token}`).catch(() => undefined);
        if (caller) return { orgId: saved.orgId, token: saved.token, created: false };
      }
    } catch {
      // No saved admin yet (or an unreadable file): make a new one below.
    }
  }
  const org = await db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', LOCAL_ORG)
    .executeTakeFirst();
  // Replicas starting together on one PostgreSQL may race to create it: the loser adds a token.
  // The local admin's token acts in the local organization and as the operator (one author).
  const adminToken = async () =>
    (await createToken(db, LOCAL_USER, { orgId: LOCAL_ORG, operator: true }, 'local admin')).token;
  const token = org
    ? await adminToken()
    : await createOrganization(db, LOCAL_ORG, LOCAL_USER, true).then((created) => created.token, adminToken);
  if (file)
    await writeFile(file, `${JSON.stringify({ orgId: LOCAL_ORG, token }, null, 2)}\n`, { mode: 0o600 });
  return { orgId: LOCAL_ORG, token, created: true };
}
