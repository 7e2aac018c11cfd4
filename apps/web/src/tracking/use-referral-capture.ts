import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * `?ref={code}` on any page counts a click and keeps the referral token (decision 0059); once captured, `ref` is
 * taken out of the address bar (the rest of the query and the hash stay). A value that cannot be a code — a 10 kB
 * one included — is never sent.
 */
export function useReferralCapture(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const code = params.get('ref');
    if (code === null || handled.current === location.key) return;
    handled.current = location.key;
    void import('./referral-click.ts').then(({ captureReferral }) => captureReferral(code)).then((captured) => {
      if (!captured) return;
      params.delete('ref');
      const search = params.toString();
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, state: location.state as unknown });
    });
  }, [location, navigate]);
}
