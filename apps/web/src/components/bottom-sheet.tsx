import { Drawer } from '@mantine/core';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface BottomSheetContent {
  title?: ReactNode;
  body: ReactNode;
}

interface BottomSheetApi {
  open(content: BottomSheetContent): void;
  close(): void;
  isOpen: boolean;
}

const BottomSheetContext = createContext<BottomSheetApi | null>(null);

/**
 * The app-wide bottom sheet (SPEC §1): a drawer that slides up from the bottom edge, for menus and
 * short choices on small screens. One at a time; opening another replaces its content.
 */
export function BottomSheetProvider({ children }: { children: ReactNode }) {
  const [content, setContent] = useState<BottomSheetContent | null>(null);
  const [opened, setOpened] = useState(false);
  const open = useCallback((next: BottomSheetContent) => {
    setContent(next);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  const api = useMemo(() => ({ open, close, isOpen: opened }), [open, close, opened]);
  return (
    <BottomSheetContext.Provider value={api}>
      {children}
      <Drawer
        opened={opened}
        onClose={close}
        position="bottom"
        size="auto"
        title={content?.title}
        radius="lg"
        padding="lg"
        overlayProps={{ backgroundOpacity: 0.55, blur: 2 }}
        styles={{ content: { borderTopLeftRadius: 'var(--mantine-radius-lg)', borderTopRightRadius: 'var(--mantine-radius-lg)', maxHeight: '85dvh' } }}
        onExitTransitionEnd={() => setContent(null)}
      >
        {content?.body}
      </Drawer>
    </BottomSheetContext.Provider>
  );
}

export function useBottomSheet(): BottomSheetApi {
  const api = useContext(BottomSheetContext);
  if (!api) throw new Error('useBottomSheet needs <BottomSheetProvider> above it');
  return api;
}
