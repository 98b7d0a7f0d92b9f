/**
 * The server's entry point. V8's heap is set up for start-up before any other module is loaded
 * (startupHeap.ts), so the server itself (serve.ts) is imported only then.
 */
import './startupHeap';

await import('./serve');
