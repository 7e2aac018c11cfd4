import { createQueryClient } from '../lib/query-client.ts';
import { profileQueryKey } from '../profile/api/get-profile.ts';

/**
 * The app's one QueryClient, in a module of its own so that first-screen.ts can start the first
 * screen's request before the rest of the app is evaluated. A 401 anywhere re-checks the profile; if
 * the session is gone, the profile resets and guards react.
 */
export const queryClient = createQueryClient({ onUnauthenticated: (client) => void client.invalidateQueries({ queryKey: profileQueryKey }) });
