/**
 * `computeNextVersion`: the semantic version a release should get after a diff.
 *
 * Rules (semver 2.0):
 * - 1.0.0 and later: any breaking change → MAJOR; any addition or non-breaking change → MINOR;
 *   documentation-only changes, or none → PATCH.
 * - 0.y.z (initial development, where semver allows anything): breaking → MINOR (0.y+1.0), and
 *   everything else → PATCH, the convention of Cargo and npm's caret ranges (`^0.3.1` accepts
 *   0.3.x only), so a breaking release never reaches users of `^0.y`.
 * - A pre-release `1.2.0-rc.1` is released as `1.2.0` when the bump does not go beyond it
 *   (semver's own increment rules); build metadata is dropped; a leading `v` is accepted.
 */
import { SextantError } from '../sextant-error.js';
import type { DefinitionDiff, VersionBump } from './types.js';

/** The last version is not a semantic version. The registry maps it to InvalidVersionError. */
export class InvalidSemverError extends SextantError<'InvalidSemverError'> {
  constructor(readonly version: string) {
    super(
      'InvalidSemverError',
      `"${version}" is not a semantic version (expected MAJOR.MINOR.PATCH, e.g. 1.4.0)`,
    );
  }
}

const SEMVER =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/** The bump a diff implies under 1.x rules: breaking → MAJOR, other changes → MINOR, docs → PATCH. */
export function bumpForDiff(diff: DefinitionDiff): VersionBump {
  if (diff.changes.some((change) => change.breaking)) return 'MAJOR';
  if (diff.changes.some((change) => change.category !== 'docs')) return 'MINOR';
  return 'PATCH';
}

/**
 * The next version after `lastVersion` given `diff`, and the bump applied.
 *
 * @example
 * computeNextVersion('1.4.2', diffWithRemovedEndpoint); // { version: '2.0.0', bump: 'MAJOR' }
 * computeNextVersion('0.3.1', diffWithRemovedEndpoint); // { version: '0.4.0', bump: 'MINOR' }
 * @throws InvalidSemverError when `lastVersion` is not a semantic version.
 */
export function computeNextVersion(
  lastVersion: string,
  diff: DefinitionDiff,
): { version: string; bump: VersionBump } {
  const match = SEMVER.exec(lastVersion.trim());
  if (!match) throw new InvalidSemverError(lastVersion);
  const major = Number(match[1]);
  const minor = Number(match[2]);
  const patch = Number(match[3]);
  const prerelease = match[4] !== undefined;
  if (![major, minor, patch].every(Number.isSafeInteger)) throw new InvalidSemverError(lastVersion);
  let bump = bumpForDiff(diff);
  if (major === 0) bump = bump === 'MAJOR' ? 'MINOR' : 'PATCH';
  switch (bump) {
    case 'MAJOR':
      return {
        bump,
        version: prerelease && minor === 0 && patch === 0 ? `${major}.0.0` : `${major + 1}.0.0`,
      };
    case 'MINOR':
      return { bump, version: prerelease && patch === 0 ? `${major}.${minor}.0` : `${major}.${minor + 1}.0` };
    case 'PATCH':
      return { bump, version: prerelease ? `${major}.${minor}.${patch}` : `${major}.${minor}.${patch + 1}` };
  }
}
