/** The HTTP side of the calendar feed: the contract's calendarApi, each handed to its service call. */
import { endpointPath } from '@keystone/contract';
import { calendarApi } from '@keystone/contract/endpoints/calendar';
import type { AppContext } from '../core/context';
import type { AreaRoutes } from '../http/route';
import { calendarStatus, createCalendarAddress, turnOffCalendarAddress } from '../modules/calendar/addresses';
import { calendarFeedText } from '../modules/calendar/feed';

export const calendarRoutes = (ctx: AppContext): AreaRoutes<typeof calendarApi> => ({
  status: ({ user }) => calendarStatus(ctx, user),
  create: ({ user }) =>
    createCalendarAddress(ctx, user, (token) => endpointPath(calendarApi.feed, { token })),
  turnOff: ({ user }) => turnOffCalendarAddress(ctx, user),
  feed: async ({ params, reply }) => {
    const text = await calendarFeedText(ctx, params.token);
    return (
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="keystone.ics"')
        // A person's schedule: no shared cache keeps it, and a turned-off address stops at once.
        .header('cache-control', 'private, no-store')
        .send(text)
    );
  },
});
