import { trackPageView, trackPlay, trackViewContent } from '../tracking/tracking-callables.ts';
import type { CallableFunction } from '../../http/callable-registry.ts';

/** Every callable function the server serves. A feature adds its functions here, one line each. */
export const CALLABLE_FUNCTIONS: CallableFunction[] = [
  trackPageView,
  trackViewContent,
  trackPlay,
];
