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
  verifyEmailFailed: 'Failed to verify the e-mail address. Please try again.',
  emailAlreadyVerified: 'This e-mail address is already verified. You can log in.',
  signupBrowserUnknown:
    'This browser did not make the sign-up of this link. Enter the password you chose when signing up.',
  signupNeedsInviteLink:
    'To create an account, open the sign-up link in your invitation e-mail: it tells us which organisation you join.',
  signupPasswordMismatch:
    'This password is not the one chosen when signing up. If you did not sign up, you can ignore the e-mail; to sign up yourself, start again from the sign-up page.',
  passwordResetSent: 'If an account exists for this e-mail, a link to reset the password has been sent.',
  passwordResetDone: 'Your password has been reset. You can log in with the new password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  loggedOut: 'Successfully logged out.',
  emailNotEditable: 'The e-mail address cannot be changed.',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
  googleCodeInvalid: 'The Google sign-in code is invalid or has expired. Please try again.',
  googleEmailNotVerified: 'Your Google account e-mail address is not verified.',
  googleAccountMismatch:
    'This account is already linked to another Google account. Sign in with that Google account, or with your password.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  tooManyWrites:
    'You are making changes faster than the server accepts. Please wait a few seconds and try again.',
  strategiesPerPersonReached:
    'You have created as many strategies today as one person may. Please try again tomorrow, or reuse one of your strategies.',
  strategiesPerOrganisationReached:
    'Your organisation has created as many strategies today as it may. Please try again tomorrow.',
  accountBackoff: (seconds: number) =>
    `Too many failed attempts for this account. Please try again in ${seconds === 1 ? '1 second' : `${seconds} seconds`}.`,
  bodyTooLarge: 'The request is too large.',
  malformedJson: 'The request body is not valid JSON.',
  unsupportedContentType: 'Unsupported content type: send JSON (application/json).',
  invalidRequestAddress: 'The address of the request is not valid.',
  requestAddressTooLong: 'The address of the request is too long.',
  /** Bad input whose schema gave no message of its own. */
  invalidInput: 'Invalid input.',
  /** The database is out of reach for a moment (503 with Retry-After). */
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
  invalidCharacters: 'The text contains characters that are not allowed.',
  notFound: 'Not found.',
  internalError: 'Something went wrong on our side. Please try again.',
  /** The button beside a load that failed for a passing reason (network, server error). */
  tryAgain: 'Try again',
} as const;

/** Structural rules of the strategy page (DESIGN §4, spec §9). */
export const STRATEGY_MESSAGES = {
  tooManyFocusAreas: 'A strategy can have at most 5 focus areas.',
  tooManyInitiatives: 'A focus area can have at most 5 initiatives.',
  lastFocusArea: 'A strategy needs at least one focus area.',
  lastInitiative: 'A focus area needs at least one initiative.',
  lastMaster: 'A strategy needs at least one strategy master.',
  strategyNotFound: 'Strategy not found.',
  focusAreaNotFound: 'Focus area not found.',
  initiativeNotFound: 'Initiative not found.',
  personNotInOrganisation: 'This person cannot be added: they are not part of your organisation.',
  untitledStrategy: 'Untitled Strategy',
  defineFocusArea: 'Define focus area',
  nameYourInitiative: 'Name your initiative',
  openCharter: 'Open initiative charter',
  strategyTeamFor: 'Strategy team for:',
  addUsers: 'Add users',
  ownedByMe: 'Strategies owned by me:',
  ownedByOthers: 'Strategies owned by others:',
  createStrategy: 'Create new strategy',
  deleteFocusAreaConfirm: 'Deleting this focus area also deletes its initiatives and their charters.',
  deleteInitiativeConfirm: 'Deleting this initiative also deletes its charter.',
  deleteStrategyConfirm:
    'Deleting the strategy also deletes its focus areas, initiatives, charters and progress updates. This cannot be undone.',
  linkProtocolOnly: 'Only http and https addresses can be linked.',
  notAWebAddress: 'This is not a web address.',
  fetchStrategiesFailed: 'Failed to fetch strategies',
  fetchStrategyFailed: 'Failed to fetch strategy',
  createStrategyFailed: 'Failed to create strategy',
  updateStrategyFailed: 'Failed to update strategy',
  deleteStrategyFailed: 'Failed to delete the strategy',
  updateTeamFailed: 'Failed to update the strategy team',
  fetchFocusAreaFailed: 'Failed to fetch the focus area',
  createFocusAreaFailed: 'Failed to create the focus area',
  updateFocusAreaFailed: 'Failed to update the focus area',
  moveFocusAreaFailed: 'Failed to move the focus area',
  deleteFocusAreaFailed: 'Failed to delete the focus area',
  fetchInitiativeFailed: 'Failed to fetch the initiative',
  createInitiativeFailed: 'Failed to create the initiative',
  updateInitiativeFailed: 'Failed to update the initiative',
  moveInitiativeFailed: 'Failed to move the initiative',
  deleteInitiativeFailed: 'Failed to delete the initiative',
} as const;
