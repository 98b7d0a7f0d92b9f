/** The comment rule of the contract (plain-text limit), so the browser refuses what the server would. */
import { updateCommentRequest } from '@keystone/contract';

export function commentProblem(comment: string): string | null {
  const result = updateCommentRequest.safeParse({ comment });
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
