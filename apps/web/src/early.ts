/**
 * index.html's first script, a few hundred bytes: it asks at once for the code of the screen the
 * address names, so that code downloads beside the app's entry (main.tsx) rather than after the
 * entry has arrived and run, which on a tablet's network and CPU takes the better part of a
 * second. The router asks for the same modules later and finds them loaded or under way.
 */
import { loadEarly } from './routes/earlyRoutes';

loadEarly(location.pathname);
