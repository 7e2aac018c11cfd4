import { cloneElement, lazy, Suspense, useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import type { TooltipProps } from '@mantine/core';

// Mantine's Tooltip pulls in floating-ui, the largest part of the header; it loads on the first hover.
const Tooltip = lazy(() => import('./tooltip-view.tsx'));

type DeferredTooltipProps = Omit<TooltipProps, 'children' | 'target' | 'opened' | 'closeDelay'> & { children: ReactElement<{ ref?: Ref<HTMLElement> }> };

/**
 * A Mantine Tooltip (shown on hover, as Tooltip does by default) whose code loads when the pointer
 * first rests on its target. The target element itself renders at once and never remounts, so focus
 * and layout are untouched. For always-visible chrome (the header) and for controls repeated on
 * every row of a list, where a Tooltip each would set up floating-ui dozens of times per render.
 */
export function DeferredTooltip({ children, openDelay = 0, ...tooltip }: DeferredTooltipProps) {
  const target = useRef<HTMLElement>(null);
  const [hovered, setHovered] = useState(false);
  const [used, setUsed] = useState(false);
  if (hovered && !used) setUsed(true);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let timer = 0;
    const enter = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setHovered(true), openDelay);
    };
    const leave = () => {
      window.clearTimeout(timer);
      setHovered(false);
    };
    element.addEventListener('mouseenter', enter);
    element.addEventListener('mouseleave', leave);
    return () => {
      window.clearTimeout(timer);
      element.removeEventListener('mouseenter', enter);
      element.removeEventListener('mouseleave', leave);
    };
  }, [openDelay]);
  return (
    <>
      {cloneElement(children, { ref: target })}
      {used ? (
        <Suspense fallback={null}>
          <Tooltip {...tooltip} target={target} opened={hovered} />
        </Suspense>
      ) : null}
    </>
  );
}
