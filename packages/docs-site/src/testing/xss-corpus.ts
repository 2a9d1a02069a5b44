/** Test inputs for the renderer's escaping (`@sextant/docs-site/testing`). */
/** Payloads that must render inert: script tags, handlers, javascript: URLs, SVG, raw HTML. */
export const XSS_CORPUS = [
  '<script>window.__xss = 1; alert(1)</script>',
  '<img src="x" onerror="window.__xss = 2; alert(2)">',
  '<a href="javascript:window.__xss=3;alert(3)">click me</a>',
  '[md link](javascript:window.__xss=4)',
  '<svg onload="window.__xss=5"><script>window.__xss=6</script></svg>',
  '<iframe src="javascript:window.__xss=7"></iframe>',
  '<div style="background:url(javascript:alert(8))" onclick="window.__xss=8">styled</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=9"></style></mglyph></table></mtext></math>',
  '"><img src=x onerror=window.__xss=10>',
  '</script><script>window.__xss=11</script>',
  '<object data="javascript:window.__xss=12"></object><embed src="javascript:window.__xss=13">',
  '<form action="javascript:window.__xss=14"><button>go</button></form>',
  // DOM clobbering: ids and names of the site's own elements.
  '<a id="sx-sidebar" name="sx-tools" href="#sx-try-it">clobber</a><span id="sx-try-it">x</span>',
] as const;
