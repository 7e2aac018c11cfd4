/**
 * How this document was loaded: "navigate" (a link, a typed address), "reload", "back_forward" or
 * "prerender"; undefined where the browser does not say.
 */
export function documentNavigationType(): string | undefined {
  return (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
}
