import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPart } from './lazyPart.tsx';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyPart', () => {
  it('loads the chunk once however often it is preloaded, then renders in the same pass', async () => {
    let loads = 0;
    const part = lazyPart(async () => {
      loads++;
      return Hello;
    });
    expect(loads).toBe(0);
    await Promise.all([part.preload(), part.preload()]);
    await part.preload();
    expect(loads).toBe(1);
    expect(renderToStaticMarkup(<part.Component name="Ada" />)).toBe('<p>Hello Ada</p>');
  });

  it('forgets a failed load, so the next try loads again', async () => {
    let loads = 0;
    const part = lazyPart(async () => {
      loads++;
      if (loads === 1) throw new Error('offline');
      return Hello;
    });
    await expect(part.preload()).rejects.toThrow('offline');
    await expect(part.preload()).resolves.toBe(Hello);
    expect(loads).toBe(2);
    expect(renderToStaticMarkup(<part.Component name="Bo" />)).toContain('Bo');
  });
});
