import { startReferencePlatform } from './pipeline/platform/index.ts';
const p = await startReferencePlatform({ dataDir: '/tmp/pgl/t3', owner: { password: 'Secret-Passw0rd-123' }, log: console.log });
const r = await fetch(p.url + '/api/v2/users/login', { method: 'POST', body: JSON.stringify({ email: 'owner@example.com', password: 'Secret-Passw0rd-123' }) });
const { session_token } = await r.json() as { session_token: string };
const res = await fetch(p.url + '/api/v2/notifications/test', { method: 'POST', headers: { 'Svc-Session-Token': session_token } });
console.log(res.status, await res.text());
await p.close();
