/** Every user-facing text of the spec (§5, §8), in one place for server and browser. */
export const PRODUCT_NAME = 'Keystone';

export const MESSAGES = {
  fieldEmpty: 'Field should not be empty.',
  titleRequired: 'A valid title is required.',
  charactersReached: 'Allowed amount of characters reached.',
  fieldRequired: 'Field is required.',
  noPermission: "You don't have permission to edit this field.",
  fieldLockedBy: (user: string | null | undefined) =>
    `This field is currently being edited by ${user || 'another user'}.`,
  strategyMissing: 'The strategy you are looking for does not exist or you have been removed from it.',
  strategyMissingLink: 'Click here to go to all strategies.',
  inviteOnly:
    'Only invited users can create an account. If you see this message please reach out to your admin or contact us.',
  invalidToken: 'Invalid token.',
  credentialsMissing: 'Authentication credentials were not provided.',

  passwordMinLength: 'Password must be at least 8 characters long',
  passwordUppercase: 'Must include an uppercase letter',
  passwordLowercase: 'Must include a lowercase letter',
  passwordNumber: 'Must include a number',
  passwordSpecial: 'Must include a special character',
  passwordsMustMatch: 'Passwords must match',
  passwordsDoNotMatch: 'Passwords do not match',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  invalidEmail: 'Invalid email address',

  invalidLoginResponse: 'Invalid login response',
  signupFailed: 'Signup failed',
  invalidSignupResponse: 'Invalid signup response',
  loginFailed: 'Failed to login',
  googleLoginFailed: 'Failed to login with Google',
  resetMailFailed: 'Failed to send reset password mail',
  resetFailed: 'Failed to reset password',
  fetchUsersFailed: 'Failed to fetch users',
  fetchUserDetailsFailed: 'Failed to fetch user details',
  updateUserDetailsFailed: 'Failed to update user details',
  getInvitesFailed: 'Failed to get invites',
  updateInvitesFailed: 'Failed to update invites',

  userDetailsUpdated: 'User details updated successfully',
  invitesUpdated: 'Invites updated successfully',
  strategyTeamSaved: 'Strategy team has been saved.',
  notificationSettingsSaved: 'Notification settings have been saved.',

  // Server answers the spec leaves open; worded to help without leaking anything.
  wrongCredentials: 'Unable to log in with the provided e-mail and password.',
  emailNotVerified:
    'Please verify your e-mail address first: open the link in the verification e-mail we sent you.',
  registrationDone: 'Verification e-mail sent.',
  emailVerified: 'Your e-mail address is verified. You can log in now.',
  verificationLinkInvalid:
    'This verification link is invalid or has expired. Please sign up again or contact your admin.',
  passwordResetSent: 'If an account exists for this e-mail, a link to reset the password has been sent.',
  passwordResetDone: 'Your password has been reset. You can log in with the new password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  loggedOut: 'Successfully logged out.',
  emailNotEditable: 'The e-mail address cannot be changed.',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
  googleCodeInvalid: 'The Google sign-in code is invalid or has expired. Please try again.',
  googleEmailNotVerified: 'Your Google account e-mail address is not verified.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  bodyTooLarge: 'The request is too large.',
  malformedJson: 'The request body is not valid JSON.',
  invalidCharacters: 'The text contains characters that are not allowed.',
  notFound: 'Not found.',
  internalError: 'Something went wrong on our side. Please try again.',
} as const;
