import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

export const SITE_NAME = 'Crate';

/** "Discover · Crate"; the site name alone when a screen has no title. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

interface TitleOverride {
  pathname: string;
  title: string;
}

const OverrideContext = createContext<{ override: TitleOverride | null; setOverride: (value: TitleOverride | null) => void }>({
  override: null,
  setOverride: () => undefined,
});

export function PageMetaProvider({ children }: { children: ReactNode }) {
  const [override, setOverride] = useState<TitleOverride | null>(null);
  return <OverrideContext.Provider value={{ override, setOverride }}>{children}</OverrideContext.Provider>;
}

/**
 * A screen whose title depends on what it shows (e.g. "No access" for a signed-in user on the
 * forbidden page) replaces the route's static title while it is on screen.
 */
export function usePageTitle(title: string | null): void {
  const { setOverride } = useContext(OverrideContext);
  const { pathname } = useLocation();
  useEffect(() => {
    if (title === null) return;
    setOverride({ pathname, title });
    return () => setOverride(null);
  }, [title, pathname, setOverride]);
}

/**
 * Per-page metadata (SPEC §1): title, description and OpenGraph tags. React 19 hoists these
 * elements into <head> and removes them when the page changes.
 */
export function PageMeta({ title, description }: { title: string | undefined; description: string | undefined }) {
  const { override } = useContext(OverrideContext);
  const { pathname } = useLocation();
  const shownTitle = override && override.pathname === pathname ? override.title : title;
  const fullTitle = documentTitle(shownTitle);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <>
      <title>{fullTitle}</title>
      {description ? <meta name="description" content={description} /> : null}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={fullTitle} />
      {description ? <meta property="og:description" content={description} /> : null}
      <meta property="og:image" content={`${origin}/og-image.png`} />
      <meta property="og:url" content={`${origin}${pathname}`} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
