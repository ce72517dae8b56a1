import type { RowDataPacket } from '../../../index.js';
import { describe, it, strict } from 'poku';
import { createConnection, getMysqlVersion } from '../../common.test.mjs';

await describe('Custom Date Parameter', async () => {
  const connection = createConnection({ timezone: 'Z' });
  const { major, isMariaDB } = await getMysqlVersion(connection);

  // @ts-expect-error: intentionally replacing global Date for testing
  // biome-ignore lint/suspicious/noGlobalAssign: intentionally replacing global Date for testing
  Date = (function () {
    const NativeDate = Date;
    function CustomDate(str: string) {
      return new NativeDate(str);
    }
    CustomDate.now = Date.now;
    return CustomDate;
  })();

  await it('should handle custom Date constructor', async () => {
    let rows: RowDataPacket[] | undefined;

    connection.query("set time_zone = '+00:00'");

    await new Promise<void>((resolve, reject) => {
      connection.execute<RowDataPacket[]>(
        'SELECT UNIX_TIMESTAMP(?) t',
        [new Date('1990-08-08 UTC')],
        (err, _rows) => {
          if (err) return reject(err);
          rows = _rows;
          resolve();
        }
      );
    });

    // MariaDB returns an integer for UNIX_TIMESTAMP(<datetime param>);
    // MySQL 8+ returns a DECIMAL with microseconds
    const expected = major < 8 || isMariaDB ? 650073600 : '650073600.000000';
    strict.equal(rows?.[0].t, expected);
  });

  connection.end();
});
