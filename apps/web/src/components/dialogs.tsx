import type { modals } from '@mantine/modals';
import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * The app's dialogs (docs/product-overview.md §1). Mantine's ModalsProvider (modal, focus trap, scroll lock, transitions)
 * is its own chunk, mounted by DialogHost the first time a dialog opens: no first screen pays for it.
 * Open dialogs through here, not through `modals` directly, so the host is there to hear the request.
 */
type OpenModal = Parameters<typeof modals.open>[0];
type OpenConfirmModal = Parameters<typeof modals.openConfirmModal>[0];

let requested = false;
const listeners = new Set<() => void>();
let resolveReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

/** Mounts the host (once) and resolves with Mantine's `modals` once the host can hear it. */
function requestHost(): Promise<typeof modals> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return Promise.all([ready, loadProvider()]).then(([, module]) => module.modals);
}

export const dialogs = {
  open(props: OpenModal): void {
    void requestHost().then((manager) => manager.open(props));
  },
  openConfirmModal(props: OpenConfirmModal): void {
    void requestHost().then((manager) => manager.openConfirmModal(props));
  },
  close(modalId: string): void {
    void requestHost().then((manager) => manager.close(modalId));
  },
  /** Fetches the dialog code ahead of a likely first dialog (hover or focus on its button). */
  preload(): void {
    void loadProvider();
  },
};

const loadProvider = () => import('./dialog-provider.tsx');
const DialogProvider = lazy(loadProvider);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Mount once inside the app's providers; renders nothing until the first dialog is asked for. */
export function DialogHost() {
  const needed = useSyncExternalStore(subscribe, () => requested, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <DialogProvider onReady={resolveReady} />
    </Suspense>
  );
}
