/**
 * What the three token lists (my access tokens, the organisation's, the SCIM tokens) share: a
 * token's last use, and revoking one after asking, its outcome said on the page.
 */
import Button from '@mui/material/Button';
import { useState } from 'react';
import { formatDateTime, timeAgo } from '../lib/timeAgo';
import { ConfirmDialog } from './ConfirmDialog';
import type { useOutcome } from './outcome';

/** The words each list gives its parts, from its own labels in the contract. */
export interface TokenWords {
  neverUsed: string;
  revoke: string;
  revokeButton: (name: string) => string;
  confirmRevokeTitle: (name: string) => string;
  confirmRevokeMessage: string;
  revokeFailed: string;
}

/** How long ago the token was last used (the exact time on hover), or that it never was. */
export function LastUsed({ at, words }: { at: string | null; words: TokenWords }) {
  if (!at) return <>{words.neverUsed}</>;
  return <span title={formatDateTime(at)}>{timeAgo(at)}</span>;
}

interface Token {
  id: number;
  name: string;
}

interface RevokeMutation {
  isPending: boolean;
  mutate: (
    id: number,
    callbacks: {
      onSuccess: (detail: string) => void;
      onError: (error: Error) => void;
      onSettled: () => void;
    },
  ) => void;
}

/**
 * A Revoke button per token (named with the token's name) and the one dialog that asks first;
 * render `dialog` once beside the list.
 */
export function useTokenRevoke<T extends Token>(
  revoke: RevokeMutation,
  words: TokenWords,
  outcome: ReturnType<typeof useOutcome>,
) {
  const [revoking, setRevoking] = useState<T | null>(null);
  const button = (token: T) => (
    <Button
      size="small"
      color="error"
      onClick={() => setRevoking(token)}
      aria-label={words.revokeButton(token.name)}
    >
      {words.revoke}
    </Button>
  );
  const dialog = (
    <ConfirmDialog
      open={revoking !== null}
      title={words.confirmRevokeTitle(revoking?.name ?? '')}
      message={words.confirmRevokeMessage}
      confirmLabel={words.revoke}
      pending={revoke.isPending}
      onConfirm={() =>
        revoking &&
        revoke.mutate(revoking.id, {
          onSuccess: outcome.succeeded,
          onError: (error) => outcome.failed(error, words.revokeFailed),
          onSettled: () => setRevoking(null),
        })
      }
      onClose={() => setRevoking(null)}
    />
  );
  return { button, dialog };
}
