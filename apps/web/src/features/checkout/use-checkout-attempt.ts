import { NavigationType } from '@shop/domain';
import { useEffect, useState } from 'react';
import { useNavigationType } from 'react-router';
import { chooseReceiver, chooseSender, startCheckoutAttempt } from './checkout-store';

/** The shopper comes back from an address book: this attempt goes on, with the address saved there chosen. */
export interface CheckoutResume {
  savedAddress?: { book: 'receiver' | 'sender'; id: number };
}

/**
 * Starts or continues this visit's checkout attempt, once, before the summary is asked for. Arriving from the
 * cart (not by the browser's back button) starts a new attempt: fresh choices and a fresh requestId; coming
 * back from adding an address keeps the attempt's choices and takes that address; browser back (POP) keeps the
 * attempt as it was (spec §4 'Checkout summary loading'). False until done, so the page shows its placeholder
 * rather than the goods of an earlier attempt.
 */
export function useCheckoutAttempt(resume: CheckoutResume | undefined): boolean {
  const navigationType = useNavigationType();
  const [started, setStarted] = useState(navigationType === NavigationType.Pop);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit, as of the way it arrived
  useEffect(() => {
    if (navigationType !== NavigationType.Pop) {
      const saved = resume?.savedAddress;
      if (!resume) startCheckoutAttempt();
      else if (saved?.book === 'receiver') chooseReceiver(saved.id);
      else if (saved?.book === 'sender') chooseSender(saved.id);
    }
    setStarted(true);
  }, []);
  return started;
}
