import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { isSignedIn } from '../../../profile/profile-model.ts';
import { profileStore } from '../../../profile/profile-state.ts';
import { trackPageView } from '../../../tracking/api/track-page-view.ts';
import { trackViewContent } from '../../../tracking/api/track-view-content.ts';
import { currentFbc, currentFbp } from '../../../tracking/fbc-capture.ts';
import { passthroughPlan } from '../passthrough-plan.ts';

/** Tracks the event named in the URL (when the visitor consented: _fbp or _fbc exists), then moves on to the redirect path. */
export default function MetaPassthroughScreen() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const { profile } = profileStore.getState();
    const plan = passthroughPlan(search, { fbp: currentFbp(), fbc: currentFbc() }, isSignedIn(profile) ? profile.email : null);
    const fire = plan.call ? (plan.call.name === 'trackPageView' ? trackPageView : trackViewContent)(plan.call.payload) : Promise.resolve();
    // The call is keepalive, so it completes even as we leave; waiting briefly keeps ordering in logs.
    void Promise.race([fire, new Promise((resolve) => setTimeout(resolve, 800))]).then(() => navigate(plan.to, { replace: true }));
  }, [search, navigate]);

  return <CenteredLoader label="Taking you there…" />;
}
