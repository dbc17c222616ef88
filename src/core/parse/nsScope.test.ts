import { describe, expect, it } from 'vitest';
import { NS } from '../model.ts';
import { NsClass } from './names.ts';
import { NsScope } from './nsScope.ts';

function scope() {
  const events: string[] = [];
  const s = new NsScope({
    nsDeclared: (prefix, uri) => events.push(`decl ${prefix}=${uri}`),
    undeclaredPrefix: (prefix) => events.push(`undeclared ${prefix}`),
  });
  return { s, events };
}

describe('NsScope', () => {
  it('resolves names by the namespace bound to their prefix', () => {
    const { s } = scope();
    s.declare(['xmlns', NS.sitemap, 'xmlns:img', NS.image, 'id', 'x'], 0, 0);
    s.setCoreNs(NS.sitemap);
    expect(s.resolve('url', 0)).toMatchObject({
      prefix: '',
      local: 'url',
      ns: NS.sitemap,
      cls: NsClass.Core,
    });
    expect(s.resolve('img:image', 0)).toMatchObject({ prefix: 'img', local: 'image', cls: NsClass.Image });
  });

  it('restores the outer binding when the inner element closes', () => {
    const { s } = scope();
    s.declare(['xmlns:a', 'urn:outer'], 0, 0);
    s.declare(['xmlns:a', 'urn:inner'], 2, 10);
    expect(s.resolve('a:x', 11).ns).toBe('urn:inner');
    s.pop(2);
    expect(s.resolve('a:x', 20).ns).toBe('urn:outer');
    s.pop(0);
    expect(s.lookup('a')).toBeUndefined();
  });

  it('reports an undeclared prefix and injects the standard namespace for it (IMP-005)', () => {
    const { s, events } = scope();
    expect(s.resolve('image:loc', 5).ns).toBe(NS.image);
    expect(s.resolve('foo:bar', 6).ns).toBe('');
    expect(events).toEqual(['undeclared image', 'undeclared foo']);
  });
});
