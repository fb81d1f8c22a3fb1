/**
 * The application version (`build.applicationVersion` in /api/health): the `version` of this
 * package's package.json, read once. Found by walking up from this module, so it works both
 * from the source tree (src/server) and from the compiled tree (dist/src/server).
 */
import { readFileSync } from 'node:fs';

const PACKAGE_NAME = 'contingency-api';

function findVersion(): string {
  for (let dir = new URL('./', import.meta.url); ; ) {
    try {
      const manifest = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: unknown; version?: unknown };
      if (manifest.name === PACKAGE_NAME && typeof manifest.version === 'string') return manifest.version;
    } catch {
      // no readable package.json here: keep walking up
    }
    const parent = new URL('../', dir);
    if (parent.href === dir.href) return 'unknown';
    dir = parent;
  }
}

export const APPLICATION_VERSION: string = findVersion();
