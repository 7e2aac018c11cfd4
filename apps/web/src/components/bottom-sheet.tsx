import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface BottomSheetContent {
  title?: ReactNode;
  body: ReactNode;
}

interface BottomSheetApi {
  open(content: BottomSheetContent): void;
  close(): void;
  /** Fetches the sheet's code ahead of a likely first open (hover or focus on the button that opens it). */
  preload(): void;
  isOpen: boolean;
}

const BottomSheetContext = createContext<BottomSheetApi | null>(null);

// The drawer (overlay, focus trap, scroll lock, transitions) is its own chunk, fetched on first use.
const loadDrawer = () => import('./bottom-sheet-drawer.tsx');
const BottomSheetDrawer = lazy(loadDrawer);

/**
 * The app-wide bottom sheet (docs/product-overview.md §1): a drawer that slides up from the bottom edge, for menus and
 * short choices on small screens. One at a time; opening another replaces its content.
 */
export function BottomSheetProvider({ children }: { children: ReactNode }) {
  const [content, setContent] = useState<BottomSheetContent | null>(null);
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const open = useCallback((next: BottomSheetContent) => {
    setContent(next);
    setOpened(true);
    setUsed(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  const preload = useCallback(() => void loadDrawer().catch(() => undefined), []);
  const api = useMemo(() => ({ open, close, preload, isOpen: opened }), [open, close, preload, opened]);
  return (
    <BottomSheetContext.Provider value={api}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <BottomSheetDrawer opened={opened} onClose={close} title={content?.title} onClosed={() => setContent(null)}>
            {content?.body}
          </BottomSheetDrawer>
        </Suspense>
      ) : null}
    </BottomSheetContext.Provider>
  );
}

export function useBottomSheet(): BottomSheetApi {
  const api = useContext(BottomSheetContext);
  if (!api) throw new Error('useBottomSheet needs <BottomSheetProvider> above it');
  return api;
}
