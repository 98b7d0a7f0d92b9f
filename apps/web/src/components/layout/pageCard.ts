/**
 * The white card that holds a strategy's page (the strategy page, the progress page): one column
 * never wider than the card, so a long word or a wide board cannot stretch the page (WCAG 1.4.10).
 */
export const PAGE_CARD_SX = {
  bgcolor: 'background.paper',
  borderRadius: 3,
  p: { xs: 2, md: 4 },
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: 3,
} as const;
