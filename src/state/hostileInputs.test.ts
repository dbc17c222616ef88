// Hostile and heavy inputs (issue 20) at the state layer: bounds asserted as behaviour.
import { describe, expect, it } from 'vitest';
import { expandZips } from './workspaceInputs.ts';

describe('a zip of 200,000 members (issue 20 case 2)', () => {
  it('expands without spreading its member list as call arguments', async () => {
    const n = 200_000;
    const bytes = new Uint8Array(0);
    const files = Array.from({ length: n }, (_, i) => ({ name: `s${i}.xml`, bytes }));
    const skipped = Array.from({ length: n }, (_, i) => ({ name: `x${i}`, reason: 'system file' }));
    const out = await expandZips([{ name: 'big.zip', bytes }], () => ({ files, skipped }));
    expect(out.files).toHaveLength(n);
    expect(out.skipped).toHaveLength(n);
    expect(out.fromZip).toBe(true);
  });
});
