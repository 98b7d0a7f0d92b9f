/** Reading a scrape of /metrics in the tests. */

/** The `name{labels} value` lines of a scrape, by `name{labels}` exactly as printed. */
export function parseSamples(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const split = line.lastIndexOf(' ');
    samples.set(line.slice(0, split), Number(line.slice(split + 1)));
  }
  return samples;
}
