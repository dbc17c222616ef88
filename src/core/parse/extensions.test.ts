import { describe, expect, it } from 'vitest';
import { NS } from '../model.ts';
import { parseXml } from './xml.ts';

const urlset = (inner: string) =>
  `<urlset xmlns="${NS.sitemap}" xmlns:image="${NS.image}" xmlns:video="${NS.video}" xmlns:xhtml="${NS.xhtml}" xmlns:x="urn:example"><url><loc>https://a.example/</loc>${inner}</url></urlset>`;

describe('extension elements of an entry', () => {
  it('reads images and hreflang links into their lists', () => {
    const out = parseXml(
      urlset(
        '<image:image><image:loc>https://a.example/i.jpg</image:loc></image:image><xhtml:link rel="alternate" hreflang="de" href="https://a.example/de"/>',
      ),
      0,
    );
    expect(out.entries[0]).toMatchObject({
      images: [{ loc: 'https://a.example/i.jpg' }],
      alternates: [{ rel: 'alternate', hreflang: 'de', href: 'https://a.example/de' }],
    });
    expect(out.issues).toEqual([]);
  });

  it('keeps a video as its child nodes', () => {
    const out = parseXml(
      urlset(
        '<video:video><video:title>Hi</video:title><video:content_loc>https://a.example/v.mp4</video:content_loc></video:video>',
      ),
      0,
    );
    const nodes = out.entries[0].videos?.[0].nodes ?? [];
    expect(nodes.map((n) => [n.name, n.text])).toEqual([
      ['title', 'Hi'],
      ['content_loc', 'https://a.example/v.mp4'],
    ]);
  });

  it('keeps an unknown extension verbatim (XML-012)', () => {
    const out = parseXml(urlset('<x:rating>5</x:rating>'), 0);
    expect(out.entries[0].extras?.[0].xml).toContain('<x:rating>5</x:rating>');
  });
});
