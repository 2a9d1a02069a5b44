/**
 * Credentials made at start (`--create-org`'s admin tokens, `--create-operator-token`) are shown
 * once and kept out of the JSON log stream, which log collectors ship and keep (issue #30 item 6):
 * on a terminal they are printed to stderr; otherwise they are appended to a file only the
 * server's user can read (mode 0600), and the log names the file, never the token.
 */
import { appendFile, chmod, mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface StartupCredential {
  /** What it is, e.g. `admin token of organization acme`. */
  label: string;
  token: string;
}

/** Where a credential went: the terminal or the file. */
export type CredentialDestination = { kind: 'terminal' } | { kind: 'file'; path: string };

/**
 * Shows `credential` on stderr when it is a terminal, else appends it to `file` (created 0600).
 * @example await deliverCredential({ label: 'operator token', token }, '.sextant/credentials')
 */
export async function deliverCredential(
  credential: StartupCredential,
  file: string,
  stderr: NodeJS.WriteStream = process.stderr,
): Promise<CredentialDestination> {
  if (stderr.isTTY) {
    stderr.write(`\n${credential.label} (shown once, keep it):\n  ${credential.token}\n\n`);
    return { kind: 'terminal' };
  }
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  // Created with 0600 before anything is written; an existing file is narrowed to 0600 too.
  const handle = await open(file, 'a', 0o600);
  await handle.close();
  await chmod(file, 0o600);
  await appendFile(file, `${new Date().toISOString()} ${credential.label}: ${credential.token}\n`);
  return { kind: 'file', path: file };
}

/** Words for the log line: where the credential is to be found. */
export function describeDestination(destination: CredentialDestination): string {
  return destination.kind === 'terminal'
    ? 'shown on the terminal'
    : `written to ${destination.path} (readable by this user only)`;
}
