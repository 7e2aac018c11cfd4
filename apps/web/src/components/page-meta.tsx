import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

const SITE_NAME = 'Crate';

/** "Discover · Crate"; the site name alone when a screen has no title. */
function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

interface TitleOverride {
  pathname: string;
  title: string;
  description?: string;
  /** OpenGraph image (absolute or root-relative URL), e.g. a pack's 500x500 cover. */
  image?: string;
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
  usePageMeta(title === null ? null : { title });
}

/**
 * A screen showing one thing (a pack, a sound, a creator) describes that thing: its name as the
 * title, its own description, its cover as the OpenGraph image. Null while it is loading or not
 * found: the route's static metadata stays.
 */
export function usePageMeta(meta: { title: string; description?: string | undefined; image?: string | null | undefined } | null): void {
  const { setOverride } = useContext(OverrideContext);
  const { pathname } = useLocation();
  const title = meta?.title ?? null;
  const description = meta?.description || undefined;
  const image = meta?.image || undefined;
  useEffect(() => {
    if (title === null) return;
    setOverride({ pathname, title, ...(description ? { description } : {}), ...(image ? { image } : {}) });
    return () => setOverride(null);
  }, [title, description, image, pathname, setOverride]);
}

/**
 * Per-page metadata (docs/product-overview.md §1): title, description and OpenGraph tags. React 19 hoists these
 * elements into <head> and removes them when the page changes.
 */
export function PageMeta({ title, description }: { title: string | undefined; description: string | undefined }) {
  const { override } = useContext(OverrideContext);
  const { pathname } = useLocation();
  const active = override && override.pathname === pathname ? override : null;
  const shownTitle = active ? active.title : title;
  const shownDescription = active?.description ?? description;
  const fullTitle = documentTitle(shownTitle);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const image = active?.image ? new URL(active.image, origin || 'http://localhost').href : `${origin}/og-image.png`;
  return (
    <>
      <title>{fullTitle}</title>
      {shownDescription ? <meta name="description" content={shownDescription} /> : null}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={fullTitle} />
      {shownDescription ? <meta property="og:description" content={shownDescription} /> : null}
      <meta property="og:image" content={image} />
      <meta property="og:url" content={`${origin}${pathname}`} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
