/**
 * Adding, changing or deleting a timeline row (modules/timelines) withdraws the charter's approval
 * (modules/initiatives/approval.ts) in the same transaction: it no longer covers what is written.
 */
import type { CreateTimelineRequest, UpdateTimelineRequest } from '@keystone/contract';
import type { Actor } from '../core/actor';
import type { AppContext } from '../core/context';
import { withdrawApprovalAfterChange } from '../modules/initiatives/approval';
import {
  type AfterTimelineChange,
  createTimeline,
  deleteTimeline,
  updateTimeline,
} from '../modules/timelines/service';

const withdrawingApproval =
  (ctx: AppContext, editor: Actor): AfterTimelineChange =>
  (tx, initiative, change) =>
    withdrawApprovalAfterChange(tx, initiative, change, {
      editor,
      fields: ['timeline'],
      appUrl: ctx.config.appUrl,
    });

export const addTimelineRow = (ctx: AppContext, user: Actor, input: CreateTimelineRequest) =>
  createTimeline(ctx, user, input, withdrawingApproval(ctx, user));

export const changeTimelineRow = (ctx: AppContext, user: Actor, id: number, input: UpdateTimelineRequest) =>
  updateTimeline(ctx, user, id, input, withdrawingApproval(ctx, user));

export const deleteTimelineRow = (ctx: AppContext, user: Actor, id: number) =>
  deleteTimeline(ctx, user, id, withdrawingApproval(ctx, user));
