import type { RowDataPacket } from '../../../index.js';
import { describe, it, strict } from 'poku';
import { createConnection, getMysqlVersion } from '../../common.test.mjs';

type JsonRow = RowDataPacket & { json_result: { test: boolean } };

await describe('JSON Parser', async () => {
  const connection = createConnection().promise();
  const { isMariaDB } = await getMysqlVersion(connection);

  // MariaDB has no CAST(... AS JSON); JSON_EXTRACT also produces a
  // JSON-typed result there
  const jsonExpression = isMariaDB
    ? `JSON_EXTRACT('{"test": true}', '$')`
    : `CAST('{"test": true}' AS JSON)`;

  await it(async () => {
    const [result] = await connection.query<JsonRow[]>(
      `SELECT ${jsonExpression} AS json_result`
    );

    strict.deepStrictEqual(
      result[0].json_result,
      { test: true },
      'Ensure JSON return parsed (query)'
    );
  });

  await it(async () => {
    const [result] = await connection.execute<JsonRow[]>(
      `SELECT ${jsonExpression} AS json_result`
    );

    strict.deepStrictEqual(
      result[0].json_result,
      { test: true },
      'Ensure JSON return parsed (execute)'
    );
  });

  await connection.end();
});
