// Autosave writes: the progress page saves a comment as the user types, with
// PATCH /api/comments/update/{id}/ {comment}. The load takes the full strategy's current
// progress comments in turn (75: 3 on each of 25 initiatives), each request with new text, as
// the demo master, who may write them all and against whom no field lock is held.
import { call } from './strategyPage.mjs';

/** Ids of the current (unlocked) progress comments on the strategy's page read. */
export async function currentCommentIds(url, key, strategyId) {
  const page = await call(url, key, 'GET', `/api/strategy/${strategyId}`);
  return page.focus_areas.flatMap((area) =>
    area.initiatives.flatMap((initiative) => initiative.comments.map((comment) => comment.id)),
  );
}

const FILLER =
  'Shipped the pricing page experiment to half of the traffic; conversion is up two points so far. ' +
  'Next we roll it out to everyone and retire the old plans once billing has migrated the accounts.';

/** About 200 characters of text inside a paragraph, different for every `n`. */
export function commentText(n) {
  return `<p>Week ${n}: ${FILLER}</p>`;
}

/** autocannon options: every request writes the next comment with text of its own. */
export function autosaveOptions(url, key, commentIds, connections) {
  let sent = 0;
  return {
    url,
    connections,
    headers: { authorization: `Token ${key}`, 'content-type': 'application/json' },
    requests: [
      {
        method: 'PATCH',
        setupRequest(request) {
          const n = sent++;
          return {
            ...request,
            path: `/api/comments/update/${commentIds[n % commentIds.length]}/`,
            body: JSON.stringify({ comment: commentText(n) }),
          };
        },
      },
    ],
  };
}
