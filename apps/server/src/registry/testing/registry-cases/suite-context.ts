/** What the registry suite's cases share, in order (`registry-suite.ts`). */
import type { RegistryClient } from '@sextant/registry-client';
import type { createFakeDns, TestServer } from '../servers.js';

export class RegistrySuiteContext {
  /** The clients the first case creates (`token-cases.ts`): the local admin, no token, and acme's admin. */
  admin!: RegistryClient;
  anonymous!: RegistryClient;
  other!: RegistryClient;
  otherUserId = '';
  /** The local admin's token of "acme", which it joins by invitation (`docs-cases.ts`). */
  adminInAcme!: RegistryClient;
  /** Ids registered by one case and read by later ones. */
  readonly state = { v1: '', v2: '', v3: '', docsConfigId: '', previewUrl: '' };
  /** Every client method called through a tracked client: the last case checks all routes were. */
  readonly calls = new Set<string>();

  constructor(
    /** The started server (set up in beforeAll), in local mode. */
    readonly server: () => TestServer,
    /** The DNS resolver of its domain claims. */
    readonly dns: ReturnType<typeof createFakeDns>,
  ) {}

  /** `client`, with every method it is asked for recorded in `calls`. */
  readonly track = (client: RegistryClient): RegistryClient =>
    new Proxy(client, {
      get: (target, name: string) => {
        this.calls.add(name);
        return target[name as keyof RegistryClient];
      },
    });
}
