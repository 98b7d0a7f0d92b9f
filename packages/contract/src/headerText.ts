/** The words of the header on every page (spec §2 Layout): its links, its menu and the avatar. */
export const HEADER_TEXT = {
  navigation: 'Main',
  strategyLink: 'Strategy',
  progressLink: 'Progress',
  loginLink: 'Login',
  /** The button the links fold into on a narrow screen. */
  menuButton: 'Menu',
  /**
   * The avatar button's name starts with the initials it shows, so someone who says or sees "DD"
   * finds it (WCAG 2.5.3); before the initials are known it is the menu's name alone.
   */
  accountMenu: (initials: string | null) => (initials ? `${initials}, account menu` : 'Account menu'),
} as const;
