/** The notice a person gets when their password changes, by themselves or through a reset link. */
import { describeUserAgent } from '@keystone/contract';
import type { AppContext } from '../core/context';
import type { RequestOrigin } from '../core/securityEvents';
import type { Queryable } from '../db/client';
import { passwordChangedMail } from './accountMails';
import { enqueueMail } from './outbox';

/** Queues the "your password was changed" mail in the transaction that changed it. */
export async function queuePasswordNotice(
  ctx: AppContext,
  tx: Queryable,
  account: { email: string; firstName: string },
  how: 'changed' | 'reset',
  origin: RequestOrigin,
): Promise<void> {
  const notice = passwordChangedMail(account.firstName, {
    how,
    at: new Date(),
    browser: describeUserAgent(origin.userAgent),
    ip: origin.ip,
    forgotPasswordLink: `${ctx.config.appUrl}/forgot-password`,
  });
  await enqueueMail(tx, { to: account.email, ...notice });
}
