/** The error catalogue of @sextant/docs-site. */
import { type ErrorCatalogue, SextantError } from '@sextant/definition/errors';

/** Mermaid rendered a diagram without an `<svg>` root; the page keeps the diagram's source. */
export class MermaidNoSvgError extends SextantError<'MermaidNoSvgError'> {
  constructor() {
    super('MermaidNoSvgError', 'Mermaid returned no SVG');
  }
}

/** The client build is missing or unreadable: the code was not built. */
export class ClientBuildMissingError extends SextantError<'ClientBuildMissingError'> {
  constructor(dir: string, reason: string) {
    super('ClientBuildMissingError', `the docs client is not built (${reason} in ${dir}): run npm run build`);
  }
}

/** A page was rendered under a base path that is neither '' nor a path (`/docs`). */
export class SitePathError extends SextantError<'SitePathError'> {
  constructor(basePath: string) {
    super(
      'SitePathError',
      `the base path ${JSON.stringify(basePath.slice(0, 100))} is not a path: give '' or one starting with '/' (e.g. '/docs')`,
    );
  }
}

/**
 * The page's full view has no whole code for a cut code tab (the site changed since the page was
 * loaded): its Copy says Copy failed.
 */
export class WholeCodeMissingError extends SextantError<'WholeCodeMissingError'> {
  constructor(tab: string) {
    super('WholeCodeMissingError', `the page's full view has no code for the tab ${JSON.stringify(tab)}`);
  }
}

export const docsSiteErrors: ErrorCatalogue = {
  packageName: '@sextant/docs-site',
  entries: [
    {
      code: 'ClientBuildMissingError',
      description: 'The docs client is not built: run npm run build.',
      example: () => new ClientBuildMissingError('dist/client', 'no manifest'),
    },
    {
      code: 'MermaidNoSvgError',
      description: "Mermaid rendered a diagram without an <svg>; the page keeps the diagram's source.",
      example: () => new MermaidNoSvgError(),
    },
    {
      code: 'SitePathError',
      description: "A page was rendered under a base path that is neither '' nor a path starting with `/`.",
      example: () => new SitePathError('docs'),
    },
    {
      code: 'WholeCodeMissingError',
      description: "The page's full view has no whole code for a cut code tab (the site changed since).",
      example: () => new WholeCodeMissingError('200'),
    },
  ],
};
