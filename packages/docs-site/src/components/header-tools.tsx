/**
 * The header's interactive island: the search button (the search dialog is a lazy chunk, loaded
 * on first use or on Ctrl/Cmd+K or "/"), the theme switch and the mobile navigation toggle.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { AskAiLauncher } from './ask-ai/ask-ai-launcher.js';
import { defineIsland } from './island.js';
import { NavBackdrop, useNavDrawer } from './nav-drawer.js';

const SearchDialog = lazy(() => import('../client/search-dialog.js'));

export interface HeaderToolsProps {
  searchIndexUrl: string;
  basePath: string;
  /** False when docs.yml places the searchbar elsewhere (HEADER_TABS, SIDEBAR). */
  showSearch?: boolean;
  /** docs.yml enables Ask AI in the site (`ai.enabled`, location `docs`): the header shows the Ask AI button. */
  askAi?: boolean;
}

/** Marks the server-rendered search buttons placed outside this island (tabs row, sidebar). */
export const SEARCH_TRIGGER_ATTRIBUTE = 'data-sx-search';

export const THEME_COOKIE = 'sx-theme';

function HeaderToolsView({ searchIndexUrl, basePath, showSearch = true, askAi = false }: HeaderToolsProps) {
  const [searchOpen, setSearchOpen] = useState(false);
  const [navOpen, setNavOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing =
        target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
      if ((event.key === 'k' && (event.metaKey || event.ctrlKey)) || (event.key === '/' && !typing)) {
        event.preventDefault();
        setSearchOpen(true);
      }
    };
    const open = () => setSearchOpen(true);
    const triggers = document.querySelectorAll(`[${SEARCH_TRIGGER_ATTRIBUTE}]`);
    for (const trigger of triggers) trigger.addEventListener('click', open);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      for (const trigger of triggers) trigger.removeEventListener('click', open);
    };
  }, []);
  const navToggle = useRef<HTMLButtonElement>(null);
  const closeNav = useCallback(() => setNavOpen(false), []);
  useNavDrawer(navOpen, closeNav, navToggle);
  const toggleTheme = () => {
    const root = document.documentElement;
    const current =
      root.dataset.theme ?? (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
    const next = current === 'dark' ? 'light' : 'dark';
    root.dataset.theme = next;
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie the page's inline theme script reads before first paint
    document.cookie = `${THEME_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
  };
  return (
    <div className="sx-header-tools">
      {showSearch ? (
        <button
          type="button"
          className="sx-search-button"
          onClick={() => setSearchOpen(true)}
          aria-haspopup="dialog"
        >
          <span>Search</span>
          <kbd className="sx-kbd">/</kbd>
        </button>
      ) : null}
      {askAi ? <AskAiLauncher basePath={basePath} /> : null}
      <button
        type="button"
        className="sx-icon-button"
        onClick={toggleTheme}
        aria-label="Switch between light and dark theme"
      >
        <span aria-hidden="true" className="sx-theme-icon" />
      </button>
      <button
        type="button"
        ref={navToggle}
        className="sx-icon-button sx-nav-toggle"
        aria-expanded={navOpen}
        aria-controls="sx-sidebar"
        onClick={() => setNavOpen(!navOpen)}
      >
        <span className="sx-ui-sr-only">Navigation</span>
        <span aria-hidden="true" className="sx-nav-icon" />
      </button>
      {navOpen ? <NavBackdrop onClose={closeNav} /> : null}
      {searchOpen ? (
        <Suspense fallback={null}>
          <SearchDialog indexUrl={searchIndexUrl} basePath={basePath} onClose={() => setSearchOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

export const HeaderTools = defineIsland('header-tools', HeaderToolsView);
