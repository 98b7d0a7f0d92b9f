/**
 * "Start from a spreadsheet": a CSV or XLSX of focus areas and initiatives previewed with every
 * row's problems named, then created in one step with its owners; nothing created while a row is
 * wrong (the create checks the file again); files that are too large, too long, not UTF-8, not a
 * spreadsheet or a zip bomb refused with clear words; formulas never evaluated.
 */
import { deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import {
  LIMITS,
  SPREADSHEET_MAX_ROWS,
  type Strategy,
  SPREADSHEET_MESSAGES as WORDS,
} from '@keystone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

const base64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

function workbook(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Plan');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('start from a spreadsheet', () => {
  let server: TestServer;
  let master: Member;
  let ada: Member;
  let stranger: Member;

  beforeAll(async () => {
    server = await getTestServer();
    master = await signedInUser(server);
    ada = await signedInUser(server, { organisationId: master.organisationId, firstName: 'Ada' });
    stranger = await signedInUser(server);
  });
  afterAll(() => server.close());

  const preview = (content: string, fileName = 'Plan 2027.csv', key = master.key) =>
    server.api('POST', '/api/strategy/import/preview/', {
      token: key,
      body: { file_name: fileName, content },
    });
  const create = (content: string, fileName = 'Plan 2027.csv', key = master.key) =>
    server.api('POST', '/api/strategy/import/', { token: key, body: { file_name: fileName, content } });
  const strategyCount = async (key: string) => (await strategyApi(server).listedIds(key)).length;

  const goodCsv = () =>
    base64(
      [
        'Focus area,Initiative,Owners',
        `Customers,Onboarding,Ada <${ada.email}>`,
        `Customers,"Health score, weekly",${ada.email}; ${master.email}`,
        'Revenue,Team plan,',
        '',
      ].join('\r\n'),
    );

  it('should preview a good file and create it whole, with its owners and me as master', async () => {
    const previewed = await preview(goodCsv());
    expect(previewed.status).toBe(200);
    expect(previewed.body).toMatchObject({
      title: 'Plan 2027',
      problems: [],
      focus_area_count: 2,
      initiative_count: 3,
      ready: true,
    });
    expect(previewed.body.rows[1]).toEqual({
      row: 3,
      focus_area: 'Customers',
      initiative: 'Health score, weekly',
      owners: [ada.email, master.email],
      problems: [],
    });
    const created = await create(goodCsv());
    expect(created.status).toBe(201);
    const strategy = created.body as Strategy;
    expect(strategy.title).toBe('Plan 2027');
    expect(strategy.strategy_masters.map((person) => person.id)).toEqual([master.id]);
    expect(strategy.focus_areas.map((area) => area.title)).toEqual(['<p>Customers</p>', '<p>Revenue</p>']);
    const [onboarding, health] = strategy.focus_areas[0]!.initiatives;
    expect(onboarding!.title).toBe('<p>Onboarding</p>');
    expect(onboarding!.owners.map((person) => person.id)).toEqual([ada.id]);
    expect(health!.owners.map((person) => person.id).sort()).toEqual([master.id, ada.id].sort());
    expect(strategy.focus_areas[1]!.initiatives.map((initiative) => initiative.owners)).toEqual([[]]);
  });

  it('should name every row’s problems and create nothing while one is wrong', async () => {
    const long = 'x'.repeat(LIMITS.title + 1);
    const rows = [
      'Focus area,Initiative,Owners',
      'Customers,Onboarding,nobody@elsewhere.example',
      ',,',
      `Customers,${long},not an address`,
      'Customers,Onboarding,',
      `Growth,,${stranger.email}`,
      ...['B', 'C', 'D', 'E', 'F'].map((area) => `${area},One,`),
      ...['2', '3', '4', '5', '6'].map((n) => `Customers,Initiative ${n},`),
    ];
    const content = base64(rows.join('\n'));
    const previewed = await preview(content);
    expect(previewed.status).toBe(200);
    const problemsOf = (row: number) =>
      previewed.body.rows.find((entry: { row: number }) => entry.row === row).problems;
    expect(previewed.body.ready).toBe(false);
    expect(previewed.body.problems).toEqual([WORDS.tooManyFocusAreas, WORDS.tooManyInitiatives('Customers')]);
    expect(problemsOf(2)).toEqual([WORDS.unknownPerson('nobody@elsewhere.example')]);
    expect(problemsOf(3)).toEqual([WORDS.emptyRow]);
    expect(problemsOf(4)).toEqual([WORDS.initiativeTooLong, WORDS.notAnEmail('not an address')]);
    expect(problemsOf(5)).toEqual([WORDS.duplicate]);
    // Another organisation's person is unknown here.
    expect(problemsOf(6)).toEqual([WORDS.noInitiative, WORDS.unknownPerson(stranger.email)]);
    expect(problemsOf(11)).toEqual([WORDS.focusAreaOverLimit]);
    expect(problemsOf(16)).toEqual([WORDS.initiativeOverLimit]);
    const before = await strategyCount(master.key);
    const refused = await create(content);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(WORDS.notReady);
    expect(await strategyCount(master.key)).toBe(before);
  });

  it('should read a workbook’s first sheet and refuse its formulas without running them', async () => {
    const good = workbook([
      ['Initiative', 'Focus area', 'Owners'],
      ['Onboarding', 'Customers', ada.email],
      [42, 'Customers', ''],
    ]);
    const previewed = await preview(base64(good), 'plan.xlsx');
    expect(previewed.body).toMatchObject({ title: 'plan', ready: true, initiative_count: 2 });
    expect(previewed.body.rows[1].initiative).toBe('42');
    const withFormula = workbook([
      ['Focus area', 'Initiative'],
      ['Customers', { t: 's', f: 'HYPERLINK("http://evil.example")', v: 'click' }],
    ]);
    const refused = await preview(base64(withFormula), 'plan.xlsx');
    expect(refused.body.rows[0].problems).toEqual([WORDS.formula]);
    expect((await create(base64(withFormula), 'plan.xlsx')).status).toBe(400);
  });

  it('should refuse a file that is not what it should be, in words that say why', async () => {
    const cases: [string, number, string][] = [
      [base64(Buffer.from('\uFEFFFocus area,Initiative\r\nA,B', 'utf16le')), 400, WORDS.notUtf8],
      [base64(Buffer.from([0x46, 0x6f, 0x63, 0x75, 0x73, 0x2c, 0xe9, 0x0a])), 400, WORDS.notUtf8],
      [base64(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0])), 400, WORDS.unreadable],
      [base64('Focus area,Initiative\n"A,B\n'), 400, WORDS.badCsv(2)],
      [base64(`Focus area,Initiative\n${'A,B\n'.repeat(SPREADSHEET_MAX_ROWS + 1)}`), 400, WORDS.tooManyRows],
      [base64('Name,Title\nA,B\n'), 200, ''],
      ['not base64!', 400, WORDS.notBase64],
    ];
    for (const [content, status, detail] of cases) {
      const answer = await preview(content);
      expect(answer.status, detail).toBe(status);
      if (status === 400) expect(answer.body.detail).toBe(detail);
    }
    const noColumns = await preview(base64('Name,Title\nA,B\n'));
    expect(noColumns.body.problems).toEqual([
      WORDS.missingColumn('Focus area'),
      WORDS.missingColumn('Initiative'),
    ]);
    const rows10k = base64(`Focus area,Initiative\n${'A,B\n'.repeat(10_000)}`);
    expect((await create(rows10k)).body.detail).toBe(WORDS.tooManyRows);
  });

  it('should refuse a 50 MB upload with a clear 413 and a zip bomb before it unpacks', async () => {
    const before = await strategyCount(master.key);
    const huge = await server.app.inject({
      method: 'POST',
      url: '/api/strategy/import/',
      headers: { authorization: `Token ${master.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ file_name: 'huge.csv', content: 'A'.repeat(50 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().detail).toBe(WORDS.tooLarge);
    // A 3 MB file in base64 fits the body's limit but not the file's.
    const large = await preview(base64(Buffer.alloc(3 * 1024 * 1024, 'a')));
    expect(large.status).toBe(413);
    expect(large.body.detail).toBe(WORDS.tooLarge);
    expect(await strategyCount(master.key)).toBe(before);
    expect((await preview(base64(zipBomb()), 'bomb.xlsx')).status).toBe(413);
  });

  it('should ask for a key', async () => {
    const answer = await server.api('POST', '/api/strategy/import/preview/', {
      body: { file_name: 'a.csv', content: '' },
    });
    expect(answer.status).toBe(403);
  });
});

/** One part that inflates from about 100 KB to 100 MB: a zip whose sizes claim it is tiny. */
function zipBomb(): Buffer {
  const data = deflateRawSync(Buffer.alloc(100 * 1024 * 1024), { level: 9 });
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(10, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(10, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const directoryAt = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
