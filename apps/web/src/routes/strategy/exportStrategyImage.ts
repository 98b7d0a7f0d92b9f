/** Download of spec §2: the strategy page as a PNG named strategy_{title}.png. */
import { isExported } from '../../components/exportMarks';

/** html-to-image is loaded on first use, so the page's own download stays small. */
export async function exportStrategyImage(element: HTMLElement, title: string): Promise<void> {
  const { toPng } = await import('html-to-image');
  const dataUrl = await toPng(element, {
    filter: isExported,
    backgroundColor: '#ffffff',
    pixelRatio: Math.max(2, window.devicePixelRatio),
    cacheBust: true,
  });
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = `strategy_${title}.png`;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Waits until the browser has painted the latest render (preview mode) before the capture. */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}
