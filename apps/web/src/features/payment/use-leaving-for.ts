import { useEffect, useState } from 'react';

/**
 * The method whose channel page is opening: its button keeps spinning until the page leaves. Cleared when the
 * browser brings this page back from its cache (the back button), so the shopper can choose again.
 */
export function useLeavingFor() {
  const [leavingFor, setLeavingFor] = useState<number | null>(null);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeavingFor(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  return [leavingFor, setLeavingFor] as const;
}
