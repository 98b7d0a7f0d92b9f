/**
 * Text the PDFs' main font (DejaVu) cannot draw is printed readably (security audit of
 * 2026-11-28, "PDF glyphs"): Chinese, Japanese and Korean in Noto Sans CJK, emoji in Noto Emoji,
 * each character in the first font that has it; what no font has is a visible U+FFFD.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPdf } from './helpers/pdf';
import { readPdf } from './helpers/readPdf';
import { type Member, signedInUser, strategyApi } from './helpers/strategies';
import { getTestServer, type TestServer } from './helpers/testServer';

const CHINESE = '我们的目标是成为客户的首选';
const JAPANESE = '東京オフィスを開設する';
const KOREAN = '서울 사무소를 엽니다';
const EMOJI = '🚀';
/** Thai: in none of the fonts. */
const THAI = 'สวัสดี';

/** The names of the fonts a PDF embeds (pdfkit writes font dictionaries uncompressed). */
const embeddedFonts = (bytes: Buffer) =>
  [...bytes.toString('latin1').matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((match) => match[1]);

describe('PDFs of text in Chinese, Japanese, Korean and emoji', () => {
  let server: TestServer;
  let master: Member;
  let strategyId: number;
  let initiativeId: number;

  beforeAll(async () => {
    server = await getTestServer();
    master = await signedInUser(server, { organisationId: await server.createOrganisation('Asia Pacific') });
    const strategy = await strategyApi(server).create(master.key, {
      title: `${CHINESE} ${EMOJI}`,
      ambition: `<p>${JAPANESE}</p>`,
    });
    strategyId = strategy.id;
    initiativeId = strategy.focus_areas[0]!.initiatives[0]!.id;
    const update = await server.api('PATCH', `/api/initiative/update/${initiativeId}/`, {
      token: master.key,
      body: {
        title: `${KOREAN} ${EMOJI}`,
        problem_statement: `<p>${CHINESE}。</p><ul><li>${JAPANESE}</li><li>${KOREAN} ${EMOJI}</li></ul><p>Thai: ${THAI}</p>`,
      },
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
  }, 60_000);
  afterAll(() => server.close());

  it('should print them in the charter, in fonts that have them', async () => {
    const answer = await getPdf(server, `/api/initiative/${initiativeId}/pdf/`, master.key);
    expect(answer.status).toBe(200);
    const pdf = await readPdf(answer.bytes);
    for (const text of [CHINESE, JAPANESE, KOREAN, EMOJI]) expect(pdf.text).toContain(text);
    expect(embeddedFonts(answer.bytes)).toEqual(
      expect.arrayContaining([
        'DejaVuSans',
        'NotoSansHans-Regular',
        'NotoSansKR-Regular',
        'NotoEmoji-Regular',
      ]),
    );
    // What no font has is not an empty box but the replacement character, once a letter.
    expect(pdf.text).toContain('Thai: \ufffd');
    expect(pdf.text).not.toContain(THAI);
  }, 60_000);

  it('should print them on the strategy page, bold titles included', async () => {
    const answer = await getPdf(server, `/api/strategy/${strategyId}/pdf/`, master.key);
    expect(answer.status).toBe(200);
    const pdf = await readPdf(answer.bytes);
    for (const text of [CHINESE, JAPANESE, KOREAN, EMOJI]) expect(pdf.text).toContain(text);
    expect(embeddedFonts(answer.bytes)).toEqual(
      expect.arrayContaining(['NotoSansHans-Bold', 'NotoSansKR-Bold', 'NotoEmoji-Bold']),
    );
  }, 60_000);
});
