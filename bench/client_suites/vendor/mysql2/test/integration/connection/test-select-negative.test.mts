import type { RowDataPacket } from '../../../index.js';
import { describe, it, strict } from 'poku';
import { createConnection } from '../../common.test.mjs';

await describe('Select Negative', async () => {
  const connection = createConnection();

  await it('should select negative values via execute and query', async () => {
    let rows: RowDataPacket[];
    let rows1: RowDataPacket[];

    await new Promise<void>((resolve, reject) => {
      connection.execute<RowDataPacket[]>('SELECT -1 v', [], (err, _rows) => {
        if (err) return reject(err);
        rows = _rows;
      });

      connection.query<RowDataPacket[]>('SELECT -1 v', (err, _rows) => {
        if (err) return reject(err);
        rows1 = _rows;
        resolve();
      });
    });

    strict.deepEqual(rows!, [{ v: -1 }]);
    strict.deepEqual(rows1!, [{ v: -1 }]);
  });

  connection.end();
});
