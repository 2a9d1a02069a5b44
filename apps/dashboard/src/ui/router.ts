/** A small hash router: `#/sites`, `#/apis/pets`…; the route is the hash's path segments. */
import { useEffect, useState } from 'react';

function current(): string[] {
  const path = window.location.hash.replace(/^#\/?/, '');
  return path === '' ? [] : path.split('/').map((part) => decodeURIComponent(part));
}

/** The current route's segments; re-renders on navigation. */
export function useRoute(): string[] {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const onChange = () => setRoute(current());
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

/** The href of a route. */
export function href(...segments: string[]): string {
  return `#/${segments.map((part) => encodeURIComponent(part)).join('/')}`;
}
