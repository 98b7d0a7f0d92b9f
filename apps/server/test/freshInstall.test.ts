/**
 * `npm install` on a fresh clone prints nothing alarming (issue 27): every package of the lock file
 * runs on every Node line the project's `engines` admits (else npm warns EBADENGINE on the older
 * ones), the Node running the tests is one of them, and every install script npm would list as not
 * yet reviewed is approved in `allowScripts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

interface LockedPackage {
  version?: string;
  engines?: { node?: string };
  hasInstallScript?: boolean;
}

const manifest = readJson('package.json') as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const locked = Object.entries(readJson('package-lock.json').packages as Record<string, LockedPackage>).filter(
  ([where]) => where.includes('node_modules/'),
);
const nameOf = (where: string) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('a fresh npm install', () => {
  // The oldest release of each line `engines` admits, e.g. 20.19.0, 22.13.0 and 24.0.0.
  const oldest = manifest.engines.node.split('||').map((range) => semver.minVersion(range.trim())!.version);

  it('should admit the supported Node lines, 22 and 24, and the Node running here', () => {
    for (const version of ['22.13.0', '24.0.0', process.versions.node])
      expect(semver.satisfies(version, manifest.engines.node), version).toBe(true);
  });

  it('should hold no package that asks for a newer Node than engines admits', () => {
    const refusing = locked.flatMap(([where, entry]) =>
      oldest
        .filter((version) => entry.engines?.node && !semver.satisfies(version, entry.engines.node))
        .map((version) => `${nameOf(where)}@${entry.version} wants ${entry.engines?.node}, not ${version}`),
    );
    expect(refusing).toEqual([]);
  });

  it('should have every install script approved in allowScripts', () => {
    const unapproved = locked
      .filter(([where, entry]) => entry.hasInstallScript && manifest.allowScripts?.[nameOf(where)] !== true)
      .map(([where, entry]) => `${nameOf(where)}@${entry.version}`);
    expect(unapproved).toEqual([]);
  });
});
