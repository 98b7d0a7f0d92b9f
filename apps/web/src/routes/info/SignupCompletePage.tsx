/** /signup-complete: tells a new user to confirm the e-mail address before logging in. */
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../../components/AuthCard';

export function SignupCompletePage() {
  return (
    <AuthCard title="Thank you for signing up">
      <MarkEmailReadOutlinedIcon color="primary" sx={{ fontSize: 48, my: 1 }} aria-hidden="true" />
      <Typography sx={{ mb: 2 }}>
        We have sent you a verification e-mail. Please open the link in that e-mail and enter the password you
        just chose to verify your address; after that you can log in.
      </Typography>
      <Link component={RouterLink} to="/login">
        Go to the login page
      </Link>
    </AuthCard>
  );
}
