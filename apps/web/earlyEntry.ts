/**
 * A Vite plugin that builds src/early.ts as an entry of its own and runs it from index.html
 * before the app's entry. (A second script in index.html itself would be bundled into the app's
 * entry and wait for all of it.) During development the app's entry loads the code as before.
 */
import type { Plugin } from 'vite';

const EARLY = 'src/early.ts';

export function earlyEntry(): Plugin {
  return {
    name: 'keystone:early-entry',
    apply: 'build',
    config: () => ({ build: { rollupOptions: { input: { index: 'index.html', early: EARLY } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId?.endsWith(EARLY),
        );
        if (!chunk) throw new Error(`${EARLY} is not in the build`);
        return [
          {
            tag: 'script',
            attrs: { type: 'module', crossorigin: true, src: `/${chunk.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
