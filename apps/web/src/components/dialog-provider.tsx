import { ModalsProvider } from '@mantine/modals';

export { modals } from '@mantine/modals';
import { useEffect } from 'react';

/**
 * Mantine's ModalsProvider with the app's dialog defaults. Its window listeners are set in its own
 * effects, which run before this component's: onReady fires once it can hear `modals.*` calls.
 */
export default function DialogProvider({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }} modalProps={{ centered: true, radius: 'lg' }} />;
}
