/**
 * One registry for every page test (pages/pages.test.tsx runs each page's `<page>.cases.tsx`): a
 * server start is most of a page test's time. Each page's cases use an organization of their own,
 * so one page's rows never show on another's (generators and CLI releases are global: only the
 * releases cases write them).
 */
import type { RegistryClient, Session } from '@sextant/registry-client';
import { createRegistryClient } from '@sextant/registry-client';
import type { ReactNode } from 'react';
import { beforeAll } from 'vitest';
import { type ConsoleServer, type ConsoleServerOptions, startConsoleServer } from './console-server.js';
import { type RenderedPage, renderPage } from './render-page.js';

/** The docs site the seeded insights belong to (the analytics and AI log cases publish it). */
export const INSIGHTS_SITE = 'insights.acme.test';

/** The running server (a live binding: set by `startPageServer`). */
export let server: ConsoleServer;

export async function startPageServer(options: ConsoleServerOptions = {}): Promise<void> {
  server = await startConsoleServer(options);
}

export async function stopPageServer(): Promise<void> {
  await server?.close();
}

/** An organization of the page server, with its admin's token. */
export interface PageOrganization {
  orgId: string;
  token: string;
  /** A registry client holding the admin's token, as the CLI would. */
  admin: RegistryClient;
  /** Opens a dashboard session with the admin's token. */
  signIn(): Promise<Session>;
  /** Renders `page` in `session` (default a new one) showing this organization. */
  render(page: ReactNode, session?: Session): Promise<RenderedPage>;
}

function organizationOf(orgId: () => string, token: () => string): PageOrganization {
  const signIn = () => server.signIn(token());
  return {
    get orgId() {
      return orgId();
    },
    get token() {
      return token();
    },
    get admin() {
      return createRegistryClient({ baseUrl: server.origin, token: token(), maxRetries: 0 });
    },
    signIn,
    render: async (page, session) =>
      renderPage(server, session ?? (await signIn()), page, { orgId: orgId() }),
  };
}

/**
 * An organization of its own for the enclosing `describe`, opened before its first case (the
 * local admin is the operator, who may create organizations).
 */
export function ownOrganization(orgId: string): PageOrganization {
  let token = '';
  beforeAll(async () => {
    ({ token } = await server.admin.createOrganization({ body: { orgId } }));
  });
  return organizationOf(
    () => orgId,
    () => token,
  );
}

/** The server's own organization (where `ConsoleServerOptions.insights` are seeded). */
export function localOrganization(): PageOrganization {
  return organizationOf(
    () => server.orgId,
    () => server.adminToken,
  );
}
