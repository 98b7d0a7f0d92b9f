// How RESULTS.md writes figures and goals.

/** A goal's verdict: met, or not met in bold. */
export const verdict = (met) => (met ? 'met' : '**not met**');

/** Bytes in KB (1024 bytes), one decimal. */
export const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Bytes in MiB, one decimal. */
export const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);
