/** What every page reads: the session, the organization shown, and the session's registry client. */

import type { RegistryClient, Session } from '@sextant/registry-client';
import { createContext, useContext } from 'react';
import { DashboardContextMissingError } from './errors.js';

export interface DashboardContext {
  session: Session;
  orgId: string;
  client: RegistryClient;
  /** Called when a call finds the session gone (token revoked, expired). */
  onSignedOut(): void;
}

export const SessionContext = createContext<DashboardContext | undefined>(undefined);

export function useDashboard(): DashboardContext {
  const value = useContext(SessionContext);
  if (!value) throw new DashboardContextMissingError();
  return value;
}
