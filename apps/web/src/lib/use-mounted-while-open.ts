import { useState } from 'react';

/**
 * Whether a dialog is mounted: from its first opening until its closing animation has ended (`afterClose`), then
 * not until it opens again. A closed antd Modal still computes its styles on every render of the page, and a page
 * may hold one per row (ADR 054).
 */
export function useMountedWhileOpen(open: boolean): { mounted: boolean; afterClose: () => void } {
  const [closing, setClosing] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  // Adjusted while rendering, so the render that closes it keeps it mounted for the animation.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) setClosing(true);
  }
  return { mounted: open || closing, afterClose: () => setClosing(false) };
}
