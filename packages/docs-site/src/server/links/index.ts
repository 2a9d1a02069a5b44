/** Links of a docs site: resolving page links, rewriting them, and finding the broken ones. */
export {
  type ApiLinkProblem,
  apiLinkProblems,
  rewriteApiLinks,
  siteLinksIn,
  withApiLinkBase,
} from './api-links.js';
export { authorIds, githubSlug, headingAnchors } from './heading-anchors.js';
export {
  type DocsLinkProblems,
  docsApiLinkProblems,
  docsLinkProblems,
  docsPageLinkProblems,
  docsRedirectProblems,
  type LinkProblem,
  linkProblemLine,
  pageLinkProblems,
  type RedirectProblem,
  writtenLinks,
} from './link-problems.js';
export { rehypeRewriteLinks } from './rehype-links.js';
export {
  LinkIndex,
  type LinkOrigin,
  type LinkResolution,
  resolveLink,
  siteNavigation,
} from './resolve-link.js';
export { linkIndexOf, pageAnchors, pageLinkRewriter } from './site-links.js';
