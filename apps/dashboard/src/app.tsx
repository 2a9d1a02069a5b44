/**
 * The dashboard shell: asks the server for the session (a cookie the page cannot read), shows
 * sign-in without one, else the navigation (collapsing to a menu button on narrow screens), the
 * organization picker, the theme switch and sign-out, and the page the hash names.
 */

import { type Session, sessionSchema } from '@sextant/registry-client';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { dashboardCall, isSignedOut, sessionRegistryClient } from './api.js';
import { AiLogPage } from './pages/ai-log.js';
import { ApiHistoryPage, ApisPage } from './pages/apis.js';
import { GithubPage } from './pages/github.js';
import { CliReleasesPage, GeneratorReleasesPage, GeneratorsPage } from './pages/releases.js';
import { SignInPage } from './pages/sign-in.js';
import { SitesPage } from './pages/sites.js';
import { TemplatesPage } from './pages/templates.js';
import { TokensPage } from './pages/tokens.js';
import { type DashboardContext, SessionContext } from './session-context.js';
import { SessionQueries } from './ui/queries.js';
import { href, useRoute } from './ui/router.js';
import { SelectField } from './ui/select-field.js';
import { useTheme } from './ui/theme.js';

// Recharts is the bulk of the analytics page: its own chunk, loaded when the page opens.
const AnalyticsPage = lazy(async () => ({ default: (await import('./pages/analytics.js')).AnalyticsPage }));

const NAV = [
  { id: 'sites', label: 'Docs sites' },
  { id: 'apis', label: 'API definitions' },
  { id: 'generators', label: 'Generators' },
  { id: 'cli', label: 'CLI releases' },
  { id: 'github', label: 'GitHub' },
  { id: 'templates', label: 'Snippet templates' },
  { id: 'tokens', label: 'Tokens' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'ai', label: 'AI question log' },
] as const;

function Page({ route }: { route: string[] }): ReactNode {
  const [section = 'sites', item] = route;
  switch (section) {
    case 'apis':
      return item ? <ApiHistoryPage apiId={item} /> : <ApisPage />;
    case 'generators':
      return item ? <GeneratorReleasesPage generatorId={item} /> : <GeneratorsPage />;
    case 'cli':
      return <CliReleasesPage />;
    case 'github':
      return <GithubPage />;
    case 'templates':
      return <TemplatesPage />;
    case 'tokens':
      return <TokensPage />;
    case 'ai':
      return <AiLogPage />;
    case 'analytics':
      return (
        <Suspense
          fallback={
            <p className="muted" role="status">
              Loading the analytics…
            </p>
          }
        >
          <AnalyticsPage />
        </Suspense>
      );
    default:
      return <SitesPage />;
  }
}

type Phase =
  | { state: 'checking' }
  | { state: 'signed-out'; notice?: string }
  | { state: 'in'; session: Session };

export function App() {
  const [phase, setPhase] = useState<Phase>({ state: 'checking' });
  const [orgId, setOrgId] = useState('');
  const [menuOpen, setMenuOpen] = useState(false);
  const [theme, setTheme] = useTheme();
  const route = useRoute();
  const mainRef = useRef<HTMLElement>(null);

  useEffect(() => {
    dashboardCall(sessionSchema, '/session').then(
      (session) => setPhase({ state: 'in', session }),
      () => setPhase({ state: 'signed-out' }),
    );
  }, []);

  // A new page moves focus to its heading (screen readers hear the page change); the menu closes.
  const routeKey = route.join('/');
  useEffect(() => {
    setMenuOpen(false);
    if (routeKey) document.getElementById('page-heading')?.focus();
  }, [routeKey]);

  const session = phase.state === 'in' ? phase.session : undefined;
  const activeOrg = session?.orgs.some((org) => org.orgId === orgId)
    ? orgId
    : (session?.orgs[0]?.orgId ?? '');
  const context = useMemo<DashboardContext | undefined>(
    () =>
      session
        ? {
            session,
            orgId: activeOrg,
            client: sessionRegistryClient(session.csrfToken),
            onSignedOut: () =>
              setPhase({
                state: 'signed-out',
                notice: 'Your session ended (its token was revoked or it expired).',
              }),
          }
        : undefined,
    [session, activeOrg],
  );

  const themeSwitch = (
    <button
      type="button"
      className="theme"
      aria-pressed={theme === 'dark'}
      onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
    >
      Dark mode
    </button>
  );

  if (phase.state === 'checking')
    return (
      <p className="muted center" role="status">
        Loading the dashboard…
      </p>
    );
  if (phase.state === 'signed-out' || !context)
    return (
      <>
        <div className="top-right">{themeSwitch}</div>
        <SignInPage
          notice={phase.state === 'signed-out' ? phase.notice : undefined}
          onSignedIn={(next) => {
            setPhase({ state: 'in', session: next });
            if (!window.location.hash) window.location.hash = href('sites');
          }}
        />
      </>
    );

  const section = route[0] ?? 'sites';
  return (
    <SessionQueries key={context.session.csrfToken}>
      <SessionContext.Provider value={context}>
        {/* A button, not a #main link: the hash is the route. */}
        <button type="button" className="skip" onClick={() => mainRef.current?.focus()}>
          Skip to content
        </button>
        <header className="bar">
          <span className="brand">Sextant</span>
          <button
            type="button"
            className="menu"
            aria-expanded={menuOpen}
            aria-controls="nav"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            Menu
          </button>
          <div className="bar-tools">
            {context.session.orgs.length > 1 ? (
              <SelectField
                className="org"
                inline
                labelHidden
                label="Organization"
                options={context.session.orgs.map((org) => ({ value: org.orgId, label: org.orgId }))}
                value={activeOrg}
                onChange={setOrgId}
              />
            ) : (
              <span className="org">
                <span className="sr-only">Organization: </span>
                {activeOrg || 'No organization'}
              </span>
            )}
            {themeSwitch}
            <button
              type="button"
              onClick={async () => {
                await dashboardCall(z.object({}), '/session', {
                  method: 'DELETE',
                  csrf: context.session.csrfToken,
                }).catch((error: unknown) => {
                  if (!isSignedOut(error)) throw error;
                });
                setPhase({ state: 'signed-out', notice: 'You signed out.' });
              }}
            >
              Sign out
            </button>
          </div>
        </header>
        <div className="layout">
          <nav id="nav" aria-label="Dashboard" className={menuOpen ? 'open' : undefined}>
            <ul>
              {NAV.map((entry) => (
                <li key={entry.id}>
                  <a href={href(entry.id)} aria-current={section === entry.id ? 'page' : undefined}>
                    {entry.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <main id="main" ref={mainRef} tabIndex={-1}>
            {activeOrg ? (
              <Page route={route} />
            ) : (
              <p>This token's user belongs to no organization: sign in with an org member's token.</p>
            )}
          </main>
        </div>
      </SessionContext.Provider>
    </SessionQueries>
  );
}
