/**
 * The floor of a rebuild: read the whole log of `<dataDir>/events.sqlite` in pages and parse every
 * event's JSON, doing nothing with it. Prints the number of events read.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';

const PAGE = 5_000;
const db = new Database(join(process.argv[2], 'events.sqlite'), { readonly: true });
db.defaultSafeIntegers(true);
const page = db.prepare('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?');
let after = 0n;
let read = 0;
for (;;) {
  const rows = page.all(after, PAGE) as { position: bigint; data: string; metadata: string }[];
  if (rows.length === 0) break;
  for (const row of rows) {
    JSON.parse(row.data);
    JSON.parse(row.metadata);
  }
  read += rows.length;
  after = rows[rows.length - 1].position;
}
db.close();
console.log(`read ${read}`);
