/**
 * Whether a zip (an XLSX) unpacks within a budget, checked by unpacking each part with a cap
 * (zlib's maxOutputLength) before exceljs reads it: a few kilobytes that would inflate to
 * gigabytes (a zip bomb) are refused after at most `budget` bytes of work. The sizes a zip
 * declares are not trusted; only what inflating yields counts.
 */
import { inflateRawSync } from 'node:zlib';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** Parts an XLSX of one small sheet has: a dozen; a thousand is no plan of focus areas. */
const MAX_PARTS = 1000;

export type ZipCheck = 'fits' | 'too_large' | 'not_a_zip';

function endOfDirectory(zip: Buffer): number {
  // The record is 22 bytes and may end with a comment of up to 65,535 bytes.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 65_535); at -= 1)
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  return -1;
}

export function checkZipBudget(zip: Buffer, budget: number): ZipCheck {
  const end = endOfDirectory(zip);
  if (end < 0) return 'not_a_zip';
  const parts = zip.readUInt16LE(end + 10);
  if (parts > MAX_PARTS) return 'too_large';
  let entry = zip.readUInt32LE(end + 16);
  let left = budget;
  try {
    for (let part = 0; part < parts; part += 1) {
      if (zip.readUInt32LE(entry) !== DIRECTORY_ENTRY) return 'not_a_zip';
      const method = zip.readUInt16LE(entry + 10);
      const compressedSize = zip.readUInt32LE(entry + 20);
      const local = zip.readUInt32LE(entry + 42);
      entry +=
        46 + zip.readUInt16LE(entry + 28) + zip.readUInt16LE(entry + 30) + zip.readUInt16LE(entry + 32);
      if (zip.readUInt32LE(local) !== LOCAL_HEADER) return 'not_a_zip';
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + compressedSize);
      if (method === 0) left -= data.length;
      else if (method === 8) left -= inflateRawSync(data, { maxOutputLength: Math.max(1, left) }).length;
      else return 'not_a_zip';
      if (left < 0) return 'too_large';
    }
  } catch (error) {
    // zlib refuses past maxOutputLength with a RangeError; anything else is a broken file.
    return error instanceof RangeError ? 'too_large' : 'not_a_zip';
  }
  return 'fits';
}
