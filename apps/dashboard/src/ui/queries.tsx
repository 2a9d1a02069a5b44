/**
 * The dashboard's data, on TanStack Query. Every read is a query whose key starts with the
 * resource and the organization it belongs to, so switching organization never shows another's
 * rows, two views of one resource share one request, and a write invalidates exactly what it
 * changed. The registry client retries on its own: queries do not retry again.
 */
import {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useDashboard } from '../session-context.js';

/** The query client of one signed-in session (cleared on sign-out). */
export function createDashboardQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * The query cache of one session: mounted with the session as its React key, so nothing one
 * session read is shown to the next (another user's token may sign in on the same page).
 */
export function SessionQueries({ children }: { children: ReactNode }) {
  const [client] = useState(createDashboardQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Keys of the dashboard's reads: resource first, then what the answer depends on. */
export const queryKeys = {
  docsSites: (orgId: string) => ['docs-sites', orgId] as const,
  tokens: (orgId: string) => ['tokens', orgId] as const,
};

/**
 * A read keyed by `key`. `paged` keeps the previous page on screen while the next one loads
 * (a pager or filter change does not blank the table).
 */
export function useDashboardQuery<T>(
  key: readonly unknown[],
  load: () => Promise<T>,
  options: { paged?: boolean; enabled?: boolean } = {},
): UseQueryResult<T> {
  return useQuery({
    queryKey: key,
    queryFn: load,
    ...(options.paged ? { placeholderData: keepPreviousData } : {}),
    ...(options.enabled === undefined ? {} : { enabled: options.enabled }),
  });
}

/** The organization's docs sites (the sites page, and the site filters of analytics and the AI log). */
export function useDocsSites() {
  const { client, orgId } = useDashboard();
  return useDashboardQuery(queryKeys.docsSites(orgId), () => client.getDocsSitesForOrg({ body: { orgId } }));
}
