/**
 * What /login says on arrival: the result of the e-mail verification (?verified=1, set by the
 * verification page; 0 was the old link's failure) or a note handed over by the page that sent the user here.
 */
import { MESSAGES } from '@keystone/contract';
export interface LoginNotice {
  severity: 'success' | 'error' | 'info';
  text: string;
}

/** Passed as router state by the password pages. */
export interface LoginNoticeState {
  notice: LoginNotice;
}

export function noticeState(notice: LoginNotice): LoginNoticeState {
  return { notice };
}

function isNoticeState(state: unknown): state is LoginNoticeState {
  if (typeof state !== 'object' || state === null) return false;
  const notice: unknown = (state as Record<string, unknown>).notice;
  return typeof notice === 'object' && notice !== null && typeof (notice as LoginNotice).text === 'string';
}

export function loginNotice(params: URLSearchParams, routerState: unknown): LoginNotice | null {
  const verified = params.get('verified');
  if (verified === '1') {
    return { severity: 'success', text: MESSAGES.emailVerified };
  }
  if (verified === '0') {
    return {
      severity: 'error',
      text: MESSAGES.verificationLinkInvalid,
    };
  }
  return isNoticeState(routerState) ? routerState.notice : null;
}
