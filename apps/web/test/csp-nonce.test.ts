import { describe, expect, it } from 'vitest';
import { nonceCreatedStyles, readCspNonce } from '@/lib/csp-nonce';

/** A document of its own, so the page the other tests render keeps its createElement. */
function freshDocument(): Document {
  return document.implementation.createHTMLDocument('shop');
}

describe('the page CSP nonce', () => {
  it('is read from <meta property="csp-nonce">, and absent where no server wrote one', () => {
    const doc = freshDocument();
    expect(readCspNonce(doc)).toBeUndefined();
    const meta = doc.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.setAttribute('nonce', 'r4nd0m+N0nce==');
    doc.head.append(meta);
    expect(readCspNonce(doc)).toBe('r4nd0m+N0nce==');
  });

  it('goes to every <style> the page creates afterwards, and to nothing else', () => {
    const doc = freshDocument();
    nonceCreatedStyles('r4nd0m+N0nce==', doc);
    const style = doc.createElement('style');
    expect(style.nonce).toBe('r4nd0m+N0nce==');
    expect(doc.createElement('div').hasAttribute('nonce')).toBe(false);
    expect(doc.createElement('div').nonce ?? '').toBe('');
  });
});
