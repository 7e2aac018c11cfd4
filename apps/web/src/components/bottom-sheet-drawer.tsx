import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/** The bottom sheet's drawer; loaded by BottomSheetProvider the first time a sheet opens. */
export default function BottomSheetDrawer({ opened, onClose, onClosed, title, children }: { opened: boolean; onClose: () => void; onClosed: () => void; title: ReactNode; children: ReactNode }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="auto"
      title={title}
      radius="lg"
      padding="lg"
      overlayProps={{ backgroundOpacity: 0.55, blur: 2 }}
      styles={{ content: { borderTopLeftRadius: 'var(--mantine-radius-lg)', borderTopRightRadius: 'var(--mantine-radius-lg)', maxHeight: '85dvh' } }}
      onExitTransitionEnd={onClosed}
    >
      {children}
    </Drawer>
  );
}
