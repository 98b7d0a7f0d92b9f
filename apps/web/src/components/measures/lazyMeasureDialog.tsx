/**
 * The definition dialog as the pages open it: its code is fetched with the first click, so the
 * board (whose first load carries no form of it) stays light. Nothing shows while it arrives.
 */
import { lazy, Suspense } from 'react';
import type { MeasureDialogProps } from './MeasureDialog';

const MeasureDialog = lazy(() =>
  import('./MeasureDialog').then((module) => ({ default: module.MeasureDialog })),
);

/** Starts fetching the dialog's code early (pointer over or focus on a control that opens it). */
export const preloadMeasureDialog = () => void import('./MeasureDialog');

export function LazyMeasureDialog(props: MeasureDialogProps) {
  return (
    <Suspense fallback={null}>
      <MeasureDialog {...props} />
    </Suspense>
  );
}
