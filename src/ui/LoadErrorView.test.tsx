import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../state/store.ts';
import { fakeClient } from '../state/testing.ts';
import type { LoadError } from '../state/types.ts';
import { LoadErrorView } from './LoadErrorView.tsx';
import { StoreContext } from './useAppState.ts';

function card(partialEntries: number): string {
  const store = createAppStore({ worker: fakeClient(), now: () => 0 });
  const error: LoadError = {
    fileName: 'broken.xml.gz',
    error: { message: 'Unexpected end of input', line: 1, column: 1, rule: 'ENC-004' },
    partialEntries,
  };
  return renderToStaticMarkup(
    <StoreContext.Provider value={store}>
      <LoadErrorView error={error} />
    </StoreContext.Provider>,
  );
}

describe('the card of a file that could not be read completely', () => {
  it('offers the entries read before the error, and says what opening them means', () => {
    const html = card(2);
    expect(html).toContain('Everything before this point was read: 2 entries.');
    expect(html).toContain('Open the 2 entries read before the error');
  });

  it('says nothing could be read, and offers no opening, when no entry came before the error', () => {
    const html = card(0);
    expect(html).toContain('No entry could be read before this point');
    expect(html).not.toContain('Everything before this point was read');
    expect(html).not.toContain('Opening that part');
    expect(html).not.toContain('Open the');
  });
});
