import { PGlite } from '@electric-sql/pglite';
import { migrate } from './pipeline/platform/database.ts';
let t = Date.now();
const pg = await PGlite.create();
console.log('create', Date.now() - t); t = Date.now();
await migrate(pg);
console.log('migrate', Date.now() - t); t = Date.now();
await pg.close();
