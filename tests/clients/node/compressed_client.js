// mysql2 client driven by tests/compressed_clients.rs.
//
//   node compressed_client.js HOST PORT USER PASSWORD DB
//
// Reads commands from stdin, one per line, and answers on stdout:
//   write MODE FILE   FILE has lines "ID<TAB>HEX(doc)"; inserts each as
//                     (id, src, doc) into DB.docs, doc sent as a JS string.
//   read MODE         prints "row MODE ID HEX(doc)" for every row of DB.docs
//                     (doc taken as the raw bytes the server sent).
// Each command ends with "ok MODE ..." or "err MODE message".
// MODE: query   - connection.query: text protocol, client-side escaping
//       execute - connection.execute: server-side prepared statement,
//                 binary protocol
'use strict';
const fs = require('fs');
const readline = require('readline');
const mysql = require('mysql2/promise');

const [host, port, user, password, database] = process.argv.slice(2);

// Raw bytes for doc, whatever charset the server announces for it.
function rawDoc(field, next) {
  if (field.name === 'doc') return field.buffer();
  return next();
}

async function write(conn, mode, file) {
  const lines = fs.readFileSync(file, 'latin1').split('\n').filter((l) => l.length > 0);
  const sql = 'INSERT INTO docs (id, src, doc) VALUES (?, ?, ?)';
  for (const line of lines) {
    const [id, hex] = line.split('\t');
    const doc = Buffer.from(hex, 'hex').toString('utf8');
    const params = [Number(id), `node-${mode}`, doc];
    if (mode === 'query') await conn.query(sql, params);
    else if (mode === 'execute') await conn.execute(sql, params);
    else throw new Error(`unknown mode ${mode}`);
  }
  return lines.length;
}

async function read(conn, mode) {
  let rows;
  if (mode === 'query') {
    [rows] = await conn.query({ sql: 'SELECT id, doc FROM docs ORDER BY id', typeCast: rawDoc, rowsAsArray: true });
  } else if (mode === 'execute') {
    [rows] = await conn.execute({
      sql: 'SELECT id, doc FROM docs WHERE id >= ? ORDER BY id',
      values: [0],
      typeCast: rawDoc,
      rowsAsArray: true,
    });
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
  const out = [];
  for (const [id, doc] of rows) {
    out.push(`row ${mode} ${id} ${doc === null ? 'NULL' : doc.toString('hex')}\n`);
  }
  process.stdout.write(out.join(''));
  return rows.length;
}

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
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  for await (const line of rl) {
    const [cmd, mode, file] = line.trim().split(' ');
    if (!cmd) continue;
    try {
      let n;
      if (cmd === 'write') n = await write(conn, mode, file);
      else if (cmd === 'read') n = await read(conn, mode);
      else throw new Error(`unknown command ${cmd}`);
      process.stdout.write(`ok ${mode} ${n}\n`);
    } catch (e) {
      process.stdout.write(`err ${mode} ${String(e && (e.stack || e)).replace(/\n/g, ' | ')}\n`);
    }
  }
  await conn.end();
}

main().catch((e) => {
  process.stdout.write(`err fatal ${String(e && (e.stack || e)).replace(/\n/g, ' | ')}\n`);
  process.exit(1);
});
