/**
 * Finishes a Google sign-in when the provider redirects back to /login with ?code=…&state=…: the
 * code goes to the server with this tab's PKCE verifier and nonce.
 */
import { MESSAGES } from '@keystone/contract';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { loginWithGoogle, type SignInOutcome } from '../../api/auth';
import { googleLoginErrorMessage } from '../../api/errorMessages';
import { takeGoogleCallback } from '../../auth/googleSignIn';

export interface GoogleCallbackStatus {
  pending: boolean;
  error: string | null;
}

/** `onSignedIn` gets the session, or (two-factor on) the token of the code step. */
export function useGoogleCallback(onSignedIn: (outcome: SignInOutcome) => void): GoogleCallbackStatus {
  const [searchParams, setSearchParams] = useSearchParams();
  const [stateError, setStateError] = useState<string | null>(null);
  // A code can be exchanged once; StrictMode's second effect run must not try again.
  const handled = useRef(false);
  const { mutate, isPending, error } = useMutation({
    mutationFn: loginWithGoogle,
    onSuccess: onSignedIn,
    onError: (failure) => console.error('Google sign-in failed', failure),
  });

  useEffect(() => {
    if (handled.current) return;
    const callback = takeGoogleCallback(searchParams);
    if (!callback) return;
    handled.current = true;
    // The code is single-use: keep it out of the address bar, history and a reload.
    setSearchParams({}, { replace: true });
    if (callback.kind === 'failed') {
      console.error('Google sign-in failed', callback.reason);
      setStateError(MESSAGES.googleLoginFailed);
      return;
    }
    const { code, codeVerifier, nonce, invite } = callback;
    mutate({ code, codeVerifier, nonce, invite });
  }, [searchParams, setSearchParams, mutate]);

  return { pending: isPending, error: stateError ?? (error ? googleLoginErrorMessage(error) : null) };
}
