/**
 * An endpoint that has failed for WEBHOOK_DISABLE_AFTER_DAYS, once a delivery to it is given up,
 * is switched off ('failing') so the queue stops filling for a receiver that is gone, and the
 * people who manage it are mailed: the organisation's administrators, or the strategy's masters.
 */
import { WEBHOOK_DISABLE_AFTER_DAYS } from '@keystone/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { enqueueMail } from '../../mail/outbox';
import { webhookDisabledMail } from '../../mail/webhookMails';

/** The settings page an endpoint is managed on. */
export const webhookSettingsLink = (appUrl: string, strategyId: number | null) =>
  strategyId === null ? `${appUrl}/organisation` : `${appUrl}/strategy-settings/${strategyId}`;

/** Switches the endpoint off when it has been failing long enough; answers whether it did (mail queued). */
export async function disableFailingEndpoint(
  db: Queryable,
  endpointId: number,
  now: Date,
  appUrl: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const disabled = await tx.execute<{
      organisation_id: number;
      strategy_id: number | null;
      url_host: string;
      description: string;
    }>(sql`
      update webhook_endpoints set enabled = false, disabled_reason = 'failing'
      where id = ${endpointId} and enabled
        and failing_since <= ${now.toISOString()}::timestamptz - make_interval(days => ${WEBHOOK_DISABLE_AFTER_DAYS})
      returning organisation_id, strategy_id, url_host, description`);
    const endpoint = disabled.rows[0];
    if (!endpoint) return false;
    const lastError = await tx.execute<{ last_error: string | null }>(sql`
      select last_error from webhook_deliveries where endpoint_id = ${endpointId}
      order by last_attempt_at desc nulls last limit 1`);
    const recipients =
      endpoint.strategy_id === null
        ? await tx.execute<{ email: string }>(sql`
            select email from users
            where organisation_id = ${endpoint.organisation_id} and is_admin and is_active and not is_placeholder`)
        : await tx.execute<{ email: string }>(sql`
            select users.email from strategy_masters join users on users.id = strategy_masters.user_id
            where strategy_masters.strategy_id = ${endpoint.strategy_id} and users.is_active and not users.is_placeholder`);
    const mail = webhookDisabledMail({
      host: endpoint.url_host,
      description: endpoint.description,
      lastError: lastError.rows[0]?.last_error ?? 'no answer',
      link: webhookSettingsLink(appUrl, endpoint.strategy_id),
      forStrategy: endpoint.strategy_id !== null,
    });
    for (const { email } of recipients.rows) await enqueueMail(tx, { to: email, ...mail });
    return true;
  });
}
