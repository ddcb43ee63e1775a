import { openPlatformDb } from './pipeline/platform/database.ts';
import { deliver } from './pipeline/platform/inbox-store.ts';
import { ensureOwner } from './pipeline/platform/users.ts';
const db = await openPlatformDb(undefined);
await ensureOwner(db, {});
const { rows } = await db.query<{id: string}>('select id from users where role = $1', ['owner']);
try {
  await db.transaction(async (tx) => { console.log(await deliver(tx, { userId: rows[0]!.id, templateId: '6c1f7e2a-0a41-4f5e-9b7e-3f0d8f1e0002', labels: {} })); });
} catch (e) { console.log(e); }
