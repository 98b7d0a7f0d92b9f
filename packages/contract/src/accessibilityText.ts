/** The accessibility statement's words in the app (issue 28): its footer link and its page. */
export const ACCESSIBILITY_TEXT = {
  /** The footer link of the signed-out pages. */
  footerLink: 'Accessibility',
  /** The page's title; its heading is the report's own first heading. */
  pageTitle: 'Accessibility statement',
} as const;
