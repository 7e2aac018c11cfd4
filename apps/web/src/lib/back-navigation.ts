import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** React Router's browser history keeps an index in history.state; above 0 means we came from a page of ours. */
export function canGoBack(historyState: unknown): boolean {
  if (typeof historyState !== 'object' || historyState === null) return false;
  const idx = (historyState as { idx?: unknown }).idx;
  return typeof idx === 'number' && idx > 0;
}

/** A back action: back in history when there is one, else to / (docs/product-overview.md §2). */
export function useBackAction(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (canGoBack(window.history.state)) void navigate(-1);
    else void navigate('/', { replace: true });
  }, [navigate]);
}
