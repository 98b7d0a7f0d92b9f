/**
 * This page load's name for its locks socket. Lock calls send it too, so when the socket closes
 * (tab closed, network gone) the server releases exactly the locks this page took.
 * getRandomValues rather than randomUUID: the latter is missing on plain-http addresses.
 */
const bytes = crypto.getRandomValues(new Uint8Array(16));
export const CONNECTION_ID = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
