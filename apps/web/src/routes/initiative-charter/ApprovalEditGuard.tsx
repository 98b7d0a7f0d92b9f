/**
 * Before the first edit of an approved charter (issue 15) the editor is told that a change of a
 * charter field or a timeline row withdraws the sponsor's approval, and chooses: Continue goes on
 * (back into the field, or the row is added or deleted), Cancel leaves the charter as it is. It is
 * asked once per approval on a page visit; a later approval asks again.
 */
import { CHARTER_MESSAGES } from '@keystone/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type FocusEvent, type ReactNode, useCallback, useId, useState } from 'react';
import type { CharterInitiative } from '../../api/charter';
import { personName } from '../../lib/personName';

/** Marks the parts of the page whose edits withdraw the approval (charter fields, the timeline). */
export const WITHDRAWS_APPROVAL = { 'data-withdraws-approval': '' } as const;
/** Marks a button that starts an edit without a text field (the date picker's calendar button). */
export const STARTS_EDIT = { 'data-starts-edit': '' } as const;

/** Whether focusing `target` starts writing into a charter part (not a help button or a read-only field). */
function startsEdit(target: EventTarget | null): target is HTMLElement {
  if (!(target instanceof HTMLElement) || !target.closest('[data-withdraws-approval]')) return false;
  // A rich-text field, at rest or in its editor, is an editable text box.
  if (target.closest('[role="textbox"][aria-readonly="false"], [data-starts-edit]')) return true;
  return (
    (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) &&
    !target.readOnly &&
    !target.disabled
  );
}

/**
 * Focuses the field the editor was about to write in. A rich-text field's static text gives way to
 * its editor on focus, so the field may now be the editor: the text box of the same name.
 */
function focusAgain(field: HTMLElement) {
  if (field.isConnected) return field.focus();
  const name = field.getAttribute('aria-label');
  const boxes = document.querySelectorAll<HTMLElement>('[data-withdraws-approval] [role="textbox"]');
  [...boxes].find((box) => box.getAttribute('aria-label') === name)?.focus();
}

export interface ApprovalEditGuard {
  /** Runs `edit` at once, or once the editor chose to go on. */
  beforeEdit: (edit: () => void) => void;
  /** For the page: asks when an editable charter part is focused first. */
  onFocusCapture: (event: FocusEvent) => void;
  dialog: ReactNode;
}

export function useApprovalEditGuard(initiative: CharterInitiative, canEdit: boolean): ApprovalEditGuard {
  const titleId = useId();
  const messageId = useId();
  const approval = initiative.sponsorApproval ? (initiative.sponsorApprovalAt ?? '') : null;
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const [edit, setEdit] = useState<(() => void) | null>(null);
  const asks = canEdit && approval !== null && confirmedFor !== approval;

  const beforeEdit = useCallback(
    (next: () => void) => {
      if (asks) setEdit(() => next);
      else next();
    },
    [asks],
  );
  const onFocusCapture = (event: FocusEvent) => {
    if (!asks || edit !== null || !startsEdit(event.target)) return;
    const field = event.target;
    setEdit(() => () => focusAgain(field));
  };
  const goOn = () => {
    const next = edit;
    setConfirmedFor(approval);
    setEdit(null);
    // After the dialog let go of the focus, so the field can take it back.
    if (next) setTimeout(next, 0);
  };
  const sponsor = initiative.sponsorApprovalUser
    ? personName(initiative.sponsorApprovalUser)
    : CHARTER_MESSAGES.aSponsor;

  const dialog = (
    <Dialog
      open={edit !== null}
      onClose={() => setEdit(null)}
      disableRestoreFocus
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{CHARTER_MESSAGES.editWithdrawsApprovalTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>
          {CHARTER_MESSAGES.editWithdrawsApproval(sponsor)}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => setEdit(null)}>{CHARTER_MESSAGES.cancelEditing}</Button>
        <Button onClick={goOn} variant="contained" color="warning">
          {CHARTER_MESSAGES.continueEditing}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { beforeEdit, onFocusCapture, dialog };
}
