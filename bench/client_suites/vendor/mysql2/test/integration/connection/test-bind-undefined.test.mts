import type { ResultSetHeader, RowDataPacket } from '../../../index.js';
import { describe, it, strict } from 'poku';
import { createConnection } from '../../common.test.mjs';

await describe('Bind Undefined', async () => {
  const connection = createConnection().promise();

  await it('execute: should throw TypeError for undefined parameter', async () => {
    await strict.rejects(
      // @ts-expect-error: testing that undefined bind parameter throws TypeError
      connection.execute('SELECT ? AS result', [undefined]),
      {
        name: 'TypeError',
        message:
          'Bind parameters must not contain undefined. To pass SQL NULL specify JS null',
      }
    );
  });

  await it('execute: should accept undefined as values (no bind parameters)', async () => {
    const [results] = await connection.execute<RowDataPacket[]>(
      'SELECT 1 AS result',
      undefined
    );

    strict.strictEqual(results[0].result, 1);
  });

  await it('prepared statement: should reject undefined parameter without deadlocking the connection', async () => {
    await connection.query(
      'CREATE TEMPORARY TABLE test_bind_undefined (id INT PRIMARY KEY AUTO_INCREMENT, name VARCHAR(50) NOT NULL)'
    );
    await connection.beginTransaction();

    const statement = await connection.prepare(
      'INSERT INTO test_bind_undefined (name) VALUES (?)'
    );

    try {
      await strict.rejects(statement.execute([undefined]), {
        name: 'TypeError',
        message: 'Bind parameters must not contain undefined',
      });

      // Regression #3293: the failed `execute` used to stay the active command blocks the queue indefinitely.
      await connection.rollback();

      // The statement stays usable after the failed execute.
      const [result] = await statement.execute(['ok']);
      strict.strictEqual((result as ResultSetHeader).affectedRows, 1);
    } finally {
      await statement.close();
    }

    const [results] =
      await connection.query<RowDataPacket[]>('SELECT 1 AS result');
    strict.strictEqual(results[0].result, 1);
  });

  await it('query: should accept undefined bind parameter as NULL', async () => {
    const [results] = await connection.query<RowDataPacket[]>(
      'SELECT ? AS result',
      [undefined]
    );

    strict.strictEqual(results[0].result, null);
  });

  await it('query: should accept undefined as values (no bind parameters)', async () => {
    const [results] = await connection.query<RowDataPacket[]>(
      'SELECT 1 AS result',
      undefined
    );

    strict.strictEqual(results[0].result, 1);
  });

  await connection.end();
});
