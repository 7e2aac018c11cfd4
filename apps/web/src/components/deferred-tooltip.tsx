import { cloneElement, lazy, Suspense, useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import type { TooltipProps } from '@mantine/core';

// Mantine's Tooltip pulls in floating-ui, the largest part of the header; it loads on the first hover.
const Tooltip = lazy(() => import('./tooltip-view.tsx'));

type DeferredTooltipProps = Omit<TooltipProps, 'children' | 'target' | 'opened'> & { children: ReactElement<{ ref?: Ref<HTMLElement> }> };

/**
 * A Mantine Tooltip (shown on hover, as Tooltip does by default) whose code loads when the pointer
 * first rests on its target. The target element itself renders at once and never remounts, so focus
 * and layout are untouched; use it for always-visible chrome such as the header.
 */
export function DeferredTooltip({ children, ...tooltip }: DeferredTooltipProps) {
  const target = useRef<HTMLElement>(null);
  const [hovered, setHovered] = useState(false);
  const [used, setUsed] = useState(false);
  if (hovered && !used) setUsed(true);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    element.addEventListener('mouseenter', enter);
    element.addEventListener('mouseleave', leave);
    return () => {
      element.removeEventListener('mouseenter', enter);
      element.removeEventListener('mouseleave', leave);
    };
  }, []);
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
