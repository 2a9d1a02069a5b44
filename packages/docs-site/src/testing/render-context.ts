import type { RenderContext } from '../server/render.js';

/** A render context with no built client: what renderer tests pass to `renderDocsPage`. */
export function testRenderContext(mode: RenderContext['mode'] = 'local'): RenderContext {
  return {
    mode,
    proxyBaseUrl: '',
    basePath: '',
    assets: { entry: '/entry.js', css: '', preload: [] },
    fileUrl: (path: string) => `/${path}`,
    searchIndexUrl: '/search.json',
    siteCss: '',
  };
}
