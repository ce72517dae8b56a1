// mysql2 reading JSON columns, driven by tests/client_compat.rs.
//
//   node json_client.js HOST PORT USER PASSWORD DB TABLE...
//
// For each TABLE (columns id, doc) and each mode (query: text protocol,
// execute: prepared statement, binary protocol) prints:
//   field MODE TABLE {"type":..,"extendedFormat":..,"characterSet":..,...}
//                         doc's column definition as mysql2 parsed it
//   row MODE TABLE ID TYPEOF JSON.stringify(doc)
//                         doc as mysql2 handed it to the application
// then "ext 8" when mysql2 negotiated MariaDB's extended metadata (the
// capability's bit), "ext 0" when not, and "ok".
'use strict';
const mysql = require('mysql2/promise');

const [host, port, user, password, database, ...tables] = process.argv.slice(2);

async function main() {
  const conn = await mysql.createConnection({
    host,
    port: Number(port),
    user,
    password,
    database,
    charset: 'UTF8MB4_GENERAL_CI',
    supportBigNumbers: true,
    bigNumberStrings: true,
  });
  const out = [];
  for (const table of tables) {
    for (const mode of ['query', 'execute']) {
      const sql = `SELECT id, doc FROM \`${table}\` WHERE id >= ? ORDER BY id`;
      const [rows, fields] = await conn[mode](sql, [0]);
      const f = fields[1];
      const meta = {
        type: f.columnType,
        extendedFormat: f.extendedFormat === undefined ? null : f.extendedFormat,
        extendedTypeName: f.extendedTypeName === undefined ? null : f.extendedTypeName,
        characterSet: f.characterSet,
        flags: f.flags,
        columnLength: f.columnLength,
      };
      out.push(`field ${mode} ${table} ${JSON.stringify(meta)}`);
      for (const r of rows) {
        const v = r.doc;
        const kind = v === null ? 'null' : typeof v;
        out.push(`row ${mode} ${table} ${r.id} ${kind} ${JSON.stringify(v)}`);
      }
    }
  }
  out.push(`ext ${conn.connection._mariadbExtendedMetadata ? 8 : 0}`);
  out.push('ok');
  process.stdout.write(out.join('\n') + '\n');
  await conn.end();
}

main().catch((e) => {
  process.stdout.write(`err ${String(e && e.message).replace(/\n/g, ' ')}\n`);
  process.exit(1);
});
