/**
 * /setup/:token: the first run. The server prints this link while it has no organisation; the
 * page creates the organisation and its first administrator, who is then logged in.
 */

import { isWellFormedLinkToken, ORGANISATION_MESSAGES } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { errorMessage } from '../../api/errorMessages';
import { setupLinkIsValid } from '../../api/setup';
import { AuthCard } from '../../components/AuthCard';
import { SetupForm } from './SetupForm';

export function SetupPage() {
  const { token } = useParams();
  if (!token) return <Navigate to="/login" replace />;
  if (!isWellFormedLinkToken(token)) return <LinkNotRecognised />;
  return <SetupLink token={token} />;
}

/** Cut short or copied with what followed it: not expired, and no restart is needed. */
function LinkNotRecognised() {
  return (
    <AuthCard title="Set up Keystone">
      <Alert severity="error" sx={{ my: 1 }}>
        {ORGANISATION_MESSAGES.setupLinkMangled}
      </Alert>
    </AuthCard>
  );
}

/** The link is checked first, so nobody fills in a form that cannot be sent. */
function SetupLink({ token }: { token: string }) {
  const status = useQuery({
    queryKey: ['setupLink', token],
    queryFn: () => setupLinkIsValid(token),
    // Checked once on arrival: a setup made meanwhile is reported by the form's answer.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  if (status.isPending) {
    return (
      <AuthCard title="Set up Keystone">
        <LinearProgress aria-label="Checking the setup link" sx={{ my: 2 }} />
      </AuthCard>
    );
  }
  if (status.isError || !status.data) {
    return (
      <AuthCard title="Set up Keystone">
        <Alert severity="error" sx={{ my: 1 }}>
          {/* A refusal of the check itself (e.g. too many tries) says why. */}
          {status.isError
            ? errorMessage(status.error, ORGANISATION_MESSAGES.setupLinkInvalid)
            : ORGANISATION_MESSAGES.setupLinkInvalid}
        </Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Set up Keystone"
      subtitle="Create your organisation and your own administrator account. You will be logged in right away."
    >
      <SetupForm token={token} />
    </AuthCard>
  );
}
