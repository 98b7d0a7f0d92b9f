/**
 * "Start from a spreadsheet", the create step: the file is checked whole again (the preview's
 * answer is not trusted: the file or the organisation's people may have changed since), then the
 * strategy, its focus areas and initiatives and their owners are written through the same services
 * as the page, in one transaction, with the caller as master. Nothing is created while a row is
 * wrong, and nothing is heard of the strategy before it is whole.
 */
import { SPREADSHEET_MESSAGES, type SpreadsheetUpload, type Strategy } from '@keystone/contract';
import type { Actor } from '../core/actor';
import type { AppContext } from '../core/context';
import { badRequest } from '../core/errors';
import type { RequestOrigin } from '../core/securityEvents';
import { escapeHtml } from '../lib/html';
import { createFocusArea, updateFocusArea } from '../modules/focusAreas/service';
import { createInitiative, updateInitiative } from '../modules/initiatives/service';
import { planImport } from '../modules/spreadsheets/importPlan';
import { takeStrategyCreation } from '../modules/strategies/creationQuota';
import { createStrategy, getStrategyPage } from '../modules/strategies/service';
import { assignTeamInvitingNewPeople } from './assignTeam';

/** A title as the rich-text fields store it: one paragraph of the text as typed. */
const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

export async function importStrategy(
  ctx: AppContext,
  user: Actor,
  upload: SpreadsheetUpload,
  origin: RequestOrigin,
): Promise<Strategy> {
  const { preview, focusAreas } = await planImport(ctx.db, user, upload.file_name, upload.content);
  if (!preview.ready) throw badRequest(SPREADSHEET_MESSAGES.notReady);
  await takeStrategyCreation(ctx, user);
  const strategyId = await ctx.db.transaction(async (tx) => {
    // A transaction is a database whose own transactions are savepoints.
    const inside: AppContext = { ...ctx, db: tx };
    const strategy = await createStrategy(inside, user, { title: preview.title });
    const team: { initiative_id: number; owners: { id: number; email: string }[] }[] = [];
    for (const [index, area] of focusAreas.entries()) {
      const focusArea =
        index === 0
          ? await updateFocusArea(inside, user, strategy.focus_areas[0]!.id, { title: paragraph(area.title) })
          : await createFocusArea(inside, user, { strategy: strategy.id, title: paragraph(area.title) });
      for (const [position, initiative] of area.initiatives.entries()) {
        const written =
          position === 0
            ? await updateInitiative(inside, user, focusArea.initiatives[0]!.id, {
                title: paragraph(initiative.title),
              })
            : await createInitiative(inside, user, {
                focus_area: focusArea.id,
                title: paragraph(initiative.title),
              });
        if (initiative.owners.length > 0) team.push({ initiative_id: written.id, owners: initiative.owners });
      }
    }
    if (team.length > 0)
      await assignTeamInvitingNewPeople(
        inside,
        user,
        { strategy_id: strategy.id, initiatives: team },
        origin,
      );
    return strategy.id;
  });
  return getStrategyPage(ctx.db, strategyId, user);
}
