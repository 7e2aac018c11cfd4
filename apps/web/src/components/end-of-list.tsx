import { Button } from '@mantine/core';
import { useEffect, useRef } from 'react';

/**
 * The end of a paginated list: asks for the next page a screen before it scrolls into view, and
 * offers a button for keyboards (and anyone who prefers to ask). Render it only while there is more.
 */
export function EndOfList({ onEndReached, label = 'Load more' }: { onEndReached(): void; label?: string }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const callback = useRef(onEndReached);
  useEffect(() => {
    callback.current = onEndReached;
  }, [onEndReached]);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={sentinel} style={{ display: 'flex', justifyContent: 'center', padding: 'var(--mantine-spacing-lg) 0' }}>
      <Button variant="default" onClick={() => callback.current()}>
        {label}
      </Button>
    </div>
  );
}
