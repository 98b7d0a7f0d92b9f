/**
 * Each outbox mail has a stable Message-ID, `<outbox_mails.message_id@APP_URL host>`, so a mail
 * sent again (an instance crashed after the SMTP server took it, before it was marked sent) is
 * recognised as the same mail by the receiving side. Through the real SMTP server.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../src/db/schema';
import { eventually } from './helpers/progress';
import { getTestServer, type TestServer } from './helpers/testServer';

describe('the Message-ID of outbox mails', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const rowsTo = (email: string) =>
    server.database.db.select().from(outboxMails).where(eq(outboxMails.recipient, email));
  const receivedBy = (email: string) => server.smtp.mails.filter((mail) => mail.to === email);

  it("should carry the row's id at APP_URL's host, and the same id when the mail is sent again", async () => {
    const user = await server.createUser();
    expect(
      (await server.api('POST', '/api/auth/password/reset/', { body: { email: user.email } })).status,
    ).toBe(200);
    const first = await server.smtp.waitFor(user.email, /./);
    const [row] = await rowsTo(user.email);
    expect(row!.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.messageId).toBe(`<${row!.messageId}@localhost>`);

    await eventually(async () => (await rowsTo(user.email))[0]?.sentAt !== null, 'the mail marked sent');
    // As after a crash between the SMTP server's acceptance and the row's update: sent again.
    await server.database.db
      .update(outboxMails)
      .set({ sentAt: null, claimedUntil: null, nextAttemptAt: new Date(0) })
      .where(eq(outboxMails.id, row!.id));
    server.ctx.mailQueued();
    await eventually(() => receivedBy(user.email).length === 2, 'the mail sent again');
    const [again, second] = receivedBy(user.email);
    expect(second!.messageId).toBe(again!.messageId);
    expect(second!.subject).toBe(first.subject);

    // Another mail has an id of its own.
    const other = await server.createUser();
    await server.api('POST', '/api/auth/password/reset/', { body: { email: other.email } });
    expect((await server.smtp.waitFor(other.email, /./)).messageId).not.toBe(first.messageId);
  });
});
